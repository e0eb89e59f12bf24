"""General answers for the judge19 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v18 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass and the wrong forms must fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18

#: every frozen question file up to v18 (their answers are not read here)
SNAPSHOTS = (*_judge18.SNAPSHOTS, "offline_heldout_v18_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)

_ASKS_SIDE = re.compile(
    r"\b(?:higher|lower|greater|smaller|larger)\s+or\s+(?:higher|lower|greater|smaller|larger)\b"
)
_BASE = re.compile(r"\b(average|mean|median|target|threshold|benchmark|baseline|goal|estimate|forecast)\b")
_SAID = {"above": ("higher", "lower"), "below": ("lower", "higher")}


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def side_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A "higher or lower?" question against a base (an average, a target) with a side fact."""
    sides = [f["text"] for f in q["answer_values"] if f["kind"] == "label" and f["text"] in _SAID]
    if len(sides) != 1 or not _ASKS_SIDE.search(q["question"]) or not _BASE.search(q["question"]):
        return None
    return q


def side_than(q: dict[str, Any]) -> list[Case]:
    """ "It is lower than the average" says the item's side: the wrong one fails, said first or
    as the final answer after the right one (two conflicting answers); the right one passes."""
    side = next(f["text"] for f in q["answer_values"] if f["kind"] == "label" and f["text"] in _SAID)
    right, wrong = _SAID[side]
    m = _BASE.search(q["question"])
    assert m is not None
    base = m.group(1)
    ref = q["reference"]
    return [
        (ref, True),
        (f"It is {right} than the {base}. {ref}", True),
        (f"{ref}\nFinal answer: it is {right} than the {base}.", True),
        (f"It is {wrong} than the {base}. {ref}", False),
        (f"{ref}\nFinal answer: it is {wrong} than the {base}.", False),
        (f"{ref} So overall it comes out {wrong} than the {base}.", False),
    ]


def verify_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A "does the chart confirm it?" question (a verdict fact)."""
    verdicts = [f for f in q["answer_values"] if f["kind"] == "label" and f["text"] in _VERDICTS]
    return q if len(verdicts) == 1 else None


#: the other verdict, said loosely (no verdict word the pole rules read)
_VERDICTS = {
    "matches": ("a bit off", "slightly off", "somewhat off"),
    "does not match": ("fine", "about right", "close enough"),
}


def verdict_hedged(q: dict[str, Any]) -> list[Case]:
    """A verdict that offers the other one beside it ("it could also be a bit off") leaves the
    asked verdict open: it fails; the reference said plainly passes."""
    verdict = next(f["text"] for f in q["answer_values"] if f["kind"] == "label" and f["text"] in _VERDICTS)
    one, two, three = _VERDICTS[verdict]
    ref = q["reference"]
    return [
        (ref, True),
        (f"In short: {ref}", True),
        (f"{ref} It might be so; it could also be {one}.", False),
        (f"{ref} Then again, it may equally be {two}.", False),
        (f"{ref} It could just as well be {three}.", False),
    ]


CLASSES: _judge18.Classes = {
    "side_than": (side_asked, side_than),
    "verdict_hedged": (verify_asked, verdict_hedged),
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    return _judge18.cases_of(CLASSES, name, questions())
