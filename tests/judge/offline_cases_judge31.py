"""General answers for the judge31 round (issue 25, point 1: a unit bound to the asked slot),
built from generated questions: every frozen question snapshot up to v29 (questions only, never
their labelled answers). Each builder reads a question's text, reference and facts, never its
id. A wrong form must fail; a right form must be no certain fail.
"""

from __future__ import annotations

from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge27 as _judge27
from tests.judge import offline_cases_judge29 as _judge29

#: every frozen question file up to v29 (their answers are not read here)
SNAPSHOTS = (*_judge29.SNAPSHOTS, "offline_heldout_v29_questions.json")
Case = tuple[str, bool]  # (answer, whether it is right)


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


#: a count of things named by a plain noun ("333 districts", "4.2 thousand people"); not points
#: of an index or a score, and no unit of time, mass or length
_COUNT = (
    r"(?:(?:thousand|million|billion) )?"
    r"(?!(?:index |percentage )?points?\b|hours?\b|days?\b|weeks?\b|months?\b|years?\b|minutes?\b"
    r"|tonnes?\b|kg\b|km\b|metres?\b|litres?\b|USD\b|EUR\b)[a-z][a-z-]*(?: [a-z-]+)?"
)


def share_for_count(q: dict[str, Any]) -> list[Case]:
    """A count written in the words of a share of a whole ("333 basis points", "333 ‰",
    "333 percentage points" for 333 districts) fails; the count with its noun, or bare, passes."""
    f = _judge29._written(q, _COUNT)
    assert f is not None
    said = _judge27._said(f)
    ref = q["reference"]
    return [
        (ref, True),
        (ref.replace(said, str(f["text"]), 1), True),
        (ref.replace(said, f"{f['text']} basis points", 1), False),
        (ref.replace(said, f"{f['text']} bps", 1), False),
        (ref.replace(said, f"{f['text']}‰", 1), False),
        (ref.replace(said, f"{f['text']} percentage points", 1), False),
    ]


CLASSES: _judge18.Classes = {
    "share_for_count": (_judge29._selector(_COUNT), share_for_count),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())

