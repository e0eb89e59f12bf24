"""The generation pipeline: plan -> HTML -> PDF -> regions -> questions -> files on disk.

``generate`` writes ``out_dir/config.json`` and one folder per document (see
docs/data-layout.md). A document folder with ``DONE`` is finished and skipped on a rerun;
one without it is regenerated from scratch. Every output of a document depends only on
(config, document index), so sharding (``i % N == K``) and the number of workers never
change a byte of the manifests or questions.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import gc
from collections.abc import Callable, Iterator
from multiprocessing import util as mp_util
from pathlib import Path
from typing import Any

from generation.document.content import plan_document
from generation.document.layout import document_template, render_html
from generation.document.regions import MeasuredDocument, measure_document
from generation.document.render import BrowserLaunchError, Renderer, RenderError, load_playwright
from generation.document.rewrite import rewrite_plan
from generation.document.targets import document_targets
from generation.plan.config import GenerationConfig, Run
from generation.plan.doc_plan import DocumentPlan
from generation.plan.folders import DONE, doc_dir
from generation.plan.rng import doc_id_for
from generation.plan.workers import forks_from_run, generation_context
from generation.questions.build import make_questions
from generation.run.atomic import write_json_atomic, write_jsonl_atomic
from generation.run.setup import GenerateSummary, PipelineError, RunBook, document_error, open_run
from generation.validate.rules import validate_questions
from generation.world import entities, space
from synthdocbench_tasks.atomic import write_bytes_atomic, write_text_atomic
from synthdocbench_tasks.schema import ARCHETYPES

Planner = Callable[[GenerationConfig, int], DocumentPlan]
DOC_FILES = (
    "document.html",
    "document.pdf",
    "manifest.json",
    "questions.jsonl",
    "rejected.jsonl",
    "targets.json",
)


def default_planner(config: GenerationConfig, index: int) -> DocumentPlan:
    """The content stage's plan (imported lazily: it is written by another module)."""
    return plan_document(config, index)


def validated_questions(measured: MeasuredDocument, config: GenerationConfig) -> tuple[list[Any], list[Any]]:
    """Questions that pass validation on the rendered PDF, and the rejections (with their rule).

    Validation reuses the words :func:`~generation.document.regions.measure_document` read, and checks
    the legibility of the charts the questions ask about only (nothing else of it is kept)."""

    manifest = measured.manifest
    questions = make_questions(manifest, config)
    result = validate_questions(manifest, questions, measured.pdf, measured.words, all_charts=False)
    accepted = [q.model_dump(mode="json") for q in result.accepted]
    rejected = [{"question_id": r.question_id, "rule": r.rule, "detail": r.detail} for r in result.rejected]
    return accepted, rejected


def _targets(config: GenerationConfig, index: int) -> dict[str, Any]:
    """What the content stage aimed for (target pages, counts, evidence charts), for ``targets.json``."""
    return document_targets(config, index).as_json()


def generate_document(
    config: GenerationConfig, index: int, out_dir: Path, d3_js: str, renderer: Renderer, planner: Planner
) -> str:
    """Generate, measure and write one document; ``DONE`` is written last. Returns its doc_id."""
    plan = planner(config, index)
    doc_id = plan.manifest.doc_id
    expected = doc_id_for(config.seed, index)
    if doc_id != expected:
        raise PipelineError(f"{expected}: the planner returned doc_id {doc_id!r}; it must be {expected!r}")
    folder = doc_dir(out_dir, doc_id)
    (folder / DONE).unlink(missing_ok=True)
    for stale in folder.glob(".*.tmp"):  # left by a crash inside an atomic write
        stale.unlink(missing_ok=True)
    targets = _targets(config, index)
    if config.rewrite is not None:
        plan, report = rewrite_plan(plan, config.rewrite)
        targets["rewrite"] = report.as_json()
    html = render_html(plan, d3_js)
    result = renderer.render_pdf(html, name=doc_id)
    if result.blocked_requests:
        raise RenderError(
            f"{doc_id}: the page requested {result.blocked_requests[0]} (blocked); "
            "the HTML must be self-contained"
        )
    measured = measure_document(result.pdf, plan.manifest)
    questions, rejected = validated_questions(measured, config)
    write_text_atomic(folder / "document.html", html)
    write_bytes_atomic(folder / "document.pdf", measured.pdf)
    write_json_atomic(folder / "manifest.json", measured.manifest.model_dump(mode="json"))
    write_jsonl_atomic(folder / "questions.jsonl", questions)
    write_jsonl_atomic(folder / "rejected.jsonl", rejected)
    write_json_atomic(folder / "targets.json", targets)
    write_text_atomic(folder / DONE, "")
    return doc_id


def try_document(
    config: GenerationConfig, index: int, out_dir: Path, d3_js: str, renderer: Renderer, planner: Planner
) -> str | None:
    """:func:`generate_document`, its failure as one line: None when done, else the error line.

    A Chromium that cannot start is raised (:class:`~generation.document.render.BrowserLaunchError`):
    it is the run's failure, not the document's."""
    try:
        generate_document(config, index, out_dir, d3_js, renderer, planner)
    except BrowserLaunchError:
        raise
    except Exception as exc:
        return document_error(doc_id_for(config.seed, index), exc)
    return None


def longest_first(config: GenerationConfig, todo: list[int]) -> list[int]:
    """``todo`` with the documents of most target pages first (then by index). Workers take the
    next document as they free up, so a run does not end waiting on one worker's long last
    document. The order changes when a document is written, never what is written.

    The page target has a stream of its own (``content.pages``), the same whatever the archetype:
    one is passed so that the topic, and the topic space it needs, is not drawn in this process."""
    archetype = ARCHETYPES[0]
    return sorted(todo, key=lambda i: (-document_targets(config, i, archetype).target_pages, i))


def fill_caches() -> None:
    """Fill the per-process caches every document needs: the topic space
    (:func:`generation.world.space.pairs`, every theme crossed with every setting), the country
    table (:func:`generation.world.entities.countries`), about 0.5 s of CPU, and the compiled
    document template (:func:`generation.document.layout.document_template`, about 0.1 s), and
    import Playwright (:func:`generation.document.render.load_playwright`, about 0.06 s; it starts
    no thread). The caches are pure functions cached by ``functools.cache``: a pool's workers
    inherit them and the imported modules (once per run, not once per worker), and what a worker
    reads from them is what it would have computed."""
    space.pairs()
    entities.countries()
    document_template()
    load_playwright()


@contextlib.contextmanager
def frozen_heap() -> Iterator[None]:
    """While documents are generated, the objects alive now (the imported generator, the filled
    caches) are left out of garbage collections (:func:`gc.freeze`), in this process and in the
    workers forked from it: a full collection no longer walks them (they were most of what the
    collector walked, about a tenth of a worker's CPU), and a worker's collections no longer
    write to, and so copy, the memory pages it shares with this process. Objects are never
    freed while frozen; they return to the collector at the end (:func:`gc.unfreeze`), unless
    this process had frozen objects of its own before (they stay frozen, with these)."""
    frozen_before = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        yield
    finally:
        if not frozen_before:
            gc.unfreeze()


# ---- worker processes: one Renderer each, created on the first document ----

_WORKER: dict[str, Any] = {}


def _worker_init(config_json: str, out_dir: str, d3_js: str, planner: Planner) -> None:
    _WORKER.update(
        config=GenerationConfig.model_validate_json(config_json),
        out_dir=Path(out_dir),
        d3_js=d3_js,
        planner=planner,
        renderer=None,
    )


def _worker_renderer() -> Renderer:
    if _WORKER["renderer"] is None:
        renderer = Renderer().__enter__()
        _WORKER["renderer"] = renderer
        mp_util.Finalize(None, renderer.close, exitpriority=10)
    renderer_obj: Renderer = _WORKER["renderer"]
    return renderer_obj


def _worker_task(index: int) -> tuple[int, str | None]:
    """Returns (index, None) on success or (index, one-line error); a launch failure is raised."""
    w = _WORKER
    return index, try_document(w["config"], index, w["out_dir"], w["d3_js"], _worker_renderer(), w["planner"])


def generate(
    config: GenerationConfig,
    out_dir: Path,
    *,
    shard: tuple[int, int] | None = None,
    d3_path: Path | None = None,
    progress: bool = True,
    planner: Planner | None = None,
) -> GenerateSummary:
    """Generate the documents of ``shard`` (all when None) into ``out_dir``; skip finished ones.

    A failing document is reported (one line) and the run continues; a missing D3 or
    Chromium stops the run with :class:`~generation.charts.d3.D3NotFoundError` or
    :class:`~generation.document.render.BrowserLaunchError`.
    """
    plan_fn = planner or default_planner
    book = open_run(config, out_dir, shard=shard, d3_path=d3_path, progress=progress)
    todo = book.todo
    if config.workers > 1 and len(todo) > 1:
        _run_pool(config, out_dir, book, plan_fn)
        return book.finish()
    with frozen_heap(), book.progress() as advance, Renderer() as renderer:
        for i in todo:
            book.record(i, try_document(config, i, out_dir, book.d3_js, renderer, plan_fn))
            advance()
    return book.finish()


def _run_pool(config: GenerationConfig, out_dir: Path, book: RunBook, plan_fn: Planner) -> None:
    """The documents of ``book`` on ``config.workers`` processes, longest first. The workers are
    forked (:func:`~generation.plan.workers.generation_context`) by the first ``submit``, before
    the progress bar starts its thread: no thread of this process is forked."""
    if forks_from_run():
        fill_caches()
    init_args = (config.model_dump_json(), str(out_dir), book.d3_js, plan_fn)
    workers = min(config.workers, len(book.todo))
    with (
        frozen_heap(),
        cf.ProcessPoolExecutor(
            workers, mp_context=generation_context(), initializer=_worker_init, initargs=init_args
        ) as pool,
    ):
        futures = [pool.submit(_worker_task, i) for i in longest_first(config, book.todo)]
        with book.progress() as advance:
            try:
                for fut in cf.as_completed(futures):
                    book.record(*fut.result())
                    advance()
            except BrowserLaunchError:
                for other in futures:
                    other.cancel()
                raise


def generate_runs(
    runs: list[Run],
    out_dir: Path,
    *,
    shard: tuple[int, int] | None = None,
    d3_path: Path | None = None,
    progress: bool = True,
    planner: Planner | None = None,
) -> list[GenerateSummary]:
    """Generate every run of a config (see :func:`generation.plan.config.load_runs`), each into its folder.

    A config without ``grid:`` is one run written to ``out_dir`` itself; a grid writes run
    ``name`` to ``out_dir/name``. Resume and sharding work per run exactly as in :func:`generate`.
    """
    return [
        generate(
            run.config, run.out_dir(out_dir), shard=shard, d3_path=d3_path, progress=progress, planner=planner
        )
        for run in runs
    ]
