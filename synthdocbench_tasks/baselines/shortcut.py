"""The answers of the two shortcut baselines, which never see a page (issue 23, point 9).

Both are floors: a question a benchmark keeps should be answered better by a model that reads
the document than by these.

- **Question only** (:func:`question_only_answer`): the question's text and its category, nothing
  else. It echoes what the question names (the first entity for "which" questions, its years,
  the number a claim quotes) inside the answer form most common for the category, and trusts
  the question: a quoted claim is said to match the chart, a direction it names is repeated. Where
  the question names no number it says a typical one.
- **Majority verdict** (:func:`majority_verdicts`, :func:`majority_answer`): for a question of a
  verdict-bearing category (one whose questions carry a verdict label: matches or contradicts,
  above or below) the verdict most common in that category over the evaluated split, the prior a
  majority-class baseline knows; any other question gets one generic answer.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

#: Verdict labels of the generator's verdict-bearing questions, each with the baseline's
#: sentence for it.
VERDICT_ANSWERS: dict[str, str] = {
    "matches": "Yes: the chart matches the text.",
    "contradicts": "No: the chart contradicts the text.",
    "above": "The charted value is above it.",
    "below": "The charted value is below it.",
}
#: The majority baseline's answer to every question without a verdict.
GENERIC_ANSWER = "It is higher."
#: What the question-only baseline says where the question names no number, and for ratios.
TYPICAL_NUMBER = "10"
TYPICAL_RATIO = "1.5"
TYPICAL_YEARS = ("2010", "2015", "2020")

_TITLE = re.compile(r"\('[^)]*'\)")  # a chart title in parentheses, as in "Figure 2 ('...')"
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_NUMBER = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?(?:\s?%|\s?(?:km²|km³|°C|GW|MW|TWh|pp)\b|\s(?:million|billion|thousand)\s\w+)?"
)
_FIGURE = re.compile(r"\b(?:Figure|Table|Section)\s+\d+", re.IGNORECASE)
_CAPITALISED = re.compile(r"\b[A-Z][\w'’\-]*(?:\s+(?:of\s+|the\s+|de\s+)?[A-Z][\w'’\-]*)*")
_OR = re.compile(r"\bor\b")
_NEAR = 40  # characters between an option and its "or"
_FALL = re.compile(r"\b(?:fell|fall|falls|fallen|declined?|decreased?|dropped|drop)\b", re.IGNORECASE)
_NOT_ENTITIES = frozenset(
    {"The", "In", "What", "Which", "How", "When", "Does", "Did", "Is", "Are", "Was", "For", "According"}
    | {"Compare", "Name", "Summarise", "Set", "Put", "Check", "Using", "Looking", "After", "Describe"}
    | {"Expressed", "Find", "Identify", "An", "A", "By", "From", "Of", "Figure", "Table", "Section"}
)


def _plain(question: str) -> str:
    """The question without chart titles and figure numbers (their words are not answers)."""
    return _FIGURE.sub(" ", _TITLE.sub(" ", question))


def _entity_spans(text: str) -> list[tuple[int, int, str]]:
    spans = []
    for match in _CAPITALISED.finditer(text):
        words = match.group(0).split()
        while words and words[0] in _NOT_ENTITIES:
            words = words[1:]
        name = re.sub(r"['’]s$", "", " ".join(words))
        if name:
            spans.append((match.start(), match.end(), name))
    return spans


def named_entities(question: str) -> list[str]:
    """Capitalised names the question mentions: first the two sides of an "A or B" choice if
    it offers one, then the others in order; no repeats, no sentence openers."""
    text = _plain(question)
    spans = _entity_spans(text)
    out: list[str] = []
    for match in _OR.finditer(text):
        before = [n for start, end, n in spans if end <= match.start() and match.start() - end <= _NEAR]
        after = [n for start, end, n in spans if start >= match.end() and start - match.end() <= _NEAR]
        if before and after:
            out += [before[-1], after[0]]
            break
    for _, _, name in spans:
        out.append(name)
    return list(dict.fromkeys(out))


def named_direction(question: str) -> str:
    """The direction word the question uses ("fell" when it names a fall), else "rose"."""
    return "fell" if _FALL.search(question) else "rose"


def named_years(question: str) -> list[str]:
    return list(dict.fromkeys(_YEAR.findall(_plain(question))))


def named_numbers(question: str) -> list[str]:
    """Numbers (with their unit where one follows) that are not years or figure numbers."""
    return [m.group(0) for m in _NUMBER.finditer(_plain(question)) if not _YEAR.fullmatch(m.group(0))]


def _period(years: list[str]) -> str:
    return f" from {years[0]} to {years[-1]}" if len(years) >= 2 else (f" in {years[0]}" if years else "")


def question_only_answer(question: str, category: str) -> str:
    """The question-only baseline's answer: the category's usual form, filled from the question."""
    names, years, numbers = named_entities(question), named_years(question), named_numbers(question)
    first = names[0] if names else "The first one"
    second = names[1] if len(names) > 1 else "the second"
    number = numbers[0] if numbers else TYPICAL_NUMBER
    lowered = question.lower()
    if category == "value_reading":
        return f"{first} is at about {number}{_period(years[:1])}."
    if category in ("comparison", "technical_quantitative"):
        if "ratio" in lowered or "times" in lowered:
            return f"{first} is about {TYPICAL_RATIO} times {second}."
        return f"{first} is higher{_period(years[:1])}, by about {number}."
    if category == "trend_pattern":
        return f"It {named_direction(question)}{_period(years)}, a change of about {number}."
    if category == "verify_with_chart":
        return f"Yes, the chart bears the text out: it shows {number}{_period(years[:1])}."
    if category == "integrate_sources":
        return f"The text gives {number} and the chart shows {number}; they agree."
    if category == "compare_representations":
        return f"The chart matches the text: {first} {named_direction(question)}{_period(years)}."
    if category == "historical_timeline":
        dates = years or list(TYPICAL_YEARS)
        return "The first happened in " + ", then ".join(dates) + "."
    if category == "impact_reception":
        return f"{first} responded positively, while {second} responded negatively."
    return f"{first}, at about {number}."


def verdict_of(answer_values: Iterable[Mapping[str, Any]]) -> str | None:
    """The verdict label of a question's structured answer, if it has one."""
    for value in answer_values:
        text = str(value.get("text") or "").strip().lower()
        if value.get("kind") == "label" and text in VERDICT_ANSWERS:
            return text
    return None


def majority_verdicts(docs: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Per category with verdict questions, its most common verdict (ties: alphabetical)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for doc in docs:
        verdict = verdict_of(doc.get("answer_values") or [])
        if verdict is not None:
            counts[str(doc["category"])][verdict] += 1
    return {cat: sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] for cat, c in counts.items()}


def majority_answer(category: str, majority: Mapping[str, str]) -> str:
    """The majority-verdict baseline's answer to a question of ``category``."""
    verdict = majority.get(category)
    return VERDICT_ANSWERS[verdict] if verdict else GENERIC_ANSWER
