"""``synthdocbench validate`` in one process against its worker pool, in the same run.

Usage: ``python bench/validate.py GEN_DIR [--workers 2] [--repeat 3]``

Runs :func:`generation.validate.rules.validate_dir` on a generated folder with ``workers=1`` and
with ``--workers`` processes, alternating (A B, B A, ...) over ``--repeat`` repetitions,
checks that every report is the same text, and prints the seconds of each and the
median of the paired ratios (timings on a shared machine are noisy: compare ratios).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place (for ``bench._timing``).
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import interleave, paired_ratios
from generation.validate.folder import validate_dir


def _timed(gen_dir: Path, workers: int, reports: set[str]) -> float:
    """Seconds of one ``validate_dir`` run; its report's text goes into ``reports``."""
    start = time.perf_counter()
    report = validate_dir(gen_dir, workers=workers)
    seconds = time.perf_counter() - start
    reports.add(report.summary(examples=1000))
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("gen_dir", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.workers < 2 or args.repeat < 1:
        raise SystemExit("--workers must be at least 2 and --repeat at least 1")
    docs = sum(1 for p in (args.gen_dir / "docs").iterdir() if p.is_dir())
    print(f"{args.gen_dir}: {docs} documents; load average {os.getloadavg()[0]:.1f} at start")
    reports: set[str] = set()
    serial, pooled = [], []
    sides = {n: partial(_timed, args.gen_dir, n, reports) for n in (1, args.workers)}
    for rep, (_, times) in enumerate(interleave(sides, args.repeat)):
        serial.append(times[1])
        pooled.append(times[args.workers])
        print(
            f"rep {rep + 1}: 1 process {times[1]:6.1f} s, {args.workers} workers "
            f"{times[args.workers]:6.1f} s, ratio {times[args.workers] / times[1]:.2f}"
        )
    if len(reports) != 1:
        raise SystemExit("the reports differ between runs: the worker pool changed the output")
    median_ratio, ratios = paired_ratios(pooled, serial)
    print(
        f"identical reports in all {2 * args.repeat} runs; {args.workers} workers / 1 process = "
        f"{median_ratio:.2f} (median of paired ratios {ratios}; "
        f"medians {statistics.median(pooled):.1f} s vs {statistics.median(serial):.1f} s; "
        f"load average {os.getloadavg()[0]:.1f} at end)"
    )


if __name__ == "__main__":
    main()
