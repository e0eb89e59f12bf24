"""General answers for the judge8 round's error classes (issue 25), built from generated
questions like :mod:`tests.judge.offline_cases_judge7`: every frozen question snapshot (questions
only, never their labelled answers). Each builder reads a question's reference and facts, never
its id, and returns answers with the verdict a careful grader gives them (pass: score >= 6), or
nothing when its style does not apply.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from tests.judge.offline_cases import DATA, Builder, Case, cases_of, labels, numbers
from tests.judge.offline_cases_judge7 import SNAPSHOTS as _JUDGE7_SNAPSHOTS

#: every frozen question file (their answers are not read here)
SNAPSHOTS = (*_JUDGE7_SNAPSHOTS, "offline_heldout_v8_questions.json")
_YEAR = re.compile(r"(?:19|20)\d\d")
_ARABIC = str.maketrans("0123456789.", "٠١٢٣٤٥٦٧٨٩٫")


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _values(q: dict[str, Any]) -> list[dict[str, Any]]:
    """The read values and results (no years)."""
    return [v for v in numbers(q) if not _YEAR.fullmatch(str(v["text"]))]


def _unit(fact: dict[str, Any]) -> str:
    unit = str(fact["unit"] or "")
    return unit if unit in ("%", "") else f" {unit}"


def _single(q: dict[str, Any]) -> dict[str, Any] | None:
    """The one fact of a question that asks for one value (no labels, no years)."""
    facts = _values(q)
    if len(q["answer_values"]) != 1 or len(facts) != 1 or float(facts[0]["value"]) == 0:
        return None
    return facts[0]


def _off(fact: dict[str, Any], reference: str = "") -> str:
    """A value far off the fact's (as written) that the reference does not write either."""
    text = str(fact["text"]).replace(",", "")
    value = float(text) if re.fullmatch(r"-?\d+(?:\.\d+)?", text) else float(fact["value"])
    return next(f"{value * s:.3g}" for s in (1.3, 1.45, 0.6) if f"{value * s:.3g}" not in reference)


# --- (1) numbers in other forms -----------------------------------------------------------


def scientific_notation(q: dict[str, Any]) -> list[Case]:
    """A value in scientific notation ("1.718 × 10^1%", "4.1e-2", LaTeX "\\times 10^{1}") is
    that value; the same mantissa with another exponent fails."""
    fact = _single(q)
    if fact is None:
        return []
    text = str(fact["text"]).replace(",", "")
    if not re.fullmatch(r"-?\d+(?:\.\d+)?", text):
        return []
    digits = Decimal(text)
    exp = math.floor(math.log10(abs(float(digits))))
    if exp == 0:
        return []
    mantissa = format(digits.scaleb(-exp).normalize(), "f")
    unit = _unit(fact)
    return [
        (f"{mantissa} × 10^{exp}{unit}", True),
        (f"The chart gives {mantissa}e{exp}{unit}.", True),
        (f"$ {mantissa} \\times 10^{{{exp}}}$ {unit}", True),
        (f"{mantissa} × 10^{exp + 1}{unit}", False),
        (f"The chart gives {mantissa}e{exp - 1}{unit}.", False),
    ]


def arabic_digits(q: dict[str, Any]) -> list[Case]:
    """A value written in Arabic-Indic digits with the Arabic decimal mark ("٢٢٫٠١٪") is read;
    a value a third off in the same digits fails."""
    fact = _single(q)
    if fact is None or float(fact["value"]) < 0:
        return []
    unit = "٪" if fact["unit"] == "%" else _unit(fact)
    right = str(fact["text"]).translate(_ARABIC)
    wrong = _off(fact, q["reference"]).translate(_ARABIC)
    return [(f"القيمة هي {right}{unit}", True), (f"القيمة هي {wrong}{unit}", False)]


_HEADERS = ("Position", "Outcome", "Level", "Reading", "Result", "Gap")


def html_table(q: dict[str, Any]) -> list[Case]:
    """An answer written as an HTML table (a header row of names over a row of values) is read
    as "name: value" lines, not as a run of names and numbers ("'2.24 t' is given for Share");
    wrong values in it fail."""
    values = _values(q)
    words = f"{q['question']} {q['reference']}".lower()
    heads = [h for h in _HEADERS if h.lower() not in words]
    if len(values) < 2 or len(q["answer_values"]) != len(values) or len(heads) < len(values):
        return []

    def table(cells: list[str]) -> str:
        th = "".join(f"<th>{h}</th>" for h in heads[: len(cells)])
        td = "".join(f"<td>{c}</td>" for c in cells)
        return f"<table><tr>{th}</tr><tr>{td}</tr></table>"

    right = [f"{v['text']}{_unit(v)}" for v in values]
    wrong = [f"{_off(v, q['reference'])}{_unit(v)}" for v in values]
    return [(table(right), True), (table(wrong), False)]


def citation_marks(q: dict[str, Any]) -> list[Case]:
    """Citation and footnote marks ("[1]", "[Fig. 5]", "[§4]", "[^2]") are no values nor names;
    a wrong value with them still fails."""
    fact = _single(q)
    if fact is None:
        return []
    unit = _unit(fact)
    return [
        (f"The chart shows {fact['text']}{unit} in that year [Fig. 5].", True),
        (f"It is {fact['text']}{unit} [§4][^2].", True),
        (f"The chart shows {_off(fact, q['reference'])}{unit} in that year [Fig. 5].", False),
    ]


def short_year_span(q: dict[str, Any]) -> list[Case]:
    """A span of the asked years written short ("(2011–17)") is those two years; a short span
    that ends a year early fails."""
    years = sorted(int(v["value"]) for v in numbers(q) if _YEAR.fullmatch(str(v["text"])))
    if len(years) != 2 or years[0] // 100 != years[1] // 100 or years[1] - years[0] < 2:
        return []
    parts = [*labels(q), *(f"{v['text']}{_unit(v)}" for v in _values(q))]
    if not parts:
        return []
    body = "; ".join(parts)
    short, early = f"{years[1] % 100:02d}", f"{(years[1] - 1) % 100:02d}"
    return [(f"{body} ({years[0]}–{short})", True), (f"{body} ({years[0]}–{early})", False)]


def percent_no_fraction(q: dict[str, Any]) -> list[Case]:
    """A share with a percent sign is never read as a fraction: "1,008%" is no 10.08%, though
    "10,08%" is."""
    fact = _single(q)
    if fact is None or fact["unit"] != "%" or not 1 <= float(fact["value"]) < 100:
        return []
    text = str(fact["text"])
    if "." not in text:
        return []
    hundredfold = f"{float(fact['value']) * 100:,.0f}" if len(text.split(".")[1]) == 2 else None
    out: list[Case] = [(f"{text.replace('.', ',')}%", True)]
    if hundredfold:
        out += [(f"{hundredfold}%", False), (f"The chart shows {hundredfold.replace(',', '')}%.", False)]
    return out


_NOT_COUNTS = re.compile(r"USD|EUR|%|pp|point|index|dollar|euro|tonne|hour|day|week|year|watt|km|kg")


def currency_on_count(q: dict[str, Any]) -> list[Case]:
    """A count of things ("17.8 thousand people") restated in a currency ("17.8 thousand USD",
    "$17.8 thousand") is a wrong unit."""
    fact = _single(q)
    unit = str(fact["unit"] or "") if fact else ""
    words = unit.split()
    if (
        fact is None
        or not words
        or re.search(r"USD|EUR|%|pp|point|index|dollar|euro|tonne|hour|day|week|year|watt|km|kg", unit)
    ):
        return []
    scale = f" {words[0]}" if words[0] in ("thousand", "million", "billion") else ""
    return [
        (f"{fact['text']} {unit}.", True),
        (f"{fact['text']}{scale} USD.", False),
        (f"${fact['text']}{scale}", False),
        (f"{fact['text']}{scale} euros.", False),
    ]


# --- (2) extra wrong claims beside a right answer ------------------------------------------

_STANCE = re.compile(r"(?:^|;\s*)([A-Za-z][^;.]*?) judged it (favourably|critically)")


def same_stance_for_two(q: dict[str, Any]) -> list[Case]:
    """Two actors the reference gives opposite receptions: one reception said of both ("…, and
    so were the others", "… too", "by A and by B alike") contradicts the reference; each its
    own passes."""
    found = _STANCE.findall(q["reference"])
    if len(found) != 2 or found[0][1] == found[1][1]:
        return []
    (first, way), (second, other) = found
    first = first[0].upper() + first[1:]
    word = {"favourably": "favourable", "critically": "critical"}
    rest = "; ".join([*(label for label in labels(q) if label not in ("positive", "negative")),
                      *(f"{v['text']}{_unit(v)}" for v in _values(q))])  # fmt: skip
    rest = f"{rest}; " if rest else ""
    return [
        (f"{rest}{first} were {word[way]}, while {second.lower()} were {word[other]}.", True),
        (f"{rest}{first} were {word[way]}, and so were {second.lower()}.", False),
        (f"{rest}{first} were {word[way]}, and {second.lower()} were {word[way]} too.", False),
        (f"{rest}it was judged {word[way]} by {first.lower()} and by {second.lower()} alike.", False),
    ]


_COLOUR_SERIES = re.compile(
    r"\b[Tt]he (blue|red|green|orange|purple|pink|teal|grey|brown|yellow)"
    r" (?:series|mark|bar|line|slice|band) is ([A-Z][\w' -]*?)(?:[;,.]|$)"
)
_OTHER_NAMES = ("Morocco", "Peru", "Norway", "Kenya")


def colour_list_renamed(q: dict[str, Any]) -> list[Case]:
    """A list that gives the reference's colour another name ("- Pink: Morocco" where the pink
    series is Algeria) contradicts the reference, whatever else it gets right."""
    m = _COLOUR_SERIES.search(q["reference"])
    if m is None:
        return []
    colour, name = m.group(1).capitalize(), m.group(2).strip()
    other = next(n for n in _OTHER_NAMES if n not in q["reference"] and n not in q["question"])
    values = ", ".join(f"{v['text']}{_unit(v)}" for v in _values(q))
    rest = [f"- Values: {values}"] if values else []
    rest += [
        f"- Answer: {label}" for label in labels(q) if label.lower() not in (colour.lower(), name.lower())
    ]
    body = "\n".join(rest)
    return [(f"- {colour}: {name}\n{body}", True), (f"- {colour}: {other}\n{body}", False)]


_VERDICTS = ("matches", "contradicts")


def bare_yes_no(q: dict[str, Any]) -> list[Case]:
    """A bare "Yes."/"No." to a verdict question whose reference also gives values is partial (at
    most 5); the verdict with its values passes."""
    verdicts = [
        v for v in q["answer_values"] if v["kind"] == "label" and v["text"] in ("matches", "contradicts")
    ]
    if len(verdicts) != 1 or not _values(q) or len(labels(q)) != 1:
        return []
    values = ", ".join(f"{v['text']}{_unit(v)}" for v in _values(q))
    yes = "Yes" if verdicts[0]["text"] == "matches" else "No"
    return [
        (f"{yes}, it {verdicts[0]['text']}: {values}.", True),
        (f"{yes}.", False),
        (f"**{yes}**", False),
        (yes, False),
    ]


_BEATS = re.compile(r"\bso it (beats|misses) the (target|forecast|threshold|estimate)\b")
_SIDE_WORD = re.compile(r"\b(?:above|below|over|under|short of|higher than|lower than)\b")


def side_said_by_verb(q: dict[str, Any]) -> list[Case]:
    """Where the reference gives the chart's side with a verb ("so it beats the target"), the
    opposite side said against the same figure ("Below its target") contradicts it."""
    m = _BEATS.search(q["reference"])
    if m is None or _SIDE_WORD.search(q["reference"]):
        return []
    right, wrong = ("Above", "Below") if m.group(1) == "beats" else ("Below", "Above")
    values = ", ".join(f"{v['text']}{_unit(v)}" for v in _values(q))
    return [
        (f"{right} its {m.group(2)}: {values}.", True),
        (f"{wrong} its {m.group(2)}: {values}.", False),
        (f"It is {wrong.lower()} the {m.group(2)} ({values}).", False),
    ]


def not_in_line(q: dict[str, Any]) -> list[Case]:
    """ "Not in line with it" and "out of line" are a contradiction's verdict: right where the
    chart contradicts the text, wrong where it matches."""
    verdicts = [v["text"] for v in q["answer_values"] if v["kind"] == "label"]
    if verdicts not in (["matches"], ["contradicts"]) or not _values(q):
        return []
    values = ", ".join(f"{v['text']}{_unit(v)}" for v in _values(q))
    ok = verdicts == ["contradicts"]
    return [
        (f"{values}, so the chart is not in line with the text.", ok),
        (f"{values}: not in line.", ok),
        (f"{values}, so it is out of line with the text.", ok),
    ]


_LEADER = re.compile(r"that year ([A-Z][\w' -]*?) was higher, at [^;]*? for ([A-Z][\w' -]*?),")


def colon_leader(q: dict[str, Any]) -> list[Case]:
    """ "X leads: Y comes out lower" names X the higher (the second clause is no distractor's
    win); the names the other way round fail."""
    m = _LEADER.search(q["reference"])
    if m is None:
        return []
    high, low = m.group(1), m.group(2)
    rest = ", ".join(f"{v['text']}{_unit(v)}" for v in numbers(q) if not _YEAR.fullmatch(str(v["text"])))
    years = " ".join(str(v["text"]) for v in numbers(q) if _YEAR.fullmatch(str(v["text"])))
    return [
        (f"In {years} {high} leads: {low} comes out lower, with a gap ({rest}).", True),
        (f"In {years} {high} leads; {low} comes out lower, by the gap of ({rest}).", True),
        (f"In {years} {low} leads: {high} comes out lower, with a gap ({rest}).", False),
    ]


def narrow_range(q: dict[str, Any]) -> list[Case]:
    """A range for one value whose two ends both lie within the fact's tolerance and 1.2% of it
    ("between 31.5% and 32%" for 31.78%) is the value read to the chart's precision and passes;
    a range wider than the tolerance leaves the slot open and fails."""
    fact = _single(q)
    text = str(fact["text"]) if fact else ""
    if fact is None or not re.fullmatch(r"-?\d+\.\d+", text):
        return []
    value, places = float(text), len(text.split(".")[1])
    tol = min(max(float(fact["abs_tol"] or 0), float(fact["rel_tol"] or 0) * abs(value)), abs(value) / 10)
    if abs(value - float(fact["value"])) > tol / 4 or tol < 10**-places:
        return []
    near, unit = min(tol, 0.5 * 10**-places, 0.012 * abs(value)) / 2, _unit(fact)

    def span(k: float, digits: int) -> str:
        return f"Between {value - k:.{digits}f}{unit} and {value + k:.{digits}f}{unit}."

    return [(span(near, places + 2), True), (span(3 * tol, places), False)]


CLASSES: dict[str, Builder] = {
    "scientific_notation": scientific_notation,
    "arabic_digits": arabic_digits,
    "html_table": html_table,
    "citation_marks": citation_marks,
    "short_year_span": short_year_span,
    "percent_no_fraction": percent_no_fraction,
    "currency_on_count": currency_on_count,
    "same_stance_for_two": same_stance_for_two,
    "colour_list_renamed": colour_list_renamed,
    "bare_yes_no": bare_yes_no,
    "side_said_by_verb": side_said_by_verb,
    "not_in_line": not_in_line,
    "colon_leader": colon_leader,
    "narrow_range": narrow_range,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    yield from cases_of(CLASSES[name], questions())
