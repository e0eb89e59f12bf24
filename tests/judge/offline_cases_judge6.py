"""General answers for the judge6 round's error classes (issue 25), built from generated
questions like :mod:`tests.judge.offline_cases_roles`: every frozen question snapshot (questions
only, never their labelled answers). Each builder reads a question's reference and facts, never
its id, and returns answers with the verdict a careful grader gives them (pass: score >= 6), or
nothing when its style does not apply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from tests.judge.offline_cases import DATA, Builder, Case, cases_of, numbers, restate
from tests.judge.offline_cases_roles import SNAPSHOTS as _ROLES_SNAPSHOTS

#: every frozen question file (their answers are not read here)
SNAPSHOTS = (*_ROLES_SNAPSHOTS, "offline_heldout_v6_questions.json")

_ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
]
_ONES += ["sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_DE_ONES = [
    "null",
    "ein",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
]
_DE_ONES += ["fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn"]
_DE_TENS = ["_", "_", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig"]


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _int_words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    rest = n % 100
    return f"{_ONES[n // 100]} hundred" + ("" if rest == 0 else f" and {_int_words(rest)}")


def _de_int_words(n: int) -> str:
    if n < 20:
        return "eins" if n == 1 else _DE_ONES[n]
    if n < 100:
        return ("" if n % 10 == 0 else _DE_ONES[n % 10] + "und") + _DE_TENS[n // 10]
    rest = n % 100
    return f"{_DE_ONES[n // 100]}hundert" + ("" if rest == 0 else _de_int_words(rest))


def in_words(text: str, german: bool = False) -> str | None:
    """A number written as digits (``44``, ``14.11``, ``-7.6``) written in English or German
    words, digit by digit after the decimal mark; None beyond 999."""
    m = re.fullmatch(r"(-?)(\d+)(?:\.(\d+))?", text.strip())
    if m is None or int(m.group(2)) > 999:
        return None
    whole = (_de_int_words if german else _int_words)(int(m.group(2)))
    if m.group(3):
        digits = (_DE_ONES if german else _ONES)[:10]
        point = " Komma " if german else " point "
        whole += point + " ".join(digits[int(d)] for d in m.group(3))
    return ("minus " if m.group(1) else "") + whole


def number_words(q: dict[str, Any]) -> list[Case]:
    """The reference with its values written in words passes ("forty-four districts",
    "fourteen point one one percent"); the same words for a value a fifth off fail."""
    out: list[Case] = []
    for fact in numbers(q):
        if re.fullmatch(r"(?:19|20)\d\d", str(fact["text"])) or float(fact["value"]) < 3:
            continue
        words = in_words(str(fact["text"]))
        off = in_words(f"{float(fact['value']) * 1.2:.1f}")
        unit = str(fact["unit"] or "").replace("%", "percent").replace("pp", "percentage points")
        if words is None or off is None:
            continue
        right = restate(q, fact, f"{words} {unit}".strip())
        wrong = restate(q, fact, f"{off} {unit}".strip())
        if right is not None and wrong is not None and len(q["answer_values"]) == 1:
            out += [(right, True), (wrong, False)]
    return out


def german_number_words(q: dict[str, Any]) -> list[Case]:
    """A share written in German words ("siebenunddreißig Komma sieben Prozent") is read."""
    facts = numbers(q)
    if len(q["answer_values"]) != 1 or len(facts) != 1 or facts[0]["unit"] != "%":
        return []
    words = in_words(str(facts[0]["text"]), german=True)
    off = in_words(f"{float(facts[0]['value']) * 1.25:.1f}", german=True)
    if words is None or off is None or float(facts[0]["value"]) < 3:
        return []
    return [
        (f"Laut der Abbildung liegt der Wert bei {words} Prozent.", True),
        (f"Laut der Abbildung liegt der Wert bei {off} Prozent.", False),
    ]


def _reasons(q: dict[str, Any]) -> list[str]:
    return [
        str(v["text"])
        for v in q["answer_values"]
        if v["kind"] == "label" and str(v["text"])[:1].islower() and len(str(v["text"]).split()) >= 2
    ]


def reason_left_out(q: dict[str, Any]) -> list[Case]:
    """A question that asks for the reason, answered with another cause or none, is partial
    (fail); the reference itself passes."""
    reasons = [r for r in _reasons(q) if r in q["reference"] and r not in q["question"]]
    if not reasons or not re.search(r"\bwhy\b|\breason|\bresponsible\b|\bcredit|\bfactor\b", q["question"]):
        return []
    other = q["reference"].replace(reasons[0], "the weather")
    bare = q["reference"].replace(reasons[0], "it")
    return [(q["reference"], True), (other, False), (bare, False)]


def value_left_out(q: dict[str, Any]) -> list[Case]:
    """A question that asks where the chart puts a value, answered with its other parts only
    (the receptions, no value), is partial (fail)."""
    from judge.offline_parts import VALUE_ASK

    if not VALUE_ASK.search(q["question"]) or not numbers(q):
        return []
    parts = [p.strip() for p in re.split(r";", q["reference"]) if not re.search(r"\d", p)]
    if not parts:
        return []
    return [("; ".join(parts).rstrip(".") + ".", False), (q["reference"], True)]


_DAYS = {"nights": 1.0, "days": 1.0, "weeks": 7.0}


def time_units(q: dict[str, Any]) -> list[Case]:
    """A duration in nights, days or weeks: the same digits in another of those units state
    another duration (fail); the value converted passes."""
    out: list[Case] = []
    for fact in numbers(q):
        unit = str(fact["unit"] or "")
        if unit not in _DAYS:
            continue
        other = "weeks" if unit != "weeks" else "days"
        converted = float(fact["value"]) * _DAYS[unit] / _DAYS[other]
        for written, ok in ((f"{fact['text']} {other}", False), (f"{converted:.3f} {other}", True)):
            answer = restate(q, fact, written)
            if answer is not None:
                out.append((answer, ok))
    return out


def _points(q: dict[str, Any]) -> list[dict[str, Any]]:
    return [v for v in numbers(q) if v["unit"] in ("pp", "percentage points")]


def _restate_points(q: dict[str, Any], fact: dict[str, Any], written: str) -> str | None:
    """The reference with the change in points (``1.26 percentage points``, ``-7.6 pp``) written
    as ``written``."""
    pattern = rf"(?<![\d.,]){re.escape(str(fact['text']))}\s*(?:percentage\s+points?|pp\b|points?)"
    ref, n = re.subn(pattern, written, q["reference"])
    return ref if n else None


def points_as_share(q: dict[str, Any]) -> list[Case]:
    """A change in percentage points written as a share of the target or called a relative
    change states another quantity (fail); written in points it passes."""
    out: list[Case] = []
    for fact in _points(q):
        n = str(fact["text"]).lstrip("-")
        for written, ok in (
            (f"{n}% of the target", False),
            (f"{n}%, a relative change of {n}%", False),
            (f"{fact['text']} percentage points", True),
        ):
            answer = _restate_points(q, fact, written)
            if answer is not None:
                out.append((answer, ok))
    return out


def points_as_count(q: dict[str, Any]) -> list[Case]:
    """A change in points written with a word for the things counted ("4.1 teachers") is a
    count, not the share (fail)."""
    from judge.offline_parts import counted_nouns

    nouns = sorted(counted_nouns(q["reference"]))
    out: list[Case] = []
    for fact in _points(q):
        answer = _restate_points(q, fact, f"{str(fact['text']).lstrip('-')} {nouns[0]}") if nouns else None
        if answer is not None:
            out.append((answer, False))
    return out


_FROM_TO = re.compile(r"from (-?\d+(?:\.\d+)?)(%|(?: [^\d\s(),;]+)*?) to (-?\d+(?:\.\d+)?)")
_PERIOD = re.compile(r"\b(?:from|between) ((?:19|20)\d\d) (?:to|and) ((?:19|20)\d\d)\b")


def fall_as_rise(q: dict[str, Any]) -> list[Case]:
    """A fall written with a plus sign ("+2.90 pp" for a change of -2.90) is a rise (fail); with
    its minus sign it passes."""
    out: list[Case] = []
    for fact in numbers(q):
        text = str(fact["text"])
        if not text.startswith("-") or not re.search(rf"(?<![\d.]){re.escape(text)}(?![\d])", q["reference"]):
            continue
        for written, ok in ((f"+{text[1:]}", False), (text, True)):
            out.append((re.sub(rf"(?<![\d.]){re.escape(text)}(?![\d])", written, q["reference"]), ok))
    return out


def ends_with_years(q: dict[str, Any]) -> list[Case]:
    """ "From A in Y1 to B" with the ends swapped reverses the change (fail); in order it passes.
    Y1 is the start of the period the question or reference names."""
    m = _FROM_TO.search(q["reference"])
    period = _PERIOD.search(q["question"]) or _PERIOD.search(q["reference"])
    changes = [v for v in numbers(q) if v["abs_tol"] and not v["rel_tol"]]
    if m is None or period is None or not changes or len(q["answer_values"]) < 3:
        return []
    a, unit, b = m.group(1), m.group(2), m.group(3)
    known = {str(v["text"]) for v in numbers(q)}
    if not {a, b} <= known or re.fullmatch(r"(?:19|20)\d\d", a):
        return []
    right = f"from {a}{unit} in {period.group(1)} to {b}"
    wrong = f"from {b}{unit} in {period.group(1)} to {a}"
    return [
        (q["reference"].replace(m.group(0), right), True),
        (q["reference"].replace(m.group(0), wrong), False),
    ]


_VERDICT_WORD = re.compile(r"\b(matches|contradicts)\b(?: (?:it|the text|the report))?")
_VERDICT_WORDS = {
    "matches": (("bears the text out", True), ("does not agree with it", False)),
    "contradicts": (("does not agree with it", True), ("fits it", False)),
}


def verdict_words(q: dict[str, Any]) -> list[Case]:
    """A verdict in other words ("does not agree with it", "bears the text out", "fits it") is
    read as that verdict."""
    verdicts = [str(v["text"]) for v in q["answer_values"] if v["kind"] == "label"]
    verdicts = [v for v in verdicts if v in _VERDICT_WORDS]
    found = list(_VERDICT_WORD.finditer(q["reference"]))
    if len(verdicts) != 1 or len(found) != 1 or found[0].group(1) != verdicts[0]:
        return []
    m = found[0]
    return [
        (q["reference"][: m.start()] + words + q["reference"][m.end() :], ok)
        for words, ok in _VERDICT_WORDS[verdicts[0]]
    ]


def corrected_winner(q: dict[str, Any]) -> list[Case]:
    """ "B was higher... wait, actually, looking again, A is higher, so A was higher": the
    correction is the answer (pass for the right one, fail for the other)."""
    m = re.search(
        r"\b(?:did|was|were|is)\s+(\w[\w-]*) or (\w[\w-]*) (?:stand|higher|larger|lower)", q["question"]
    )
    labels = [str(v["text"]) for v in q["answer_values"] if v["kind"] == "label"]
    if m is None or not labels or labels[0] not in m.groups():
        return []
    right = labels[0]
    other = m.group(2) if m.group(1) == right else m.group(1)
    rest = q["reference"].rstrip(".")
    read = re.search(r"\d[\d.,]*(?:%| [a-zA-Z]+)?", rest)  # a reading before ", so": a reasoning
    if read is None:
        return []
    return [
        (
            f"{other} was higher... wait, actually, looking again, {right} is at {read.group(0)}, "
            f"so {right} was higher: {rest}.",
            True,
        ),
        (
            f"{right} was higher... wait, actually, looking again, {other} is at {read.group(0)}, "
            f"so {other} was higher.",
            False,
        ),
    ]


def _derived(q: dict[str, Any]) -> list[dict[str, Any]]:
    return [v for v in numbers(q) if v["abs_tol"] and not v["rel_tol"]]


def operands_of_a_mean(q: dict[str, Any]) -> list[Case]:
    """A sum whose operands include the asked mean, divided into another result, concludes that
    result (fail); divided into the mean it passes."""
    facts = _derived(q)
    if (
        len(q["answer_values"]) != 1
        or len(facts) != 1
        or not re.search(r"\b(?:average|mean)", q["reference"])
    ):
        return []
    v, unit = float(facts[0]["value"]), str(facts[0]["unit"] or "")
    if v <= 1:
        return []
    a, b = round(v * 1.1, 2), round(v * 0.9, 2)
    total = round(a + b + float(facts[0]["text"]), 2)
    head = f"Adding the readings: {a} + {facts[0]['text']} + {b} = {total}; {total} / 3 = "
    return [(f"{head}{v * 1.3:.2f} {unit}.", False), (f"{head}{facts[0]['text']} {unit}.", True)]


def pivot_share(q: dict[str, Any]) -> list[Case]:
    """A share of a target a good way nearer 100% than the value ("101.1%" for 101.8%) is
    another share (fail); the value itself passes."""
    out: list[Case] = []
    for fact in _derived(q):
        m = re.search(rf"(?<![\d.]){re.escape(str(fact['text']))}% of\b", q["reference"])
        v = float(fact["value"])
        if m is None or abs(v - 100) < 1:
            continue
        near = 100 + (v - 100) * 0.6
        for written, ok in ((f"{near:.1f}% of", False), (f"{fact['text']}% of", True)):
            out.append((q["reference"][: m.start()] + written + q["reference"][m.end() :], ok))
    return out


def gap_after_levels(q: dict[str, Any]) -> list[Case]:
    """Two levels in percent followed by their gap in points: the gap is no wrong level (pass)."""
    levels = [v for v in numbers(q) if v["unit"] == "%" and v not in _derived(q)]
    if len(levels) != 2 or len(numbers(q)) != 2:
        return []
    gap = abs(float(levels[0]["value"]) - float(levels[1]["value"]))
    return [(f"{q['reference'].rstrip('.')}; so the gap is about {gap:.2f} points.", True)]


def open_verdict(q: dict[str, Any]) -> list[Case]:
    """A verdict left open ("which could count as agreement or not") answers no verdict (fail)."""
    verdicts = [
        str(v["text"]) for v in q["answer_values"] if v["kind"] == "label" and v["text"] in _VERDICT_WORDS
    ]
    found = list(_VERDICT_WORD.finditer(q["reference"]))
    if len(verdicts) != 1 or len(found) != 1:
        return []
    m = found[0]
    return [
        (q["reference"][: m.start()] + "could count as agreement or not" + q["reference"][m.end() :], False)
    ]


def span_years(q: dict[str, Any]) -> list[Case]:
    """A change stated over the asked years ("from 7.31% in 2012 to 8.57% in 2014") binds the
    years to the change's span, not to the entity (pass)."""
    years = [str(v["text"]) for v in numbers(q) if re.fullmatch(r"(?:19|20)\d\d", str(v["text"]))]
    changes = [v for v in _derived(q) if v["unit"]]
    m = _FROM_TO.search(q["reference"])
    if len(years) != 2 or len(changes) != 1 or m is None or len(q["answer_values"]) != 3:
        return []
    a, unit, b = m.group(1), m.group(2), m.group(3)
    if re.fullmatch(r"(?:19|20)\d\d", a):
        return []
    change = changes[0]
    y1, y2 = sorted(years)
    return [
        (
            f"It went from {a}{unit} in {y1} to {b}{unit} in {y2}: "
            f"a change of {change['text']} {change['unit']}.",
            True,
        )
    ]


def approximate_readings(q: dict[str, Any]) -> list[Case]:
    """The reference's other readings written rounded and marked approximate ("at about 72%"
    for 72.1%) are those readings, no rival values (pass)."""
    facts = {str(v["text"]) for v in numbers(q)}
    out, n = q["reference"], 0
    for m in reversed(list(re.finditer(r"(?<![\d.,])(\d+)\.(\d)%", q["reference"]))):
        signed = q["reference"][max(0, m.start() - 1) : m.start()] in ("-", "−", "+")
        if signed or m.group(0)[:-1] in facts or m.group(2) in ("5",):
            continue
        out = out[: m.start()] + f"about {round(float(m.group(0)[:-1]))}%" + out[m.end() :]
        n += 1
    return [(out, True)] if n else []


def shortened(q: dict[str, Any]) -> list[Case]:
    """A fall in time written as "shortened by N weeks" (or "about 7N days") is that fall (pass)."""
    out: list[Case] = []
    for fact in _derived(q):
        if str(fact["unit"]) not in _DAYS or float(fact["value"]) >= 0:
            continue
        n = str(fact["text"]).lstrip("-")
        days = float(n) * _DAYS[str(fact["unit"])]
        for words in (
            f"shortened by {n} {fact['unit']}",
            f"got shorter by {n} {fact['unit']}",
            f"narrowed by {n} {fact['unit']}",
            f"shortened by about {days:.1f} days",
        ):
            answer = restate(q, fact, words)
            if answer is not None:
                out.append((answer.replace("a change of ", "a wait that "), True))
    return out


_RECEPTIONS = {
    "it": {"positive": "favorevolmente", "negative": "criticamente", "mixed": "con sentimenti contrastanti"},
    "ru": {"positive": "положительно", "negative": "критически", "mixed": "неоднозначно"},
    "es": {
        "positive": "favorablemente",
        "negative": "de forma crítica",
        "mixed": "con opiniones encontradas",
    },
}
_OTHER_RECEPTION = {"positive": "negative", "negative": "positive", "mixed": "positive"}  # the kinds


def foreign_receptions(q: dict[str, Any]) -> list[Case]:
    """Receptions written in Italian, Russian or Spanish are read (pass); the opposite ones
    fail."""
    labels = [str(v["text"]) for v in q["answer_values"] if v["kind"] == "label"]
    if not labels or not set(labels) <= set(_OTHER_RECEPTION):
        return []
    tail = "".join(f"; {v['text']} {v['unit'] or ''}".rstrip() for v in numbers(q))
    out: list[Case] = []
    lead = {
        "it": "il gruppo {} l'ha giudicata {}",
        "ru": "группа {} оценила это {}",
        "es": "el grupo {} la juzgó {}",
    }
    for lang, words in _RECEPTIONS.items():
        right = "; ".join(lead[lang].format(i + 1, words[x]) for i, x in enumerate(labels))
        out.append((right + tail + ".", True))
        unused = [x for x in _OTHER_RECEPTION if x not in labels]
        if unused:  # every reception replaced by one the reference gives nobody
            wrong = "; ".join(lead[lang].format(i + 1, words[unused[0]]) for i in range(len(labels)))
            out.append((wrong + tail + ".", False))
    return out


def json_answer(q: dict[str, Any]) -> list[Case]:
    """A JSON object with the values and a verdict key ("bears_out": true) is read (pass with
    the right verdict, fail with the other)."""
    verdicts = [str(v["text"]) for v in q["answer_values"] if v["kind"] == "label"]
    nums = numbers(q)
    if verdicts not in (["matches"], ["contradicts"]) or len(nums) + 1 != len(q["answer_values"]):
        return []
    values = {f"value_{i + 1}": f"{v['text']} {v['unit'] or ''}".strip() for i, v in enumerate(nums)}
    right = verdicts[0] == "matches"
    return [
        (json.dumps({**values, "bears_out_text": right}), True),
        (json.dumps({**values, "bears_out_text": not right}), False),
    ]


CLASSES: dict[str, Builder] = {
    "number_words": number_words,
    "german_number_words": german_number_words,
    "reason_left_out": reason_left_out,
    "value_left_out": value_left_out,
    "time_units": time_units,
    "points_as_share": points_as_share,
    "points_as_count": points_as_count,
    "fall_as_rise": fall_as_rise,
    "ends_with_years": ends_with_years,
    "verdict_words": verdict_words,
    "corrected_winner": corrected_winner,
    "operands_of_a_mean": operands_of_a_mean,
    "pivot_share": pivot_share,
    "gap_after_levels": gap_after_levels,
    "open_verdict": open_verdict,
    "span_years": span_years,
    "approximate_readings": approximate_readings,
    "shortened": shortened,
    "foreign_receptions": foreign_receptions,
    "json_answer": json_answer,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    yield from cases_of(CLASSES[name], questions())
