"""Benchmark: start-up of the ``synthdocbench`` command, against a bare interpreter.

    python bench/cli_start.py [--repeat 5] [--against CHECKOUT]

Each figure is the wall time of a fresh process, timed from outside, the variants interleaved
``--repeat`` times in rotating order: ``synthdocbench --help``, ``synthdocbench tasks-path``
(a command that needs nothing but its own module) and the floor, ``python -c pass``. Prints
the medians and each one's paired ratios to the floor (median [min, max]). The code measured
is the one ``PYTHONPATH`` points at; ``--against CHECKOUT`` adds both commands run with
``PYTHONPATH=CHECKOUT`` (another version of the code) to the same rotation.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
from functools import partial
from pathlib import Path

_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import collect, paired_summary, stopwatch

_EXE = shutil.which("synthdocbench") or "synthdocbench"
VARIANTS = {
    "synthdocbench --help": [_EXE, "--help"],
    "synthdocbench tasks-path": [_EXE, "tasks-path"],
    "python -c pass": [sys.executable, "-c", "pass"],
}


def _run(argv: list[str], pythonpath: str | None = None) -> None:
    env = {**os.environ, "PYTHONPATH": pythonpath} if pythonpath else None
    subprocess.run(argv, capture_output=True, check=True, env=env)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another checkout, timed in the same rotation")
    args = parser.parse_args()
    variants = {name: stopwatch(partial(_run, argv)) for name, argv in VARIANTS.items()}
    if args.against:
        for name, argv in list(VARIANTS.items())[:2]:
            variants[f"{name} ({args.against})"] = stopwatch(partial(_run, argv, str(args.against.resolve())))
    times = collect(variants, args.repeat)
    floor = times["python -c pass"]
    print(f"{args.repeat} interleaved fresh processes per line; medians, ratios paired per repetition")
    for name, seconds in times.items():
        ratios = paired_summary(seconds, floor)
        print(f"{name:38s}: {statistics.median(seconds):6.3f} s  / python -c pass {ratios}")


if __name__ == "__main__":
    main()
