"""What the bench scripts share: interleaved repetitions and ratios paired within a repetition.

On a shared machine the load drifts during a run; running every variant once per repetition,
in an order that rotates between repetitions (A B, B A for two; A B C, B C A, C A B for
three), lets that drift hit all of them alike, and ratios are taken between figures measured
in the same repetition.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

try:
    import psutil
except ImportError:  # process-tree CPU seconds are left out
    psutil = None

K = TypeVar("K")


#: The project's packages, as an install compiles them.
PACKAGES = ("generation", "synthdocbench_tasks", "judge")


def console_script() -> str:
    """The ``synthdocbench`` console script of this interpreter (beside it, as in a virtual
    environment), else the first on PATH: a version manager's shim on PATH (pyenv's re-resolves
    the interpreter through bash, 0.15-0.25 s a call) would time the shim, which the floor,
    run by this interpreter directly, does not pay."""
    beside = Path(sys.executable).parent / "synthdocbench"
    return str(beside) if beside.is_file() else shutil.which("synthdocbench") or "synthdocbench"


def installed_env(trees: Sequence[Path], base: Mapping[str, str] | None = None) -> dict[str, str]:
    """``base`` (default ``os.environ``) as a user's installed package runs, with bytecode caches
    written and read, and the packages of every tree in ``trees`` (repository roots) compiled
    now into their ``__pycache__`` folders (as ``pip install`` does), untimed. Where
    ``PYTHONDONTWRITEBYTECODE`` is set (a development machine's setting), every fresh process
    would otherwise compile the project's modules again (about 0.2 s of CPU for ``generate``'s
    imports), while a floor that imports only installed libraries, which come compiled, pays
    nothing of the kind."""
    env = dict(os.environ if base is None else base)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPYCACHEPREFIX", None)
    dirs = [str(tree / name) for tree in trees for name in PACKAGES if (tree / name).is_dir()]
    argv = [sys.executable, "-m", "compileall", "-q", "-j", "0", *dirs]
    subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL)
    return env


def rotation(names: Sequence[K], rep: int) -> list[K]:
    """The order of repetition ``rep``: ``names`` rotated left by ``rep`` places."""
    k = rep % len(names)
    return [*names[k:], *names[:k]]


def stopwatch(fn: Callable[[], object]) -> Callable[[], float]:
    """``fn`` as a variant for :func:`interleave`: it returns the wall seconds ``fn`` took."""

    def timed() -> float:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start

    return timed


def interleave(
    variants: Mapping[K, Callable[[], float]], repeat: int
) -> Iterator[tuple[list[K], dict[K, float]]]:
    """Run each variant once per repetition in :func:`rotation` order; yield each repetition's
    order and the seconds each variant reported (a variant times itself, so that it can leave
    checks out of its figure; wrap a plain function with :func:`stopwatch`)."""
    names = list(variants)
    for rep in range(repeat):
        order = rotation(names, rep)
        yield order, {name: variants[name]() for name in order}


def collect(variants: Mapping[K, Callable[[], float]], repeat: int) -> dict[K, list[float]]:
    """The seconds of every repetition of each variant (see :func:`interleave`)."""
    times: dict[K, list[float]] = {name: [] for name in variants}
    for _, seconds in interleave(variants, repeat):
        for name, value in seconds.items():
            times[name].append(value)
    return times


def paired_ratios(numerators: Sequence[float], denominators: Sequence[float]) -> tuple[float, str]:
    """The median of the ratios taken within each repetition, and those ratios as ``"a, b, c"``."""
    ratios = [n / d for n, d in zip(numerators, denominators, strict=True)]
    return statistics.median(ratios), ", ".join(f"{r:.2f}" for r in ratios)


def paired_summary(numerators: Sequence[float], denominators: Sequence[float]) -> str:
    """The ratios taken within each repetition as ``"median 1.23x [min 1.10, max 1.40] (a, b, c)"``."""
    ratios = [n / d for n, d in zip(numerators, denominators, strict=True)]
    each = ", ".join(f"{r:.2f}" for r in ratios)
    return f"median {statistics.median(ratios):.2f}x [{min(ratios):.2f}, {max(ratios):.2f}] (paired: {each})"


def _tree_cpu(root: Any, seen: dict[tuple[int, float], float]) -> None:
    """Record the CPU seconds (user + system) of ``root`` and every process below it so far."""
    try:
        procs = [root, *root.children(recursive=True)]
    except psutil.Error:
        return
    for proc in procs:
        try:
            times = proc.cpu_times()
            seen[(proc.pid, proc.create_time())] = times.user + times.system
        except psutil.Error:
            pass


class Timed(NamedTuple):
    """One run of a command: wall seconds, CPU seconds of its process tree (None without
    psutil) and what it printed (stdout and stderr)."""

    wall: float
    cpu: float | None
    output: str


def run_timed(
    argv: Sequence[str], what: str, env: Mapping[str, str] | None = None, *, also: int | None = None
) -> Timed:
    """Run ``argv`` to its end, timed from outside: wall seconds, and the CPU seconds (user +
    system) of its process tree (every process below it: workers, Node, Chromium, a Ray instance
    it starts), sampled every 50 ms (a process's last sample counts, so one that lives less is
    missed). With ``also`` (a pid: a Ray head started beforehand, whose raylet starts the
    command's workers), the CPU seconds that process tree spends while the command runs are
    added. A non-zero exit stops the bench with ``what`` and the start and end of the output."""
    seen: dict[tuple[int, float], float] = {}
    outside = None if psutil is None or also is None else psutil.Process(also)
    before: dict[tuple[int, float], float] = {}
    if outside is not None:
        _tree_cpu(outside, before)
        seen.update(before)
    # the output goes to a file: a pipe nobody reads while sampling would block a chatty child
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        start = time.perf_counter()
        with subprocess.Popen(list(argv), stdout=log, stderr=subprocess.STDOUT, env=env) as child:
            if psutil is not None:
                root = psutil.Process(child.pid)
                while child.poll() is None:
                    _tree_cpu(root, seen)
                    if outside is not None:
                        _tree_cpu(outside, seen)
                    time.sleep(0.05)
                if outside is not None:
                    _tree_cpu(outside, seen)
        seconds = time.perf_counter() - start
        log.seek(0)
        output = log.read()
    if child.returncode != 0:
        shown = output if len(output) <= 4000 else f"{output[:2000]}\n[…]\n{output[-2000:]}"
        raise SystemExit(f"{what} failed (exit {child.returncode}): {shown}")
    cpu = sum(seen.values()) - sum(before.values()) if psutil is not None else None
    return Timed(seconds, cpu, output)
