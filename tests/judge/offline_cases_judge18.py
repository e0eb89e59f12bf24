"""General answers for the judge18 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v17 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass and the wrong forms must fail.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from tests.judge.offline_cases import DATA
from tests.judge.offline_cases_judge17 import SNAPSHOTS as _JUDGE17_SNAPSHOTS

#: every frozen question file up to v17 (their answers are not read here)
SNAPSHOTS = (*_JUDGE17_SNAPSHOTS, "offline_heldout_v17_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)

_IN_LINE = re.compile(
    r"\bshows? [^;]*? at (?P<shown>-?\d[\d.,]*)(?P<unit>%|\s[a-z][a-z ]*?)?, in line with the text's"
    r" (?:[a-z]+(?: [a-z]+)? of )?(?P<text>-?\d[\d.,]*)"
)


def questions_of(name: str) -> list[dict[str, Any]]:
    """The questions of one frozen question file."""
    questions: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return questions


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in questions_of(name)]


def unscored_reading(q: dict[str, Any]) -> dict[str, Any] | None:
    """A "does the chart confirm it?" question whose reference reads a value off the chart, as
    the generator asks it since verify45: the charted value is not scored (dropped if it is)."""
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    m = _IN_LINE.search(q["reference"])
    if labels != ["matches"] or m is None:
        return None
    kept = [f for f in q["answer_values"] if f["text"] != m.group("shown")]
    if any(f["kind"] == "number" and f["text"] != m.group("text") for f in kept):
        return None  # another value asked: the answers below would miss it
    return {**q, "answer_values": kept}


def reading_denied(q: dict[str, Any]) -> list[Case]:
    """A verdict that negates the charted reading it rests on ("Figure 9 does not show 16.1%, in
    line with the text's 16%, so the chart matches it") fails; the same reading stated passes."""
    m = _IN_LINE.search(q["reference"])
    assert m is not None
    unit = m.group("unit") or ""
    shown, text = f"{m.group('shown')}{unit}", f"{m.group('text')}{unit}"
    return [
        (q["reference"], True),
        (f"The chart shows {shown}, in line with the text's {text}, so the chart matches it.", True),
        (f"The figure does not show {shown}, in line with the text's {text}, so it matches.", False),
        (f"It doesn't show {shown}; that is in line with the text's {text}, so it matches.", False),
        (f"Matches: the chart is not at {shown}, and the text says {text}.", False),
    ]


Select = Callable[[dict[str, Any]], dict[str, Any] | None]
Build = Callable[[dict[str, Any]], list[Case]]
#: a case class's name -> which questions it takes (and how) and the answers it writes for one
Classes = dict[str, tuple[Select, Build]]
CLASSES: Classes = {
    "reading_denied": (unscored_reading, reading_denied),
}


Generated = Iterator[tuple[dict[str, Any], str, bool]]  # (question, answer, whether it must pass)


def cases_of(classes: Classes, name: str, qs: list[dict[str, Any]]) -> Generated:
    """The class ``name``'s answers on every question of ``qs`` its selector takes."""
    select, build = classes[name]
    for q in qs:
        chosen = select(q)
        if chosen is None:
            continue
        for answer, passes in build(chosen):
            yield chosen, answer, passes


def cases(name: str) -> Generated:
    return cases_of(CLASSES, name, questions())
