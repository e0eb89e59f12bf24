"""Generation and validation workers: forked from a server that imported the generator once."""

from __future__ import annotations

import concurrent.futures as cf
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generation.plan.workers import worker_context

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]


#: Run in a fresh interpreter: the fork server is one per process and keeps its first
#: caller's preload, so in a test process where another test (``validate_folder`` with two
#: workers, say) started it first, the server checked would not be ``worker_context()``'s.
_CHECK = """
import concurrent.futures as cf, os, sys
from generation.plan.workers import WORKER_PRELOAD, worker_context


def state():
    return (
        os.getpid(),
        all(name in sys.modules for name in WORKER_PRELOAD),
        "inflect" in sys.modules,
        "onnxruntime" in sys.modules or "pymupdf.layout" in sys.modules,
    )


if __name__ == "__main__":
    ctx = worker_context()
    assert ctx.get_start_method() == "forkserver", ctx.get_start_method()
    with cf.ProcessPoolExecutor(2, mp_context=ctx) as pool:
        states = [pool.submit(state).result() for _ in range(2)]
    for pid, preloaded, inflect_loaded, onnx_loaded in states:
        print(pid != os.getpid(), preloaded, inflect_loaded, onnx_loaded)
"""


def test_workers_start_with_the_generator_imported_and_pymupdf_without_onnx(tmp_path: Path) -> None:
    script = tmp_path / "check_workers.py"  # a file, not -c: forkserver workers import __main__ by path
    script.write_text(_CHECK, encoding="utf-8")
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path},  # the script's folder, not ROOT, heads sys.path
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [line.split() for line in done.stdout.splitlines()]
    # per worker: not the caller; the preload and inflect inherited from the server, not
    # imported per worker; PyMuPDF came through synthdocbench_tasks.mupdf.load_pymupdf (no ONNX)
    assert rows == [["True", "True", "True", "False"]] * 2


def test_a_task_that_raises_in_a_worker_reaches_the_caller() -> None:
    with cf.ProcessPoolExecutor(1, mp_context=worker_context()) as pool:
        future = pool.submit(int, "not a number")
        with pytest.raises(ValueError, match="invalid literal"):
            future.result()
