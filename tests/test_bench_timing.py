"""bench/_timing.py: the rotation, timing and paired ratios every bench script shares."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import pytest

from bench._timing import collect, installed_env, interleave, paired_ratios, rotation, run_timed, stopwatch

ROOT = Path(__file__).resolve().parent.parent


def test_the_order_rotates_so_each_variant_leads_in_turn() -> None:
    assert [rotation(["a", "b"], rep) for rep in range(3)] == [["a", "b"], ["b", "a"], ["a", "b"]]
    assert [rotation([1, 2, 3], rep) for rep in range(4)] == [[1, 2, 3], [2, 3, 1], [3, 1, 2], [1, 2, 3]]
    assert rotation(["only"], 5) == ["only"]


def test_no_variants_is_an_error_not_an_empty_order() -> None:
    with pytest.raises(ZeroDivisionError):
        rotation([], 0)


def test_interleave_runs_every_variant_once_per_repetition_in_the_rotated_order() -> None:
    ran: list[str] = []

    def variant(name: str, seconds: float) -> float:
        ran.append(name)
        return seconds

    variants = {name: partial(variant, name, s) for name, s in (("x", 1.0), ("y", 2.0), ("z", 4.0))}
    reps = list(interleave(variants, 3))
    assert [order for order, _ in reps] == [["x", "y", "z"], ["y", "z", "x"], ["z", "x", "y"]]
    assert ran == [name for order, _ in reps for name in order]
    assert all(times == {"x": 1.0, "y": 2.0, "z": 4.0} for _, times in reps)
    assert list(interleave(variants, 0)) == []


def test_collect_keeps_each_repetition_and_a_failing_variant_stops_the_run() -> None:
    counter = iter(range(100))
    times = collect({"a": lambda: float(next(counter)), "b": lambda: float(next(counter))}, 3)
    assert times == {"a": [0.0, 3.0, 4.0], "b": [1.0, 2.0, 5.0]}  # b leads the second repetition

    def broken() -> float:
        raise RuntimeError("variant failed")

    with pytest.raises(RuntimeError, match="variant failed"):
        collect({"a": lambda: 1.0, "b": broken}, 2)


def test_the_stopwatch_measures_the_wall_time_of_the_call() -> None:
    seconds = stopwatch(lambda: time.sleep(0.05))()
    assert 0.04 <= seconds < 2.0


def test_paired_ratios_are_taken_within_a_repetition() -> None:
    median, shown = paired_ratios([2.0, 9.0, 3.0], [1.0, 3.0, 2.0])
    assert median == 2.0 and shown == "2.00, 3.00, 1.50"
    with pytest.raises(ValueError):  # a repetition missing on one side: no silent truncation
        paired_ratios([1.0, 2.0], [1.0])


@pytest.mark.slow
@pytest.mark.parametrize("script", ["imports.py", "validate.py", "eval.py"])
def test_bench_scripts_find_the_shared_module_when_run_as_files(script: str) -> None:
    """Run as ``python bench/X.py`` without PYTHONPATH, the folder bench/ is not left on
    sys.path (bench/generation.py would shadow the package) and bench._timing still imports."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--help"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT / "docs",  # not the repository: nothing found by accident through the cwd
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


_BURN = "import time\nend = time.process_time() + {s}\nwhile time.process_time() < end:\n    pass\n"
#: burns 0.3 s of CPU, runs a child that burns 0.6 s, then prints more than a pipe holds
_PARENT = (
    _BURN.format(s=0.3)
    + f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {_BURN.format(s=0.6)!r}], check=True)\n"
    + "print('x' * 200_000)\n"
)


@pytest.mark.slow
def test_run_timed_counts_the_cpu_of_every_process_below_the_command() -> None:
    """The benches' CPU seconds are those of the whole process tree (workers, Chromium, Ray's
    processes), and a command that prints a lot is not blocked while it is sampled."""
    pytest.importorskip("psutil")
    timed = run_timed([sys.executable, "-c", _PARENT], "the burner")
    assert timed.cpu is not None and 0.8 <= timed.cpu < 0.8 + timed.wall
    assert timed.wall >= 0.9 and timed.output.count("x") == 200_000
    with pytest.raises(SystemExit, match=r"^the failing command failed \(exit 3\): boom"):
        run_timed([sys.executable, "-c", "print('boom'); raise SystemExit(3)"], "the failing command")


def test_the_timed_processes_run_with_the_projects_bytecode_compiled_beforehand(tmp_path: Path) -> None:
    # as an installed package: where PYTHONDONTWRITEBYTECODE is set, every fresh process would
    # compile the project's modules again, which a floor importing only installed libraries never does
    tree = tmp_path / "tree"
    (tree / "generation" / "sub").mkdir(parents=True)
    for name in ("generation/__init__.py", "generation/sub/__init__.py", "generation/sub/mod.py"):
        (tree / name).write_text("VALUE = 1\n", encoding="utf-8")
    (tree / "elsewhere").mkdir()
    (tree / "elsewhere" / "x.py").write_text("X = 1\n", encoding="utf-8")  # not a package of the project
    base = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(tmp_path / "p")}
    env = installed_env([tree], base)
    assert not {"PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX"} & set(env)
    compiled = {(*p.relative_to(tree).parts[:-2], p.name.split(".")[0]) for p in tree.rglob("*.pyc")}
    packages = {("generation", "__init__"), ("generation", "sub", "__init__"), ("generation", "sub", "mod")}
    assert compiled == packages
    stamps = {p: p.stat().st_mtime_ns for p in tree.rglob("*.pyc")}
    code = "import sys, generation.sub.mod as m\nprint(sys.dont_write_bytecode, m.__cached__)"
    done = subprocess.run(
        [sys.executable, "-c", code], env={**env, "PYTHONPATH": str(tree)}, cwd=tmp_path,
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    dont_write, cached = done.stdout.split()
    assert dont_write == "False" and Path(cached) in stamps
    assert {p: p.stat().st_mtime_ns for p in tree.rglob("*.pyc")} == stamps  # read, not written again
