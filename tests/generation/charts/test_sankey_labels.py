"""A sankey's value labels print apart, on real PDFs (stop 46: seed 5147, viz-2-2 printed '17.9'
over '11.2', two thin flows side by side at one target).

charts.js prints each flow's value by its target, in one column: labels spread apart around their
flows' middles, a moved one on a leader line. Sankeys of many thin flows, in three layouts, print
every value, none over another text.
"""

from __future__ import annotations

import pytest

from generation.document.render import Renderer
from generation.plan.rng import stage_rng
from generation.validate.legibility import check_document
from synthdocbench_tasks.schema import Chart, DataPoint
from tests.generation.chart_docs import failing, labelled_chart, print_charts

pytestmark = pytest.mark.browser

SOURCES = ("Grants", "Loans", "Levies", "Fees", "Bonds")
TARGETS = ("Schools", "Clinics", "Roads", "Housing", "Water", "Transit")


def _sankey(seed: int) -> Chart:
    """Every source to 2-5 targets; a few flows carry most of the total, the rest are thin (a few px)."""
    rng = stage_rng(seed, "sankey-labels")
    links = []
    for source in SOURCES[: int(rng.integers(3, 6))]:
        for target in rng.choice(TARGETS, size=int(rng.integers(3, 7)), replace=False):
            big = rng.random() < 0.15
            value = round(float(rng.uniform(80, 160) if big else rng.uniform(1, 8)), 1)
            links.append(
                DataPoint(
                    label=f"{source} → {target}",
                    value=value,
                    metadata={"source": source, "target": str(target)},
                )
            )
    colours = dict(zip(SOURCES, ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b"), strict=True))
    return labelled_chart("sankey", links, colorMap=colours, highlightedItems=[])


#: The flows of seed 5147's viz-2-2 (sdb-5147-00081, brutalist): '17.9' printed over '11.2'.
_SEEN = (
    ("Training", (17.5, 14.1, 120.3)),
    ("Job search support", (17.9, 7.2, 142.3)),
    ("Evaluation", (9.1, 16.5, 107.6)),
    ("Wage subsidies", (11.2, 11.8, 103.7)),
)


def _seen() -> Chart:
    targets = ("Green Jobs Corps", "Digital Skills Academy", "Skills Bootcamps")
    links = [
        DataPoint(label=f"{s} → {t}", value=v, metadata={"source": s, "target": t})
        for s, values in _SEEN
        for t, v in zip(targets, values, strict=True)
    ]
    colours = dict(zip([s for s, _ in _SEEN], ("#2ca02c", "#1f77b4", "#ff7f0e", "#8c564b"), strict=True))
    return labelled_chart("sankey", links, colorMap=colours, highlightedItems=[])


@pytest.mark.parametrize("archetype", ["brutalist", "dashboard", "editorial"])
def test_sankey_values_print_apart(renderer: Renderer, archetype: str) -> None:
    charts = [_seen()] + [_sankey(seed) for seed in range(10)]
    pdf, manifest = print_charts(renderer, charts, "d3", archetype=archetype)
    found = check_document(manifest, pdf)
    for check in ("overlap", "clipped", "covers", "crossed", "contrast"):
        assert failing(found, check) == [], check
    for chart in manifest.charts:
        words = [w.text for w in found.charts[chart.vizId].words]
        missing = [p.value for p in chart.data if f"{p.value:.1f}" not in words]
        assert missing == [], (chart.vizId, missing)
