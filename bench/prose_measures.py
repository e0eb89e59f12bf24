"""What a reader notices in the prose and subheadings of a plan-only run (review50).

Usage: ``python bench/prose_measures.py --config configs/paper.yaml --seed 0 --n-docs 200``

Plans each document (no rendering, no questions) and prints
:func:`generation.document.prose_measures.render`; ``bench/question_measures.py`` prints the same
lines beside the question measures (slower: it builds every question).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import plan_run, plans
from generation.document.prose_measures import prose_counts, render


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents, plan only")
    print("\n".join(render(prose_counts(plans(config, args.n_docs)))))


if __name__ == "__main__":
    main()
