"""The offline judge on the frozen held-out labelled set v3 (issue 25, point 2).

``data/offline_heldout_v3_questions.json`` holds 48 questions the generator made from seed 9173
(no other test uses it; one per category and level the run holds, then second questions up to
48); ``data/offline_heldout_v3.yaml`` holds 386 answers in the styles real VLM outputs take
(chain of thought, other units and scales, hedges, five other languages, markdown and LaTeX,
...), labelled from the paper's rubric alone before any judge change. Both files are frozen:
their SHA-256 digests are pinned below, so any edit shows up as a failing test and a diff.

This set is now a **tuned** set: it was held out until its first run on the judge2 round of
offline-claims-v3 (pass/fail agreement 86.3%, false passes 9.9% of label-fails; certain on
49.7% of answers, at 89.6% agreement / 10.0% false passes), and the judge3 round was tuned on
it (it now meets the issue 25 targets here, asserted below: 93.3% agreement, 2.5% false
passes; certain on 71.8% of answers at 98.9% / 0.6%). Its figures are an upper bound now; the
judge's held-out quality is measured on the sets written after it.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider tests/judge/test_offline_heldout_v3.py
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from judge import JudgeItem, OfflineJudge
from synthdocbench_tasks.schema import CATEGORIES, DIFFICULTIES, SUBSETS, AnswerValue
from tests.judge import make_offline_questions

DATA = Path(__file__).parent / "data"
QUESTIONS = "offline_heldout_v3_questions.json"
ANSWERS = "offline_heldout_v3.yaml"
DIGESTS = {
    QUESTIONS: "65a145796d9f3908cc3a437d538d47e3b9bb25748de86f4aae9f6799b3f1017d",
    ANSWERS: "0eb4957de3478c984183b2e6c938d33b75340b23261bfa05364bdb7c435b9bff",
}
PASS = 6
#: issue 25, point 5: targets on held-out answers
MIN_AGREEMENT = 0.90
MAX_FALSE_PASS = 0.03
MIN_AGREEMENT_CERTAIN = 0.97
MAX_FALSE_PASS_CERTAIN = 0.01
MIN_CERTAIN_SHARE = 0.70


@dataclass(frozen=True)
class Row:
    """One labelled answer and the judge's verdict on it."""

    qid: str
    label: int
    style: str
    text: str
    got: int
    certain: bool | None


@dataclass(frozen=True)
class Figures:
    """Pass/fail agreement of the judge with the labels over some rows."""

    n: int
    questions: int
    agreement: float
    false_pass: float  # share of label-fails the judge passes
    false_fail: float  # share of label-passes the judge fails
    false_pass_of_all: float
    mae: float

    def line(self) -> str:
        return (
            f"{self.n} answers / {self.questions} questions; pass/fail agreement {self.agreement:.1%}; "
            f"false passes {self.false_pass:.1%} of label-fails ({self.false_pass_of_all:.1%} of all); "
            f"false fails {self.false_fail:.1%} of label-passes; mean abs score diff {self.mae:.2f}"
        )


def _questions() -> dict[str, dict[str, Any]]:
    rows = json.loads((DATA / QUESTIONS).read_text(encoding="utf-8"))["questions"]
    return {q["question_id"]: q for q in rows}


def _labelled() -> list[tuple[dict[str, Any], int, str, str]]:
    questions = _questions()
    text = (DATA / ANSWERS).read_text(encoding="utf-8")
    keys = re.findall(r"^(\S+):", text, re.MULTILINE)
    assert len(keys) == len(set(keys)), f"{ANSWERS} names a question twice"
    return [
        (questions[qid], int(score), str(style), str(answer))
        for qid, answers in yaml.safe_load(text).items()
        for score, style, answer in answers
    ]


def _judged() -> list[Row]:
    judge = OfflineJudge()
    out = []
    for q, label, style, text in _labelled():
        verdict = judge.score(JudgeItem(q["question"], q["reference"], text, q["answer_values"]))
        certain = getattr(verdict, "certain", None)
        out.append(Row(q["question_id"], label, style, text, verdict.score, certain))
    return out


def figures(rows: list[Row]) -> Figures:
    """The agreement figures over ``rows`` (which must hold both label-passes and label-fails)."""
    fails = [r for r in rows if r.label < PASS]
    passes = [r for r in rows if r.label >= PASS]
    false_pass = sum(r.got >= PASS for r in fails)
    false_fail = sum(r.got < PASS for r in passes)
    n = len(rows)
    return Figures(
        n=n,
        questions=len({r.qid for r in rows}),
        agreement=(n - false_pass - false_fail) / n,
        false_pass=false_pass / max(1, len(fails)),
        false_fail=false_fail / max(1, len(passes)),
        false_pass_of_all=false_pass / n,
        mae=sum(abs(r.got - r.label) for r in rows) / n,
    )


@pytest.fixture(scope="module")
def judged() -> list[Row]:
    return _judged()


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_frozen_files_keep_their_digest(name: str) -> None:
    """Any edit to the frozen set is visible: change the digest only for a new labelling round."""
    digest = hashlib.sha256((DATA / name).read_bytes()).hexdigest()
    assert digest == DIGESTS[name], f"{name} changed (sha256 {digest}); the held-out set is frozen"


def test_questions_are_frozen_not_rebuilt() -> None:
    """``make_offline_questions`` never rewrites the frozen file, and ``--check`` skips it."""
    assert QUESTIONS in make_offline_questions.FROZEN
    assert make_offline_questions.SETS[QUESTIONS][0] == 9173


def test_set_covers_subsets_categories_levels_and_styles() -> None:
    rows = _labelled()
    questions = {q["question_id"]: q for q, *_ in rows}
    for q in questions.values():
        assert q["subset"] in SUBSETS and q["category"] in CATEGORIES[q["subset"]], q["question_id"]
        assert q["difficulty"] in DIFFICULTIES and q["question"].strip() and q["reference"].strip()
        for value in q["answer_values"]:
            AnswerValue.model_validate(value)
    assert len(rows) >= 320 and len(questions) >= 45
    assert set(_questions()) == set(questions)  # every question has answers
    assert {q["subset"] for q in questions.values()} == set(SUBSETS)
    assert {q["category"] for q in questions.values()} == {c for s in SUBSETS for c in CATEGORIES[s]}
    assert {q["difficulty"] for q in questions.values()} == set(DIFFICULTIES)
    styles = Counter(style for _, _, style, _ in rows)
    for style in ("cot_wrong", "converted", "wrong_scale", "hedged", "chinese", "japanese", "latex"):
        assert styles[style] >= 5, style
    assert all(0 <= score <= 10 for _, score, _, _ in rows)
    passing = sum(score >= PASS for _, score, _, _ in rows)
    assert 0.3 < passing / len(rows) < 0.7


def test_prints_the_judges_figures(judged: list[Row]) -> None:
    """Prints the figures (always passes: the targets are the next test)."""
    overall = figures(judged)
    print(f"\noffline judge on held-out set v3: {overall.line()}")
    certain = [r for r in judged if r.certain]
    if any(r.certain is not None for r in judged):
        share = len(certain) / len(judged)
        print(f"  certain answers: {share:.1%} of all; " + (figures(certain).line() if certain else "none"))
    else:
        print("  verdicts carry no `certain` attribute: no figures on certain answers")
    by_style: dict[str, list[Row]] = {}
    for r in judged:
        by_style.setdefault(r.style, []).append(r)
    for style, rows in sorted(by_style.items()):
        wrong = sum((r.got >= PASS) != (r.label >= PASS) for r in rows)
        print(f"  {style:<14} {len(rows):>3} answers, {wrong:>2} pass/fail disagreements")
    # Only counts are printed, never the answers: whoever tunes the judge must not read them.
    assert overall.n >= 320


def test_meets_the_issue_25_targets(judged: list[Row]) -> None:
    overall = figures(judged)
    assert overall.agreement >= MIN_AGREEMENT, overall.line()
    assert overall.false_pass <= MAX_FALSE_PASS, overall.line()
    assert all(r.certain is not None for r in judged), "verdicts carry no `certain` attribute"
    certain = [r for r in judged if r.certain]
    assert len(certain) / len(judged) >= MIN_CERTAIN_SHARE
    sure = figures(certain)
    assert sure.agreement >= MIN_AGREEMENT_CERTAIN, sure.line()
    assert sure.false_pass <= MAX_FALSE_PASS_CERTAIN, sure.line()
