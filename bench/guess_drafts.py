"""Blind guesses on the closed answers the chart builders draft, many slots per report (guess48).

Usage: ``python bench/guess_drafts.py --config configs/paper.yaml --seed 2609 --n-docs 40``

A run asks a few dozen two-year choices and highlighted years, too few to tell a blind guess
from chance; here the comparison L2 and L5, trend L2 and L5 and value L2 and L5 builders each draft
:data:`TRIES` slots on every planned report (``guess_measures.drafted_choices``: the tries take
the run's direction turns in sequence, as a run's documents do) and the script prints the counter
of ``bench/question_measures.py`` over those drafts.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import manifests, plan_run
from generation.questions.guess_measures import drafted_choices, render, tally_choices
from synthdocbench_tasks.schema import Difficulty

#: Slots each builder drafts on each report.
TRIES = 10
#: The builders (and levels) that draft two-year choices, highlighted marks and extreme items.
SLOTS: tuple[tuple[str, Difficulty], ...] = (
    ("comparison", "L2"),
    ("comparison", "L5"),
    ("trend_pattern", "L2"),
    ("trend_pattern", "L5"),
    ("value_reading", "L2"),
    ("value_reading", "L5"),
)


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    found = []
    for index, manifest in enumerate(manifests(config, args.n_docs)):
        found += drafted_choices(manifest, SLOTS, args.seed, index, TRIES)
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents, {TRIES} slots per builder and report")
    print("\n".join(render(tally_choices(found))))


if __name__ == "__main__":
    main()
