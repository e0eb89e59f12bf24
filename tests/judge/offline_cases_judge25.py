"""General answers for the judge25 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v24 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass, the wrong forms must fail (or, for the
classes of :data:`UNCERTAIN`, must not be certain passes).
"""

from __future__ import annotations

import re
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge24 as _judge24

#: every frozen question file up to v24 (their answers are not read here)
SNAPSHOTS = (*_judge24.SNAPSHOTS, "offline_heldout_v24_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
#: words by which an item ranks its items or pairs events itself
_RANKS = re.compile(
    r"\b(?:highest|lowest|largest|smallest|biggest|greatest|furthest|farthest|most|least|top|peaks?|bottom"
    r"|same\s+year)\b",
    re.IGNORECASE,
)


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _numbers(q: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in q["answer_values"] if f["kind"] == "number"]


def _usd(q: dict[str, Any]) -> dict[str, Any] | None:
    """A number fact in millions or billions of USD whose value and unit the reference writes."""
    return next(
        (
            f
            for f in _numbers(q)
            if re.fullmatch(r"(?:million|billion) USD", str(f["unit"] or ""))
            and f"{f['text']} {f['unit']}" in q["reference"]
        ),
        None,
    )


def usd_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_usd` fact."""
    return q if _usd(q) is not None else None


def currency_sign(q: dict[str, Any]) -> list[Case]:
    """A value in US dollars written with another currency's sign after it ("0.193 €M",
    "0.193 M€", "0.193 million £") fails; with a dollar sign or "USD" it passes."""
    f = _usd(q)
    assert f is not None
    said = f"{f['text']} {f['unit']}"
    scale = f["unit"].split()[0]
    letter = {"million": "M", "billion": "bn"}[scale]
    ref = q["reference"]
    return [
        (ref, True),
        (ref.replace(said, f"US${f['text']} {scale}"), True),
        (ref.replace(said, f"{f['text']} €{letter}"), False),
        (ref.replace(said, f"{f['text']} {letter}€"), False),
        (ref.replace(said, f"{f['text']} {scale} £"), False),
    ]


def _year_label(q: dict[str, Any]) -> tuple[str, str] | None:
    """A year label fact the reference writes once, and a year two off that the item never writes."""
    item = f"{q['question']} {q['reference']}"
    for f in q["answer_values"]:
        text = str(f["text"])
        if f["kind"] == "label" and _YEAR.fullmatch(text) and q["reference"].count(text) == 1:
            other = str(int(text) - 2)
            if other not in item and str(int(text) - 1) not in item and str(int(text) + 1) not in item:
                return text, other
    return None


def year_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_year_label` fact."""
    return q if _year_label(q) is not None else None


def abbreviated_year(q: dict[str, Any]) -> list[Case]:
    """A year cut to two digits ("('11)", "FY'11") is that year: the right one passes, a wrong one
    fails as the full year would."""
    found = _year_label(q)
    assert found is not None
    right, wrong = found
    ref = q["reference"]
    return [
        (ref.replace(right, f"'{right[2:]}"), True),
        (ref.replace(right, f"FY'{right[2:]}"), True),
        (ref.replace(right, f"'{wrong[2:]}"), False),
        (ref.replace(right, f"FY’{wrong[2:]}"), False),
    ]


_RATIO = re.compile(
    r"^(?P<a>[A-Z][^.;()]*?(?:\(\d{4}\))?) (?P<verb>is|are) (?P<times>about \d+(?:\.\d+)? times) "
    r"(?P<b>[^.;()]+?(?:\(\d{4}\))?) (?P<rest>\(.*)$"
)


def ratio_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose reference is "A is about k times B (…)"."""
    return q if _RATIO.match(q["reference"]) else None


def ratio_sides(q: dict[str, Any]) -> list[Case]:
    """The ratio's value with its two sides the other way round ("B is about k times A") fails;
    the sides as the reference puts them pass."""
    m = _RATIO.match(q["reference"])
    assert m is not None
    a, b, verb, times, rest = m["a"], m["b"], m["verb"], m["times"], m["rest"]
    swap_a = b[:1].upper() + b[1:]
    return [
        (q["reference"], True),
        (f"{a} comes to {times} {b}.", True),
        (f"{swap_a} {verb} {times} {a.lower() if a.startswith('The ') else a} {rest}", False),
        (f"Answer: {swap_a} {verb} {times} {a}.", False),
    ]


def plain_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a value the reference writes, that ranks nothing and pairs no events (an
    item that ranks its items may be answered with a rank of its own words)."""
    item = f"{q['question']} {q['reference']}"
    return q if _judge24.value_asked(q) is not None and not _RANKS.search(item) else None


def extra_claim(q: dict[str, Any]) -> list[Case]:
    """A right answer that adds a claim the item never states (a rank among all the items, a
    year it never names, two things at the same time) is no certain pass (rows marked False)."""
    ref = q["reference"].rstrip(".")
    years = {int(y) for y in _YEAR.findall(f"{q['question']} {ref}")}
    unnamed = max(years, default=2015) + 7
    return [
        (f"{ref}.", True),
        (f"{ref} — the highest of any item in the chart.", False),
        (f"{ref}; it was the lowest figure anywhere in the report.", False),
        (f"{ref}, and the policy behind it was reversed in {unnamed}.", False),
        (f"{ref}, the same year the statistics office revised its series.", False),
    ]


_EITHER = re.compile(
    r"\bthe (?P<a>[a-z]+) (?P<noun>one|segment|bar|slice|series|line) or the (?P<b>[a-z]+) (?P=noun)\b",
    re.IGNORECASE,
)


def colour_either_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A "which holds the larger value: the X one or the Y one?" question whose reference names
    both colours with "larger than" between them."""
    m = _EITHER.search(q["question"])
    if m is None or not re.search(r"\b(?:larger|higher|greater)\b", q["question"]):
        return None
    ref = q["reference"].lower()
    i, k = ref.find(m["a"].lower()), ref.find(m["b"].lower())
    between = ref[min(i, k) : max(i, k)]
    return q if min(i, k) >= 0 and re.search(r"\b(?:larger|higher|greater) than\b", between) else None


def colour_verdict_flip(q: dict[str, Any]) -> list[Case]:
    """The values read right and the other colour named the larger ("the brown one holds the
    larger value") fails; the right colour named passes."""
    m = _EITHER.search(q["question"])
    assert m is not None
    ref = q["reference"].lower()
    first = m["a"] if ref.find(m["a"].lower()) < ref.find(m["b"].lower()) else m["b"]
    second = m["b"] if first == m["a"] else m["a"]
    body = q["reference"].rstrip(".")
    return [
        (f"{body} — the {first} {m['noun']} holds the larger value.", True),
        (f"{body} — the {second} {m['noun']} holds the larger value.", False),
        (f"{body}. The {second} one is larger.", False),
    ]


def _low_pick(q: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A capitalised label fact and a value fact of a "which … is the lowest" question."""
    if not re.search(r"\bwhich\b[^?]*\b(?:lowest|smallest)\b", q["question"], re.IGNORECASE):
        return None
    if re.search(r"\b(?:highest|largest|biggest)\b", q["question"], re.IGNORECASE):
        return None
    labels = [f["text"] for f in q["answer_values"] if f["kind"] == "label" and str(f["text"])[:1].isupper()]
    values = [f for f in _numbers(q) if f["unit"] and not _YEAR.fullmatch(str(f["text"]))]
    return (labels[0], values[0]) if len(labels) == 1 and len(values) == 1 else None


def lowest_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_low_pick`."""
    return q if _low_pick(q) is not None else None


def lowest_named(q: dict[str, Any]) -> list[Case]:
    """For a question that asks which is the lowest, the asked label said to be the lowest passes;
    said to be the highest it fails."""
    found = _low_pick(q)
    assert found is not None
    label, f = found
    value = f"{f['text']} {f['unit']}"
    return [
        (f"{label} is the lowest, at {value}.", True),
        (f"{label}'s mark is the smallest one, at {value}.", True),
        (f"{label} is the highest, at {value}.", False),
        (f"{label}'s mark is the largest one, at {value}.", False),
    ]


CLASSES: _judge18.Classes = {
    "lowest_named": (lowest_asked, lowest_named),
    "currency_sign": (usd_asked, currency_sign),
    "abbreviated_year": (year_asked, abbreviated_year),
    "ratio_sides": (ratio_asked, ratio_sides),
    "extra_claim": (plain_asked, extra_claim),
    "colour_verdict_flip": (colour_either_asked, colour_verdict_flip),
}
#: classes whose False rows must not be certain passes (a fail, or an uncertain pass)
UNCERTAIN = frozenset({"extra_claim"})


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
