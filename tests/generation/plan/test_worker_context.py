"""Generation and validation workers: forked from a server that imported the generator once."""

from __future__ import annotations

import concurrent.futures as cf
import os
import sys

import pytest

from generation.plan.workers import WORKER_PRELOAD, worker_context

pytestmark = pytest.mark.slow


def _worker_state() -> tuple[int, bool, bool, bool]:
    return (
        os.getpid(),
        all(name in sys.modules for name in WORKER_PRELOAD),
        "inflect" in sys.modules,
        "onnxruntime" in sys.modules or "pymupdf.layout" in sys.modules,
    )


def test_workers_start_with_the_generator_imported_and_pymupdf_without_onnx() -> None:
    ctx = worker_context()
    assert ctx.get_start_method() == "forkserver"
    with cf.ProcessPoolExecutor(2, mp_context=ctx) as pool:
        states = [pool.submit(_worker_state).result() for _ in range(2)]
    for pid, preloaded, inflect_loaded, onnx_loaded in states:
        assert pid != os.getpid()
        assert preloaded and inflect_loaded  # inherited from the server, not imported per worker
        assert not onnx_loaded  # PyMuPDF came through synthdocbench_tasks.mupdf.load_pymupdf


def test_a_task_that_raises_in_a_worker_reaches_the_caller() -> None:
    with cf.ProcessPoolExecutor(1, mp_context=worker_context()) as pool:
        future = pool.submit(int, "not a number")
        with pytest.raises(ValueError, match="invalid literal"):
            future.result()
