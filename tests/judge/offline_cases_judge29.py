"""General answers for the judge29 round (issue 25, point 1: a number counts only with a
compatible unit and scale), built from generated questions: every frozen question snapshot up
to v28 (questions only, never their labelled answers). Each builder reads a question's text,
reference and facts, never its id, and rewrites the unit or scale the reference writes with
one asked value: into another form of the same unit and scale (right) or into a unit or scale
of another dimension or size (wrong). A wrong form must fail; a right form must be no certain
fail (one in another language may be left uncertain for a cascade's LLM judge).
"""

from __future__ import annotations

import re
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge27 as _judge27

#: every frozen question file up to v28 (their answers are not read here)
SNAPSHOTS = (*_judge27.SNAPSHOTS, "offline_heldout_v27_questions.json", "offline_heldout_v28_questions.json")
Case = tuple[str, bool]  # (answer, whether it is right)


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _written(q: dict[str, Any], units: str) -> dict[str, Any] | None:
    """The first number fact whose unit fully matches ``units`` and that the reference writes
    once with it ("1.12 days"), or None."""
    for f in q["answer_values"]:
        said = _judge27._said(f)
        if (
            f["kind"] == "number"
            and re.fullmatch(units, str(f["unit"] or ""))
            and q["reference"].count(said) == 1
        ):
            return f
    return None


def _selector(units: str) -> _judge18.Select:
    def select(q: dict[str, Any]) -> dict[str, Any] | None:
        return q if _written(q, units) is not None else None

    return select


def _swap(q: dict[str, Any], units: str, said: str) -> str:
    """The reference with its :func:`_written` value and unit written as ``said`` ({v}: the value)."""
    f = _written(q, units)
    assert f is not None
    return q["reference"].replace(_judge27._said(f), said.format(v=f["text"]))


_SCALED_USD = r"(?:thousand|million|billion) USD"
#: the prefix letter of a scale, and a scale of another size
_PREFIX = {"thousand": ("k", "M"), "million": ("M", "G"), "billion": ("G", "M")}


def prefixed_code(q: dict[str, Any]) -> list[Case]:
    """An amount in thousands, millions or billions of USD with its scale as an SI prefix of the
    code ("19.045 GUSD" for 19.045 billion USD): the right prefix passes, another fails."""
    f = _written(q, _SCALED_USD)
    assert f is not None
    right, wrong = _PREFIX[str(f["unit"]).split()[0]]
    return [
        (_swap(q, _SCALED_USD, f"{{v}} {right}USD"), True),
        (_swap(q, _SCALED_USD, f"{{v}} {wrong}USD"), False),
        (_swap(q, _SCALED_USD, "{v} kEUR" if right != "k" else "{v} MEUR"), False),
    ]


def points_for_amount(q: dict[str, Any]) -> list[Case]:
    """An amount of USD written in percentage points ("fell by 6.00 percentage points" for 6.00
    billion USD) fails; "$" with the scale word passes."""
    f = _written(q, _SCALED_USD)
    assert f is not None
    scale = str(f["unit"]).split()[0]
    return [
        (_swap(q, _SCALED_USD, f"${{v}} {scale}"), True),
        (_swap(q, _SCALED_USD, "{v} percentage points"), False),
        (_swap(q, _SCALED_USD, "{v} pp"), False),
    ]


def bare_sign(q: dict[str, Any]) -> list[Case]:
    """A short answer giving the one asked amount of USD with a dollar sign and no scale on its
    line ("Services — $0.189" for 0.189 billion USD) fails; with its scale word it passes."""
    f = _lone(q)
    assert f is not None
    labels = ", ".join(str(lab["text"]) for lab in q["answer_values"] if lab["kind"] == "label")
    head = f"{labels} — " if labels else ""
    scale = str(f["unit"]).split()[0]
    return [
        (f"{head}${f['text']} {scale}", True),
        (f"{head}${f['text']}{scale[0] if scale != 'thousand' else 'k'}", True),
        (f"{head}${f['text']}", False),
        (f"{head}about ${f['text']}.", False),
    ]


def usd_lone(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_lone` fact in a scale of USD."""
    f = _lone(q)
    return q if f is not None and re.fullmatch(_SCALED_USD, str(f["unit"])) else None


_TIME = r"days|weeks|hours"
#: a time unit's other spellings (same unit) and units of another size, each in several languages
_TIME_FORMS = {
    "days": (("{v} giorni", "{v} días", "{v} Tage"), ("{v} h", "{v} settimane", "{v} Wochen", "{v} veckor")),
    "weeks": (("{v} settimane", "{v} semanas", "{v} wks"), ("{v} giorni", "{v} h", "{v} Tage")),
    "hours": (("{v} h", "{v} ore", "{v} Stunden"), ("{v} giorni", "{v} semanas", "{v} dagar")),
}


def time_unit(q: dict[str, Any]) -> list[Case]:
    """A span of time written with a symbol or another language's word: of its own unit
    ("1,12 giorni", "26.9 h" for hours) it passes; of another size ("1.12 h", "1,12 settimane"
    for 1.12 days) it fails."""
    f = _written(q, _TIME)
    assert f is not None
    right, wrong = _TIME_FORMS[str(f["unit"])]
    return [(_swap(q, _TIME, said), True) for said in right] + [(_swap(q, _TIME, s), False) for s in wrong]


_SCALED = r"(?:million|billion) USD|%"


def foreign_scale(q: dict[str, Any]) -> list[Case]:
    """A scale word of another language bound to the value: the same scale passes ("12,3
    milioni di USD", Hindi "मिलियन", Swedish "miljoner"), another size fails ("milioni" for
    billions, "tusen" for a percentage)."""
    f = _written(q, _SCALED)
    assert f is not None
    if f["unit"] == "%":
        return [
            (_swap(q, _SCALED, "{v}%"), True),
            (_swap(q, _SCALED, "{v} tusen deltagare"), False),
            (_swap(q, _SCALED, "{v} मिलियन"), False),
            (_swap(q, _SCALED, "{v} mila persone"), False),
        ]
    same, other = (("milioni", "मिलियन"), ("miliardi", "बिलियन"))[:: 1 if f["unit"].startswith("m") else -1]
    comma = str(f["text"]).replace(".", ",")  # Italian and Swedish write a decimal comma
    return [
        (_swap(q, _SCALED, f"{comma} {same[0]} di USD"), True),
        (_swap(q, _SCALED, f"{{v}} {same[1]} USD"), True),
        (_swap(q, _SCALED, f"{comma} {other[0]} di USD"), False),
        (_swap(q, _SCALED, f"{{v}} {other[1]} USD"), False),
        (_swap(q, _SCALED, f"{comma} tusen USD"), False),
    ]


def _lone(q: dict[str, Any]) -> dict[str, Any] | None:
    """The one number fact of a question whose other facts are labels the reference names,
    in a unit of a share or a scaled amount of USD."""
    numbers = [f for f in q["answer_values"] if f["kind"] == "number"]
    if len(numbers) != 1 or not re.fullmatch(_SCALED, str(numbers[0]["unit"] or "")):
        return None
    return numbers[0]


def lone_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_lone` fact."""
    return q if _lone(q) is not None else None


def unit_key(q: dict[str, Any]) -> list[Case]:
    """A key-value answer whose value is bare and whose own line names the unit ("value: 14.31 /
    unit: percentage points of births" for 14.31%): the fact's unit passes, another fails."""
    f = _lone(q)
    assert f is not None
    labels = "".join(f"label: {lab['text']}\n" for lab in q["answer_values"] if lab["kind"] == "label")
    unit = str(f["unit"])
    wrong = ("percentage points", "thousand people") if unit == "%" else ("percentage points", "thousand USD")
    right = "percent" if unit == "%" else unit
    return [(f"{labels}value: {f['text']}\nunit: {right}", True)] + [
        (f"{labels}value: {f['text']}\nunit: {w}", False) for w in wrong
    ]


#: a multiple of an earlier level, as the references of ratio questions write it
_MULTIPLE = re.compile(r"(\d+(?:\.\d+)?) times its ((?:19|20)\d\d) level")


def multiple_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose reference states the chart's value as a multiple of an earlier level."""
    return q if _MULTIPLE.search(q["reference"]) else None


def multiple_direction(q: dict[str, Any]) -> list[Case]:
    """The reference with a move word before its multiple ("0.636 times its 2010 level"): a fall
    below one and a rise above one are right; the other way ("grew to 0.636 times its 2010
    level") is wrong however right the multiple."""
    m = _MULTIPLE.search(q["reference"])
    assert m is not None
    up = float(m.group(1)) > 1
    ref, said = q["reference"], m.group(0)
    right, wrong = ("rose to", "fell to") if up else ("fell to", "rose to")
    return [
        (ref.replace(said, f"{right} {said}", 1), True),
        (ref.replace(said, f"{wrong} {said}", 1), False),
        (ref.replace(said, f"{'dropped' if up else 'grew'} to {said}", 1), False),
    ]


CLASSES: _judge18.Classes = {
    "prefixed_code": (_selector(_SCALED_USD), prefixed_code),
    "points_for_amount": (_selector(_SCALED_USD), points_for_amount),
    "time_unit": (_selector(_TIME), time_unit),
    "foreign_scale": (_selector(_SCALED), foreign_scale),
    "unit_key": (lone_asked, unit_key),
    "bare_sign": (usd_lone, bare_sign),
    "multiple_direction": (multiple_asked, multiple_direction),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
