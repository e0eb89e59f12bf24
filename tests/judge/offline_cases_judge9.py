"""General answers for the judge9 round's error classes (issue 25), built from generated
questions like :mod:`tests.judge.offline_cases_judge8`: every frozen question snapshot up to v9
(questions only, never their labelled answers). Each builder reads a question's reference and
facts, never its id, and returns answers with the verdict a careful grader gives them (pass:
score >= 6), or nothing when its style does not apply.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from tests.judge.offline_cases import DATA, Builder, Case, cases_of, labels
from tests.judge.offline_cases_judge8 import SNAPSHOTS as _JUDGE8_SNAPSHOTS
from tests.judge.offline_cases_judge8 import _off, _unit, _values

#: every frozen question file up to v9 (their answers are not read here)
SNAPSHOTS = (*_JUDGE8_SNAPSHOTS, "offline_heldout_v9_questions.json")


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _verdict_with_values(q: dict[str, Any]) -> tuple[str, list[dict[str, Any]]] | None:
    """A question whose facts are one verdict label and two or more values read from the
    document (no computed result, no years): its label's text and its values."""
    marks = labels(q)
    values = _values(q)
    if len(marks) != 1 or len(values) < 2 or len(values) + len(marks) != len(q["answer_values"]):
        return None
    if any(float(v["value"]) == 0 or v.get("rel_tol", 0) > 0.05 for v in values):
        return None
    return str(marks[0]), values


_FORMS = (
    "{label}: {values}.",
    "The chart {label} it, with {values}.",
    "Answer: {label} ({values}).",
)


def wrong_support(q: dict[str, Any]) -> list[Case]:
    """A right verdict beside a supporting value stated as another value than the reference
    gives is a contradiction of that fact: a fail (before judge9 the share of the other facts
    passed it); the same answer with every value right passes."""
    found = _verdict_with_values(q)
    if found is None:
        return []
    label, values = found
    right = [f"{v['text']}{_unit(v)}" for v in values]
    wrong = list(right)
    wrong[-1] = f"{_off(values[-1], q['reference'])}{_unit(values[-1])}"
    out: list[Case] = []
    for form in _FORMS:
        out.append((form.format(label=label, values=" and ".join(right)), True))
        out.append((form.format(label=label, values=" and ".join(wrong)), False))
    return out


CLASSES: dict[str, Builder] = {
    "wrong_support": wrong_support,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    yield from cases_of(CLASSES[name], questions())
