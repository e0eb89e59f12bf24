"""General answers for the judge34 round (issue 25), built from generated questions: every frozen
question snapshot up to v34 (questions only, never their labelled answers). Each builder reads a
question's text, reference and facts, never its id. A wrong form must fail; a right form must be
no certain fail.
"""

from __future__ import annotations

import re
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge27 as _judge27
from tests.judge import offline_cases_judge33 as _judge33

#: every frozen question file up to v34 (their answers are not read here)
SNAPSHOTS = (*_judge33.SNAPSHOTS, "offline_heldout_v34_questions.json")
Case = tuple[str, bool]  # (answer, whether it is right)
_YEAR = re.compile(r"(?:19|20)\d\d")


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """The first asked positive number (no year) the reference writes once, with its unit."""
    for f in q["answer_values"]:
        v = f["value"]
        if f["kind"] != "number" or v is None or v <= 0 or _YEAR.fullmatch(str(f["text"])):
            continue
        if q["reference"].count(_judge27._said(f)) == 1 and "." in str(f["text"]):
            return f
    return None


def asked_number(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _asked(q) is not None else None


def not_but(q: dict[str, Any]) -> list[Case]:
    """An answer that opens with a correction, "Not X but Y", asserts Y: with Y the asked value
    it is right (offline-claims-v32 read any answer opening with "Not" as denying the whole
    claim and failed it with certainty); with X the asked value and Y another, it fails."""
    f = _asked(q)
    assert f is not None
    ref, said, text = q["reference"], _judge27._said(f), str(f["text"])
    places = len(text.split(".")[1])
    other = f"{float(f['value']) * 1.5:.{places}f}{said[len(text) :]}"
    return [
        (f"Not {other} but {said}: {ref}", True),
        (f"Not {other}, but {said}. {ref}", True),
        (f"Not {said} but {other}: {ref.replace(said, other)}", False),
        (f"Not {said} but {other}.", False),
    ]


CLASSES: _judge18.Classes = {"not_but": (asked_number, not_but)}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
