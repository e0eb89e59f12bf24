"""Where the extreme years the builders draft land, many slots per report (issue peaks47).

Usage: ``python bench/extreme_years.py --config configs/paper.yaml --seed 2609 --n-docs 40``

A run asks too few extreme years (the year a series peaks or bottoms out, its highest or lowest
mark) to tell their places from chance; here the trend L2, value L2 and comparison L5 builders
each draft :data:`TRIES` slots on every planned report (``generation.questions.extreme_measures``)
and the script prints, per builder and pooled, the answers at a chart's first, interior and last
year, those at an end against the ``2 / n`` uniform answers would give, and those on a metric
with a known direction.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import manifests, plan_run
from generation.questions.extreme_measures import drafted_places, render

#: Slots each builder drafts on each report.
TRIES = 30


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    placed = []
    for index, manifest in enumerate(manifests(config, args.n_docs)):
        placed += drafted_places(manifest, args.seed, index, TRIES)
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents, {TRIES} slots per builder and report")
    print("\n".join(render(placed)))


if __name__ == "__main__":
    main()
