"""Benchmark: what importing the hooks costs, and PyMuPDF with and without its layout/ONNX parts.

    python bench/imports.py [--repeat 5]

Each measurement is a fresh Python process (``-c``) that times one import with
``time.perf_counter`` and reports which heavy modules ended up loaded; the variants run
interleaved, ``--repeat`` times each, and the medians are printed with each one's ratios to
plain ``import pymupdf`` of the same repetition (median [min, max]):

* hooks:            ``import synthdocbench_tasks.hooks`` (what lmms-eval does when it builds a task)
* hooks less judge: the same after ``import judge`` (the judge library's own cost excluded)
* judge:            ``import judge`` alone
* pymupdf plain:    ``import pymupdf`` (PyMuPDF 2.x loads pymupdf.layout, onnxruntime, pymupdf4llm)
* pymupdf lazy:     ``synthdocbench_tasks.mupdf.load_pymupdf()`` (what the strip and text code call)
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from functools import partial
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place (for ``bench._timing``).
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._timing import collect, paired_summary

_PROBE = """
import json, sys, time
{before}
start = time.perf_counter()
{timed}
seconds = time.perf_counter() - start
heavy = ("pymupdf", "onnxruntime", "pymupdf4llm", "pymupdf.layout", "openai", "numpy", "datasets")
print(json.dumps({{"seconds": seconds, "loaded": [m for m in heavy if m in sys.modules]}}))
"""

VARIANTS = {
    "hooks": ("", "import synthdocbench_tasks.hooks"),
    "hooks less judge": ("import judge", "import synthdocbench_tasks.hooks"),
    "judge": ("", "import judge"),
    "pymupdf plain": ("", "import pymupdf"),
    "pymupdf lazy": (
        "from synthdocbench_tasks.mupdf import load_pymupdf",
        "load_pymupdf()",
    ),
}


def _probe(name: str, loaded: dict[str, list[str]]) -> float:
    """Seconds of variant ``name`` in a fresh process; what it loaded goes into ``loaded``."""
    before, timed = VARIANTS[name]
    code = _PROBE.format(before=before, timed=timed)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    loaded[name] = result["loaded"]
    return float(result["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    loaded: dict[str, list[str]] = {}
    names = list(VARIANTS)
    times = collect({name: partial(_probe, name, loaded) for name in names}, args.repeat)
    print(f"{args.repeat} interleaved fresh processes per line; medians, ratios paired per repetition")
    for name in names:
        med = statistics.median(times[name])
        print(
            f"{name:16s}: {med:6.3f} s (min {min(times[name]):6.3f})  / pymupdf plain "
            f"{paired_summary(times[name], times['pymupdf plain'])}  loaded: {', '.join(loaded[name]) or '-'}"
        )


if __name__ == "__main__":
    main()
