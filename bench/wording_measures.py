"""Words a reader stumbles on in the prose of a plan-only run (review55, prose54).

Usage: ``python bench/wording_measures.py --config configs/paper.yaml --seed 0 --n-docs 200``

Plans each document (no rendering, no questions) and prints
:func:`generation.document.wording_measures.render`.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import plan_run, plans
from generation.document.wording_measures import render, wording_counts


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents, plan only")
    print("\n".join(render(wording_counts(plans(config, args.n_docs)))))


if __name__ == "__main__":
    main()
