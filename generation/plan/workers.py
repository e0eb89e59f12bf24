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
