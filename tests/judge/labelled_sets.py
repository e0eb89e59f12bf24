"""Reading a frozen labelled answer set and scoring the offline judge on it.

A set is a questions file (``{"questions": [...]}``, made by ``make_offline_questions``) and an
answers file (YAML: question id -> ``[score, style, answer]`` triples, labelled from the paper's
rubric). The held-out tests (v3, v4) share this code; each pins its own files' digests.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from judge import JudgeItem, OfflineJudge

DATA = Path(__file__).parent / "data"
PASS = 6
#: issue 25, point 5: targets on held-out answers
MIN_AGREEMENT = 0.90
MAX_FALSE_PASS = 0.03
MIN_AGREEMENT_CERTAIN = 0.97
MAX_FALSE_PASS_CERTAIN = 0.01
MIN_CERTAIN_SHARE = 0.70

Labelled = tuple[dict[str, Any], int, str, str]  # question, label, style, answer


@dataclass(frozen=True)
class Row:
    """One labelled answer and the judge's verdict on it (the answer text is not kept: whoever
    tunes the judge must not read held-out answers from a test's output)."""

    qid: str
    label: int
    style: str
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


def questions(name: str) -> dict[str, dict[str, Any]]:
    rows = json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return {q["question_id"]: q for q in rows}


def labelled(questions_file: str, answers_file: str) -> list[Labelled]:
    by_id = questions(questions_file)
    text = (DATA / answers_file).read_text(encoding="utf-8")
    keys = re.findall(r"^(\S+):", text, re.MULTILINE)
    assert len(keys) == len(set(keys)), f"{answers_file} names a question twice"
    return [
        (by_id[qid], int(score), str(style), str(answer))
        for qid, answers in yaml.safe_load(text).items()
        for score, style, answer in answers
    ]


def judged(rows: list[Labelled]) -> list[Row]:
    judge = OfflineJudge()
    out = []
    for q, label, style, text in rows:
        verdict = judge.score(JudgeItem(q["question"], q["reference"], text, q["answer_values"]))
        out.append(Row(q["question_id"], label, style, verdict.score, getattr(verdict, "certain", None)))
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


def assert_targets(rows: list[Row]) -> None:
    """The issue 25 targets: overall, and on the answers the judge marks certain."""
    overall = figures(rows)
    assert overall.agreement >= MIN_AGREEMENT, overall.line()
    assert overall.false_pass <= MAX_FALSE_PASS, overall.line()
    assert all(r.certain is not None for r in rows), "verdicts carry no `certain` attribute"
    certain = [r for r in rows if r.certain]
    assert len(certain) / len(rows) >= MIN_CERTAIN_SHARE
    sure = figures(certain)
    assert sure.agreement >= MIN_AGREEMENT_CERTAIN, sure.line()
    assert sure.false_pass <= MAX_FALSE_PASS_CERTAIN, sure.line()


def print_figures(name: str, rows: list[Row]) -> None:
    """Overall figures, figures on certain answers, and disagreements per style: counts only,
    never the answers."""
    overall = figures(rows)
    print(f"\noffline judge on {name}: {overall.line()}")
    certain = [r for r in rows if r.certain]
    if any(r.certain is not None for r in rows):
        share = len(certain) / len(rows)
        print(f"  certain answers: {share:.1%} of all; " + (figures(certain).line() if certain else "none"))
    else:
        print("  verdicts carry no `certain` attribute: no figures on certain answers")
    by_style: dict[str, list[Row]] = {}
    for r in rows:
        by_style.setdefault(r.style, []).append(r)
    for style, group in sorted(by_style.items()):
        wrong = sum((r.got >= PASS) != (r.label >= PASS) for r in group)
        false_pass = sum(r.got >= PASS > r.label for r in group)
        print(f"  {style:<17} {len(group):>3} answers, {wrong:>2} disagreements ({false_pass} false passes)")


def sha256_of(name: str) -> str:
    """The digest a frozen set's file is pinned by."""
    return hashlib.sha256((DATA / name).read_bytes()).hexdigest()


def seed_users(seed: int, mine: set[Path]) -> list[Path]:
    """Test modules and data other than ``mine`` (and the script that writes the question
    files) that name a held-out seed."""
    tests = DATA.parents[1]
    allowed = {p.resolve() for p in mine} | {(tests / "judge" / "make_offline_questions.py").resolve()}
    pattern = re.compile(rf"(?<!\d){seed}(?!\d)")
    return [
        path
        for path in tests.rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".json", ".yaml", ".yml", ".toml"}
        and path.resolve() not in allowed
        # a digest's hex may hold a seed's digits between two letters: it names no seed
        and pattern.search(_HEX_DIGEST.sub("", path.read_text(encoding="utf-8", errors="replace")))
    ]


_HEX_DIGEST = re.compile(r"\b[0-9a-f]{32,}\b")


def schema_problems(rows: list[Labelled], questions_file: str) -> list[str]:
    """What a labelled set lacks of the dataset's schema: every question well formed and
    answered, every subset, category and level present."""
    from synthdocbench_tasks.schema import CATEGORIES, DIFFICULTIES, SUBSETS, AnswerValue

    asked = {q["question_id"]: q for q, *_ in rows}
    out = [
        qid
        for qid, q in asked.items()
        if q["subset"] not in SUBSETS
        or q["category"] not in CATEGORIES[q["subset"]]
        or q["difficulty"] not in DIFFICULTIES
        or not (q["question"].strip() and q["reference"].strip())
    ]
    for q in asked.values():
        for value in q["answer_values"]:
            AnswerValue.model_validate(value)
    if set(questions(questions_file)) != set(asked):
        out.append("a question without answers")
    if {q["subset"] for q in asked.values()} != set(SUBSETS):
        out.append("a subset missing")
    if {q["category"] for q in asked.values()} != {c for s in SUBSETS for c in CATEGORIES[s]}:
        out.append("a category missing")
    if {q["difficulty"] for q in asked.values()} != set(DIFFICULTIES):
        out.append("a level missing")
    return out
