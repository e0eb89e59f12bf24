"""General answers for the judge27 round (issue 25: a verdict is certain only when every claim
beyond the asked slot was bound and checked), built from generated questions: every frozen
question snapshot up to v26 (questions only, never their labelled answers). Each builder reads a
question's text, reference and facts, never its id, and writes right and wrong forms: a wrong
form must be no certain pass, a right form no certain fail (both may be left uncertain for a
cascade's LLM judge).
"""

from __future__ import annotations

import re
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge25 as _judge25

#: every frozen question file up to v26 (their answers are not read here)
SNAPSHOTS = (*_judge25.SNAPSHOTS, "offline_heldout_v25_questions.json", "offline_heldout_v26_questions.json")
Case = tuple[str, bool]  # (answer, whether it is right)
_YEAR = re.compile(r"(?:19|20)\d\d")
_REASON = re.compile(r"\b(?:main\s+reason|factor\s+does|credits?)\b", re.IGNORECASE)


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _said(f: dict[str, Any]) -> str:
    return f"{f['text']}{'' if str(f['unit']).startswith('%') else ' '}{f['unit'] or ''}".strip()


def _pair(q: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Two number facts of one unit (no years) with other values, in the reference's order."""
    numbers = [
        f
        for f in q["answer_values"]
        if f["kind"] == "number" and not (not f["unit"] and _YEAR.fullmatch(str(f["text"])))
    ]
    for i, a in enumerate(numbers):
        for b in numbers[i + 1 :]:
            if a["unit"] == b["unit"] and a["value"] != b["value"] and a["text"] != b["text"]:
                return a, b
    return None


def pair_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_pair` and no value computed from read ones (a change, a gap:
    an absolute tolerance only, as the judge reads it)."""
    derived = any(f["kind"] == "number" and f["abs_tol"] and not f["rel_tol"] for f in q["answer_values"])
    return q if _pair(q) is not None and not derived else None


def _labels(q: dict[str, Any]) -> list[str]:
    return [str(f["text"]) for f in q["answer_values"] if f["kind"] == "label"]


def _roles(q: dict[str, Any]) -> tuple[str, str] | None:
    """Two labels the reference puts each before one value of the :func:`_pair` ("from the
    minimum, 105.2 days, to the maximum, 236.1 days"), in the pair's order, or None."""
    pair = _pair(q)
    if pair is None:
        return None
    ref = q["reference"]
    at = [ref.find(f"{f['text']}") for f in pair]
    if min(at) < 0 or at[0] >= at[1]:
        return None
    before = [lab for lab in _labels(q) if not _YEAR.fullmatch(lab)]
    firsts = [lab for lab in before if -1 < ref.find(lab) < at[0]]
    seconds = [lab for lab in before if at[0] < ref.find(lab) < at[1]]
    return (firsts[-1], seconds[-1]) if firsts and seconds else None


def roles_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with :func:`_roles`."""
    return q if _roles(q) is not None else None


def respectively_swapped(q: dict[str, Any]) -> list[Case]:
    """The two values with their roles in a "respectively" list after them, as the reference
    pairs them (right) or swapped (wrong)."""
    pair, roles = _pair(q), _roles(q)
    assert pair is not None and roles is not None
    a, b = pair
    out: list[Case] = []
    for first, second, right in ((*roles, True), (*reversed(roles), False)):
        out += [
            (f"They are {_said(a)} and {_said(b)}, the {first} and {second} respectively.", right),
            (
                f"The chart gives {_said(a)} and {_said(b)}, which are the {first} and the {second}"
                " respectively.",
                right,
            ),
        ]
    return out


def foreign_swapped(q: dict[str, Any]) -> list[Case]:
    """The two values in a script the judge has no gloss of (Arabic, Hebrew), in the reference's
    order (right) or swapped (wrong): it reads the numbers, not the words that say which is which."""
    pair = _pair(q)
    assert pair is not None
    a, b = pair
    out: list[Case] = []
    for x, y, right in ((a, b, True), (b, a, False)):
        u, v = x["text"], y["text"]
        out += [
            (f"يذكر النص {u}، بينما يُظهر الرسم البياني {v}.", right),
            (f"القيمة الأولى هي {u} والثانية {v}.", right),
            (f"הערך הראשון הוא {u} והשני {v}.", right),
        ]
    return out


def _reason(q: dict[str, Any]) -> str | None:
    """The label the reference gives as the reason ("put down mainly to the cap", "credits the
    cap"), for a question that asks for one."""
    if not _REASON.search(q["question"]):
        return None
    for lab in _labels(q):
        if re.search(rf"\b(?:to|credits?|credited)\s+{re.escape(lab)}", q["reference"], re.IGNORECASE):
            return lab
    return None


def reason_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_reason`."""
    return q if _reason(q) is not None else None


def reason_reversed(q: dict[str, Any]) -> list[Case]:
    """The reason named as what the change brought about ("the change led the authorities to
    bring in the cap"), with every other fact right: the causal claim is backwards (wrong)."""
    label = _reason(q)
    assert label is not None
    rest = "; ".join(_said(f) for f in q["answer_values"] if f["kind"] == "number")
    rest = f" The figures: {rest}." if rest else ""
    return [
        (f"The change led the authorities to bring in {label}.{rest}", False),
        (f"The change in the figures is what prompted {label}.{rest}", False),
        (f"The change over those years resulted in {label}.{rest}", False),
    ]


#: a value's fractional part and the vulgar fraction that writes it
_FRACTIONS = {0.25: "¼", 0.5: "½", 0.75: "¾", 0.2: "⅕", 0.4: "⅖", 0.6: "⅗", 0.8: "⅘"}


def _fractional(q: dict[str, Any]) -> dict[str, Any] | None:
    """A number fact (no year) whose value is a whole number and a :data:`_FRACTIONS` part, that
    the reference writes with its unit."""
    for f in q["answer_values"]:
        value = f["value"]
        if (
            f["kind"] != "number"
            or not isinstance(value, (int, float))
            or value <= 1
            or _said(f) not in q["reference"]
        ):
            continue
        if round(value % 1, 6) in _FRACTIONS and not _YEAR.fullmatch(str(f["text"])):
            return f
    return None


def fraction_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_fractional` fact."""
    return q if _fractional(q) is not None else None


def vulgar_fraction(q: dict[str, Any]) -> list[Case]:
    """The reference with the value written as a whole number and a vulgar fraction ("18⅕
    percentage points", "14 ¼ hours") is right; with another whole number (twice it and seven
    more) it is wrong."""
    f = _fractional(q)
    assert f is not None
    whole, part = int(f["value"] // 1), _FRACTIONS[round(f["value"] % 1, 6)]
    unit = f" {f['unit']}" if f["unit"] and not str(f["unit"]).startswith("%") else str(f["unit"] or "")
    said = _said(f)
    return [
        (q["reference"].replace(said, f"{whole}{part}{unit}"), True),
        (q["reference"].replace(said, f"{whole} {part}{unit}"), True),
        (q["reference"].replace(said, f"{whole * 2 + 7}{part}{unit}"), False),
    ]


CLASSES: _judge18.Classes = {
    "vulgar_fraction": (fraction_asked, vulgar_fraction),
    "respectively_swapped": (roles_asked, respectively_swapped),
    "foreign_swapped": (pair_asked, foreign_swapped),
    "reason_reversed": (reason_asked, reason_reversed),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
