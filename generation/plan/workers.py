"""The process-pool context every stage that fans out uses (generation and validation).

It sits with the plan stage, below everything, so that validation can use it without
importing the run stage above it."""

from __future__ import annotations

import multiprocessing
import sys
import threading

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


def forks_from_run() -> bool:
    """Whether a generation pool forks its workers from the run's own process (Linux): that
    process has imported the generator and filled the caches every document needs
    (``generation.run.pipeline.fill_caches``) before the pool starts, and starts no thread
    before its workers exist, so a fork server would only import the generator a second time
    (about 2.5 s of CPU per command). Elsewhere (macOS, where forking is unsafe, and Windows)
    the pool forks from a server that imported ``GENERATION_PRELOAD``, or spawns; so does a
    process that runs another thread (a fork copies no thread but the caller's, and a lock
    another thread holds stays held in the child)."""
    linux = sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
    return linux and threading.active_count() == 1


def generation_context() -> multiprocessing.context.BaseContext:
    """The context of a generation pool: see :func:`forks_from_run`."""
    if forks_from_run():
        return multiprocessing.get_context("fork")
    return worker_context(GENERATION_PRELOAD)


def start_server(preload: tuple[str, ...] = WORKER_PRELOAD) -> bool:
    """Start the fork server of :func:`worker_context` now, importing ``preload`` while the
    caller goes on with its own imports and set-up; the pool made later from
    ``worker_context(preload)`` forks from this server. ``synthdocbench generate`` calls it
    once the config is read where the pool forks from a server (not :func:`forks_from_run`):
    otherwise the server starts with the pool, after the command has
    imported the generator, and the two imports (seconds each) run one after the other before
    any worker exists. Returns False (nothing started) where there is no fork server."""
    ctx = worker_context(preload)
    if ctx.get_start_method() != "forkserver":
        return False
    from multiprocessing import forkserver

    forkserver.ensure_running()
    return True
