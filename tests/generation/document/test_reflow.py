"""Text flows into the gap a figure that did not fit left (``generation.document.reflow``), real
Chromium: on main, a page half full of text stayed half empty before a page opening with a
tall figure; now the paragraph after the figure moves before it, and no page is left at least
30% blank before a figure."""

from __future__ import annotations

import pytest

from generation.document.reflow import gap_blocks
from generation.document.render import Renderer

pytestmark = [pytest.mark.browser]

_WORDS = "The series moved with the cycle, and the analysis reads it against the sources named above. "


def _paragraph(k: int, sentences: int) -> str:
    return f'<p id="p{k}">' + _WORDS * sentences + "</p>"


def _page(figure_px: int) -> str:
    """Text filling about half a page, a figure too tall for the rest, then more text."""
    before = "".join(_paragraph(k, 5) for k in range(5))
    after = "".join(_paragraph(k, 9) for k in range(5, 16))
    figure = (
        '<div class="viz-block"><a class="block-link figure-link" href="#viz-1">'
        f'<figure id="viz-1" style="height: {figure_px}px; margin: 0; break-inside: avoid; '
        'background: #ccc"><figcaption>Figure 1. A tall chart</figcaption></figure></a></div>'
    )
    return (
        '<!doctype html><html><head><meta charset="utf-8"><style>body { margin: 0; font: 11pt serif; }'
        " p { margin: 0 0 8px; }</style></head><body><main><section>"
        f"{before}{figure}{after}</section></main>"
        "<script>window.__chartsDone = true;</script></body></html>"
    )


def _order(renderer: Renderer) -> list[str]:
    ids: list[str] = renderer.evaluate(
        "() => [...document.querySelectorAll('section > p, section > .viz-block')].map(e => e.id || 'figure')"
    )
    return ids


def test_text_after_a_figure_that_did_not_fit_fills_the_page_before_it(renderer: Renderer) -> None:
    pdf = renderer.render_pdf(_page(700), name="reflow").pdf
    order = _order(renderer)
    assert gap_blocks(pdf) == []
    # the paragraph (or two) after the figure now stands before it; the rest keeps its order
    moved = order.index("figure") - 5
    assert 1 <= moved <= 3
    assert [k for k in order if k != "figure"] == [f"p{k}" for k in range(16)]


def test_a_figure_that_fits_keeps_its_place(renderer: Renderer) -> None:
    pdf = renderer.render_pdf(_page(200), name="fits").pdf
    assert gap_blocks(pdf) == []
    assert _order(renderer).index("figure") == 5
