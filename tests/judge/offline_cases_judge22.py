"""General answers for the judge22 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v21 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass and the wrong forms must fail.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge20 as _judge20
from tests.judge import offline_cases_judge21 as _judge21

#: every frozen question file up to v21 (their answers are not read here)
SNAPSHOTS = (*_judge21.SNAPSHOTS, "offline_heldout_v21_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
#: a name no question or reference uses, for a rival label
_RIVAL = "Westmarch Holdings"


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _other(text: str, factor: str = "1.37") -> str:
    """Another value printed like ``text`` (same decimals), far outside any tolerance."""
    value = Decimal(text.replace(",", ""))
    places = len(text.split(".")[1]) if "." in text else 0
    other = (value * Decimal(factor)).quantize(Decimal(1).scaleb(-places))
    return str(other)


def _last_number(q: dict[str, Any]) -> dict[str, Any] | None:
    """The last number fact that is no year, stated once in the reference as its text."""
    facts = [f for f in _judge20._numbers(q) if not re.fullmatch(r"(?:19|20)\d\d", f["text"])]
    if not facts or not re.fullmatch(r"-?\d+(?:\.\d+)?", facts[-1]["text"]):
        return None
    if q["reference"].count(facts[-1]["text"]) != 1:
        return None
    return facts[-1]


def struck_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose one number fact that is no year (non-zero) the reference states once."""
    fact = _last_number(q)
    years = [f for f in _judge20._numbers(q) if re.fullmatch(r"(?:19|20)\d\d", f["text"])]
    if fact is None or len(_judge20._numbers(q)) - len(years) != 1:
        return None
    return q if Decimal(fact["text"]) != 0 else None


def struck_through(q: dict[str, Any]) -> list[Case]:
    """A value struck through is taken back: "~~wrong~~ right" passes, "~~right~~ wrong" fails,
    in markdown and in HTML."""
    fact = _last_number(q)
    assert fact is not None
    ref, right = q["reference"], fact["text"]
    wrong = _other(right)
    return [
        (ref.replace(right, f"~~{wrong}~~ {right}"), True),
        (ref.replace(right, f"~~{wrong}~~ **{right}**"), True),
        (ref.replace(right, f"<del>{wrong}</del> {right}"), True),
        (ref.replace(right, f"~~{right}~~ {wrong}"), False),
        (ref.replace(right, f"~~{right}~~ **{wrong}**"), False),
        (ref.replace(right, f"<s>{right}</s> {wrong}"), False),
    ]


def _signed_lead(q: dict[str, Any]) -> str | None:
    """How the reference leads into its last number fact, a fall: "of " or ": " before "-0.03"."""
    fact = _last_number(q)
    if fact is None or not fact["text"].startswith("-"):
        return None
    return next((lead for lead in ("of ", ": ", "= ") if f"{lead}{fact['text']}" in q["reference"]), None)


def negative_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose last number fact is a fall the reference gives after "of", ":" or "="."""
    return q if _signed_lead(q) is not None else None


def accounting_negative(q: dict[str, Any]) -> list[Case]:
    """A fall written in accounting parentheses ("a change of (0.03) percentage points",
    "(84.1)%", "(84.1%)") passes; with a plus sign, or called a rise, it fails."""
    fact = _last_number(q)
    lead = _signed_lead(q)
    assert fact is not None and lead is not None
    number, ref = fact["text"].lstrip("-"), q["reference"]
    said = f"{lead}{fact['text']}"
    out = [(ref.replace(said, f"{lead}({number})"), True)]
    if fact["unit"] == "%":
        out.append((ref.replace(f"{said}%", f"{lead}({number}%)"), True))
    out += [(ref.replace(said, f"{lead}+{number}"), False)]
    out += [(ref.replace(said, f"{lead}({number}) (a rise)"), False)]
    return out


def _transposition(text: str) -> str | None:
    """``text`` with its last two digits swapped, when they differ."""
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    if len(digits) < 3:
        return None
    a, b = digits[-2], digits[-1]
    if text[a] == text[b]:
        return None
    chars = list(text)
    chars[a], chars[b] = chars[b], chars[a]
    return "".join(chars)


def transposed_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose last number fact has three digits or more, the last two different."""
    fact = _last_number(q)
    return q if fact is not None and _transposition(fact["text"]) is not None else None


def transposed(q: dict[str, Any]) -> list[Case]:
    """The value with two digits swapped ("4.72" for 4.27) fails, however close; the value passes."""
    fact = _last_number(q)
    assert fact is not None
    swapped = _transposition(fact["text"])
    assert swapped is not None
    ref = q["reference"]
    return [(ref, True), (ref.replace(fact["text"], swapped), False)]


def _named_label(q: dict[str, Any]) -> dict[str, Any] | None:
    """The first label fact that is a name (capitalised, no pole word, no colour, no year) the
    reference states once."""
    for f in q["answer_values"]:
        text = f["text"]
        if (
            f["kind"] == "label"
            and text[:1].isupper()
            and not re.fullmatch(r"(?:19|20)\d\d", text)
            and q["reference"].count(text) == 1
        ):
            return f
    return None


def named_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _named_label(q) is not None else None


def two_finals(q: dict[str, Any]) -> list[Case]:
    """Two final answers that name two things for one slot fail, whichever comes last; the same
    answer said twice passes."""
    fact = _named_label(q)
    assert fact is not None
    ref = q["reference"]
    rival = ref.replace(fact["text"], _RIVAL)
    return [
        (f"Answer: {ref}\n\nFinal answer: {ref}", True),
        (f"Answer: {ref}\n\nThe chart's legend names each series.\n\nFinal answer: {rival}", False),
        (f"**Answer:** {rival}\n\n**Final answer:** {ref}", False),
        (f"Answer: {ref}\n\nFinal answer: {rival}", False),
    ]


#: a path the reference states: "from 6.15% to 6.12%", "(259.6 million USD to 261.3 million USD)"
_PATH = re.compile(
    r"(?:\bfrom |\()(?P<a>\d[\d.]*)(?P<ua>%| [a-z][a-z ]*?)? (?:in (?:19|20)\d\d )?"
    r"to (?P<b>\d[\d.]*)(?P<ub>%| [a-z]+)?"
)


def _path(q: dict[str, Any]) -> re.Match[str] | None:
    """The reference's one path whose second end is no fact's text and has a decimal point."""
    found = list(_PATH.finditer(q["reference"]))
    facts = {f["text"] for f in q["answer_values"]}
    if len(found) != 1 or found[0]["b"] in facts or "." not in found[0]["b"]:
        return None
    return found[0]


def path_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _path(q) is not None and q["reference"].count(_path(q)["b"]) == 1 else None  # type: ignore[index]


def wrong_path(q: dict[str, Any]) -> list[Case]:
    """The path the answer gives for its value, with its end misread ("6.15% → 5.12%" for
    6.15% to 6.12%), fails, right verdict and value or not; read right, or said again, it passes."""
    m = _path(q)
    assert m is not None
    ref, end = q["reference"], m["b"]
    wrong = _other(end, "1.21")
    start = f"{m['a']}{m['ua'] or ''}"
    return [
        (ref, True),
        (f"{ref} ({start} → {end}{m['ub'] or m['ua'] or ''})", True),
        (ref.replace(end, wrong, 1), False),
        (f"{ref} ({start} → {wrong}{m['ub'] or m['ua'] or ''})", False),
    ]


#: how the references state a stance
_STANCES = {
    pole: (f"reacted {word}", f"responded {word}", f"judged it {judged}", f"judged it {word}")
    for pole, word, judged in (
        ("positive", "positively", "favourably"),
        ("negative", "negatively", "critically"),
    )
}


def _stance(q: dict[str, Any]) -> tuple[str, str] | None:
    """The reference's one positive or negative stance phrase and its pole."""
    facts = {f["text"] for f in q["answer_values"] if f["kind"] == "label"}
    for pole, phrases in _STANCES.items():
        said = [p for p in phrases if p in q["reference"]]
        if pole in facts and len(said) == 1 and q["reference"].count(said[0]) == 1:
            return said[0], pole
    return None


def stance_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _stance(q) is not None else None


_AGAINST = {
    "positive": ("calling it a setback for the sector", "saying it had held back investment"),
    "negative": ("calling it a boost for the sector", "saying it had helped investment"),
}
_ALONG = {
    "positive": "calling it a boost for the sector",
    "negative": "saying it had held back investment",
}


def stance_reason(q: dict[str, Any]) -> list[Case]:
    """A stance given with a reason of the other sense ("reacted positively, calling it a
    setback") fails; with a reason of its own sense it passes."""
    found = _stance(q)
    assert found is not None
    said, pole = found
    ref = q["reference"]
    return [
        (ref.replace(said, f"{said}, {_ALONG[pole]}"), True),
        *((ref.replace(said, f"{said}, {reason}"), False) for reason in _AGAINST[pole]),
    ]


_DIRECTION = re.compile(r"\bso it (fell|rose)\b")


def verdict_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A "does the chart match the text?" question whose reference says it matches and which way."""
    labels = {f["text"] for f in q["answer_values"] if f["kind"] == "label"}
    return q if "matches" in labels and _DIRECTION.search(q["reference"]) else None


def verdict_reason(q: dict[str, Any]) -> list[Case]:
    """ "They agree" given with a reason that sets the chart's direction against the text's fails;
    with both the same way it passes."""
    m = _DIRECTION.search(q["reference"])
    assert m is not None
    ref, said = q["reference"], m.group(1)
    other, moving = ("rising", "falling") if said == "fell" else ("falling", "rising")
    back = "rose" if said == "fell" else "fell"
    return [
        (f"{ref} They agree: the chart shows it {moving}, as the text says it {said}.", True),
        (f"{ref} They agree, since the chart shows it {other} while the text says it {said}.", False),
        (f"{ref} The chart matches: the chart has it {moving} and the text says it {back}.", False),
    ]


_TARGET = re.compile(
    r"\b(?:target|forecast|estimate) (?:of|is) (?P<x>\d[\d.]*)(?P<u>%| [a-z][\w-]*(?: [a-z][\w-]*)?)?"
)
_SHOWN = re.compile(r"\bshows (?P<y>\d[\d.]*)")


def _target_and_shown(q: dict[str, Any]) -> tuple[str, str, str] | None:
    """The reference's target, forecast or estimate, the charted value under it, and their unit,
    when those are the question's two number facts."""
    t, s = _TARGET.search(q["reference"]), _SHOWN.search(q["reference"])
    numbers = sorted(f["text"] for f in _judge20._numbers(q))
    if t is None or s is None or numbers != sorted([t["x"], s["y"]]):
        return None
    if {f["text"] for f in q["answer_values"] if f["kind"] == "label"} - {"below"}:
        return None  # a verdict ("matches") or a name the answers below do not give
    if Decimal(s["y"]) >= Decimal(t["x"]):
        return None
    unit = t["u"] or ""
    return t["x"], s["y"], unit if unit == "%" else unit.split(",")[0]


def below_mark(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _target_and_shown(q) is not None else None


def reach_denied(q: dict[str, Any]) -> list[Case]:
    """A reach denied negates the reach, not the values: "34.3% does not reach the target of
    41.8%" states both values; a value denied itself ("the chart does not show 34.3%", "the
    target is not 41.8%") fails."""
    found = _target_and_shown(q)
    assert found is not None
    target, shown, unit = found
    x, y = f"{target}{unit}", f"{shown}{unit}"
    return [
        (f"The chart shows {y}, which does not reach the text's mark of {x}.", True),
        (f"The charted value of {y} does not meet the text's figure of {x}.", True),
        (f"At {y}, the chart fails to reach the text's figure of {x}.", True),
        (f"The chart does not show {y}; the text's figure is {x}.", False),
        (f"The text's figure is not {x}, and the chart shows {y}.", False),
    ]


#: a factor the reference credits: "put down mainly to the online learning platform", "credit the cap"
_CREDITED = re.compile(
    r"\b(?:put down mainly to|put down to|credit|credits) (?P<f>the [a-z][a-z' -]+?)(?= for\b|[.;,]|$)"
)


def _credited(q: dict[str, Any]) -> str | None:
    m = _CREDITED.search(q["reference"])
    labels = {f["text"] for f in q["answer_values"] if f["kind"] == "label"}
    return m["f"] if m is not None and m["f"] in labels else None


def credit_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _credited(q) is not None else None


def cause_undone(q: dict[str, Any]) -> list[Case]:
    """The credited factor said undone ("because the platform was abandoned", "the repeal of the
    tax") is another cause and fails; said in force it passes."""
    factor = _credited(q)
    assert factor is not None
    ref, bare = q["reference"], factor.removeprefix("the ")
    return [
        (f"{ref} That came about because {factor} was introduced.", True),
        (f"{ref} That came about because {factor} was abandoned.", False),
        (f"{ref} It followed the repeal of the {bare}.", False),
        (f"{ref} The report ties it to {factor} having been scrapped.", False),
    ]


#: the direction a reference gives the chart: "Figure 4 ('…') shows it fell"
_CHART_SAYS = re.compile(r"\bshows it (fell|rose)\b")


def chart_said(q: dict[str, Any]) -> dict[str, Any] | None:
    """A verdict question whose reference gives the chart's direction once."""
    labels = {f["text"] for f in q["answer_values"] if f["kind"] == "label"}
    if not labels & {"matches", "contradicts"} or len(_CHART_SAYS.findall(q["reference"])) != 1:
        return None
    return q


def _facts_said(q: dict[str, Any]) -> str:
    """Every fact of ``q`` as a bare list ("contradicts; 55.89%")."""
    said = []
    for f in q["answer_values"]:
        unit = f.get("unit") or ""
        said.append(
            f["text"]
            if f["kind"] == "label"
            else f"{f['text']}{unit}"
            if unit == "%"
            else f"{f['text']} {unit}"
        )
    return "; ".join(s.strip() for s in said)


def chart_direction(q: dict[str, Any]) -> list[Case]:
    """A verdict whose reason gives the chart the other direction than the reference ("No,
    because it shows the rate climbing" where the chart fell) fails; the same direction passes."""
    m = _CHART_SAYS.search(q["reference"])
    assert m is not None
    same, other = ("falling", "climbing") if m.group(1) == "fell" else ("climbing", "falling")
    facts = _facts_said(q)
    return [
        (f"{facts}. I say so because the chart shows it {same}.", True),
        (f"{facts}. I say so because the chart shows it {other}.", False),
        (f"{facts} (the figure shows the series {other} over the period).", False),
    ]


CLASSES: _judge18.Classes = {
    "struck_through": (struck_asked, struck_through),
    "accounting_negative": (negative_asked, accounting_negative),
    "transposed": (transposed_asked, transposed),
    "two_finals": (named_asked, two_finals),
    "wrong_path": (path_asked, wrong_path),
    "stance_reason": (stance_asked, stance_reason),
    "verdict_reason": (verdict_asked, verdict_reason),
    "reach_denied": (below_mark, reach_denied),
    "cause_undone": (credit_asked, cause_undone),
    "chart_direction": (chart_said, chart_direction),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
