"""Agreement, articles and plurals for generated English (issue 11, point 5), via ``inflect``.

- :func:`is_plural` tells whether a noun phrase of the topic bank ("trade unions", "the
  energy ministry", "curtailment on congested lines") takes a plural verb: its head noun is
  the last word before any prepositional phrase, and phrases joined by "and" are plural;
  a country or firm name is singular ("the Philippines has", "Robson & Sons moves").
- :func:`agree` conjugates a present-tense verb (or a possessive) for such a subject:
  ``agree("trade unions", "treats") == "treat"``, ``agree("the regulator", "have") == "has"``.
- :func:`said_of` writes a subject and a predicate given in the singular ("was broadly flat",
  "is larger"), agreed (:func:`agreed`: the predicate alone): every template that puts a verb
  after a name goes through it.
- :func:`with_article` puts "a" or "an" before a phrase by its sound ("an earlier estimate",
  "a unit", "an hour", "an EU target"); :func:`count_noun` writes "1 year" / "3 years".
- :func:`fill_agreement` resolves ``<verb:slot>`` markers in a template against the slot's
  phrase, so a template says ``{Actor} <treats:actor> ...`` and stays right for both numbers.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import typeguard

from generation.world.entities import countries


def _unchecked(target: Any = None, **_options: Any) -> Any:
    """``typeguard.typechecked`` that leaves the function as it is (both call forms)."""
    return target if target is not None else (lambda function: function)


# inflect decorates its methods with typeguard's ``@typechecked``, which re-parses and recompiles
# inflect's whole module once per decorated method at import (2 s of CPU in every process that
# imports the generator, most of a worker's start-up) and checks argument types on every call.
# The project passes ``str`` only, so inflect is imported with the decorator left out: the same
# words, without that cost (tests/generation/document/test_grammar.py checks both).
_typechecked: Callable[..., Any] = typeguard.typechecked
typeguard.typechecked = _unchecked
try:
    import inflect
finally:
    typeguard.typechecked = _typechecked

#: Words that end a noun phrase's head ("investment in Germany": the head is "investment").
PREPOSITIONS = frozenset(
    [
        "of",
        "in",
        "on",
        "for",
        "from",
        "with",
        "without",
        "to",
        "by",
        "at",
        "between",
        "among",
        "across",
        "under",
        "over",
        "within",
        "into",
        "about",
        "against",
        "through",
        "during",
        "after",
        "before",
        "than",
        "per",
    ]
)
#: Singular nouns ending in "s" that inflect's singulariser would strip.
_SINGULAR_S = frozenset(
    [
        "news",
        "progress",
        "access",
        "business",
        "analysis",
        "basis",
        "crisis",
        "process",
        "gas",
        "bus",
        "status",
        "census",
        "consensus",
        "series",
        "species",
        "means",
        "physics",
        "economics",
        "politics",
        "mathematics",
        "emphasis",
        "diagnosis",
        "class",
        "glass",
        "loss",
        "stress",
        "success",
        "address",
        "bias",
        "canvas",
        "chaos",
        "corps",
    ]
)
#: Irregular past participles that follow a plural head noun ("units sold", "jobs held"): the
#: participle rule of :func:`is_plural` knows the regular ones by their "-ed".
_PARTICIPLES = frozenset(
    [
        "sold",
        "held",
        "built",
        "made",
        "paid",
        "spent",
        "taken",
        "given",
        "grown",
        "lost",
        "won",
        "kept",
        "brought",
        "bought",
        "sent",
        "run",
        "driven",
        "written",
        "drawn",
        "shown",
        "known",
        "seen",
        "done",
        "borne",
        "born",
        "flown",
        "sunk",
        "struck",
    ]
)
#: Present-tense forms that do not follow the add/strip-"s" rule, singular -> plural.
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "its": "their", "it": "they"}
_MARKER = re.compile(r"<([A-Za-z']+):(\w+)>")


@cache
def _engine() -> inflect.engine:
    return inflect.engine()


def _head(phrase: str) -> str:
    words = [w.strip(",.;:()\"'") for w in phrase.split()]
    head = ""
    for w in words:
        if w.lower() in PREPOSITIONS and head:
            break
        if w:
            head = w
    return head


@cache
def is_plural(phrase: str) -> bool:
    """Whether ``phrase`` takes a plural verb ("trade unions treat", "the ministry treats")."""
    phrase = re.sub(r"\s*\([^()]*\)$", "", phrase.strip()) or phrase  # "Kenya (Car loans)": one mark
    if _is_singular_name(phrase):
        return False
    words = phrase.lower().split()
    cut = next((i for i, w in enumerate(words) if w in PREPOSITIONS and i > 0), len(words))
    if "and" in words[:cut] and not _one_category(phrase.split()[:cut]):
        return True
    # A plural noun followed by a participle is the head ("firms using AI", "dwellings completed").
    for before, word in itertools.pairwise(words[:cut]):
        if (word.endswith(("ed", "ing")) or word in _PARTICIPLES) and _plural_word(before):
            return True
    head = _head(phrase)
    low = head.lower()
    if not low.isalpha() or low in _SINGULAR_S or head.isupper():
        return False
    if low.endswith(("ss", "us", "is")):
        return False
    singular = _engine().singular_noun(low)
    return bool(singular) and singular != low


@cache
def _country_names() -> frozenset[str]:
    return frozenset(c.name.lower() for c in countries())


def _one_category(words: list[str]) -> bool:
    """A capitalised name whose "and" joins lower-case words names one category ("Business and
    law", "Sixty-five and over", "Wholesale and retail trade"), not two subjects ("Germany and
    France", "trade unions and employers"): its head noun decides its number."""
    joined = [b for a, b in itertools.pairwise(words) if a.lower() == "and"]
    return words[0][:1].isupper() and all(w[:1].islower() for w in joined)


def _is_singular_name(phrase: str) -> bool:
    """A country ("the United States", "Trinidad and Tobago", "Yemen") or a firm ("Robson & Sons"):
    one body, whatever its last word looks like to inflect; so is one with a qualifier ("the United
    Arab Emirates in 2025")."""
    words = phrase.lower().removeprefix("the ").split()
    cuts = [len(words)] + [i for i, w in enumerate(words) if w in PREPOSITIONS and i > 0]
    return "&" in phrase or any(" ".join(words[:i]) in _country_names() for i in cuts)


def _plural_word(word: str) -> bool:
    low = word.lower().strip(",.;:()\"'")
    if not low.isalpha() or low in _SINGULAR_S or low.endswith(("ss", "us", "is")):
        return False
    singular = _engine().singular_noun(low)
    return bool(singular) and singular != low


@cache
def with_the(phrase: str) -> str:
    """``the unemployment rate`` for a singular noun phrase; a plural one stays bare ("care recipients")."""
    if is_plural(phrase) or phrase.lower().startswith("the "):
        return phrase
    return f"the {phrase}"


@cache
def agree(subject: str, verb: str) -> str:
    """The present-tense ``verb`` (given in its third-person singular form, or "its") for ``subject``."""
    if not is_plural(subject):
        return verb
    low = verb.lower()
    out = _IRREGULAR[low] if low in _IRREGULAR else str(_engine().plural_verb(low))
    return out[:1].upper() + out[1:] if verb[:1].isupper() else out


@cache
def agreed(subject: str, predicate: str) -> str:
    """``predicate`` (given in the singular) with its first word agreed with ``subject``: "was
    broadly flat" -> "were broadly flat" after "the emissions"; a past tense such as "rose" is
    the same for both numbers."""
    verb, _, rest = predicate.partition(" ")
    return " ".join(filter(None, [agree(subject, verb), rest]))


def said_of(subject: str, predicate: str) -> str:
    """``subject`` followed by its :func:`agreed` ``predicate`` ("Wearables reach 34%")."""
    return f"{subject} {agreed(subject, predicate)}"


@cache
def object_pronoun(phrase: str) -> str:
    """``it`` / ``them``: the pronoun standing for ``phrase`` as an object ("judged them")."""
    return "them" if is_plural(phrase) else "it"


#: Letters whose spoken name starts with a vowel sound ("an EU target", "an NGO").
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")


@cache
def with_article(phrase: str) -> str:
    """``a target`` / ``an earlier estimate`` / ``an EU target`` / ``a unit`` / ``an hour``."""
    first = phrase.split()[0] if phrase.split() else ""
    if len(first) >= 2 and first.isupper() and first.isalpha():
        return f"{'an' if first[0] in _VOWEL_LETTERS else 'a'} {phrase}"
    return str(_engine().a(phrase))


@cache
def plural_of(noun: str) -> str:
    """The plural of a noun or noun phrase (``category`` -> ``categories``)."""
    return str(_engine().plural_noun(noun))


@cache
def singular_of(phrase: str) -> str:
    """The singular of a plural noun phrase (``weeks`` -> ``week``, ``beds per ward`` -> ``bed per ward``);
    a phrase that is not plural comes back unchanged."""
    if not phrase.strip() or not is_plural(phrase):
        return phrase
    words = phrase.split()
    cut = next((i for i, w in enumerate(words) if w.lower() in PREPOSITIONS and i > 0), len(words))
    head = words[cut - 1]
    singular = _engine().singular_noun(head)
    words[cut - 1] = singular if isinstance(singular, str) and singular else head
    return " ".join(words)


def count_noun(count: int | float | str, noun: str) -> str:
    """``1 year`` / ``3 years`` / ``1.5 years`` (the count printed as given)."""
    text = str(count)
    try:
        one = float(text) == 1.0 and "." not in text
    except ValueError:
        one = False
    return f"{text} {noun if one else _engine().plural_noun(noun)}"


def fill_agreement(template: str, slots: dict[str, str]) -> str:
    """Replace each ``<verb:slot>`` marker by ``verb`` agreed with the phrase in ``slots[slot]``."""

    def sub(m: re.Match[str]) -> str:
        verb, slot = m.group(1), m.group(2)
        if slot not in slots:
            raise KeyError(f"agreement marker <{verb}:{slot}> names no slot")
        return agree(slots[slot], verb)

    return _MARKER.sub(sub, template)
