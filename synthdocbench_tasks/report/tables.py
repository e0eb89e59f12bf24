"""Tables of the report: one type, written as CSV and shown as Markdown or HTML.

A cell is a string, a number, None or an :class:`~.stats.Estimate`; in CSV an estimate
becomes three columns (``X``, ``X_lo``, ``X_hi``), in Markdown ``0.725 [0.701, 0.748]``.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field
from pathlib import Path

from .stats import Estimate

Cell = str | int | float | None | Estimate


class PValue(float):
    """A p-value: shown as ``< 0.001`` below that, written to CSV as a plain number."""


@dataclass
class Table:
    name: str  # CSV file stem
    title: str
    columns: list[str]
    rows: list[list[Cell]]
    caption: str = ""
    show: bool = True  # shown in the Markdown/HTML report (always written as CSV)
    digits: int = 3

    def csv_header(self) -> list[str]:
        kinds = self._estimate_columns()
        header: list[str] = []
        for i, col in enumerate(self.columns):
            header += [col, f"{col}_lo", f"{col}_hi"] if i in kinds else [col]
        return header

    def _estimate_columns(self) -> set[int]:
        return {i for row in self.rows for i, cell in enumerate(row) if isinstance(cell, Estimate)}

    def csv_rows(self) -> list[list[str]]:
        kinds = self._estimate_columns()
        out = []
        for row in self.rows:
            line: list[str] = []
            for i, cell in enumerate(row):
                if i in kinds:
                    est = cell if isinstance(cell, Estimate) else Estimate(_num(cell))
                    line += [_csv_num(est.value), _csv_num(est.lo), _csv_num(est.hi)]
                else:
                    line.append(_csv_cell(cell))
            out.append(line)
        return out

    def write_csv(self, folder: Path) -> Path:
        path = folder / f"{self.name}.csv"
        with path.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(self.csv_header())
            writer.writerows(self.csv_rows())
        return path

    def display_rows(self) -> list[list[str]]:
        return [[fmt(cell, self.digits) for cell in row] for row in self.rows]

    def markdown(self) -> str:
        head = "| " + " | ".join(_md_escape(c) for c in self.columns) + " |"
        rule = "|" + "|".join("---" for _ in self.columns) + "|"
        body = ["| " + " | ".join(_md_escape(c) for c in row) + " |" for row in self.display_rows()]
        return "\n".join([head, rule, *body])


@dataclass
class Section:
    """A part of the report: text, tables and figures (file stems; file names once written)."""

    key: str
    title: str
    text: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    figures: list[tuple[str, str]] = field(default_factory=list)  # (file stem or name, caption)


def _num(cell: Cell) -> float:
    return float(cell) if isinstance(cell, int | float) else math.nan


def _csv_num(x: float) -> str:
    return "" if math.isnan(x) else repr(round(x, 6))


def _csv_cell(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, float):
        return _csv_num(cell)
    return str(cell)


def fmt(cell: Cell, digits: int = 3) -> str:
    if cell is None:
        return "—"
    if isinstance(cell, Estimate):
        if math.isnan(cell.value):
            return "—"
        if math.isnan(cell.lo):
            return f"{cell.value:.{digits}f}"
        return f"{cell.value:.{digits}f} [{cell.lo:.{digits}f}, {cell.hi:.{digits}f}]"
    if isinstance(cell, bool):
        return "yes" if cell else "no"
    if isinstance(cell, int):
        return str(cell)
    if isinstance(cell, PValue) and cell < 0.001:
        return "< 0.001"
    if isinstance(cell, float):
        return "—" if math.isnan(cell) else f"{cell:.{digits}f}"
    return cell


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
