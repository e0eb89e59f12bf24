"""Corpus statistics of a generation folder: the paper's Table 1 and Figure 4, from the files on disk.

``compute_stats(GEN)`` reads every finished document (one with ``DONE``): its manifest (measured
page count, words, charts, tables), PDF size, ``targets.json`` (target pages, when present),
``questions.jsonl`` and the body prose of ``document.html`` (checked against the fact table), in
one pass with a progress bar on a terminal's stderr. ``print_stats`` shows it as rich tables;
``write_plots`` draws the Figure 4 style PNGs with matplotlib.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from generation.document.prose_stats import FactShare, folder_share
from generation.export.topic_stats import TopicTally
from generation.plan.folders import is_finished
from generation.questions.stats import QuestionStats, question_stats
from generation.validate.consistency import Consistency, consistency, world_mismatches
from generation.validate.question_rules import restates
from synthdocbench_tasks.errors import first_line
from synthdocbench_tasks.progress import progress_bar
from synthdocbench_tasks.schema import DocumentManifest, Question

#: Bins of the evidence-position histogram (relative position k/K or page/pages, 0..1).
POSITION_BINS = 10


class StatsError(ValueError):
    """A folder that holds no generated documents; one line for the user."""


@dataclass(frozen=True)
class Summary:
    """Mean, median, min and max of one per-document quantity (a Table 1 row)."""

    mean: float
    median: float
    min: float
    max: float

    @classmethod
    def of(cls, values: list[float]) -> Summary:
        return cls(statistics.fmean(values), statistics.median(values), min(values), max(values))


@dataclass(frozen=True)
class DocStats:
    doc_id: str
    archetype: str
    pages: int
    words: int
    charts: int
    tables: int
    pdf_mb: float
    target_pages: int | None
    chart_types: tuple[str, ...]


@dataclass
class Stats:
    gen_dir: Path
    docs: list[DocStats]
    #: Table 1 rows: pages, words, charts, tables, pdf_mb (and target_pages when recorded).
    table1: dict[str, Summary]
    archetypes: Counter[str]
    chart_types: Counter[str]
    #: Questions per subset x category x level and per position third.
    questions: QuestionStats
    #: Questions per position bin (``POSITION_BINS`` equal bins of the relative position).
    position_hist: list[int]
    unfinished: int = 0
    #: Measured pages / target pages of each document with a recorded target.
    page_ratios: list[float] = field(default_factory=list)
    #: Pairs of shown values that state the same (metric, entity, period[, part]), and how many agree.
    consistency: Consistency = field(default_factory=Consistency)
    #: Shown values that differ from the document's recorded fact table (schema 1.1 on).
    world_mismatches: int = 0
    #: Body sentences that state or interpret a figure of the document's fact table.
    fact_share: FactShare = field(default_factory=FactShare)
    #: Distinct titles and domains, and the plausibility bounds the fact tables break.
    topics: TopicTally = field(default_factory=TopicTally)

    @property
    def n_questions(self) -> int:
        return self.questions.total


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StatsError(f"{path} cannot be read ({exc}); regenerate that document") from exc


def compute_stats(gen_dir: Path) -> Stats:
    """Statistics of the finished documents in ``gen_dir`` (a folder written by ``generate``)."""
    docs_root = gen_dir / "docs"
    folders = sorted(p for p in docs_root.iterdir() if p.is_dir()) if docs_root.is_dir() else []
    finished = [p for p in folders if is_finished(p)]
    if not finished:
        runs = sorted(p.name for p in gen_dir.iterdir() if (p / "docs").is_dir()) if gen_dir.is_dir() else []
        hint = f"; it holds grid runs ({', '.join(runs)}): pass one of them" if runs else ""
        raise StatsError(f"{gen_dir} holds no finished documents (docs/<doc_id>/DONE){hint}")
    docs: list[DocStats] = []
    questions: list[Question] = []
    restated: set[str] = set()  # question ids, judged with their report's manifest
    hist = [0] * POSITION_BINS
    agreement = Consistency()
    mismatches = 0
    share = FactShare()
    topics = TopicTally()
    with progress_bar("reading documents", len(finished)) as advance:
        for folder in finished:
            try:
                manifest = DocumentManifest.model_validate(_read_json(folder / "manifest.json"))
                share.add(folder_share(folder, manifest))
                docs.append(_doc_stats(folder, manifest))
                qpath = folder / "questions.jsonl"
                lines = qpath.read_text(encoding="utf-8").splitlines() if qpath.is_file() else []
                read = [Question.model_validate_json(line) for line in lines]
            except StatsError:
                raise
            except (OSError, ValueError) as exc:  # pydantic's and the decoders' errors are ValueErrors
                raise StatsError(
                    f"{folder} cannot be read ({first_line(exc)}); regenerate that document"
                ) from exc
            agreement.add(consistency(manifest))
            topics.add(manifest)
            mismatches += len(world_mismatches(manifest))
            for q in read:
                hist[min(int(q.position.relative * POSITION_BINS), POSITION_BINS - 1)] += 1
            questions += read
            restated |= {q.question_id for q in read if restates(manifest, q)}
            advance()
    table1 = {
        "pages": Summary.of([d.pages for d in docs]),
        "words": Summary.of([d.words for d in docs]),
        "charts": Summary.of([d.charts for d in docs]),
        "tables": Summary.of([d.tables for d in docs]),
        "pdf_mb": Summary.of([d.pdf_mb for d in docs]),
    }
    targets = [d.target_pages for d in docs if d.target_pages is not None]
    if targets:
        table1["target_pages"] = Summary.of([float(t) for t in targets])
    return Stats(
        gen_dir=gen_dir,
        docs=docs,
        table1=table1,
        archetypes=Counter(d.archetype for d in docs),
        chart_types=Counter(t for d in docs for t in d.chart_types),
        questions=question_stats(questions, lambda q: q.question_id in restated),
        position_hist=hist,
        unfinished=len(folders) - len(finished),
        page_ratios=[d.pages / d.target_pages for d in docs if d.target_pages],
        consistency=agreement,
        world_mismatches=mismatches,
        fact_share=share,
        topics=topics,
    )


def _doc_stats(folder: Path, manifest: DocumentManifest) -> DocStats:
    targets_path = folder / "targets.json"
    target = _read_json(targets_path).get("target_pages") if targets_path.is_file() else None
    pdf = folder / "document.pdf"
    return DocStats(
        doc_id=manifest.doc_id,
        archetype=manifest.archetype,
        pages=manifest.page_count,
        words=manifest.word_count,
        charts=len(manifest.charts),
        tables=len(manifest.tables),
        pdf_mb=pdf.stat().st_size / 1e6 if pdf.is_file() else 0.0,
        target_pages=int(target) if target is not None else None,
        chart_types=tuple(c.chartType for c in manifest.charts),
    )


_ROW_NAMES = {
    "pages": "Pages",
    "target_pages": "Target pages",
    "words": "Words",
    "charts": "Charts",
    "tables": "Tables",
    "pdf_mb": "PDF (MB)",
}


def _fmt(key: str, value: float) -> str:
    if key == "pdf_mb":
        return f"{value:.2f}"
    return f"{value:,.1f}" if value != int(value) else f"{int(value):,}"


def _print_prose(share: FactShare, console: Console) -> None:
    """The prose lines: fact share with contradictions of the table, then template reuse and
    contradictions between sentences (issue 24)."""
    console.print(share.line(), markup=False, highlight=False, soft_wrap=True)
    console.print(share.reuse_line(), markup=False, highlight=False, soft_wrap=True)


def print_stats(stats: Stats, console: Console | None = None) -> None:
    """Table 1, target vs achieved pages, archetypes, chart types and question counts as rich tables."""
    console = console or Console()
    unfinished = f", {stats.unfinished} unfinished" if stats.unfinished else ""
    t1 = Table(title=f"Per-document statistics ({len(stats.docs)} documents{unfinished})")
    for col in ("Metric", "Mean", "Med.", "Min", "Max"):
        t1.add_column(col, justify="left" if col == "Metric" else "right")
    for key in ("pages", "target_pages", "words", "charts", "tables", "pdf_mb"):
        if key in stats.table1:
            s = stats.table1[key]
            t1.add_row(_ROW_NAMES[key], *(_fmt(key, v) for v in (s.mean, s.median, s.min, s.max)))
    console.print(t1)
    if stats.page_ratios:
        r = stats.page_ratios
        console.print(
            f"achieved / target pages: mean {statistics.fmean(r):.3f}, min {min(r):.3f}, max {max(r):.3f}"
        )
    console.print(f"cross-chart consistency: {stats.consistency.line()}", markup=False, highlight=False)
    if stats.world_mismatches:
        console.print(f"values that differ from the recorded fact table: {stats.world_mismatches}")
    _print_prose(stats.fact_share, console)
    console.print(stats.topics.line(), markup=False, highlight=False)
    for title, counter in (("Archetypes", stats.archetypes), ("Chart types", stats.chart_types)):
        table = Table(title=title)
        table.add_column("name")
        table.add_column("count", justify="right")
        table.add_column("share", justify="right")
        total = sum(counter.values())
        for name, count in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
            table.add_row(name, str(count), f"{count / total:.1%}")
        console.print(table)
    console.print(stats.questions.render(), markup=False, highlight=False)
    bins = " ".join(str(n) for n in stats.position_hist)
    console.print(f"position histogram ({POSITION_BINS} bins over 0..1): {bins}")


def write_plots(stats: Stats, out_dir: Path) -> list[Path]:
    """Figure 4 style PNGs: pages/words/charts distributions, archetypes, chart types, positions."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(fig: Any, name: str) -> None:
        path = out_dir / name
        fig.tight_layout()
        fig.savefig(path, dpi=120)
        plt.close(fig)
        written.append(path)

    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    series = (
        ("Pages", [d.pages for d in stats.docs]),
        ("Words", [d.words for d in stats.docs]),
        ("Charts", [d.charts for d in stats.docs]),
    )
    for ax, (name, values) in zip(axes, series, strict=True):
        ax.hist(values, bins=min(20, max(len(set(values)), 1)), color="#3b6ea5", edgecolor="white")
        ax.axvline(statistics.fmean(values), color="#b3001b", linestyle="--", label="mean")
        ax.set_title(f"{name} per document")
        ax.set_xlabel(name.lower())
        ax.set_ylabel("documents")
        ax.legend()
    save(fig, "distributions.png")

    for name, counter, file in (
        ("Layout archetypes", stats.archetypes, "archetypes.png"),
        ("Chart types", stats.chart_types, "chart_types.png"),
    ):
        items = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
        fig, ax = plt.subplots(figsize=(max(5.0, 0.42 * len(items) + 2), 3.8))
        ax.bar([k for k, _ in items], [v for _, v in items], color="#3b6ea5")
        ax.set_title(name)
        ax.set_ylabel("count")
        ax.tick_params(axis="x", rotation=60)
        save(fig, file)

    fig, ax = plt.subplots(figsize=(6, 3.6))
    edges = [i / POSITION_BINS for i in range(POSITION_BINS)]
    ax.bar(
        edges, stats.position_hist, width=1 / POSITION_BINS, align="edge", color="#3b6ea5", edgecolor="white"
    )
    ax.set_title("Evidence position of questions")
    ax.set_xlabel("relative position (k/K or page/pages)")
    ax.set_ylabel("questions")
    save(fig, "positions.png")

    pairs = [(d.target_pages, d.pages) for d in stats.docs if d.target_pages is not None]
    if pairs:
        fig, ax = plt.subplots(figsize=(4.6, 4.2))
        ax.scatter([t for t, _ in pairs], [p for _, p in pairs], s=12)
        top = max(max(t, p) for t, p in pairs)
        ax.plot([0, top], [0, top], color="#999", linestyle=":")
        ax.set_title("Target vs measured pages")
        ax.set_xlabel("target pages")
        ax.set_ylabel("measured pages")
        save(fig, "target_vs_pages.png")
    return written
