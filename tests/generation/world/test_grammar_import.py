"""``inflect`` without typeguard's instrumentation (generation/world/grammar.py): the same words
as the instrumented library, and no longer the 2 s of CPU per process its import cost."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import typeguard

from generation.world import grammar

#: Phrases of the kinds the generator inflects: regular, irregular, "-s" singulars, acronyms, sounds.
PHRASES = [
    "trade unions", "the energy ministry", "curtailment on congested lines", "regulator", "child",
    "analysis", "crisis", "news", "process", "households", "EU target", "hour", "unit", "index",
    "earlier estimate", "survey", "bus", "city", "wolf", "datum", "criterion", "ox", "series",
    "utility", "MW", "economy", "agency", "person", "mouse", "sheep",
]  # fmt: skip
VERBS = ["treats", "has", "is", "was", "does", "reports", "carries", "goes", "fixes", "faces"]

_WORDS = """
import json, sys, inflect
e = inflect.engine()
phrases, verbs = json.loads(sys.argv[1])
out = {
    "a": [e.a(p) for p in phrases],
    "plural_noun": [e.plural_noun(p) for p in phrases],
    "singular_noun": [e.singular_noun(p) for p in phrases],
    "plural_verb": [e.plural_verb(v) for v in verbs],
}
print(json.dumps(out))
"""


def test_inflect_is_loaded_without_typeguard_and_typeguard_is_left_as_it_was() -> None:
    for method in (
        grammar.inflect.engine.plural_noun,
        grammar.inflect.engine.a,
        grammar.inflect.engine.plural_verb,
    ):
        assert "typeguard" not in method.__code__.co_names, method
    assert typeguard.typechecked is grammar._typechecked  # restored for everyone else
    assert grammar._unchecked(len) is len and grammar._unchecked()(len) is len


@pytest.mark.slow
def test_unchecked_inflect_gives_the_words_of_the_instrumented_library() -> None:
    # a fresh interpreter imports inflect the ordinary way, with typeguard's @typechecked
    done = subprocess.run(
        [sys.executable, "-c", _WORDS, json.dumps([PHRASES, VERBS])],
        capture_output=True,
        text=True,
        check=True,
    )
    checked = json.loads(done.stdout)
    e = grammar.inflect.engine()
    assert checked == {
        "a": [e.a(p) for p in PHRASES],
        "plural_noun": [e.plural_noun(p) for p in PHRASES],
        "singular_noun": [e.singular_noun(p) for p in PHRASES],
        "plural_verb": [e.plural_verb(v) for v in VERBS],
    }
