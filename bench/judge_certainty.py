"""How right is the offline judge when it says it is certain? Leave-one-set-out figures.

Usage: ``PYTHONPATH=$PWD python bench/judge_certainty.py [--sets v13,v17] [--loso]``

Judges every labelled set (``tests/judge/labelled_sets.py`` reads them) and prints, per set and
pooled: pass/fail agreement, false passes (of label-fails), the certain share, and agreement and
false passes on the certain answers, for the rules' certainty alone and for the verdicts'. The
certainty model (``judge/certainty_model.py``) is fitted on the labelled sets, so its figures on
a set it was fitted on are tuned figures; ``--loso`` refits it (``scripts/fit_certainty.py``'s
fit) on all sets but one and scores the left-out set with that fit: the figure that forecasts a
new set.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.fit_certainty import SETS, Judged, judge_sets, loso_verdicts

PASS = 6


def line(name: str, rows: Sequence[tuple[int, int, bool]]) -> str:
    """One table row from (label, got, certain) triples."""
    n = len(rows)
    fails = [r for r in rows if r[0] < PASS]
    fp = sum(g >= PASS for _, g, _ in fails)
    right = sum((g >= PASS) == (lab >= PASS) for lab, g, _ in rows)
    sure = [r for r in rows if r[2]]
    sure_fails = [r for r in sure if r[0] < PASS]
    sure_fp = sum(g >= PASS for _, g, _ in sure_fails)
    sure_right = sum((g >= PASS) == (lab >= PASS) for lab, g, _ in sure)
    sure_ff = sum(g < PASS <= lab for lab, g, _ in sure)
    return (
        f"{name:<12} {n:>5} agree {right / n:6.1%} ({right})"
        f" FP {fp:>3}/{len(fails):<4} ({fp / max(1, len(fails)):5.1%})"
        f" | certain {len(sure) / n:6.1%} ({len(sure)}) agree {sure_right / max(1, len(sure)):6.1%}"
        f" FP {sure_fp:>2}/{len(sure_fails):<4} ({sure_fp / max(1, len(sure_fails)):4.1%}) FF {sure_ff}"
    )


def table(title: str, rows: Sequence[Judged], verdicts: Sequence[tuple[int, bool]]) -> None:
    """Per set and pooled figures, ``verdicts`` giving each row's offline score and certainty."""
    print(f"\n{title}")
    triples = [(r.label, got, c) for r, (got, c) in zip(rows, verdicts, strict=True)]
    for name in dict.fromkeys(r.set for r in rows):
        print(line(name, [t for r, t in zip(rows, triples, strict=True) if r.set == name]))
    print(line("pooled", triples))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated set names")
    parser.add_argument("--loso", action="store_true", help="also refit the model leaving each set out")
    args = parser.parse_args(argv)
    names = [s for s in args.sets.split(",") if s]
    unknown = [s for s in names if s not in SETS]
    if unknown:
        parser.error(f"unknown set {unknown[0]!r}; the sets are {', '.join(SETS)}")
    rows = judge_sets(names)
    table(
        "certainty from the rules alone (judge.certainty.settled; best readings)",
        rows,
        [(r.got, r.settled) for r in rows],
    )
    table(
        "the judge as it stands (scores and certainty as the verdicts carry them)",
        rows,
        [(r.got if r.scored is None else r.scored, r.certain) for r in rows],
    )
    if args.loso:
        table(
            "leave-one-set-out: each set's scores and certainty from a model fitted on the others",
            rows,
            loso_verdicts(rows),
        )


if __name__ == "__main__":
    main()
