"""General answers for the judge31 round (issue 25, point 1: a unit bound to the asked slot),
built from generated questions: every frozen question snapshot up to v29 (questions only, never
their labelled answers). Each builder reads a question's text, reference and facts, never its
id. A wrong form must fail; a right form must be no certain fail.
"""

from __future__ import annotations

import re
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


def _text_and_computed(q: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """A figure the reference gives as the text's (read, no tolerance) and a value computed on
    the chart (with a tolerance) in one unit, each written once, or None."""
    numbers = [
        f
        for f in q["answer_values"]
        if f["kind"] == "number" and not re.fullmatch(r"(?:19|20)\d\d", f["text"])
    ]
    read = [f for f in numbers if not f["abs_tol"]]
    computed = [f for f in numbers if f["abs_tol"]]
    ref = q["reference"]
    if len(read) != 1 or len(computed) != 1 or read[0]["unit"] != computed[0]["unit"]:
        return None
    if not re.search(r"\b(?:text|report)\b", ref) or any(ref.count(f["text"]) != 1 for f in numbers):
        return None
    if ref.find(read[0]["text"]) > ref.find(computed[0]["text"]) or not re.search(
        r"\b(?:text|report)\b", ref[: ref.find(read[0]["text"])]
    ):
        return None  # the text's figure first, named as the text's
    return read[0], computed[0]


def text_and_computed(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _text_and_computed(q) is not None else None


def computed_for_text(q: dict[str, Any]) -> list[Case]:
    """The text's figure and a value computed on the chart swapped between their slots ("the
    text's estimate is 146.69 …, and it lies 198.4 from the mean" for 198.4 and 146.69) fail;
    the reference and the values in their own slots pass."""
    pair = _text_and_computed(q)
    assert pair is not None
    read, computed = pair
    ref, unit = q["reference"], str(read["unit"] or "")
    t, c = f"{read['text']} {unit}".strip(), f"{computed['text']} {unit}".strip()
    swapped = (
        ref.replace(read["text"], "\0")
        .replace(computed["text"], read["text"])
        .replace("\0", computed["text"])
    )
    return [
        (ref, True),
        (f"The text gives {t}; on the chart the gap is {c}.", True),
        (swapped, False),
        (f"The text gives {c}; on the chart the gap is {t}.", False),
        (f"The report's figure is {c}, and the chart's gap is {t}.", False),
    ]


#: a reference that sets the chart's reading against the text's figure ("shows 36.4%, against
#: 32%"), with or without the text's side word ("against the report's forecast of 32%")
_AGAINST = re.compile(
    r"(?P<lead>\b(?:shows|at)) (?P<x>-?[\d.,]*\d%?)(?P<xu>[^,;]*?), against "
    r"(?P<side>(?:the report's|a stated) [a-z ]+? of )?(?P<y>-?[\d.,]*\d%?)"
)


def set_against(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question that asks of the chart and the text whose reference sets the chart's reading
    against the text's figure, rewritten the way v29's references write it: with no side word
    for the text's figure ("Figure 6 … shows 36.4%, against 32%")."""
    asks = re.search(r"\b(?:text|report)\b", q["question"]) and re.search(
        r"\b(?:chart|figure)\b", q["question"]
    )
    m = _AGAINST.search(q["reference"])
    if not asks or m is None or not re.search(r"\b(?:chart|[Ff]igure)\b", q["reference"][: m.start()]):
        return None
    return (
        {**q, "reference": q["reference"][: m.start("side")] + q["reference"][m.end("side") :]}
        if m["side"]
        else q
    )


def against_swapped(q: dict[str, Any]) -> list[Case]:
    """The chart's reading and the text's figure swapped ("the chart shows 32% against the
    report's 36.4%" where the chart has 36.4% against 32%) fail; in their own sides they pass."""
    ref = q["reference"]
    m = _AGAINST.search(ref)
    assert m is not None
    x, y, lead = m["x"], m["y"], m["lead"]
    head = ref[: m.start()]
    return [
        (ref, True),
        (f"{head}{lead} {x}, against the report's {y}.", True),
        (f"{head}{lead} {x}; the text gives {y}.", True),
        (f"{head}{lead} {y}, against {x}.", False),
        (f"{head}{lead} {y}, against the report's {x}.", False),
        (f"{head}{lead} {y}; the text gives {x}.", False),
    ]


#: an either-or question's two candidates ("which was higher in Figure 4: Morocco or Tanzania")
_EITHER = re.compile(
    r"(?:^|[:,] |\bbetween )((?:the )?[A-Z][\w'’.-]*(?: [A-Za-z][\w'’.-]*){0,3}?) (?:or|and) "
    r"((?:the )?[A-Z][\w'’.-]*(?: [A-Za-z][\w'’.-]*){0,3}?)(?=[,?:;]| and by| in | stood| was)"
)
_CUE = re.compile(r"\b(higher|lower|larger|smaller|bigger|greater)\b")


def _either(q: dict[str, Any]) -> tuple[str, str, str] | None:
    """(the question's comparative, the winner, the other candidate) of an either-or question
    whose winner is a label fact, or None."""
    cue, m = _CUE.search(q["question"]), _EITHER.search(q["question"])
    if cue is None or m is None:
        return None
    for f in q["answer_values"]:
        if f["kind"] == "label" and f["text"] in (m.group(1), m.group(2)):
            other = m.group(2) if f["text"] == m.group(1) else m.group(1)
            return cue.group(1), f["text"], other
    return None


def either_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _either(q) is not None else None


def table_winner(q: dict[str, Any]) -> list[Case]:
    """A table whose comparative row names the other candidate ("| Higher | Morocco |" under a
    header "| Year | Morocco | Tanzania |" where Tanzania was higher) fails; the winner passes."""
    got = _either(q)
    assert got is not None
    cue, winner, other = got
    values = [f for f in q["answer_values"] if f["kind"] == "number" and f["unit"]]
    gap = f"| Gap | {values[0]['text']} {values[0]['unit']} |\n" if values else ""
    out: list[Case] = []
    for first, second in ((winner, other), (other, winner)):
        head = f"| Item | {first} | {second} |\n|---|---|---|\n"
        for pick, right in ((winner, True), (other, False)):
            out.append((f"{head}| {cue.capitalize()} | {pick} | |\n{gap}", right))
            out.append((f"{head}| **{cue.capitalize()}** | **{pick}** | |\n{gap}", right))
    return out


#: a reference that puts an asked series at its value ("the chart shows surveillance at 0.034")
_SHOWS_AT = re.compile(
    r"\b(?P<verb>shows|puts) (?P<name>[a-z][\w-]*(?: [a-z][\w-]*){0,2}) at (?P<v>-?[\d.,]*\d)"
)


def _asked_at(q: dict[str, Any]) -> re.Match[str] | None:
    """The reference's first statement that puts a series the question asks of at an asked value."""
    values = {f["text"] for f in q["answer_values"] if f["kind"] == "number"}
    for m in _SHOWS_AT.finditer(q["reference"]):
        name = m["name"]
        plain = name not in ("it", "them", "this") and not name.startswith("the ")
        if m["v"] in values and plain and re.search(rf"\b{re.escape(name)}\b", q["question"]):
            return m
    return None


def shows_at(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose reference puts a series the question asks of at an asked value."""
    return q if _asked_at(q) is not None else None


def _other_series(name: str) -> str:
    """A series of another item of the generated questions that shares no word with ``name``."""
    pool = sorted(
        {m["name"] for q in questions() if shows_at(q) for m in [_SHOWS_AT.search(q["reference"])] if m}
    )
    words = set(name.split())
    return next(n for n in pool[pool.index(name) + 1 :] + pool if not set(n.split()) & words)


def series_swapped(q: dict[str, Any]) -> list[Case]:
    """The asked value put at another series ("the chart shows vaccines procurement at 0.034"
    for surveillance at 0.034) fails; the asked series, or no series, passes."""
    ref = q["reference"]
    m = _asked_at(q)
    assert m is not None
    other, head = _other_series(m["name"]), ref[: m.start()]
    tail = ref[m.end("v") :]
    out: list[Case] = [(ref, True), (f"{head}{m['verb']} it at {m['v']}{tail}", True)]
    out.append((f"{head}{m['verb']} them at {m['v']}{tail}", True))
    for verb in (m["verb"], "records", "has", "plots"):
        out.append((f"{head}{verb} {m['name']} at {m['v']}{tail}", True))
        out.append((f"{head}{verb} {other} at {m['v']}{tail}", False))
        out.append((f"{head}{verb} the {other} at about {m['v']}{tail}", False))
    return out


#: a question that asks when a series first passes a threshold it states
_FIRST_PAST = re.compile(r"when is it (?P<side>above|below) (?P<t>\d+(?:\.\d+)?%) for the first time")


def first_past(q: dict[str, Any]) -> dict[str, Any] | None:
    """A first-passing question whose reference states the threshold's other side of the
    earlier years ("every earlier year shown stays below 27%")."""
    m = _FIRST_PAST.search(q["question"])
    return q if m and re.search(rf"\b(?:below|above) {re.escape(m['t'])}", q["reference"]) else None


def premise_side(q: dict[str, Any]) -> list[Case]:
    """The asked side of the question's threshold restated beside the answer ("It first exceeds
    27% in 2012, at 28.5%") passes; another year fails."""
    m = _FIRST_PAST.search(q["question"])
    assert m is not None
    year = next(f["text"] for f in q["answer_values"] if re.fullmatch(r"(?:19|20)\d\d", f["text"]))
    level = next(f for f in q["answer_values"] if f["kind"] == "number" and f["unit"])
    v, t, side = f"{level['text']}{level['unit']}", m["t"], m["side"]
    verb = "exceeds" if side == "above" else "drops below"
    early = str(int(year) - 1)
    return [
        (f"It first {verb} {t} in {year}, at {v}.", True),
        (f"<p>First year {side} {t}: <b>{year}</b>, at <b>{v}</b>.</p>", True),
        (f"First {side} {t} → {year}, at {v}.", True),
        (f"It is first {side} {t} in {year} ({v}).", True),
        (f"It first {verb} {t} in {early}, at {v}.", False),
        (f"First year {side} {t}: {early}.", False),
    ]


CLASSES: _judge18.Classes = {
    "premise_side": (first_past, premise_side),
    "series_swapped": (shows_at, series_swapped),
    "table_winner": (either_asked, table_winner),
    "against_swapped": (set_against, against_swapped),
    "computed_for_text": (text_and_computed, computed_for_text),
    "share_for_count": (_judge29._selector(_COUNT), share_for_count),
}


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
