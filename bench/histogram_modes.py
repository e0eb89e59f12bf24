"""Where histograms' modal bins land: at an end of the bins, against a uniform mode's 2 / n.

    PYTHONPATH=$PWD python bench/histogram_modes.py --config configs/paper.yaml --seed S --n-docs 200

Plans the documents (nothing rendered, no questions) and counts their histograms
(``generation.questions.sorted_measures.mode_end_counts``).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from scipy.stats import binomtest

from bench._plans import manifests, plan_run
from generation.questions.sorted_measures import mode_end_counts


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    n, ends, expected = mode_end_counts(manifests(config, args.n_docs))
    p = binomtest(ends, n, expected / n).pvalue if n else 1.0
    said = f"modal bin at an end: {ends} (uniform modes: {expected:.1f}; p = {p:.3g})"
    print(f"histograms with one modal bin: {n}; {said}")


if __name__ == "__main__":
    main()
