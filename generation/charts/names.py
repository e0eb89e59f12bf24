"""Which names a chart prints are common nouns: a legend's series or a pie's part ("Fixed
wireless", "Energy") is capitalised as a label but lower-cased inside a sentence ("the energy share
of the export basket"), while a country, a grouping of countries or a name the report's world
prints capitalised keeps its capitals ("the Africa share of tourist arrivals"). One rule, read by
the chart stage (``data.mark_measure``), the prose (:func:`in_sentence`) and the questions
(``phrasing.common_names``)."""

from __future__ import annotations

from functools import cache

import pycountry

from generation.world.entities import countries
from generation.world.grammar import singular_of
from generation.world.topics import Topic, in_text


def common_noun(name: str, topic: Topic | None) -> bool:
    """Whether ``name`` is a common noun, capitalised only as a label prints it: one capital, its
    first, and neither a country nor a grouping of countries (the world's, from country-converter,
    or pycountry's; "Americas" as "America") nor one of ``topic``'s entities its world prints
    capitalised inside a sentence (``topics.in_text``: a city, a basin, a firm keep theirs; a
    sector, a product, an age group do not)."""
    if not name[:1].isupper() or any(ch.isupper() for ch in name[1:]) or _place(name):
        return False
    return not (topic is not None and name in topic.entities and name in in_text(topic, name))


def in_sentence(name: str, topic: Topic | None) -> str:
    """How a chart's label reads inside a sentence: lower-cased when it is a :func:`common_noun`
    ("the housing part of ...", "jobs held from public services"), else as the chart prints it
    ("the Africa share", "the Rural Works Scheme programme")."""
    return name.lower() if common_noun(name, topic) else name


@cache
def _places() -> frozenset[str]:
    """Countries and groupings of countries by name (the world's entity list)."""
    found = {c.name for c in countries()} | {g for c in countries() for g in c.groups}
    return frozenset(found | {c.name for c in pycountry.countries})


def _place(name: str) -> bool:
    return name in _places() or singular_of(name) in _places()
