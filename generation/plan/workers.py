"""The process-pool context every stage that fans out uses (generation and validation).

It sits with the plan stage, below everything, so that validation can use it without
importing the run stage above it."""

from __future__ import annotations

import multiprocessing

#: What every worker needs, imported once by the fork server and inherited by each worker
#: (``inflect`` alone costs 2 s of CPU to import). ``generation.document.regions`` comes first: it loads
#: PyMuPDF without its layout/ONNX parts, which later ``import pymupdf`` statements then reuse.
WORKER_PRELOAD = (
    "generation.document.regions",
    "generation.run.pipeline",
    "generation.document.content",
    "generation.questions.build",
    "generation.validate.rules",
)
#: What the generation workers' fork server imports: the generator, then
#: :mod:`generation.run.warm`, which fills the caches every document needs (by name: the run's
#: own process must not import it).
GENERATION_PRELOAD = (*WORKER_PRELOAD, "generation.run.warm")


def worker_context(preload: tuple[str, ...] = WORKER_PRELOAD) -> multiprocessing.context.BaseContext:
    """Processes forked from a server that imported ``preload`` once: no thread of this
    process is forked (the browser starts inside the worker), and no worker imports the
    generator again. Where fork is not available, spawn. (The server is one per process:
    the first caller's ``preload`` stays.)"""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(list(preload))
    return ctx


def start_server(preload: tuple[str, ...] = WORKER_PRELOAD) -> bool:
    """Start the fork server of :func:`worker_context` now, importing ``preload`` while the
    caller goes on with its own imports and set-up; the pool made later from
    ``worker_context(preload)`` forks from this server. ``synthdocbench generate`` calls it
    once the config is read: otherwise the server starts with the pool, after the command has
    imported the generator, and the two imports (seconds each) run one after the other before
    any worker exists. Returns False (nothing started) where there is no fork server."""
    ctx = worker_context(preload)
    if ctx.get_start_method() != "forkserver":
        return False
    from multiprocessing import forkserver

    forkserver.ensure_running()
    return True
