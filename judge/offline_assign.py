"""One stated number answers one asked value: the offline judge's assignment of the numbers an
answer writes to the number facts they may state.

Two facts a few percent apart (a threshold of 14.7 and a charted 14.66; a value of 14.99 and a
mean of 14.74) can both lie within tolerance of one written number. Counted twice, "the
threshold is 14.7" answers both, and "14.7; the chart shows 16.4" looks right. Each number
found is therefore given to at most one fact of another value, closest pairs first (15.08 is
no mean of 14.74 once 14.99 is the value it reads); a fact left without a number of its own is
not stated.
Facts of the same value may share a number ("both 82%"); a number written twice is one.
"""

from __future__ import annotations

from judge.offline_facts import _Fact, _number_hits, _Text
from judge.quantities import bound_readings

_SAME_VALUE = 1e-9


def _distance(fact: _Fact, text: _Text, at: int) -> float:
    """How far the number at offset ``at`` lies from the fact's value, relative to it."""
    found = next(n for n in text.numbers if n.start == at)
    readings = bound_readings(fact.quantity, found, text.text)[0] or found.readings
    value = fact.targets[0][0]
    return min(
        (abs(abs(r) - abs(t)) / max(abs(t), 1e-12) for r in readings for t, _ in fact.targets),
        default=abs(value),
    )


def unshared(facts: list[_Fact], hit: list[bool], text: _Text) -> set[int]:
    """Indexes of facts (among those ``hit``) that are stated only by numbers the answer gives
    for facts of other values: they are not stated."""
    # a number written twice ("14.99 … the values 14.99, 13.80 …") is one statement
    first: dict[float, int] = {}
    for found in text.numbers:
        first.setdefault(round(found.readings[0], 9), found.start)
    stated = {
        i: sorted({first[round(found.readings[0], 9)] for found, _ in _number_hits(f, text)})
        for i, f in enumerate(facts)
        if hit[i] and f.kind == "number" and f.targets
    }
    stated = {i: ats for i, ats in stated.items() if ats}
    if not any(set(ats) & set(bts) for i, ats in stated.items() for j, bts in stated.items() if i != j):
        return set()
    value = {i: facts[i].targets[0][0] for i in stated}
    # facts of one value count as one (they share their numbers freely)
    groups: dict[int, int] = {}
    for i in sorted(stated):
        groups[i] = next(
            (j for j in groups if abs(value[j] - value[i]) <= _SAME_VALUE * max(1.0, abs(value[i]))), i
        )
    heads = sorted(set(groups.values()))
    pairs = sorted(
        (_distance(facts[h], text, at), h, at)
        for h in heads
        for at in {a for i in stated if groups[i] == h for a in stated[i]}
    )
    kept: set[int] = set()
    taken: set[int] = set()
    for _, h, at in pairs:  # the closest reading first: a number is the value it is nearest
        if h not in kept and at not in taken:
            kept.add(h)
            taken.add(at)
    return {i for i in stated if groups[i] not in kept}
