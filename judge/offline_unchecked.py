"""Claims beyond the asked slot that the judge reads but cannot check (judge27 round,
``offline-claims-v26``): a verdict is certain only when every claim of the answer was bound and
checked. A pass that rests on one of these stays a pass by its best reading, but uncertain.

- A "respectively" the judge does not write out as its pairs (:func:`offline_respectively.unpaired`:
  "105.2 and 236.1 days, the maximum and minimum respectively"): which value is which is unread,
  so neither a pass nor a fail on it is certain.
- One of the item's labels (not a reception, direction or verdict) stated as an effect ("the
  falling arrivals led the authorities to bring in the cap") where the reference gives that
  label no side the judge reads, or another one: the direction of the "because" is unchecked
  (a label stated as the cause, as reason questions ask, is not doubted: on the labelled sets
  that cost 15 right certain verdicts for 1; nor is a pole, "mixed" or "negative": 2 for none).
- An answer in a script the gloss table has no word of (:func:`foreign.unglossed_script`:
  Arabic) whose item asks two values of one unit (the text's and the chart's, a minimum and a
  maximum) and no change or gap between them (whose sign would bind their order): its numbers
  are read, not the words that say which is which (:func:`offline_doubts.bound_roles`). Every
  other language with two such values cost 65 right certain verdicts of the labelled sets for 1.
"""

from __future__ import annotations

from judge.offline_causes import stated
from judge.offline_checks import _Verdict
from judge.offline_facts import _Fact
from judge.offline_respectively import unpaired
from judge.offline_tied import _is_year

RESPECTIVELY = "a 'respectively' the judge does not pair"
CAUSE = "a cause or effect the judge cannot check against the reference"


def unchecked_claims(
    facts: list[_Fact], verdicts: list[_Verdict], text: str, reference: str, passes: bool
) -> list[str]:
    """The doubts of claims in ``text`` (the answer as read) that no check of the item binds; an
    unpaired "respectively" doubts a fail too (which value it binds to which role is unread)."""
    out = []
    if unpaired(text, tuple(f.text for f in facts if f.kind == "label")):
        out.append(RESPECTIVELY)
    if not passes:
        return out
    for fact, verdict in zip(facts, verdicts, strict=True):
        if fact.kind != "label" or fact.pole is not None or not verdict.hit:
            continue  # a reception, direction or verdict is no cause the answer could reverse
        said = stated(text, fact)
        if "effect" in said and said != stated(reference, fact):
            out.append(CAUSE)
            break
    return out


def swappable_values(facts: list[_Fact]) -> bool:
    """Two asked values of one unit (no years) and no value derived from them: an answer that
    states both binds each to its role in words; in a language the judge does not read those
    words, the pair may be swapped."""
    numbers = [f for f in facts if f.kind == "number" and f.targets and not _is_year(f)]
    if any(f.derived for f in numbers):
        return False  # a change or gap between them is asked too: its sign binds their order
    units = [f.unit for f in numbers]
    return len(units) != len(set(units))
