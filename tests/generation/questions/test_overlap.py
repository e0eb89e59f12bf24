"""``generation.questions.overlap``: a mark drawn over another series' mark at its label is not
asked where reading the other instead moves the answer; ``overlap_measures`` counts them."""

from __future__ import annotations

import pytest

from generation.charts.registry import REGISTRY
from generation.document.layout import chart_slots
from generation.questions import build
from generation.questions.overlap import overlap_gap, overlapping
from generation.questions.overlap_measures import hidden_counts
from tests.generation.questions.planned import planned_run, question_pairs

#: Paper-config runs (seed, documents) with radars, dumbbells and slopes among their charts.
RUNS = ((7, 30), (11, 30))


def _moved(seed: int, n_docs: int) -> tuple[int, int]:
    found = hidden_counts(question_pairs(planned_run(seed, n_docs)))
    return sum(n for (_, _, moves), n in found.items() if moves), sum(found.values())


def test_one_position_types_are_multi_series_with_a_dot_smaller_than_their_axis() -> None:
    placed = {t.name for t in REGISTRY.values() if t.one_position_px}
    assert {"radar", "dumbbell", "slope"} <= placed
    for name in placed:
        assert REGISTRY[name].member("multi_series")
        assert 0 < REGISTRY[name].overlap_share < 0.1
        # the check reads the smallest slot: a half-width one draws the dots closest
        assert REGISTRY[name].overlap_share == REGISTRY[name].overlap_share_at("half")
        assert REGISTRY[name].overlap_share_at("half") > REGISTRY[name].overlap_share_at("full")
    assert all(t.overlap_share == 0 for t in REGISTRY.values() if t.name not in placed)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "n_docs"), RUNS)
def test_no_question_reads_a_hidden_mark_a_swap_would_change(seed: int, n_docs: int) -> None:
    run = planned_run(seed, n_docs)
    charts = [c for plan, _ in run for c in plan.manifest.charts if overlap_gap(c)]
    pairs = [(c, p) for c in charts for p in c.data if overlapping(c, p)]
    assert len(charts) >= 10 and pairs, (len(charts), len(pairs))  # the run has such marks to ask
    found = hidden_counts(question_pairs(run))
    moved = {k: n for k, n in found.items() if k[2]}
    assert not moved, moved


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "n_docs"), RUNS)
def test_no_question_reads_a_dot_hidden_in_any_slot_it_may_be_drawn_in(seed: int, n_docs: int) -> None:
    """The layout, which comes after the questions, may draw such a chart in a half-width slot,
    where its dots lie closer than in a full-width one: no question reads a dot a swap would
    change in either (the slots the plans draw them in included, ``layout.chart_slots``)."""
    run = planned_run(seed, n_docs)
    pairs = question_pairs(run)
    drawn = {plan.manifest.doc_id: {v: s.kind for v, s in chart_slots(plan).items()} for plan, _ in run}
    for kind in ("full", "half"):
        every = {doc: dict.fromkeys(slots, kind) for doc, slots in drawn.items()}
        found = hidden_counts(pairs, every)
        assert sum(found.values()) >= 3, (kind, found)  # the run asks such marks
        assert not {k: n for k, n in found.items() if k[2]}, (kind, found)
    assert not {k: n for k, n in hidden_counts(pairs, drawn).items() if k[2]}


@pytest.mark.slow
def test_without_the_rule_such_questions_are_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """What main's builders asked: the counter finds them once the rule is bypassed."""
    monkeypatch.setattr(build, "reads_hidden_mark", lambda _draft: False)
    moved = sum(_moved(seed, n)[0] for seed, n in RUNS)
    assert moved >= 3, moved
