"""The report's human-validation section, from the verdict files of ``synthdocbench review``.

Each file is one reviewer (one JSON line per question: ``question_id``, ``verdict``,
``comment``, ``subset``, ``level``). The validity rate is the share of reviewed questions
judged ``valid``, with a 95% Wilson interval, overall and per subset and level (the first
reviewer's verdicts when several files are given, so no question counts twice); Cohen's
kappa (scikit-learn) compares every pair of reviewers on the questions both reviewed;
every question any reviewer did not judge valid is listed with its comments.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import SynthDocUserError
from ..viewer.review import read_verdicts
from .stats import CONFIDENCE, Estimate
from .tables import Cell, Section, Table


def wilson(valid: int, n: int) -> Estimate:
    """The share ``valid / n`` with its 95% Wilson score interval (NaN when n is 0)."""
    if n == 0:
        return Estimate(float("nan"))
    from scipy.stats import binomtest

    ci = binomtest(valid, n).proportion_ci(confidence_level=CONFIDENCE, method="wilson")
    return Estimate(valid / n, float(ci.low), float(ci.high))


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float:
    """Cohen's kappa of two reviewers' verdicts on the same questions (scikit-learn)."""
    try:
        from sklearn.metrics import cohen_kappa_score
    except ImportError:
        raise SynthDocUserError(
            "Cohen's kappa needs scikit-learn: pip install 'synthdocbench[review]'"
        ) from None
    if len(set(a) | set(b)) < 2:
        return 1.0  # both gave one and the same verdict everywhere: perfect, kappa's 0/0
    return float(cohen_kappa_score(list(a), list(b)))


def _reviewer(path: Path, entries: list[dict[str, Any]]) -> str:
    names = {str(e.get("reviewer")) for e in entries if e.get("reviewer")}
    return names.pop() if len(names) == 1 else path.stem


def _rate_rows(entries: list[dict[str, Any]], key: str) -> list[list[Cell]]:
    groups: dict[str, list[bool]] = defaultdict(list)
    for e in entries:
        groups[str(e.get(key) or "unknown")].append(e["verdict"] == "valid")
    rows: list[list[Cell]] = []
    for name in sorted(groups):
        flags = groups[name]
        rows.append([name, len(flags), sum(flags), wilson(sum(flags), len(flags))])
    return rows


def validation_section(files: Sequence[Path]) -> Section:
    """The human-validation section of the report for the verdict files ``files``."""
    reviewers: list[tuple[str, dict[str, dict[str, Any]]]] = []
    for path in files:
        if not path.is_file():
            raise SynthDocUserError(
                f"--verdicts {path} is not a file: pass verdict files of `synthdocbench review`"
            )
        entries = read_verdicts(path)
        if not entries:
            raise SynthDocUserError(f"{path} holds no verdicts; review some questions first")
        reviewers.append((_reviewer(path, entries), {e["question_id"]: e for e in entries}))
    first = list(reviewers[0][1].values())
    columns = ["group", "reviewed", "valid", "validity rate"]
    overall = wilson(sum(e["verdict"] == "valid" for e in first), len(first))
    tables = [
        Table(
            "human_validity_subset",
            "Validity rate by subset (95% Wilson CI)",
            columns,
            [
                ["all", len(first), sum(e["verdict"] == "valid" for e in first), overall],
                *_rate_rows(first, "subset"),
            ],
        ),
        Table(
            "human_validity_level",
            "Validity rate by level (95% Wilson CI)",
            columns,
            _rate_rows(first, "level"),
        ),
    ]
    text = [
        f"{len(first)} questions reviewed by {reviewers[0][0]}; {overall.value:.1%} judged valid "
        f"(95% CI {overall.lo:.1%} to {overall.hi:.1%})."
    ]
    kappa_rows: list[list[Cell]] = []
    for (name_a, a), (name_b, b) in itertools.combinations(reviewers, 2):
        shared = sorted(set(a) & set(b))
        agree = sum(a[q]["verdict"] == b[q]["verdict"] for q in shared)
        kappa = (
            cohen_kappa([a[q]["verdict"] for q in shared], [b[q]["verdict"] for q in shared])
            if shared
            else None
        )
        kappa_rows.append([name_a, name_b, len(shared), agree, kappa])
    if kappa_rows:
        tables.append(
            Table(
                "human_agreement",
                "Agreement between reviewers (Cohen's kappa on the questions both reviewed)",
                ["reviewer A", "reviewer B", "shared", "same verdict", "kappa"],
                kappa_rows,
            )
        )
    flagged: list[list[Cell]] = []
    for name, entries_by_q in reviewers:
        for qid, e in sorted(entries_by_q.items()):
            if e["verdict"] != "valid":
                flagged.append(
                    [qid, e.get("subset"), e.get("level"), name, e["verdict"], e.get("comment") or ""]
                )
    tables.append(
        Table(
            "human_flagged",
            "Questions flagged by a reviewer",
            ["question", "subset", "level", "reviewer", "verdict", "comment"],
            flagged,
        )
    )
    return Section("human_validation", "Human validation", text=text, tables=tables)
