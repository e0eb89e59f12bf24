"""A learned question-only adversary (blind52): models trained on TRAIN seeds' questions guess TEST
seeds' answers without the chart.

Usage: ``python bench/blind_learner.py --config configs/paper.yaml --train-seeds 1429 1579
--test-seeds 3947 --n-docs 200``

Plans each seed's documents and builds their questions (no rendering, as
``bench/question_measures.py`` does), then, per family of closed answers (``guess_measures``:
verdict, side, direction, stance, two years / marks, year, item), fits a logistic regression on
TRAIN's questions and what a reader sees without the chart (``generation.questions.blind_features``)
and prints its TEST accuracy per (category, level, family) against chance and TRAIN's majority
class, with a 95% Clopper-Pearson interval, flagging a cell whose interval lies above both; for
each flagged cell, the features that carry its picks. Then a ridge regression from question words
to number answers: the share of TEST answers within their own tolerance against a
shuffled-answer control, and a model copying a number the question, its cited facts or the
report's nearest other question prints (``generation.questions.blind_copies``) against a shuffled
control. The seeds must be disjoint: a TEST seed among the TRAIN ones is refused. ``--cache DIR``
keeps each seed's rows, keyed by the generator's and the adversary's sources and the config, so a
second run on an unchanged tree plans nothing. ``--without-cited`` clears the facts each question
cites: a reader has the report's text but not which of its facts a question was built on.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import plans
from generation.plan.config import load_config
from generation.questions.blind_copies import copy_counts, render_copies
from generation.questions.blind_features import (
    Closed,
    Numeric,
    closed_rows,
    numeric_rows,
    render_closed,
    render_numbers,
    score,
    score_numbers,
    tell,
)
from generation.questions.build import make_questions

Rows = tuple[list[Closed], list[Numeric]]


def seed_rows(config: Path, seed: int, n_docs: int) -> Rows:
    """The closed and number answers of ``n_docs`` planned documents of ``seed``."""
    closed: list[Closed] = []
    numbers: list[Numeric] = []
    loaded = load_config(config, seed=seed, n_docs=n_docs)
    for plan in plans(loaded, n_docs):
        made = make_questions(plan.manifest, loaded)
        closed += closed_rows(plan.manifest, made)
        numbers += numeric_rows(plan.manifest, made)
    return closed, numbers


def _cache_key(config: Path, seed: int, n_docs: int) -> str:
    """A digest of what the rows depend on: the generator's sources, the config, seed and size."""
    root = _BENCH.parent
    digest = hashlib.sha256(f"{seed} {n_docs}".encode())
    for path in sorted([*(root / "generation").rglob("*.py"), *(root / "synthdocbench_tasks").rglob("*.py")]):
        digest.update(path.read_bytes())
    digest.update(config.read_bytes())
    return digest.hexdigest()[:16]


def rows(config: Path, seeds: Sequence[int], n_docs: int, cache: Path | None = None) -> Rows:
    """The closed and number answers of ``n_docs`` planned documents of each seed (from ``cache``
    where it holds them)."""
    closed: list[Closed] = []
    numbers: list[Numeric] = []
    for seed in seeds:
        kept = cache / f"{seed}-{n_docs}-{_cache_key(config, seed, n_docs)}.pickle" if cache else None
        if kept is not None and kept.exists():
            found = pickle.loads(kept.read_bytes())
        else:
            found = seed_rows(config, seed, n_docs)
            if kept is not None:
                kept.parent.mkdir(parents=True, exist_ok=True)
                kept.write_bytes(pickle.dumps(found))
        closed += found[0]
        numbers += found[1]
    return closed, numbers


def uncited(found: Rows) -> Rows:
    """``found`` with no cited facts (what a reader who does not know them reads)."""
    return [dataclasses.replace(c, cited=()) for c in found[0]], [
        dataclasses.replace(n, cited=()) for n in found[1]
    ]


def report(train: tuple[list[Closed], list[Numeric]], test: tuple[list[Closed], list[Numeric]]) -> list[str]:
    """The printed figures: closed cells, each flagged cell's tell, then the number answers."""
    pickers, cells = score(train[0], test[0])
    lines = render_closed(cells)
    for key, cell in sorted(cells.items()):
        if cell.flagged and key[0] != "all":
            said = ", ".join(f"{name} {weight:+.2f}" for name, weight in tell(pickers[key[2]], cell.picked))
            lines.append(f"  tell of {' '.join(key)}: {said}")
    numbers, carried = score_numbers(train[1], test[1])
    said = ", ".join(f"{name} {weight:+.2f}" for name, weight in carried)
    return [
        *lines,
        "",
        *render_numbers(numbers),
        f"  what carries the answers within tolerance: {said}",
        "",
        *render_copies(copy_counts(test[1])),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--train-seeds", type=int, nargs="+", required=True)
    parser.add_argument("--test-seeds", type=int, nargs="+", required=True)
    parser.add_argument("--n-docs", type=int, default=200, help="documents per seed")
    parser.add_argument("--cache", type=Path, help="a folder keeping each seed's rows between runs")
    parser.add_argument("--without-cited", action="store_true", help="the models read no cited facts")
    args = parser.parse_args()
    if shared := sorted(set(args.train_seeds) & set(args.test_seeds)):
        parser.error(f"seeds {shared} are both TRAIN and TEST: give disjoint --train-seeds and --test-seeds")
    train = rows(args.config, args.train_seeds, args.n_docs, args.cache)
    test = rows(args.config, args.test_seeds, args.n_docs, args.cache)
    if args.without_cited:
        train, test = uncited(train), uncited(test)
    print(
        f"{args.config}: TRAIN seeds {args.train_seeds}, TEST seeds {args.test_seeds}, "
        f"{args.n_docs} documents each, plan only; {len(train[0])} / {len(test[0])} closed and "
        f"{len(train[1])} / {len(test[1])} number answers"
        + ("; cited facts cleared" if args.without_cited else "")
    )
    print("\n".join(report(train, test)))


if __name__ == "__main__":
    main()
