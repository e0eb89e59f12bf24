"""One colour per category across a report (issue 24, point 5): the palette and the assignment.

The 40-document property is in ``tests/generation/test_invariants.py``; the colours a rendered
legend actually shows are checked on a PDF here."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pymupdf
import pytest
from coloraide import Color

from generation.charts import mpl_common, spec
from generation.charts.colours import colour_name
from generation.charts.palette import (
    CATEGORY_PALETTE,
    CATEGORY_WORDS,
    MIN_DELTA_E,
    RESERVED,
    apply_report_colours,
    report_colours,
)
from generation.document.render import Renderer
from synthdocbench_tasks.schema import Chart, DataPoint
from tests.generation.all_types import type_chart
from tests.generation.chart_docs import print_charts, region_rect, series_points

ROOT = Path(__file__).resolve().parents[3]


def _delta(a: str, b: str) -> float:
    return float(Color(a).delta_e(Color(b), method="2000"))


def test_every_category_colour_has_its_own_clear_word() -> None:
    assert [colour_name(c) for c in CATEGORY_PALETTE] == list(CATEGORY_WORDS)
    assert len(set(CATEGORY_WORDS)) == len(CATEGORY_WORDS) >= 10


def test_category_colours_stay_apart_and_clear_of_reserved_colours() -> None:
    for a, b in combinations(CATEGORY_PALETTE, 2):
        assert _delta(a, b) >= MIN_DELTA_E, (a, b)
    for role, reserved in RESERVED.items():
        for c in CATEGORY_PALETTE:
            assert _delta(c, reserved) >= MIN_DELTA_E, (role, reserved, c)


def test_the_renderers_use_the_reserved_colours() -> None:
    assert spec.PALETTE == CATEGORY_PALETTE
    used = {"highlight": spec.ACCENT_COLOUR, "base": spec.BASE_COLOUR, "target": spec.TARGET_COLOUR}
    assert used == {k: RESERVED[k] for k in used}
    assert mpl_common.ANNOTATION.lower() == RESERVED["annotation"].lower()
    css = (ROOT / "generation" / "document" / "assets" / "base.css").read_text(encoding="utf-8")
    assert f"fill: {RESERVED['annotation'].lower()}" in css.lower()


def _categorical(keys: list[str], chart_type: str = "multi_line") -> Chart:
    chart = type_chart(chart_type, 1)
    vp = chart.visualProperties.model_copy(
        update={
            "colorEncoding": "categorical: one colour per series",
            "colorMap": {k: CATEGORY_PALETTE[(i + 3) % len(CATEGORY_PALETTE)] for i, k in enumerate(keys)},
        }
    )
    return chart.model_copy(update={"visualProperties": vp})


def test_a_category_keeps_one_colour_and_charts_keep_theirs_apart() -> None:
    charts = [_categorical(["Home care", "Hospitals"]), _categorical(["Clinics", "Home care", "Hospitals"])]
    single = type_chart("bar", 2)  # colour encodes nothing here: left alone
    before = dict(single.visualProperties.colorMap)
    apply_report_colours([*charts, single])
    first, second = (c.visualProperties.colorMap for c in charts)
    assert first["Home care"] == second["Home care"] and first["Hospitals"] == second["Hospitals"]
    assert len(set(second.values())) == 3
    assert single.visualProperties.colorMap == before
    # as many categories as colours or fewer: each category its own colour
    assert len(set(first.values()) | set(second.values())) == 3


def test_more_categories_than_colours_still_differ_within_each_chart() -> None:
    n = len(CATEGORY_PALETTE)
    names = [f"Entity {i}" for i in range(n + 6)]
    charts = [_categorical(names[i : i + 7]) for i in range(0, n, 3)]
    colours = report_colours(charts)
    assert set(colours.values()) == set(CATEGORY_PALETTE)
    apply_report_colours(charts)
    for chart in charts:
        cmap = chart.visualProperties.colorMap
        assert len(set(cmap.values())) == len(cmap)
    seen: dict[str, set[str]] = {}
    for chart in charts:
        for k, v in chart.visualProperties.colorMap.items():
            seen.setdefault(k, set()).add(v)
    assert all(len(v) == 1 for v in seen.values())


def _legend_colours(pdf: bytes, chart: Chart) -> dict[str, str]:
    """Legend entries on the PDF: the word after each small square swatch, with its fill."""
    region = chart.regions[0]
    out: dict[str, str] = {}
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        page = doc[region.page - 1]
        clip = region_rect(page, region)
        swatches = [
            d
            for d in page.get_drawings()
            if d.get("fill")
            and clip.contains(d["rect"])
            and 7 < d["rect"].width < 10
            and 7 < d["rect"].height < 10
        ]
        words = page.get_text("words", clip=clip)
        for d in swatches:
            r = d["rect"]
            right = [
                w for w in words if 0 <= w[0] - r.x1 < 6 and abs((w[1] + w[3]) / 2 - (r.y0 + r.y1) / 2) < 4
            ]
            if right:
                rgb = tuple(round(v * 255) for v in d["fill"])
                out[right[0][4]] = "#{:02X}{:02X}{:02X}".format(*rgb)
    return out


@pytest.mark.browser
def test_a_recurring_series_is_drawn_in_one_colour_on_the_pdf(renderer: Renderer) -> None:
    years = ("2019", "2020", "2021")
    charts = [
        _categorical(["Alpha", "Beta"]).model_copy(
            update={"data": series_points(years, {"Alpha": (1.5, 2.5, 3.5), "Beta": (4.5, 5.5, 6.5)})}
        ),
        _categorical(["Gamma", "Beta", "Alpha"], "grouped_bar").model_copy(
            update={
                "data": [
                    DataPoint(label=e, value=v, category=s)
                    for e, v0 in (("North", 3.5), ("South", 6.5))
                    for s, v in (("Gamma", v0), ("Beta", v0 + 1), ("Alpha", v0 + 2))
                ]
            }
        ),
    ]
    for chart in charts:
        chart.visualProperties.hasLegend = True
    apply_report_colours(charts)
    pdf, manifest = print_charts(renderer, charts, "d3")
    drawn = [_legend_colours(pdf, c) for c in manifest.charts]
    assert drawn[0] == {k: v.upper() for k, v in charts[0].visualProperties.colorMap.items()}
    assert drawn[0]["Alpha"] == drawn[1]["Alpha"] and drawn[0]["Beta"] == drawn[1]["Beta"]
    assert len({drawn[1]["Alpha"], drawn[1]["Beta"], drawn[1]["Gamma"]}) == 3
