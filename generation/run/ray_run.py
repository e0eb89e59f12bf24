"""Generation on a Ray cluster: one Ray task per document, one browser per worker process.

``synthdocbench generate … --ray [ADDRESS]`` starts Ray (or joins the cluster) and warms the
workers (:func:`generation.run.ray_session.warm_workers`) before it imports this module and calls
:func:`generate_runs_ray`. The driver (the
machine running the command) writes ``config.json``, skips finished documents and submits one
task per remaining document, longest first as a local run takes them; each task calls
:func:`generation.run.pipeline.generate_document`, the very function a local run uses, so the
files are byte-identical to a local run of the same config and seed, and every file is written
atomically with ``DONE`` last. A Ray worker process keeps one Chromium (started by its warm-up
task, :func:`warm_worker`, else on its first document) for every later task it runs.

``OUT`` must be one folder every node sees at the same path (NFS, Lustre, EFS, a FUSE mount of
a bucket): workers write the documents, the driver checks they are there. A worker that dies
mid-document (out of memory, preempted node) leaves a folder without ``DONE``; Ray reruns the
task up to ``max_retries`` times, and a rerun of the command regenerates whatever is still
unfinished. Ray is an optional extra (``pip install 'synthdocbench[ray]'``), imported lazily.
"""

from __future__ import annotations

import atexit
import gc
import socket
from pathlib import Path
from types import ModuleType
from typing import Any

from generation.document.render import BrowserLaunchError, Renderer
from generation.plan.config import GenerationConfig, Run
from generation.plan.folders import doc_dir
from generation.plan.rng import doc_id_for
from generation.run.layout import is_done
from generation.run.pipeline import Planner, default_planner, fill_caches, longest_first, try_document
from generation.run.ray_session import (
    DEFAULT_MAX_RETRIES,
    RayUnavailableError,
    import_ray,
    local_cpus,
    ray_session,
)
from generation.run.setup import GenerateSummary, document_error, open_run
from synthdocbench_tasks.errors import first_line

# ---- worker side: one Renderer per Ray worker process, started on its first document ----

_RENDERER: list[Renderer] = []


def _worker_renderer() -> Renderer:
    """The worker process's Renderer. On its first document the process also fills the caches
    every document needs and leaves what it holds then (the imported generator, those caches) out
    of its garbage collections (:func:`gc.freeze`), as a local pool's workers inherit both from
    the run's process (:func:`generation.run.pipeline.frozen_heap`): a full collection no longer
    walks them, about a tenth of a worker's CPU."""
    if not _RENDERER:
        fill_caches()
        gc.freeze()
        renderer = Renderer().__enter__()
        _RENDERER.append(renderer)
        atexit.register(renderer.close)
    return _RENDERER[0]


def warm_worker() -> str | None:
    """This worker process ready for its first document (:func:`_worker_renderer`: the generator
    imported, its caches filled, its heap frozen, Chromium started), as a warm-up task submitted
    when Ray starts (:func:`generation.run.ray_session.warm_workers`) asks; None, or the line saying
    why Chromium did not start (a document in this worker then tries again and reports it)."""
    try:
        _worker_renderer()
    except BrowserLaunchError as exc:
        return f"{socket.gethostname()}: {first_line(exc)}"
    return None


def _ray_task(
    config_json: str, index: int, out_dir: str, d3_js: str, planner: Planner
) -> tuple[str, str] | None:
    """Generate one document in a Ray worker: None when done, else ("failed" | "launch", one line).

    A worker that dies here (killed, out of memory) is Ray's to retry; an exception of the
    document is a result, so Ray never retries a deterministic failure.
    """
    config = GenerationConfig.model_validate_json(config_json)
    out = Path(out_dir)
    doc_id = doc_id_for(config.seed, index)
    if not (out / "config.json").is_file():
        return "failed", (
            f"{doc_id}: {out}/config.json is not visible on node {socket.gethostname()}; "
            "OUT must be a shared folder mounted at the same path on every node"
        )
    try:
        error = try_document(config, index, out, d3_js, _worker_renderer(), planner)
    except BrowserLaunchError as exc:
        return "launch", f"{socket.gethostname()}: {first_line(exc)}"
    return None if error is None else ("failed", error)


# ---- driver side ----


def _in_flight_limit(ray: ModuleType) -> int:
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return max(8, 4 * cpus)


def _worker_died(doc_id: str, exc: BaseException) -> str:
    kind = type(exc).__name__
    return (
        f"{doc_id}: the Ray worker generating it died ({kind}) more often than Ray retries; "
        "rerun the same command to resume"
    )


def generate_on_ray(
    config: GenerationConfig,
    out_dir: Path,
    *,
    shard: tuple[int, int] | None = None,
    d3_path: Path | None = None,
    progress: bool = True,
    planner: Planner | None = None,
    max_retries: int = DEFAULT_MAX_RETRIES,
) -> GenerateSummary:
    """Like :func:`generation.run.pipeline.generate`, one Ray task per document (Ray must be initialised).

    A failing document is reported (one line) and the run continues; a Chromium that cannot
    start stops the run with :class:`~generation.document.render.BrowserLaunchError`.
    """
    ray = import_ray()
    if not ray.is_initialized():
        raise RayUnavailableError("Ray is not initialised: call generate_on_ray inside ray_session(...)")
    plan_fn = planner or default_planner
    out_dir = out_dir.resolve()
    book = open_run(config, out_dir, shard=shard, d3_path=d3_path, progress=progress)

    def record(index: int, error: str | None) -> None:
        folder = doc_dir(out_dir, book.doc_id(index))
        if error is None and not is_done(out_dir, book.doc_id(index)):
            error = (
                f"{book.doc_id(index)}: a Ray worker finished it but {folder}/DONE is not "
                "visible here; OUT must be a shared folder mounted at the same path on every node"
            )
        book.record(index, error)

    task = ray.remote(_ray_task).options(num_cpus=1, max_retries=max_retries, retry_exceptions=False)
    config_json = config.model_dump_json()
    d3_ref = ray.put(book.d3_js)
    limit = _in_flight_limit(ray)
    pending: dict[Any, int] = {}
    queue = list(reversed(longest_first(config, book.todo)))  # popped from the end: longest first
    with book.progress() as advance:
        try:
            while queue or pending:
                while queue and len(pending) < limit:
                    index = queue.pop()
                    pending[task.remote(config_json, index, str(out_dir), d3_ref, plan_fn)] = index
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    index = pending.pop(ref)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:  # raised outside the document's try
                        record(index, document_error(book.doc_id(index), exc.cause or exc))
                    except ray.exceptions.RayError as exc:  # the worker process or its node died
                        record(index, _worker_died(book.doc_id(index), exc))
                    else:
                        if result is not None and result[0] == "launch":
                            raise BrowserLaunchError(result[1])
                        record(index, None if result is None else result[1])
                    advance()
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
    return book.finish()


def generate_runs_ray(
    runs: list[Run],
    out_dir: Path,
    *,
    address: str | None = None,
    shard: tuple[int, int] | None = None,
    d3_path: Path | None = None,
    progress: bool = True,
    planner: Planner | None = None,
    max_retries: int = DEFAULT_MAX_RETRIES,
) -> list[GenerateSummary]:
    """Every run of a config on one Ray connection (see :func:`generation.run.ray_session.ray_session`
    for ``address``; an open connection is used as it is). A local instance gets ``workers`` CPUs
    when the config sets ``workers`` > 1, else all cores."""
    with ray_session(address, num_cpus=local_cpus(runs)):
        return [
            generate_on_ray(
                run.config,
                run.out_dir(out_dir),
                shard=shard,
                d3_path=d3_path,
                progress=progress,
                planner=planner,
                max_retries=max_retries,
            )
            for run in runs
        ]
