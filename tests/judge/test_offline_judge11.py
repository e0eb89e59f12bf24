"""The judge11 round's certainty gates (issue 25), on generated questions: a pass that writes a
unit the item never writes at the asked value, binds an asked value to another of the item's
names, or says the value moved the other way is never a certain pass; a fail for the asked value
rounded more coarsely, or for a name spelled like the asked label, is never a certain fail. The
same answers in the item's own words are not doubted by the gates.

The answers come from :mod:`tests.judge.offline_cases_judge11`, built from the frozen question
snapshots (questions only). Each class fails on offline-claims-v10 (main before this round):
there, some of its gated answers are certain.
"""

from __future__ import annotations

import pytest

from judge import offline_gates as gates
from tests.judge import offline_cases_judge11 as cases
from tests.judge.error_classes import best_reading, verdict

#: class -> (the gate's doubt, whether it doubts passes (else fails), least questions tried)
GATES = {
    "other_unit": (gates.OTHER_UNIT_AT_VALUE, True, 30),
    "swapped_names": (gates.SWAPPED_BINDING, True, 10),
    "other_direction": (gates.OPPOSITE_DIRECTION, True, 30),
    "coarser": (gates.COARSER_ROUNDING, False, 4),
    "name_variant": (gates.NAME_VARIANT, False, 20),
}
_MOST = 40


def _rows(name: str) -> list[tuple[str, str, bool, int, bool, str]]:
    """(question id, answer, gated, score, certain, verdict text) for up to 40 questions of the class;
    the score is the best reading's where a doubted pass was scored as a fail for its risk
    (judge26), so a gate's side is the side its reading falls on."""
    rows = list(cases.cases(name))
    asked = sorted({q["question_id"] for q, _, _ in rows})[:_MOST]
    out = []
    for q, answer, gated in rows:
        if q["question_id"] in asked:
            v = verdict(q, answer)
            out.append((q["question_id"], answer, gated, best_reading(q, answer)[0], v.certain, v.judgement))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GATES))
def test_a_gated_shape_is_never_certain_on_the_side_its_gate_doubts(name: str) -> None:
    doubt, on_passes, least = GATES[name]
    rows = _rows(name)
    on_side = [r for r in rows if r[2] and (r[3] >= 6) == on_passes]
    assert len({r[0] for r in on_side}) >= least, (name, len(on_side))
    certain = [f"{qid} (score {score}): {answer!r}" for qid, answer, _, score, sure, _ in on_side if sure]
    assert certain == []
    assert any(doubt in text for *_, text in on_side)  # others may be doubted for other reasons


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GATES))
def test_the_same_answer_in_the_items_own_words_is_not_doubted(name: str) -> None:
    doubt, _, _ = GATES[name]
    controls = [r for r in _rows(name) if not r[2]]
    assert controls and all(score >= 6 for _, _, _, score, _, _ in controls)
    assert [answer for _, answer, _, _, _, text in controls if doubt in text] == []


@pytest.mark.parametrize(
    ("answer", "known", "doubted"),
    [
        ("The median is 106.3 ms.", "What is the median? 106.3 Mbps", True),
        ("They add up to 429 km².", "Summing gives 429.0 districts", True),
        ("The median is 106.3 Mbps.", "What is the median? 106.3 Mbps", False),
        ("About 106.3 in 2018.", "What is the median? 106.3 Mbps", False),
    ],
)
def test_another_unit_at_the_value(answer: str, known: str, doubted: bool) -> None:
    assert gates.other_unit_at_value(answer, known, [(106.3, 0.0), (429.0, 0.0)]) is doubted


def test_the_gates_leave_the_scores_alone() -> None:
    """Gates mark a verdict uncertain; the score is the reading's (a wrong unit word the judge
    does not know still passes, and a cascade hands it over)."""
    q = next(q for q, _, gated in cases.cases("other_unit") if gated)
    fact = q["answer_values"][0]
    assert (
        verdict(q, f"The answer is {fact['text']} ms.").score
        == verdict(q, f"The answer is {fact['text']}.").score
    )
