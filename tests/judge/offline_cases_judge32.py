"""General answers for the judge32 round (issue 25, point 1: values, units, sides and colours
bound to the asked slot), built from generated questions: every frozen question snapshot up to
v31 (questions only, never their labelled answers). Each builder reads a question's text,
reference and facts, never its id. A wrong form must fail; a right form must be no certain fail.
"""

from __future__ import annotations

import re
from typing import Any

from judge import claims
from tests.judge import error_classes as _classes
from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge27 as _judge27
from tests.judge import offline_cases_judge29 as _judge29
from tests.judge import offline_cases_judge31 as _judge31

#: every frozen question file up to v31 (their answers are not read here)
SNAPSHOTS = (
    *_judge31.SNAPSHOTS,
    "offline_heldout_v30_questions.json",
    "offline_heldout_v31_questions.json",
)
Case = tuple[str, bool]  # (answer, whether it is right)
_YEAR = re.compile(r"(?:19|20)\d\d")


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


#: a plain counted noun with no scale word ("branches", "people"), no unit of time or index points
_PLAIN_COUNT = r"(?!(?:index )?points?\b|hours?\b|days?\b|weeks?\b|months?\b|years?\b)[a-z]{4,}s"


def k_for_count(q: dict[str, Any]) -> list[Case]:
    """A count written under the SI prefix k ("32.93 k branches" for 32.93 branches: thousands)
    fails; the count with its noun passes."""
    f = _judge29._written(q, _PLAIN_COUNT)
    assert f is not None
    said = _judge27._said(f)
    ref = q["reference"]
    return [
        (ref, True),
        (ref.replace(said, f"{f['text']} k {f['unit']}", 1), False),
        (ref.replace(said, f"{f['text']}k {f['unit']}", 1), False),
        (ref.replace(said, f"{f['text']} thousand {f['unit']}", 1), False),
    ]


_SCALED_COUNT = r"(?:thousand|million|billion) [a-z]{4,}s"
_OTHER_SCALE = {"thousand": "million", "million": "billion", "billion": "million"}


def key_unit_scale(q: dict[str, Any]) -> list[Case]:
    """A value whose scale a "unit:" line names apart ("0.182 / unit: billion wafers" for 0.182
    million wafers) fails with another scale and passes with its own."""
    f = _judge29._written(q, _SCALED_COUNT)
    assert f is not None
    scale, noun = str(f["unit"]).split(" ", 1)
    bare = q["reference"].replace(_judge27._said(f), str(f["text"]), 1)
    return [
        (f"{bare}\nunit: {scale} {noun}", True),
        (f"{bare}\n\nunits: {scale} {noun}", True),
        (f"{bare}\nunit: {_OTHER_SCALE[scale]} {noun}", False),
        (f"{bare}\n**Unit:** {_OTHER_SCALE[scale]} {noun}", False),
    ]


_COLOURS = ("magenta", "turquoise", "maroon", "lavender")


def _colour(q: dict[str, Any]) -> str | None:
    """The one colour label the item asks, written once in the reference, or None."""
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label"]
    colours = [t for t in labels if claims.COLOUR.fullmatch(t)]
    return colours[0] if len(colours) == 1 and q["reference"].count(colours[0]) == 1 else None


def colour_fact(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _colour(q) is not None else None


def colour_last(q: dict[str, Any]) -> list[Case]:
    """A colour read right in a tool call or a draft and then answered as another one ("call:
    read_series(color='olive') … Kenya is drawn in magenta") fails; the right one said last passes."""
    colour = _colour(q)
    assert colour is not None
    other = next(c for c in _COLOURS if c not in q["reference"].lower() and c not in q["question"].lower())
    ref = q["reference"]
    swapped = re.sub(rf"\b{colour}\b", other, ref, count=1)
    return [
        (f"call: read_series(color='{colour}')\n{ref}", True),
        (f'{{"tool": "read_series", "args": {{"color": "{colour}"}}}}\n{ref}', True),
        (f"call: read_series(color='{colour}')\n{swapped}", False),
        (f'{{"tool": "read_series", "args": {{"color": "{colour}"}}}}\n{swapped}', False),
    ]


_VIEWS = re.compile(
    r"^(?P<a>[A-Z][\w ,'-]+?) judged it (?P<x>[\w ]+?); (?P<b>[A-Za-z][\w ,'-]+?) judged it (?P<y>[\w ]+?);"
)


def two_views(q: dict[str, Any]) -> dict[str, Any] | None:
    m = _VIEWS.match(q["reference"])
    return q if m and m["x"] != m["y"] else None


def bold_items(q: dict[str, Any]) -> list[Case]:
    """Two groups' views set out as bold items ("**statistics offices: favourable**, **fiscal
    council: critical**") bind each view to its group: swapped views fail."""
    m = _VIEWS.match(q["reference"])
    assert m is not None
    rest = q["reference"][m.end() :].strip()
    a, b = m["a"], re.sub(r"^the ", "", m["b"])
    return [
        (f"**{a}: {m['x']}**, **{b}: {m['y']}**; {rest}", True),
        (f"**{a}: {m['y']}**, **{b}: {m['x']}**; {rest}", False),
        (f"__{a}: {m['y']}__, __{b}: {m['x']}__; {rest}", False),
    ]


def year_and_value(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question asking one year and one value, whose question or reference names another year."""
    facts = q["answer_values"]
    years = [f for f in facts if f["kind"] == "number" and _YEAR.fullmatch(f["text"])]
    values = [f for f in facts if f["kind"] == "number" and f["unit"] and f not in years]
    if len(facts) != 2 or len(years) != 1 or len(values) != 1:
        return None
    known = set(_YEAR.findall(q["question"] + q["reference"])) - {years[0]["text"]}
    return q if known else None


def csv_rows(q: dict[str, Any]) -> list[Case]:
    """A CSV block's row binds its year to its value ("year,value / 2013,11.83 million m³"):
    another year the item names on the asked value's row fails; the asked one passes."""
    year = next(f for f in q["answer_values"] if _YEAR.fullmatch(f["text"]))
    value = next(f for f in q["answer_values"] if f is not year)
    other = sorted(set(_YEAR.findall(q["question"] + q["reference"])) - {year["text"]})[0]
    said = _judge27._said(value)
    return [
        (f"year,value\n{year['text']},{said}", True),
        (f"```csv\nyear,value\n{year['text']},{said}\n```", True),
        (f"year,value\n{other},{said}", False),
        (f"```csv\nyear,value\n{other},{said}\n```", False),
    ]


def reading_only(q: dict[str, Any]) -> dict[str, Any] | None:
    """judge18's "does the chart confirm it?" questions (the charted value unscored) whose two
    figures differ beyond rounding."""
    kept = _judge18.unscored_reading(q)
    if kept is None:
        return None
    m = _judge18._IN_LINE.search(q["reference"])
    assert m is not None
    if re.search(r"\bshows? [^;]*?(?:\band\b|\d–\d)[^;]*? at ", q["reference"]):
        return None  # judge32 finding, not fixed: "shows Sixty-five and over at 5.83%" cuts the
        # chart's clause at "and", and a bin's bounds ("the 1–2 bin at 87") are read as further
        # chart figures, so the reference's two sides are not read at all
    if any(f["kind"] == "number" for f in kept["answer_values"]):
        return None  # the text's figure asked too: the answers below state only the reading
    return kept if m["shown"].rstrip("0") != m["text"].rstrip("0") else None


def figure_side_swapped(q: dict[str, Any]) -> list[Case]:
    """The chart's reading given as the text's figure alone ("Yes, it matches; the forecast is
    3.56%" where the chart shows 3.56% against a forecast of 3.7%) fails; the reading given as
    the chart's passes."""
    m = _judge18._IN_LINE.search(q["reference"])
    assert m is not None
    shown = f"{m['shown']}{m['unit'] or ''}"
    return [
        (f"Yes, it matches; the chart shows {shown}.", True),
        (f"It matches: the figure puts it at {shown}.", True),
        (f"Yes, it matches — the chart was drawn from the forecast, so the forecast is {shown}.", False),
        (f"It matches, since the text's estimate is {shown}.", False),
    ]


#: "The gap is 1.13 percentage points: Figure 8 (…) puts … at 11.03%, against the report's
#: earlier estimate of 9.9%."
_GAP_FIRST = re.compile(
    r"^The gap is (?P<gap>[\d.]+) (?P<unit>[a-z ]+?): .*? at (?P<chart>[\d.]+)%?, against the report's"
    r" [a-z ]*?(?:estimate|forecast|target) of (?P<text>[\d.]+)"
)


def how_far(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _GAP_FIRST.match(q["reference"]) and q["question"].lower().startswith("how far") else None


def pronoun_sides(q: dict[str, Any]) -> list[Case]:
    """A side said between two pronouns under a "how far is A from B?" question ("It is 1.13
    percentage points below it"): A is the subject; the wrong side fails, the right one passes."""
    m = _GAP_FIRST.match(q["reference"])
    assert m is not None
    above = float(m["chart"]) > float(m["text"])
    right, wrong = ("above", "below") if above else ("below", "above")
    gap = f"{m['gap']} {m['unit']}"
    return [
        (f"It is {gap} {right} it.", True),
        (f"How far is the chart's value from the earlier estimate? It is {gap} {right} it.", True),
        (f"It is {gap} {wrong} it.", False),
        (f"How far is the chart's value from the earlier estimate? It is {gap} {wrong} it.", False),
    ]


#: "… at 25.6%; the text's earlier estimate is 22%, a gap of 3.6 percentage points."
_GAP_AFTER = re.compile(
    r" at (?P<chart>[\d.]+)%; the text's [a-z ]*?(?:estimate|forecast|target) is (?P<text>[\d.]+)%,"
    r" a gap of (?P<gap>[\d.]+) percentage points\.$"
)


def gap_after(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _GAP_AFTER.search(q["reference"]) else None


def gap_side(q: dict[str, Any]) -> list[Case]:
    """A reference that ends on the gap of its two figures ("…, a gap of 3.6 percentage points")
    still fixes the chart's side: the other side said fails, its own passes."""
    m = _GAP_AFTER.search(q["reference"])
    assert m is not None
    above = float(m["chart"]) > float(m["text"])
    right, wrong = ("above", "below") if above else ("below", "above")
    ref = q["reference"]
    return [
        (f"{ref} So the chart is {right} the estimate.", True),
        (f"{ref} Answer: {m['gap']} pp {right} the estimate.", True),
        (f"{ref} So the chart is {wrong} the estimate.", False),
        (f"{ref} Answer: {m['gap']} pp {wrong} the estimate.", False),
    ]


_CHANGE_OF = re.compile(r"a change of \+?(?P<v>\d[\d.]*) (?P<unit>percentage points|[a-z]+)")


def rise(q: dict[str, Any]) -> dict[str, Any] | None:
    """A reference stating an asked positive change ("a change of 0.42 percentage points")."""
    m = _CHANGE_OF.search(q["reference"])
    asked = {f["text"] for f in q["answer_values"] if f["kind"] == "number"}
    labels = [f for f in q["answer_values"] if f["kind"] != "number"]
    return q if m and m["v"] in asked and not labels else None


def foreign_fall(q: dict[str, Any]) -> list[Case]:
    """A rise written with a fall verb of another language ("sank der Anteil um 0,42", "cayó 0,42",
    "a baissé de 0,42") fails; the rise verb of the same language is no certain fail."""
    m = _CHANGE_OF.search(q["reference"])
    assert m is not None
    ref, v, unit = q["reference"], m["v"], m["unit"]
    comma = v.replace(".", ",")

    return [
        (_classes.put(ref, m, f"stieg der Anteil um {comma} {unit}"), True),
        (_classes.put(ref, m, f"subió {comma} {unit}"), True),
        (_classes.put(ref, m, f"sank der Anteil um {comma} {unit}"), False),
        (_classes.put(ref, m, f"cayó {comma} {unit}"), False),
        (_classes.put(ref, m, f"a baissé de {comma} {unit}"), False),
    ]


CLASSES: _judge18.Classes = {
    "k_for_count": (_judge29._selector(_PLAIN_COUNT), k_for_count),
    "key_unit_scale": (_judge29._selector(_SCALED_COUNT), key_unit_scale),
    "colour_last": (colour_fact, colour_last),
    "bold_items": (two_views, bold_items),
    "csv_rows": (year_and_value, csv_rows),
    "figure_side_swapped": (reading_only, figure_side_swapped),
    "pronoun_sides": (how_far, pronoun_sides),
    "gap_side": (gap_after, gap_side),
    "foreign_fall": (rise, foreign_fall),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
