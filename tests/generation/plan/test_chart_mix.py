"""Chart types are drawn with the paper's long-tailed mix (its Figure 13: bar, line and scatter
lead), from the config, deterministically, every type still drawn (review57 item 10)."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import ValidationError

from generation.document.content import allowed_chart_types, chart_type_sequence, plan_document
from generation.plan.chart_mix import PAPER_CHART_MIX, PAPER_CHART_ORDER, chart_type_shares
from generation.plan.chart_mix_measures import ChartMixCounts, add_report
from generation.plan.config import GenerationConfig, load_config
from generation.plan.rng import stage_rng
from synthdocbench_tasks.schema import CHART_TYPES
from tests.generation.questions.planned import PAPER

ALLOWED = allowed_chart_types([])


def _drawn(n_reports: int, weights: dict[str, float] | Literal["paper"] = "paper") -> list[list[str]]:
    shares = chart_type_shares(ALLOWED, weights)
    rngs = (stage_rng(6248, "test.chart-types", i) for i in range(n_reports))
    return [chart_type_sequence(rng, ALLOWED, 16, (6248, i), shares) for i, rng in enumerate(rngs)]


def test_the_paper_mix_names_every_type_and_leads_with_bar_line_scatter() -> None:
    assert sorted(PAPER_CHART_ORDER) == sorted(CHART_TYPES)
    assert PAPER_CHART_ORDER[:3] == ("bar", "line", "scatter")
    shares = dict(zip(ALLOWED, chart_type_shares(ALLOWED, "paper"), strict=True))
    assert sum(shares.values()) == pytest.approx(1.0)
    assert min(shares.values()) > 0.009  # every type drawn
    assert shares["bar"] > shares["line"] > shares["scatter"] > shares["sankey"]


def test_weights_come_from_the_config_and_a_type_left_out_takes_the_smallest() -> None:
    shares = chart_type_shares(["bar", "line", "pie"], {"bar": 3.0, "line": 1.0})
    assert shares == pytest.approx([0.6, 0.2, 0.2])
    config = GenerationConfig(chart_type_weights={"bar": 2.0, "sankey": 1.0})
    assert config.chart_type_weights == {"bar": 2.0, "sankey": 1.0}
    assert "chart_type_weights" not in GenerationConfig().model_dump()  # unset: types in rounds
    assert GenerationConfig(chart_type_weights="paper").chart_type_weights == "paper"
    with pytest.raises(ValidationError):
        GenerationConfig(chart_type_weights={"pie_of_pies": 1.0})
    with pytest.raises(ValidationError):
        GenerationConfig(chart_type_weights={"bar": 0.0})


def test_drawn_types_follow_the_mix_over_many_reports_and_repeat_within_one() -> None:
    reports = _drawn(2000)
    assert reports == _drawn(2000)  # same seed, same types
    drawn = [t for types in reports for t in types]
    total = sum(PAPER_CHART_MIX[t] for t in ALLOWED)
    for chart_type in ALLOWED:
        share = drawn.count(chart_type) / len(drawn)
        # the line family is topped up to two charts a report, which moves its types up a little
        slack = 0.04 if chart_type in ("line", "multi_line", "area", "sparkline_grid") else 0.01
        assert abs(share - PAPER_CHART_MIX[chart_type] / total) < slack, (chart_type, share)
    repeats = [len(types) - len(set(types)) for types in reports]
    assert sum(r > 0 for r in repeats) > 0.95 * len(reports)
    uniform = _drawn(2000, dict.fromkeys(ALLOWED, 1.0))
    assert max(t.count("bar") for t in uniform) < max(t.count("bar") for t in reports)
    # unset weights: every type once per round, so 16 charts of 26 types repeat none but the
    # line family's top-up
    rounds = [
        chart_type_sequence(stage_rng(6248, "rounds", i), ALLOWED, 16, (6248, i), None) for i in range(200)
    ]
    assert max(len(t) - len(set(t)) for t in rounds) <= 2


@pytest.mark.slow
def test_planned_reports_draw_the_mix() -> None:
    config = load_config(PAPER, seed=6248, n_docs=40).model_copy(update={"chart_type_weights": "paper"})
    counts = ChartMixCounts()
    for index in range(40):
        add_report(counts, plan_document(config, index).manifest)
    # bar is a quarter of the mix: the most drawn type of 40 reports (a type the fact table cannot
    # fill passes to the next allowed type, so planned shares move a little from the drawn ones)
    assert counts.types.most_common(1)[0][0] == "bar"
    assert counts.top_share() > 0.4
    assert counts.reports_with_repeats > 0.9 * counts.reports
    assert len(counts.types) >= 20
