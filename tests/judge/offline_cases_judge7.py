"""General answers for the judge7 round's error classes (issue 25), built from generated
questions like :mod:`tests.judge.offline_cases_judge6`: every frozen question snapshot (questions
only, never their labelled answers). Each builder reads a question's reference and facts, never
its id, and returns answers with the verdict a careful grader gives them (pass: score >= 6), or
nothing when its style does not apply.
"""

from __future__ import annotations

import gettext
import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

from tests.judge.offline_cases import DATA, Builder, Case, cases_of, labels, numbers, restate
from tests.judge.offline_cases_judge6 import SNAPSHOTS as _JUDGE6_SNAPSHOTS

#: every frozen question file (their answers are not read here)
SNAPSHOTS = (*_JUDGE6_SNAPSHOTS, "offline_heldout_v7_questions.json")
_YEAR = re.compile(r"(?:19|20)\d\d")
_NUM = r"-?\d[\d,]*(?:\.\d+)?"


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


# --- (1) values bound to the labels of a list ------------------------------------------------

_ROLE = re.compile(rf"\b(target|forecast|estimate|threshold) (?:of|is) ({_NUM})")


def role_list_swapped(q: dict[str, Any]) -> list[Case]:
    """A list that gives the text's figure and the chart's value under their own labels passes;
    the two values under each other's labels fail ("- Target: 51.6 | - Chart: 53")."""
    m = _ROLE.search(q["reference"])
    values = [v for v in _values(q) if "derived" not in v]
    text = [v for v in values if str(v["text"]) == m.group(2)] if m else []
    chart = [v for v in values if str(v["text"]) != (m.group(2) if m else None)]
    if m is None or len(text) != 1 or len(chart) != 1 or len(_values(q)) != len(numbers(q)):
        return []
    role = m.group(1).capitalize()
    rest = [f"- Answer: {label}" for label in labels(q)]
    rest += [f"- Result: {v['text']}{_unit(v)}" for v in _values(q) if v is not text[0] and v is not chart[0]]
    t, c = f"{text[0]['text']}{_unit(text[0])}", f"{chart[0]['text']}{_unit(chart[0])}"
    right = "\n".join([f"- {role}: {t}", f"- Chart: {c}", *rest])
    wrong = "\n".join([f"- {role}: {c}", f"- Chart: {t}", *rest])
    table = "| Item | Value |\n|---|---|\n| {} | {} |\n| Chart | {} |\n\n" + " ".join(
        r.lstrip("- ") for r in rest
    )
    inline = "{}: {}, chart: {}. " + " ".join(r.lstrip("- ") for r in rest)
    return [
        (right, True),
        (wrong, False),
        (table.format(role, t, c), True),
        (table.format(role, c, t), False),
        (inline.format(role, t, c), True),
        (inline.format(role, c, t), False),
    ]


_JUDGED = re.compile(r"(?:^|; )([A-Z]?[\w' -]+?) judged it (favourably|critically)")
_POLE_WORD = {"favourably": "favourable", "critically": "critical"}


def reception_list_swapped(q: dict[str, Any]) -> list[Case]:
    """Two actors' receptions as a list ("Transport ministries: favourable; Port authorities:
    critical") pass; the receptions under each other's actors fail."""
    found = _JUDGED.findall(q["reference"])
    if len(found) != 2 or found[0][1] == found[1][1]:
        return []
    (a, pa), (b, pb) = found
    rest = [f"- Value: {v['text']}{_unit(v)}" for v in _values(q)]
    rest += [f"- Year: {v['text']}" for v in numbers(q) if _YEAR.fullmatch(str(v["text"]))]
    right = "\n".join([*rest, f"- {a}: {_POLE_WORD[pa]}", f"- {b}: {_POLE_WORD[pb]}"])
    wrong = "\n".join([*rest, f"- {a}: {_POLE_WORD[pb]}", f"- {b}: {_POLE_WORD[pa]}"])
    return [(right, True), (wrong, False)]


_PLOTTED = re.compile(rf"\b([A-Z][\w' -]+?) is plotted at ({_NUM})")


def inline_list_shifted(q: dict[str, Any]) -> list[Case]:
    """A list of stages with their values ("Applied 980, Eligibility confirmed 431, Enrolled
    318") passes; the asked value given to the next stage and another to the asked one fails."""
    m = _PLOTTED.search(q["reference"])
    if m is None or len(q["answer_values"]) != 1:
        return []
    value = float(m.group(2).replace(",", ""))
    other = f"{value * 0.74:.0f}"
    right = f"Stages: Applied {value * 2.3:.0f}, {m.group(1)} {m.group(2)}, Enrolled {other}."
    wrong = f"Stages: Applied {value * 2.3:.0f}, {m.group(1)} {other}, Enrolled {m.group(2)}."
    return [(right, True), (wrong, False)]


_SEGMENT_ENTITY = re.compile(r"(from then to (?:19|20)\d\d, )([A-Z][\w ]+?)( (?:rose|fell|was broadly flat))")


def other_entity_in_segment(q: dict[str, Any]) -> list[Case]:
    """A path said of another entity the question names (the one tied to the event: "From 2014
    to 2016 Canada fell, from 10.28% to 8.85%" for Mexico's path) fails; the reference passes."""
    m = _SEGMENT_ENTITY.search(q["reference"])
    if m is None:
        return []
    names = re.findall(r"\b(?:that|which year|year in which) ([A-Z][a-z]+(?: [A-Z][a-z]+)?) ", q["question"])
    names += re.findall(r"^([A-Z][a-z]+(?: [A-Z][a-z]+)?) \w+ ", q["reference"])
    other = [n for n in names if n != m.group(2) and n not in ("The", "That")]
    if not other:
        return []
    wrong = q["reference"][: m.start(2)] + other[0] + q["reference"][m.end(2) :]
    return [(q["reference"], True), (wrong, False)]


_COMES_TO = re.compile(
    rf"\b(total|average) value for ([A-Z][\w ]+?) (?:over them )?comes to ({_NUM})(%|(?: [\w³²/-]+)*)"
)


def country_opens_sentence(q: dict[str, Any]) -> list[Case]:
    """A computed value said of another country opening the sentence ("Germany averages 16.22%"
    for Russia's average) fails; the asked country passes."""
    m = _COMES_TO.search(q["reference"])
    if m is None or len(_values(q)) != 1 or labels(q):
        return []
    other = "Germany" if "Germany" not in q["question"] + q["reference"] else "Peru"
    verb = "averages" if m.group(1) == "average" else "totals"
    span = re.search(r"\b((?:19|20)\d\d) to ((?:19|20)\d\d)\b", q["reference"])
    years = f" over {span.group(1)}–{span.group(2)}" if span else ""
    said = f"{m.group(3)}{m.group(4)}"
    return [(f"{m.group(2)} {verb} {said}{years}.", True), (f"{other} {verb} {said}{years}.", False)]


_QUALIFIED = re.compile(r"\bmark is ([A-Z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}) in ([A-Z][\w ]+?)\b[,;.]")


def qualified_mark(q: dict[str, Any]) -> list[Case]:
    """The mark named with another series ("Home care in Germany" for "Nursing homes in
    Germany") fails, though the country is right; the reference passes."""
    m = _QUALIFIED.search(q["reference"])
    if m is None or m.group(2) not in labels(q):
        return []
    wrong = q["reference"].replace(f"{m.group(1)} in {m.group(2)}", f"Day care in {m.group(2)}")
    return [(q["reference"], True), (wrong, False)]


# --- (2) other names of an entity -------------------------------------------------------------


def _translation(lang: str) -> gettext.NullTranslations:
    import pycountry

    return gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[lang])


def _iso_name(name: str) -> str | None:
    import pycountry

    try:
        return str(pycountry.countries.lookup(name).name)
    except LookupError:
        return None


_OPTIONS = re.compile(r"\bdid ([A-Z][a-z]+) or ([A-Z][a-z]+) stand higher")


def german_country_names(q: dict[str, Any]) -> list[Case]:
    """A German answer naming the two options in German ("lag Spanien vorn … zu den
    Niederlanden") is read: the right one ahead passes, the other ahead fails."""
    m = _OPTIONS.search(q["question"])
    gap = [v for v in _values(q) if "derived" in v or v["unit"] in ("pp", "percentage points")]
    winner = [label for label in labels(q) if label in m.groups()] if m else []
    if m is None or len(winner) != 1 or not gap:
        return []
    loser = m.group(2) if winner[0] == m.group(1) else m.group(1)
    names = [_iso_name(winner[0]), _iso_name(loser)]
    if None in names:
        return []
    de = _translation("de")
    w, lo = (de.gettext(str(n)) for n in names)
    value = str(gap[0]["text"]).replace(".", ",")
    years = " ".join(f"Im Jahr {v['text']}" for v in numbers(q) if _YEAR.fullmatch(str(v["text"])))
    right = f"{years} lag {w} vorn, mit einem Abstand von {value} Prozentpunkten zu {lo}."
    wrong = f"{years} lag {lo} vorn, mit einem Abstand von {value} Prozentpunkten zu {w}."
    return [(right, True), (wrong, False)]


def english_other_name(q: dict[str, Any]) -> list[Case]:
    """A country label written as another English name of the country (the ISO name, or
    country_converter's short name) passes; another country's name fails."""
    out: list[Case] = []
    for label in labels(q):
        iso = _iso_name(label)
        if iso is None or iso == label or label in iso or iso in q["question"] + q["reference"]:
            continue
        other = "Peru" if "Peru" not in q["question"] + q["reference"] else "Chile"
        out += [(q["reference"].replace(label, iso), True), (q["reference"].replace(label, other), False)]
    return out


_HIGHLIGHT = re.compile(rf"^The emphasised mark is ([A-Z][\w ]+?), at ({_NUM})(%?)")


def latin_name_in_other_script(q: dict[str, Any]) -> list[Case]:
    """A Russian answer that writes the item in Latin letters: the asked item passes, another
    item fails ("Выделен сектор Administration, 15,5%")."""
    m = _HIGHLIGHT.search(q["reference"])
    if m is None:
        return []
    value = m.group(2).replace(".", ",") + m.group(3)
    other = "Administration" if m.group(1) != "Administration" else "Evaluation"
    return [(f"Выделен сектор {m.group(1)}, {value}.", True), (f"Выделен сектор {other}, {value}.", False)]


# --- (3) an extra wrong claim about another asked part ----------------------------------------

_EVENTS = re.compile(r"recounts that (.+?) and that (.+?)\. In the year of whichever came (second|first)")


def other_event_order(q: dict[str, Any]) -> list[Case]:
    """The asked year's value with the other event put on the right side of it passes; put
    after the later one (before the earlier one) it contradicts the reference."""
    m = _EVENTS.search(q["question"])
    years = [int(str(v["text"])) for v in numbers(q) if _YEAR.fullmatch(str(v["text"]))]
    if m is None or len(years) != 1:
        return []
    events = [e for e in m.groups()[:2] if e.split()[-1] not in q["reference"]]
    if len(events) != 1:
        return []
    later = m.group(3) == "second"
    right_year, wrong_year = (years[0] - 2, years[0] + 2) if later else (years[0] + 2, years[0] - 2)
    word = "earlier" if later else "later"
    other = "later" if later else "earlier"
    return [
        (f"{q['reference']} The other event ({events[0]}) came {word}, in {right_year}.", True),
        (f"{q['reference']} The other event ({events[0]}) came {other}, in {wrong_year}.", False),
    ]


def statistic_word(q: dict[str, Any]) -> list[Case]:
    """A computed average or total said as another statistic (median, maximum) fails; the
    reference passes."""
    m = re.search(r"\b(average|total) value\b", q["reference"])
    if m is None or len(re.findall(r"\b(?:average|mean|total|median|maximum)\b", q["reference"])) > 1:
        return []  # a series named with a statistic ("the plotted mean fine particle concentration")
    other = "median" if m.group(1) == "average" else "maximum"
    return [(q["reference"], True), (q["reference"].replace(m.group(0), f"{other} value", 1), False)]


# --- (4) numbers in other forms --------------------------------------------------------------


def grouped_thousands(q: dict[str, Any]) -> list[Case]:
    """A value in thousands written out and grouped with spaces ("171 300 people" for 171.3
    thousand people, "30 430 million tonne-km") passes; the same grouping of digits a third off
    fails."""
    out: list[Case] = []
    for fact in _values(q) if len(_values(q)) == 1 else []:
        value, unit = float(fact["value"]), str(fact["unit"] or "")
        if unit.startswith("thousand ") and round(value * 1000) == value * 1000 and value >= 1:
            value, unit = value * 1000, unit.removeprefix("thousand ")
        if value < 1_000 or value != int(value) or "%" in unit:
            continue
        spaced = f"{int(value):,}".replace(",", " ")
        off = f"{int(value * 1.3):,}".replace(",", " ")
        right, wrong = restate(q, fact, f"{spaced} {unit}"), restate(q, fact, f"{off} {unit}")
        if right is not None and wrong is not None:
            out += [(right, True), (wrong, False)]
    return out


def dated_ends_reversed(q: dict[str, Any]) -> list[Case]:
    """Two values the reference dates ("6.79% in 2011 and 5.21% in 2016"): a change "from" the
    earlier "to" the later passes, the ends the other way round fail."""
    m = re.search(
        rf"at ({_NUM})(%?)[^;,]*? in ((?:19|20)\d\d) and ({_NUM})(%?)[^;,]*? in ((?:19|20)\d\d)",
        q["reference"],
    )
    if m is None or int(m.group(3)) >= int(m.group(6)):
        return []
    a, b = f"{m.group(1)}{m.group(2)}", f"{m.group(4)}{m.group(5)}"
    return [
        (f"{q['reference']} So it moved from {a} to {b}.", True),
        (f"{q['reference']} So it moved from {b} to {a}.", False),
    ]


def por_ciento(q: dict[str, Any]) -> list[Case]:
    """A share written with Spanish "por ciento" ("83,7 por ciento") is a percentage, no
    hundred; the same words for a value a fifth off fail."""
    facts = numbers(q)
    if len(q["answer_values"]) != 1 or len(facts) != 1 or facts[0]["unit"] != "%":
        return []
    value = float(facts[0]["value"])
    right = str(facts[0]["text"]).replace(".", ",")
    wrong = f"{value * 1.2:.1f}".replace(".", ",")
    return [
        (f"Según el gráfico, el valor es del {right} por ciento.", True),
        (f"Según el gráfico, el valor es del {wrong} por ciento.", False),
    ]


_BIN = re.compile(r"^(\d+)[–-](\d+)$")


def readings_then_conclusion(q: dict[str, Any]) -> list[Case]:
    """Every bin read ("0–10: 35, 10–20: 98, …") before a conclusion that names the most
    populated bin and its count passes; a conclusion that names another bin fails."""
    bins = [label for label in labels(q) if _BIN.match(label)]
    counts = _values(q)
    if len(bins) != 1 or len(counts) != 1:
        return []
    m = _BIN.match(bins[0])
    low, width, count = int(m.group(1)), int(m.group(2)) - int(m.group(1)), float(counts[0]["value"])
    edges = [low + width * k for k in range(-2, 4)]
    read = [
        f"{a}–{b}: {count if a == low else round(count * (0.3 + 0.15 * i))}"
        for i, (a, b) in enumerate(itertools.pairwise(edges))
    ]
    other = f"{edges[4]}–{edges[5]}"
    listed = "Bins read: " + ", ".join(read) + "."
    return [
        (f"{listed} The most populated is {bins[0]}, with {counts[0]['text']}.", True),
        (f"{listed} The most populated is {other}, with {round(count * 0.9)}.", False),
    ]


def two_digit_rounding(q: dict[str, Any]) -> list[Case]:
    """A single asked value marked approximate and rounded to two significant digits ("About 1.1
    million people" for 1.14) passes, though more than 1.2% off; rounded to one digit ("About 7
    million" for 7.4) it fails."""
    facts = _values(q)
    if len(q["answer_values"]) != 1 or len(facts) != 1 or float(facts[0]["value"]) <= 0:
        return []
    value, unit = float(facts[0]["value"]), _unit(facts[0])
    two, one = float(f"{value:.2g}"), float(f"{value:.1g}")
    out: list[Case] = []
    written = re.sub(r"\D", "", f"{two:g}").strip("0")
    if 0.013 <= abs(two - value) / value <= 0.035 and len(written) >= 2:
        out.append((f"About {two:g}{unit}.", True))
    tolerance = max(float(facts[0]["abs_tol"] or 0), float(facts[0]["rel_tol"] or 0) * value)
    if 0.013 <= abs(one - value) / value <= 0.1 and one != two and abs(one - value) > tolerance:
        out.append((f"About {one:g}{unit}.", False))
    return out


CLASSES: dict[str, Builder] = {
    "role_list_swapped": role_list_swapped,
    "reception_list_swapped": reception_list_swapped,
    "inline_list_shifted": inline_list_shifted,
    "other_entity_in_segment": other_entity_in_segment,
    "country_opens_sentence": country_opens_sentence,
    "qualified_mark": qualified_mark,
    "german_country_names": german_country_names,
    "english_other_name": english_other_name,
    "latin_name_in_other_script": latin_name_in_other_script,
    "other_event_order": other_event_order,
    "statistic_word": statistic_word,
    "grouped_thousands": grouped_thousands,
    "dated_ends_reversed": dated_ends_reversed,
    "por_ciento": por_ciento,
    "readings_then_conclusion": readings_then_conclusion,
    "two_digit_rounding": two_digit_rounding,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    yield from cases_of(CLASSES[name], questions())
