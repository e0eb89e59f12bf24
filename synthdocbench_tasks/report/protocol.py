"""Under which protocol each run was made, and a warning when the ranked runs differ.

A run's protocol is read from its results file: the record ``synthdocbench eval`` adds
(key ``synthdocbench``), or the same record computed from the task configs and model
arguments lmms-eval writes (a plain ``lmms-eval`` run): the resolution the model class sent,
``max_new_tokens`` and ``temperature`` sent, prompt style, pages per strip and ``--limit``;
the judge comes from the samples. :func:`add_protocol` puts these columns into the runs
table (``runs.csv``) and, when the models of the main tables were run under different
protocols, marks each row of Table 2 with its protocol and adds a warning line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..resolution import RECORD_KEY, run_record, shrunk_size
from .records import Run

if TYPE_CHECKING:  # report.load reads protocols: the viewer imports it without the statistics
    from .context import Context
    from .tables import Section

#: The protocol settings, as columns of the runs table (judge is the runs table's own column).
PROTOCOL_COLUMNS = ("resolution", "max_new_tokens", "temperature", "prompt style", "pages per strip", "limit")
UNKNOWN = "unknown (no results file)"


def _joined(values: Sequence[Any]) -> str:
    seen = list(dict.fromkeys(str(v) for v in values))
    return "/".join(seen) if seen else "-"


def _resolution(record: dict[str, Any]) -> str:
    strips = record.get("strip_settings") or {}
    if not strips:
        return "-"
    dpi = _joined([s["dpi"] for s in strips.values()])
    if record.get("full_resolution", True):
        return f"{dpi} DPI, full size"
    width, height, seen = shrunk_size(int(record["model_max_pixels"]))
    return f"{dpi} DPI capped at {int(record['model_max_pixels']):,} px (~{width}x{height}, ~{seen} DPI)"


def protocol_of(results: dict[str, Any]) -> dict[str, str]:
    """The protocol columns of one run from its results file's JSON."""
    record = results.get(RECORD_KEY)
    if not isinstance(record, dict) or "generation" not in record:
        record = run_record(results)
    generation = record.get("generation") or {}
    strips = record.get("strip_settings") or {}
    temperatures = [
        "not sent" if g["temperature"] is None else f"{g['temperature']:g}" for g in generation.values()
    ]
    limit = record.get("limit")
    return {
        "resolution": _resolution(record),
        "max_new_tokens": _joined([g["max_new_tokens"] for g in generation.values()]),
        "temperature": _joined(temperatures),
        "prompt style": _joined(list((record.get("prompt_style") or {}).values())),
        "pages per strip": _joined([s["pages_per_strip"] for s in strips.values()]),
        "limit": "none" if limit is None else f"{limit:g}" if isinstance(limit, int | float) else str(limit),
    }


def _key(run: Run) -> tuple[str, ...]:
    return tuple(run.protocol.get(c, UNKNOWN) for c in PROTOCOL_COLUMNS)


def protocol_ids(runs: Sequence[Run]) -> dict[int, str]:
    """``P1``, ``P2``, ... per run (by ``id``), numbered in order of first appearance."""
    ids: dict[tuple[str, ...], str] = {}
    for run in runs:
        ids.setdefault(_key(run), f"P{len(ids) + 1}")
    return {id(run): ids[_key(run)] for run in runs}


def mixed_warning(systems: Sequence[Run]) -> str | None:
    """One line when the ranked runs were made under different protocols; else None."""
    ids = protocol_ids(systems)
    if len(set(ids.values())) < 2:
        return None
    differ = [c for i, c in enumerate(PROTOCOL_COLUMNS) if len({_key(r)[i] for r in systems}) > 1]
    return (
        f"**Warning: mixed protocols.** The models below were not run under one protocol (they differ in "
        f"{', '.join(differ)}; column `protocol`, defined in the runs table), so their scores are not "
        "directly comparable."
    )


def add_protocol(sections: Sequence[Section], ctx: Context) -> None:
    """Protocol columns in the runs table; a ``protocol`` column and a warning in Table 2 when mixed."""
    ids = protocol_ids(ctx.runs)
    warning = mixed_warning(ctx.systems)
    for section in sections:
        for table in section.tables:
            if table.name == "runs":
                table.columns += [*PROTOCOL_COLUMNS, "protocol"]
                for row, run in zip(table.rows, ctx.runs, strict=True):
                    row += [run.protocol.get(c, UNKNOWN) for c in PROTOCOL_COLUMNS] + [ids[id(run)]]
            if table.name == "table02_summary" and warning is not None:
                table.columns.insert(1, "protocol")
                for row, run in zip(table.rows, ctx.systems, strict=True):
                    row.insert(1, f"{ids[id(run)]} (mixed)")
        if warning is not None and any(t.name == "table02_summary" for t in section.tables):
            section.text.insert(0, warning)
