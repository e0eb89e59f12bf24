"""Evidence regions (page, 0..1000 box of the page) placed on the strips a model saw.

The inverse of :func:`synthdocbench_tasks.grounded.strip_box_to_page`: a page box goes to
the strip holding that page, offset and scaled by the page's
:class:`~synthdocbench_tasks.strips.PagePlacement`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..grounded import PageRegion
from ..strips import Strip


@dataclass(frozen=True)
class StripBox:
    """A box on one strip: ``strip`` is 0-based; x, y, width, height are strip pixels."""

    strip: int
    x: float
    y: float
    width: float
    height: float

    def as_fractions(self, strip: Strip) -> dict[str, float]:
        """The box as fractions (0..1) of the strip's width and height, for the page to draw."""
        return {
            "strip": self.strip,
            "left": self.x / strip.width,
            "top": self.y / strip.height,
            "width": self.width / strip.width,
            "height": self.height / strip.height,
        }


def page_region_to_strip(strips: list[Strip], region: PageRegion) -> StripBox | None:
    """Where ``region`` lies on the strips, or None when no strip shows its page."""
    for index, strip in enumerate(strips):
        for placement in strip.pages:
            if placement.page != region.page:
                continue
            x1, y1, x2, y2 = region.box
            return StripBox(
                strip=index,
                x=placement.x + x1 / 1000 * placement.width,
                y=placement.y + y1 / 1000 * placement.height,
                width=(x2 - x1) / 1000 * placement.width,
                height=(y2 - y1) / 1000 * placement.height,
            )
    return None
