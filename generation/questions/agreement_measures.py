"""Verbs that disagree with the name they follow (issue grammar47): "the monitoring stations in
the United States was broadly flat", "Trade unions is higher".

A question record's question, answer and reasoning are read against its report's names: the
world's metrics and entities and every chart's series and mark labels. A name is the subject of a
verb when no preposition, article or "and" comes before it ("the share of trade unions was" is
not counted) and the verb follows it, after at most one qualifier naming an entity or a year
("... in the United States was"), or when "does"/"do" comes before it ("What value does trade
unions show"). Its number is the grammar module's (:func:`generation.world.grammar.is_plural`),
so the counter and the templates (through :func:`~generation.world.grammar.agree`) share one
rule.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cache

from generation.world.grammar import PREPOSITIONS, agree, is_plural
from synthdocbench_tasks.schema import DocumentManifest, Question

#: Verbs a template may put after a name, in their third-person singular form.
_SINGULAR = [
    "is",
    "was",
    "has",
    "rises",
    "falls",
    "grows",
    "stays",
    "remains",
    "moves",
    "changes",
    "leads",
    "trails",
    "stands",
    "lies",
    "peaks",
    "reaches",
    "exceeds",
    "ends",
    "starts",
    "sits",
    "shows",
    "holds",
    "accounts",
    "outpaces",
    "climbs",
    "drops",
    "declines",
    "increases",
    "decreases",
    "tops",
    "lags",
    "outnumbers",
]
#: Plural forms read as a verb after a singular name: the others are nouns ("the Germany peak") or
#: infinitives ("did the investment in Germany rise") as often.
_PLURAL_ONLY = frozenset(["are", "were", "have"])
#: Words that may follow the subject of "does"/"do": a preposition or a bare verb ("does Trade unions
#: show"); any other word continues the noun phrase ("does the Independent shops segment").
_AFTER_SUBJECT = "in|for|from|at|of|with|by|across|stand|show|take|change|move|reach|compare|rank|sit"
#: Words before a name that make it something other than the subject of the verb after it.
_NOT_SUBJECT = PREPOSITIONS | frozenset(["and", "or", "a", "an", "is", "are", "was", "were"])


@cache
def _verbs() -> tuple[dict[str, str], dict[str, str]]:
    """(singular -> plural, plural -> singular) forms of the verbs above."""
    plural = {v: agree("firms", v) for v in _SINGULAR}
    return plural, {p: s for s, p in plural.items()}


def names(manifest: DocumentManifest) -> set[str]:
    """The names a report's questions may use as subjects: metrics, entities, series and marks."""
    found = {m.name for m in manifest.world.metrics} | {f.entity for f in manifest.world.facts}
    for chart in manifest.charts:
        found |= {p.label for p in chart.data} | {p.category for p in chart.data if p.category}
    return {n for n in found if re.search(r"[A-Za-z]{3}", n)}


@cache
def _pattern(name: str, qualifiers: tuple[str, ...]) -> re.Pattern[str]:
    after = "|".join(re.escape(q) for q in qualifiers)
    qualifier = rf"(?: (?:in|for|across|at) (?:the )?(?:{after}|\d{{4}}))?" if after else r"(?: in \d{4})?"
    verbs = "|".join(sorted({*_verbs()[0], *_verbs()[1]}))
    return re.compile(
        rf"(?:(?P<before>[\w']+) )?(?:the )?(?P<name>\b{re.escape(name)}\b){qualifier} (?P<verb>{verbs})\b"
        rf"|\b(?P<aux>does|do) (?:the )?(?P<name2>{re.escape(name)})\b(?=[,.?]|$| (?:{_AFTER_SUBJECT})\b)",
        re.IGNORECASE,
    )


def disagreements(text: str, subjects: Iterable[str], qualifiers: Iterable[str] = ()) -> list[str]:
    """Each "<name> <verb>" of ``text`` whose verb's number is not the name's."""
    singular = _verbs()[0]
    after = tuple(sorted(qualifiers, key=len, reverse=True))
    out = []
    for name in subjects:
        if name.lower() not in text.lower():
            continue
        many = is_plural(name)
        for m in _pattern(name, after).finditer(text):
            if m.group("aux"):
                verb = m.group("aux").lower()
                wrong = (verb == "does") == many
            else:
                if (m.group("before") or "").lower() in _NOT_SUBJECT:
                    continue
                verb = m.group("verb").lower()
                wrong = verb in singular if many else verb in _PLURAL_ONLY
            if wrong:
                out.append(m.group(0))
    return out


def agreement_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """``questions`` all, ``texts`` the question and answer texts read, ``wrong`` those holding a
    disagreement, ``reasoning`` the reasoning steps holding one, and one count per subset."""
    out: Counter[str] = Counter()
    for manifest, q in pairs:
        subjects = names(manifest)
        entities = {f.entity for f in manifest.world.facts}
        out["questions"] += 1
        for text in (q.question, q.answer):
            out["texts"] += 1
            if disagreements(text, subjects, entities):
                out["wrong"] += 1
                out[f"wrong {q.subset}"] += 1
        out["steps"] += len(q.reasoning)
        out["reasoning"] += sum(bool(disagreements(step, subjects, entities)) for step in q.reasoning)
    return out


def render(counts: Counter[str]) -> str:
    """One line: the question and answer texts with a verb that disagrees with its name."""
    subsets = ", ".join(f"{k.split()[1]} {n}" for k, n in sorted(counts.items()) if k.startswith("wrong "))
    return (
        f"\nverb agreement (agreement_measures): question/answer texts with a verb that disagrees "
        f"with its name: {counts['wrong']} of {counts['texts']} ({subsets or 'none'}); reasoning steps: "
        f"{counts['reasoning']} of {counts['steps']}"
    )
