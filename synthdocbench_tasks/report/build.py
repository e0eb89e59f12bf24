"""``synthdocbench report``: lmms-eval sample logs -> Markdown + HTML report, figures, CSV tables."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ..errors import SynthDocUserError
from ..progress import progress_bar
from . import analyses, compare, figures, floor, render
from .context import Context, main_runs, primary_judge, run_accuracy
from .load import choose_dataset, discover, load_documents, load_runs
from .plots import Figures
from .protocol import add_protocol
from .records import DocumentInfo, Run
from .stats import DEFAULT_RESAMPLES, DEFAULT_SEED
from .tables import Section

TITLE = "SynthDocBench report"


@dataclass
class ReportSummary:
    """What ``build_report`` wrote and the headline numbers."""

    out_dir: Path
    markdown: Path
    html: Path
    tables: list[Path] = field(default_factory=list)
    figures: list[Path] = field(default_factory=list)
    models: list[str] = field(default_factory=list)
    overall_acc: dict[str, float] = field(default_factory=dict)
    judges: list[str] = field(default_factory=list)
    unscored: dict[str, int] = field(default_factory=dict)
    agreement_pairs: int = 0
    hard_failures: int = 0
    dataset: str | None = None
    seconds: float = 0.0

    def __str__(self) -> str:
        accs = ", ".join(f"{m} {self.overall_acc[m]:.3f}" for m in self.models)
        return (
            f"report: {len(self.models)} model(s) [{accs}], {len(self.tables)} tables, "
            f"{len(self.figures)} figures, "
            f"{self.hard_failures} hard failures, {self.agreement_pairs} judge pair(s) -> {self.markdown} "
            f"and {self.html} ({self.seconds:.1f}s)"
        )


def _with_dataset_text(runs: list[Run], docs: DocumentInfo) -> None:
    """Fill question texts and references from the dataset where the logs lack them."""
    if not docs.questions:
        return
    for run in runs:
        filled = []
        for a in run.answers:
            row = docs.questions.get(a.question_id)
            if row and (not a.question or not a.reference):
                a = a._replace(question=a.question or row["question"], reference=a.reference or row["answer"])
            filled.append(a)
        run.answers = filled


def _unscored(runs: Sequence[Run], systems: Sequence[Run]) -> dict[str, int]:
    main = {id(r) for r in systems}
    return {
        r.label + ("" if id(r) in main else f" [{r.judge}]"): len(r.answers) - len(r.valid()) for r in runs
    }


def _sections(
    ctx: Context,
    judges_compare: Sequence[tuple[str, str]] | None,
    verdicts: Sequence[Path],
    drawing: Figures,
) -> list[Section]:
    """Every section of the report, in order, with a progress bar on a terminal's stderr; the
    numbers of a section's figures go to ``drawing`` as soon as the section is built."""
    builders: list[Callable[[], Section | list[Section]]] = [
        partial(analyses.runs_section, ctx),
        partial(analyses.overall_section, ctx),
        partial(analyses.difficulty_section, ctx),
        partial(analyses.category_section, ctx),
        partial(floor.floor_section, ctx),
        partial(analyses.position_section, ctx),
        partial(analyses.chart_type_section, ctx),
        partial(analyses.document_sections, ctx),
        partial(analyses.distribution_section, ctx),
        partial(analyses.threshold_section, ctx),
        partial(compare.agreement_section, ctx, judges_compare),
        partial(compare.comparison_section, ctx),
        partial(compare.hard_failure_section, ctx),
    ]
    if verdicts:  # human validation from `synthdocbench review` verdict files
        from .validation import validation_section

        builders.append(partial(validation_section, verdicts))
    sections: list[Section] = []
    with progress_bar("building tables", len(builders)) as advance:
        for build in builders:
            made = build()
            made = made if isinstance(made, list) else [made]
            for stem, _ in (f for section in made for f in section.figures):
                drawing.draw(stem, figures.FIGURES[stem](ctx))
            sections += made
            advance()
    add_protocol(sections, ctx)
    return sections


def _write_figures(sections: Sequence[Section], drawing: Figures, folder: Path) -> list[Path]:
    """The PNGs of ``drawing`` written into ``folder`` with their numbers beside them, once it
    has drawn them all (those an earlier report in ``folder`` drew from the same numbers are
    taken as they are, :meth:`~.plots.Figures.pngs`); the sections then name the files written."""
    todo = [(s, i) for s in sections for i in range(len(s.figures))]
    with progress_bar("drawing figures", len(todo)) as advance:
        drawn = drawing.pngs(folder)
        paths = dict(zip(drawn, drawing.write(folder, drawn), strict=True))
        written: list[Path] = []
        for section, i in todo:
            stem, caption = section.figures[i]
            written.append(paths[stem])
            section.figures[i] = (paths[stem].name, caption)
            advance()
    return written


def build_report(
    inputs: Sequence[Path],
    out_dir: Path,
    *,
    dataset: str | None = None,
    judges_compare: Sequence[tuple[str, str]] | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
    verdicts: Sequence[Path] = (),
) -> ReportSummary:
    """Read lmms-eval samples logs (files, ``*_results.json`` files or folders) and write the report.

    The task logs of one lmms-eval run (same folder and date prefix) form one run; a run is a
    model under a judge. Runs of the same model under different judges are compared for judge
    agreement: all such pairs against the main judge (the one that scored most models), or the
    ``(reference judge, alternative judge)`` pairs of ``judges_compare``. ``dataset`` (else
    ``SYNTHDOC_DATASET``, else a local dataset path recorded in a results file) adds the
    archetype and domain tables. The figures are matplotlib's PNGs (:class:`~.plots.Figures`).
    Everything is read and checked before anything is written.
    """
    if resamples < 1:
        raise SynthDocUserError(f"--resamples must be at least 1, got {resamples}")
    start = time.perf_counter()
    with Figures() as drawing:
        runs = load_runs(discover([Path(p) for p in inputs]))
        location, source = choose_dataset(dataset, runs)
        docs = load_documents(location, source)
        _with_dataset_text(runs, docs)
        judge = primary_judge(runs)
        ctx = Context(runs, main_runs(runs, judge), judge, docs, resamples, seed)
        sections = _sections(ctx, judges_compare, verdicts, drawing)

        out_dir = Path(out_dir)
        try:
            (out_dir / render.TABLES_DIR).mkdir(parents=True, exist_ok=True)
            (out_dir / render.FIGURES_DIR).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SynthDocUserError(f"cannot write the report to {out_dir}: {exc.strerror or exc}") from None
        tables = [t.write_csv(out_dir / render.TABLES_DIR) for s in sections for t in s.tables]
        written = _write_figures(sections, drawing, out_dir / render.FIGURES_DIR)
    n_q = len({a.question_id for r in ctx.systems for a in r.answers})
    subtitle = (
        f"{len(ctx.systems)} model(s), {n_q} questions, {len(runs)} run(s); judge {judge}; "
        f"bootstrap {resamples:,} resamples, seed {seed}."
    )
    md_path, html_path = out_dir / "report.md", out_dir / "report.html"
    md_path.write_text(render.markdown(TITLE, subtitle, sections), encoding="utf-8")
    html_path.write_text(render.html(TITLE, subtitle, sections), encoding="utf-8")
    return ReportSummary(
        out_dir=out_dir,
        markdown=md_path,
        html=html_path,
        tables=tables,
        figures=written,
        models=[r.label for r in ctx.systems],
        overall_acc={r.label: run_accuracy(r) for r in ctx.systems},
        judges=sorted({r.judge for r in runs}),
        unscored=_unscored(runs, ctx.systems),
        agreement_pairs=len(compare.agreement_pairs(ctx, judges_compare)),
        hard_failures=len(compare.hard_failures(ctx)[0]),
        dataset=docs.location,
        seconds=time.perf_counter() - start,
    )
