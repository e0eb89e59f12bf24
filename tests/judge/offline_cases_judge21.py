"""General answers for the judge21 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v20 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass and the wrong forms must fail.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge19 as _judge19
from tests.judge import offline_cases_judge20 as _judge20

#: every frozen question file up to v20 (their answers are not read here)
SNAPSHOTS = (*_judge20.SNAPSHOTS, "offline_heldout_v20_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
_SCALES = {"thousand": Decimal(1000), "million": Decimal(10**6)}
#: scale words of other languages, by the English one (Russian, Polish, German, Dutch, Spanish)
_FOREIGN = {
    "thousand": ("тыс.", "tys.", "Tsd.", "duizend", "mil"),
    "million": ("млн", "mln", "Mio.", "miljoen", "millones"),
}


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _comma(text: str) -> str:
    """A number with a decimal comma, as the languages of the scale words write it."""
    return text.replace(".", ",")


def count_scaled(q: dict[str, Any]) -> list[Case]:
    """The count with a scale word of another language: the right one passes, the other scale
    fails ("8,49 тыс. человек" for 8.49 million people); the count with its noun and no scale
    word fails ("15.79 people" for 15.79 thousand people), written out in full it passes."""
    fact = _judge20._numbers(q)[-1]
    said = _judge20._stated(q, fact)
    assert said is not None
    scale, noun = fact["unit"].split()
    other = "million" if scale == "thousand" else "thousand"
    ref, number = q["reference"], fact["text"]
    whole = Decimal(number.lstrip("-")) * _SCALES[scale]
    out = [(ref.replace(said, f"{_comma(number)} {word} {noun}"), True) for word in _FOREIGN[scale][:3]]
    out += [(ref.replace(said, f"{_comma(number)} {word} {noun}"), False) for word in _FOREIGN[other][:3]]
    out += [(ref.replace(said, f"{number} {noun}"), False)]
    if whole == whole.to_integral_value():
        out += [(ref.replace(said, f"{'-' if number.startswith('-') else ''}{int(whole):,} {noun}"), True)]
    return out


def not_percent_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose last number fact is in a unit of another dimension than a share (hours,
    days, a count), written as the reference writes it."""
    facts = _judge20._numbers(q)
    if not facts or not re.fullmatch(r"hours|days|nights|weeks|years|beds", facts[-1]["unit"] or ""):
        return None
    return q if _judge20._stated(q, facts[-1]) is not None else None


def percent_word(q: dict[str, Any]) -> list[Case]:
    """The value with "percent" in another language ("37,99 procent" for 37.99 hours) fails; with
    its own unit, or none, it passes."""
    fact = _judge20._numbers(q)[-1]
    said = _judge20._stated(q, fact)
    assert said is not None
    ref, number = q["reference"], _comma(fact["text"])
    return [
        (ref.replace(said, number), True),
        (ref.replace(said, f"{number} {fact['unit']}"), True),
        *((ref.replace(said, f"{number} {word}"), False) for word in ("procent", "Prozent", "процентов")),
    ]


#: a reference that states which side of a target the value falls
_AGAINST = re.compile(r"\bso it (beats|falls short of) the target by\b")


def target_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A bullet-chart question (does the bar reach its target marker?) or a "higher or lower?"
    question against a base with a side fact."""
    return q if _AGAINST.search(q["reference"]) or _judge19.side_asked(q) is not None else None


#: the bar said not to reach its target, in the languages the judge glosses, and in English
_SHORT = (
    "It does not reach the marker.",
    "It fails to reach the marker.",
    "No, la barra no alcanza el objetivo.",
    "Nein, der Balken erreicht das Ziel nicht.",
    "Non, la barre n'atteint pas l'objectif.",
    "Нет, столбец не достигает цели.",
    "いいえ、目標に達していません。",
)


def target_side(q: dict[str, Any]) -> list[Case]:
    """The values with the side said in words: "beats" where the reference beats the target and
    a reach denied (in English or another language) where it falls short pass; the other side fails."""
    m = _AGAINST.search(q["reference"])
    numbers = _judge20._numbers(q)  # the gap is the last fact, after the bar and the target
    gap_said = f"{numbers[-1]['text']} {numbers[-1]['unit'] or ''}".strip() if numbers else "well"
    if m is not None:
        values, beats = (
            f"{q['reference'][: m.start()].rstrip(' ,;')}, a gap of {gap_said}",
            m.group(1) == "beats",
        )
    else:
        values = q["reference"].rstrip(".")
        beats = any(f["text"] == "above" for f in q["answer_values"] if f["kind"] == "label")
    short = [(f"{values}. {s}", not beats) for s in _SHORT]
    short += [(f"{values}. The bar falls {gap_said.lstrip('-')} short.", not beats)]
    return [(f"{values}. It beats the target.", beats), *short]


#: a reference that dates the two ends of a change apart: "went from 0.064 million people in 2010
#: to 0.071 million people in 2016" (the form "from 2010 to 2016" was read as a period before)
_PERIOD = re.compile(r"\bin ((?:19|20)\d\d) to [^;]{0,40}? in ((?:19|20)\d\d)\b")
_CHANGE = re.compile(r"\b(?:change|changed|moved|went from)\b")


def _title_years(q: dict[str, Any]) -> list[str]:
    """Years of the question's quoted chart title that its reference (titles left out) does not name."""
    ref = re.sub(r"'[^']*'\)", "", q["reference"])
    return [
        y
        for t in re.findall(r"'([^']*)'", q["question"])
        for y in re.findall(r"\b(?:19|20)\d\d\b", t)
        if y not in ref
    ]


def period_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose reference states a change between two dated values, whose last fact is a
    number and no fact a year."""
    m = _PERIOD.search(q["reference"])
    facts = _judge20._numbers(q)
    if m is None or not _CHANGE.search(q["reference"]) or not facts or _judge20._stated(q, facts[-1]) is None:
        return None
    if any(1900 <= f["value"] <= 2100 for f in facts):
        return None  # the years are facts of their own: checked as such since judge9
    return q


def period_moved(q: dict[str, Any]) -> list[Case]:
    """The change stated over the reference's period passes; over a period ending a year later or
    in the last year of the chart's title, which the reference does not name, it fails ("grew
    from 2010 to 2017" for 2010 to 2016), said "from A to B", "over A–B" or "between A and B"."""
    m = _PERIOD.search(q["reference"])
    assert m is not None
    start, end = m.group(1), m.group(2)
    fact = _judge20._numbers(q)[-1]
    said = _judge20._stated(q, fact)
    assert said is not None
    labels = "; ".join(f["text"] for f in q["answer_values"] if f["kind"] == "label")
    head = f"{labels}. " if labels else ""
    later = max([str(int(end) + 1), *(y for y in _title_years(q) if int(y) > int(end))])
    return [
        (f"{head}The change was {said} from {start} to {end}.", True),
        (f"{head}Over {start}–{end} it changed by {said}.", True),
        (f"{head}The change was {said} from {start} to {later}.", False),
        (f"{head}Over {start}–{later} it changed by {said}.", False),
        (f"{head}Between {start} and {later} it moved by {said}.", False),
    ]


#: a reference that sets the chart's value against a figure of the text: "puts Chile in 2008 at
#: 0.15 billion USD, against the report's target of 0.13 billion USD"
_AGAINST_FIGURE = re.compile(
    r"\bat (-?\d[\d.,]*\d)(%| [a-zA-Z][^,;]*?)?,? (?:against|than|above|below|in line with)[^;.]*?"
    r"\b(?:estimate|threshold|target|forecast) of (-?\d[\d.,]*\d)"
)


def figures_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose reference sets a chart value against a text figure, neither an asked fact."""
    m = _AGAINST_FIGURE.search(q["reference"])
    asked = {f["text"] for f in _judge20._numbers(q)}
    if m is None or {m.group(1), m.group(3)} & asked:
        return None
    chart, text = (float(m.group(i).replace(",", "")) for i in (1, 3))
    return q if abs(chart - text) > 0.05 * max(abs(chart), abs(text)) else None  # a swap a grader sees


def figures_swapped(q: dict[str, Any]) -> list[Case]:
    """The reference passes; with the chart's value and the text's figure swapped ("puts it at
    0.13, against the report's target of 0.15") it fails."""
    m = _AGAINST_FIGURE.search(q["reference"])
    assert m is not None
    ref, chart, text = q["reference"], m.group(1), m.group(3)
    swapped = ref[: m.start(1)] + text + ref[m.end(1) : m.start(3)] + chart + ref[m.end(3) :]
    return [(ref, True), (swapped, False)]


CLASSES: _judge18.Classes = {
    "count_scaled": (_judge20.count_asked, count_scaled),
    "percent_word": (not_percent_asked, percent_word),
    "target_side": (target_asked, target_side),
    "period_moved": (period_asked, period_moved),
    "figures_swapped": (figures_asked, figures_swapped),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
