"""Legibility of chart text, measured on the rendered PDF (issue 11, point 3).

Every word printed inside a chart's region is checked four ways:

- ``contrast``: WCAG 2 contrast between the word's own colour (from the PDF span) and the
  pixels actually behind its glyphs is at least 4.5:1. The background is read from a copy
  of the page with the chart's text removed (a redaction that keeps graphics and images),
  rasterised with PyMuPDF, so a label half on a dark area and half on white paper shows
  the white half. A word fails when more than a quarter of its box is below 4.5:1.
- ``overlap``: no two words overprint each other (their glyph boxes, oriented along the
  text direction, intersect), including two labels the PDF text layer merged into one
  word ("739" and "749" read as "73949").
- ``clipped``: the word lies wholly inside its chart region and the page, and its glyphs
  are actually painted (the page with and without the text differ under the word; text
  hidden by a clip path is in the text layer but not on the image).
- ``small``: the word's font size is at least 7 pt.
- ``crossed``: no line or mark edge runs through the word: the pixels behind its glyph box
  (shrunk by 0.8 pt), below 4.5:1 against its colour, cover under 2% of the box or stay off
  85% of its width and height (a label on a plate is never crossed).
- ``covers``: the word's glyph box holds no data marker's centre (a label or its plate
  painted over a point, or a point cut into a label; :mod:`generation.validate.marks`).
- ``misplaced``: a value label sits no nearer another data marker than its own (``marks.
  misplaced``: a sparkline's label moved over the next year's point is read as that year's).

Besides the checks, each chart counts its ``unlabelled`` values: those the planner counts
printed (``reading.value_printed``) whose label the chart prints nowhere.

:func:`check_document` returns the findings of one document; :meth:`DocumentLegibility.
question_problems` says why a question's asked value cannot be read (the ``illegible``
rule of :mod:`generation.validate.rules`); :class:`LegibilityTally` adds documents up per chart
type for ``synthdocbench validate``.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np
import pymupdf

from generation.charts.reading import printed, value_printed
from generation.charts.registry import CHART_TYPE_NAMES, chart_type
from generation.charts.spec import chart_decimals
from generation.questions.phrasing import drawn_forms
from generation.validate.chart_words import PrintedWord, page_words
from generation.validate.marks import inside, marker_centres, misplaced
from synthdocbench_tasks.pdf_text import PageContents
from synthdocbench_tasks.schema import Chart, DataRef, DocumentManifest, Question, Region

#: The checks, in report order.
CHECKS: tuple[str, ...] = ("contrast", "overlap", "clipped", "small", "crossed", "covers", "misplaced")
#: Line types whose every plot draws one series' dots (a line, an area; a sparkline grid: a panel a
#: series), where the ``misplaced`` check finds a label's own dot by pairing alone. Where several
#: series' dots share a plot (multi-line, radar, slope, dumbbell) their colours and leader lines
#: decide which is whose (``tests/generation/charts/test_label_attribution.py`` checks those); a
#: scatter's labels name their points.
PAIRED_TYPES: frozenset[str] = frozenset(
    t.name
    for t in map(chart_type, CHART_TYPE_NAMES)
    if t.panels or (t.member("line") and not t.member("multi_series"))
)
MIN_CONTRAST = 4.5  # WCAG 2 AA for normal text
MIN_SIZE_PT = 7.0
#: A word fails the contrast check when more than this share of its box is below MIN_CONTRAST.
MAX_LOW_CONTRAST_SHARE = 0.25
ZOOM = 3.0  # rasterisation scale (216 dpi)
_EDGE_PT = 1.0  # a word may stick out of its region by this much (glyph side bearings)
_SHRINK_PT = 0.6  # glyph boxes are shrunk by this before testing overlap (touching is fine)
_PAINTED = 24  # summed RGB difference for a pixel to count as painted by the text
_CROSS_SHRINK_PT = 0.8  # the glyph box is shrunk by this before looking for a crossing line
_CROSS_MIN_AREA = 0.02  # a crossing covers at least this share of the shrunk box ...
_CROSS_SPAN = 0.85  # ... and runs through this share of its rows or columns


class LegibilityError(ValueError):
    """The PDF cannot be read for the legibility check; one line for the user."""


@dataclass(frozen=True)
class Finding:
    check: str  # one of CHECKS
    viz_id: str
    chart_type: str
    page: int
    text: str
    detail: str


@dataclass
class ChartLegibility:
    viz_id: str
    chart_type: str
    words: list[PrintedWord] = field(default_factory=list)
    #: index into ``words`` -> the checks that word fails
    failing: dict[int, set[str]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    #: indices into ``words`` of the words checked, None for all (the others are read, as
    #: the words a checked one may overprint, and never fail)
    checked: set[int] | None = None
    #: values the planner counts printed (``reading.value_printed``) that no word of the chart prints
    unlabelled: int = 0

    def to_check(self) -> Iterator[tuple[int, PrintedWord]]:
        """(index, word) of the words checked."""
        return ((i, w) for i, w in enumerate(self.words) if self.checked is None or i in self.checked)

    def fail(self, i: int, check: str, detail: str) -> None:
        w = self.words[i]
        if check in self.failing.setdefault(i, set()):
            return
        self.failing[i].add(check)
        self.findings.append(Finding(check, self.viz_id, self.chart_type, w.page, w.text, detail))


@dataclass
class DocumentLegibility:
    doc_id: str
    charts: dict[str, ChartLegibility] = field(default_factory=dict)

    @property
    def findings(self) -> list[Finding]:
        return [f for c in self.charts.values() for f in c.findings]

    def question_problems(self, manifest: DocumentManifest, q: Question) -> list[str]:
        """Why the value (or mark label) a question asks about cannot be read on the page.

        A required data point is illegible when its value is printed in the chart (as a
        renderer prints it) and every printing fails a check, or when its label is printed
        and every printing of one of its words fails a check. On a chart that prints its
        values, a value printed nowhere in the chart is unreadable too: it is asked as
        precisely as a label gives it (``reading.printed``), but the renderer left its label
        out (a stacked segment thinner than its text)."""
        chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
        if chart is None or chart.vizId not in self.charts or not q.required_data_points:
            return []
        result = self.charts[chart.vizId]
        out = []
        for ref in q.required_data_points:
            for what, shown, forms in _wanted(ref, chart):
                hits = [i for i, w in enumerate(result.words) if _form(w) in forms]
                if not hits and what == "value" and printed(chart):
                    out.append(
                        f"the value of {ref.label!r} ({ref.value}) is asked as precisely as a label "
                        f"prints it, but Figure {chart.figure_number} prints no label for it"
                    )
                    break
                if hits and all(i in result.failing for i in hits):
                    checks = sorted({c for i in hits for c in result.failing[i]})
                    out.append(
                        f"the {what} of {ref.label!r} ({shown if what == 'label' else ref.value}) is printed "
                        f"in Figure {chart.figure_number} only illegibly ({', '.join(checks)})"
                    )
                    break
        return out


def _wanted(ref: DataRef, chart: Chart) -> list[tuple[str, str, set[str]]]:
    """(what, as shown, forms) of each thing a required data point prints: its value (every form a
    renderer prints it in, and with the chart's own decimals: ``0.610``) and each word of more
    than three letters of its label's name."""
    wanted = [("value", ref.label, _value_forms(ref.value, chart))]
    name = ref.label.split(" (")[0]
    return wanted + [("label", name, {t}) for t in _tokens(name) if len(t) > 3]


def _value_forms(value: float, chart: Chart) -> set[str]:
    """Every form a renderer prints ``value`` in, and with the chart's own decimals (``0.610``)."""
    v, places = abs(value), chart_decimals(chart)
    return {f.lower() for f in {*drawn_forms(value), f"{v:.{places}f}", f"{v:,.{places}f}"}}


def _count_unlabelled(result: ChartLegibility, chart: Chart) -> None:
    """How many values the planner counts printed the chart prints nowhere (``unlabelled``)."""
    if printed(chart):
        words = {_form(w) for w in result.words}
        result.unlabelled = sum(
            1 for p in chart.data if value_printed(chart, p) and not _value_forms(p.value, chart) & words
        )


def asked_forms(manifest: DocumentManifest, questions: Iterable[Question]) -> dict[str, set[str]]:
    """Per chart vizId, every word form :meth:`DocumentLegibility.question_problems` looks for
    in that chart for ``questions``: given to :func:`check_document` as ``forms``, only the words
    of these forms are checked, and ``question_problems`` answers those questions the same."""
    charts = {c.index: c for c in manifest.charts}
    out: dict[str, set[str]] = {}
    for q in questions:
        if q.chart_index in charts and q.required_data_points:
            chart = charts[q.chart_index]
            forms = out.setdefault(chart.vizId, set())
            for ref in q.required_data_points:
                for _, _, f in _wanted(ref, chart):
                    forms |= f
    return out


@dataclass
class LegibilityTally:
    """Words checked and failing per chart type and check, summed over documents."""

    documents: int = 0
    charts: Counter[str] = field(default_factory=Counter)
    words: Counter[str] = field(default_factory=Counter)
    failures: dict[str, Counter[str]] = field(default_factory=dict)
    unlabelled: Counter[str] = field(default_factory=Counter)
    examples: list[Finding] = field(default_factory=list)

    def add(self, doc: DocumentLegibility, *, keep_examples: int = 20) -> None:
        self.documents += 1
        for chart in doc.charts.values():
            self.charts[chart.chart_type] += 1
            self.words[chart.chart_type] += len(chart.words)
            self.unlabelled[chart.chart_type] += chart.unlabelled
            counts = self.failures.setdefault(chart.chart_type, Counter())
            for checks in chart.failing.values():
                counts.update(checks)
            room = keep_examples - len(self.examples)
            if room > 0:
                self.examples.extend(chart.findings[:room])

    def total(self, check: str) -> int:
        return sum(c.get(check, 0) for c in self.failures.values())

    def table(self, examples: int = 5) -> str:
        """One line per chart type: charts, words, and words failing each check."""
        head = f"{'chart type':<18}{'charts':>7}{'words':>8}" + "".join(f"{c:>10}" for c in CHECKS)
        head += f"{'unlabelled':>12}"
        lines = [
            f"Legibility of chart text on the PDF ({self.documents} documents; words failing each check; "
            "unlabelled: values counted printed that no label prints):",
            head,
        ]
        for t in sorted(self.charts):
            row = self.failures.get(t, Counter())
            lines.append(
                f"{t:<18}{self.charts[t]:>7}{self.words[t]:>8}"
                + "".join(f"{row.get(c, 0):>10}" for c in CHECKS)
                + f"{self.unlabelled[t]:>12}"
            )
        lines.append(
            f"{'all':<18}{sum(self.charts.values()):>7}{sum(self.words.values()):>8}"
            + "".join(f"{self.total(c):>10}" for c in CHECKS)
            + f"{sum(self.unlabelled.values()):>12}"
        )
        for f in self.examples[:examples]:
            lines.append(f"  {f.viz_id} ({f.chart_type}, page {f.page}) [{f.check}] {f.text!r}: {f.detail}")
        return "\n".join(lines)


# --- colour -------------------------------------------------------------------------------


def _linear(c: np.ndarray) -> np.ndarray:
    """sRGB channels 0..1 to linear light."""
    return np.asarray(np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4))


#: :func:`_linear` of every 8-bit channel value: pixels are looked up, not raised to a power
#: (the same numbers, element by element).
_LINEAR_8BIT = _linear(np.arange(256, dtype=float) / 255.0)


def relative_luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG 2 relative luminance of sRGB colours (..., 3) with channels 0..255."""
    rgb = np.asarray(rgb)
    lin = _LINEAR_8BIT[rgb] if rgb.dtype == np.uint8 else _linear(np.asarray(rgb, dtype=float) / 255.0)
    return np.asarray(lin @ np.array([0.2126, 0.7152, 0.0722]))


def contrast_ratio(a: np.ndarray | tuple[int, int, int], b: np.ndarray | tuple[int, int, int]) -> np.ndarray:
    """WCAG 2 contrast ratio (1..21) between sRGB colours (broadcasting)."""
    la, lb = relative_luminance(np.asarray(a)), relative_luminance(np.asarray(b))
    return np.asarray((np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05))


# --- reading the PDF ----------------------------------------------------------------------


def _normalise(text: str) -> str:
    # as validate's text-leak rule reads printed values: unsigned, without unit symbols
    return unicodedata.normalize("NFKC", text).strip("()[]{}\"'“”‘’:;,.!?▼▶◀◆ $€£%+-−*")


def _form(w: PrintedWord) -> str:
    """The word as questions' forms are matched against it."""
    return _normalise(w.text).lower()


def _tokens(text: str) -> list[str]:
    return [t for t in (_normalise(p).lower() for p in text.split()) if t]


def _rect(region: Region, page: pymupdf.Page) -> pymupdf.Rect:
    w, h = page.rect.width, page.rect.height
    x1, y1, x2, y2 = region.bbox
    return pymupdf.Rect(x1 * w / 1000, y1 * h / 1000, x2 * w / 1000, y2 * h / 1000)


# --- the four checks ----------------------------------------------------------------------


def _project(corners: tuple[tuple[float, float], ...], axis: tuple[float, float]) -> tuple[float, float]:
    values = [x * axis[0] + y * axis[1] for x, y in corners]
    return min(values), max(values)


def _shrunk(corners: tuple[tuple[float, float], ...], by: float) -> tuple[tuple[float, float], ...]:
    cx = sum(c[0] for c in corners) / 4
    cy = sum(c[1] for c in corners) / 4
    out = []
    for x, y in corners:
        vx, vy = x - cx, y - cy
        norm = (vx * vx + vy * vy) ** 0.5 or 1.0
        out.append((x - vx / norm * by, y - vy / norm * by))
    return tuple(out)


def boxes_overlap(a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...]) -> bool:
    """Whether two convex quadrilaterals intersect (separating axis theorem)."""
    for quad in (a, b):
        for k in range(4):
            (x0, y0), (x1, y1) = quad[k], quad[(k + 1) % 4]
            axis = (y0 - y1, x1 - x0)
            lo_a, hi_a = _project(a, axis)
            lo_b, hi_b = _project(b, axis)
            if hi_a <= lo_b or hi_b <= lo_a:
                return False
    return True


def _check_overlaps(result: ChartLegibility) -> None:
    words = result.words
    boxes = [_shrunk(w.corners, _SHRINK_PT) for w in words]
    checked = result.checked
    for i in range(len(words)):
        for j in range(i + 1, len(words)):
            if checked is not None and i not in checked and j not in checked:
                continue
            a, b = words[i].bbox, words[j].bbox
            if a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]:
                continue
            if boxes_overlap(boxes[i], boxes[j]):
                if checked is None or i in checked:
                    result.fail(i, "overlap", f"overprints {words[j].text!r}")
                if checked is None or j in checked:
                    result.fail(j, "overlap", f"overprints {words[i].text!r}")


def _check_sizes_and_edges(
    result: ChartLegibility, regions: dict[int, list[pymupdf.Rect]], pages: dict[int, pymupdf.Rect]
) -> None:
    for i, w in result.to_check():
        if w.size < MIN_SIZE_PT - 0.01:
            result.fail(i, "small", f"{w.size:.2f} pt < {MIN_SIZE_PT:g} pt")
        box = pymupdf.Rect(w.bbox)
        inside_page = pages[w.page]
        if not any(_contains(r, box, _EDGE_PT) for r in regions.get(w.page, [])) or not _contains(
            inside_page, box, 0.0
        ):
            result.fail(
                i, "clipped", f"sticks out of the chart region or page at {tuple(round(v) for v in w.bbox)}"
            )


def _check_markers(
    result: ChartLegibility, page_no: int, page: pymupdf.Page, clip: pymupdf.Rect, values: set[int]
) -> None:
    """``covers`` and ``misplaced``: ``values`` are the indices of the chart's value labels."""
    on_page = [(i, w) for i, w in result.to_check() if w.page == page_no]
    centres = marker_centres(page, clip) if on_page else []
    for i, w in on_page:
        hit = next((c for c in centres if inside(w.corners, c)), None)
        if hit is not None:
            result.fail(i, "covers", f"covers a data marker at ({hit[0]:.0f}, {hit[1]:.0f})")
    words = result.words
    labels = [i for i in sorted(values) if words[i].page == page_no and clip.intersects(words[i].bbox)]
    checked = {i for i, _ in on_page}
    for k, nearer in misplaced([words[i].corners for i in labels], centres).items():
        if labels[k] in checked:
            why = f"sits {nearer:.1f} pt nearer another data marker than its own" if nearer else ""
            result.fail(labels[k], "misplaced", why or "sits as near its data marker as another value label")


def _value_labels(result: ChartLegibility, chart: Chart) -> set[int]:
    """Indices of the words that print a value of ``chart`` as its labels do (its own decimals),
    on a chart whose labels :func:`~generation.validate.marks.misplaced` judges (:data:`PAIRED_TYPES`)."""
    if not printed(chart) or chart.chartType not in PAIRED_TYPES:
        return set()
    places = chart_decimals(chart)
    forms = {f"{abs(p.value):,.{places}f}" for p in chart.data if value_printed(chart, p)}
    return {i for i, w in enumerate(result.words) if _form(w) in forms}


def _contains(outer: pymupdf.Rect, inner: pymupdf.Rect, tolerance: float) -> bool:
    return (
        inner.x0 >= outer.x0 - tolerance
        and inner.y0 >= outer.y0 - tolerance
        and inner.x1 <= outer.x1 + tolerance
        and inner.y1 <= outer.y1 + tolerance
    )


def _pixels(contents: PageContents, number: int, clip: pymupdf.Rect) -> tuple[pymupdf.Pixmap, np.ndarray]:
    """The pixmap of ``clip`` on the page ``number`` (0-based) and its RGB samples, a view of its
    memory (no copy): valid only while the caller holds the pixmap."""
    pix = contents.pixmap(number, pymupdf.Matrix(ZOOM, ZOOM), clip, pymupdf.csRGB)
    pixels = np.frombuffer(pix.samples_mv, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)
    return pix, pixels[:, :, :3]


def _check_pixels(
    result: ChartLegibility, clip: pymupdf.Rect, page_no: int, with_text: np.ndarray, without_text: np.ndarray
) -> None:
    """Contrast against the pixels behind each word, and whether the word is painted at all."""
    height, width = with_text.shape[:2]
    for i, w in result.to_check():
        if w.page != page_no:
            continue
        x0 = int(max(0, (w.bbox[0] - clip.x0) * ZOOM))
        y0 = int(max(0, (w.bbox[1] - clip.y0) * ZOOM))
        x1 = int(min(width, (w.bbox[2] - clip.x0) * ZOOM + 1))
        y1 = int(min(height, (w.bbox[3] - clip.y0) * ZOOM + 1))
        if x1 <= x0 or y1 <= y0:
            continue
        mask = _inside_mask(w.corners, clip, x0, y0, x1, y1)
        if not mask.any():
            continue
        shown = with_text[y0:y1, x0:x1][mask]
        behind = without_text[y0:y1, x0:x1][mask]
        painted = np.abs(shown.astype(int) - behind.astype(int)).sum(axis=1) > _PAINTED
        # Pixels the text paints in a colour close to its own are its glyphs (anti-aliased
        # edges included); everything else in the box is what the reader sees around them:
        # the page behind, or a halo the text paints in a contrasting colour.
        ink = painted & (contrast_ratio(np.asarray(w.color), shown) < MIN_CONTRAST)
        ground = shown[~ink]
        ratios = contrast_ratio(np.asarray(w.color), ground) if len(ground) else np.ones(1)
        low = float((ratios < MIN_CONTRAST).mean())
        if low > MAX_LOW_CONTRAST_SHARE:
            worst = float(np.quantile(ratios, MAX_LOW_CONTRAST_SHARE))
            hexed = "#{:02x}{:02x}{:02x}".format(*w.color)
            result.fail(i, "contrast", f"{worst:.1f}:1 behind {low:.0%} of the word (text {hexed})")
        elif not painted.any():
            result.fail(i, "clipped", "in the text layer but not painted (hidden or clipped)")
        elif _crossed(w, clip, without_text):
            result.fail(i, "crossed", "a line or mark edge runs through it (no plate behind it)")


def _crossed(w: PrintedWord, clip: pymupdf.Rect, without_text: np.ndarray) -> bool:
    """Whether low-contrast pixels behind the word (the page without its text) run through
    its glyph box: a line or a mark's edge crossing the label."""
    height, width = without_text.shape[:2]
    corners = _shrunk(w.corners, _CROSS_SHRINK_PT)
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    x0, y0 = int(max(0, (min(xs) - clip.x0) * ZOOM)), int(max(0, (min(ys) - clip.y0) * ZOOM))
    x1 = int(min(width, (max(xs) - clip.x0) * ZOOM + 1))
    y1 = int(min(height, (max(ys) - clip.y0) * ZOOM + 1))
    if x1 - x0 < 3 or y1 - y0 < 3:
        return False
    mask = _inside_mask(corners, clip, x0, y0, x1, y1)
    if not mask.any():
        return False
    low = np.zeros(mask.shape, dtype=bool)
    low[mask] = contrast_ratio(np.asarray(w.color), without_text[y0:y1, x0:x1][mask]) < MIN_CONTRAST
    rows, cols = np.asarray(mask.any(axis=1)), np.asarray(mask.any(axis=0))
    across_rows, across_cols = np.asarray(low.any(axis=1)), np.asarray(low.any(axis=0))
    span = max(float(across_rows[rows].mean()), float(across_cols[cols].mean()))
    return bool(low.sum() >= _CROSS_MIN_AREA * mask.sum() and span >= _CROSS_SPAN)


def _inside_mask(
    corners: tuple[tuple[float, float], ...], clip: pymupdf.Rect, x0: int, y0: int, x1: int, y1: int
) -> np.ndarray:
    """Pixels of the box [x0:x1, y0:y1] whose centres lie in the oriented glyph box.

    A pixel is inside when, for each edge, it lies on the side of the opposite corner (or on the
    edge). A glyph box whose edges all run along the axes (most words) is the product of a row
    and a column test, with the same verdicts: an edge along y = ay tests ``py - ay`` against
    the sign of ``cy - ay`` alone, exactly what the general test's products reduce to."""
    px = np.arange(x0, x1) / ZOOM + clip.x0 + 0.5 / ZOOM
    py = np.arange(y0, y1) / ZOOM + clip.y0 + 0.5 / ZOOM
    edges = [(corners[k], corners[(k + 1) % 4], corners[(k + 2) % 4]) for k in range(4)]
    if all(a[0] == b[0] or a[1] == b[1] for a, b, _ in edges):
        rows, cols = np.ones(py.shape, dtype=bool), np.ones(px.shape, dtype=bool)
        for (ax, ay), (bx, by), (cx, cy) in edges:
            if by == ay and bx != ax:  # along x: the rows on the opposite corner's side
                rows &= _same_side(py - ay, cy - ay)
            elif bx == ax and by != ay:  # along y: the columns
                cols &= _same_side(px - ax, cx - ax)
        return np.asarray(rows[:, None] & cols[None, :])
    inside = np.ones((len(py), len(px)), dtype=bool)
    px, py = px[None, :], py[:, None]
    for (ax, ay), (bx, by), (cx, cy) in edges:
        side = np.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))
        inside &= np.sign((bx - ax) * (py - ay) - (by - ay) * (px - ax)) * side >= 0
    return inside


def _same_side(offsets: np.ndarray, corner: float) -> np.ndarray:
    """Whether each offset from an edge is zero or of the sign of the opposite corner's offset."""
    if corner > 0:
        return np.asarray(offsets >= 0)
    if corner < 0:
        return np.asarray(offsets <= 0)
    return np.ones(offsets.shape, dtype=bool)


def _chart_rects(doc: pymupdf.Document, chart: Chart) -> dict[int, list[pymupdf.Rect]]:
    out: dict[int, list[pymupdf.Rect]] = {}
    for r in chart.regions:
        if 1 <= r.page <= doc.page_count:
            out.setdefault(r.page, []).append(_rect(r, doc[r.page - 1]))
    return out


def check_document(
    manifest: DocumentManifest,
    pdf: bytes,
    only: Collection[str] | None = None,
    *,
    forms: Mapping[str, Collection[str]] | None = None,
) -> DocumentLegibility:
    """Check every word of every chart region of ``manifest`` on its rendered ``pdf``
    (of the charts whose vizId is in ``only``, when given: the same findings for those).

    With ``forms`` (:func:`asked_forms`), only the words of a chart whose form is among that
    chart's forms are checked (every word is read: a checked word may overprint any other), each
    by every check as without ``forms``, and a region is rasterised only when it holds such a word:
    :meth:`DocumentLegibility.question_problems` answers the questions of those forms the same."""
    try:
        doc = pymupdf.open(stream=pdf, filetype="pdf")
        blank = pymupdf.open(stream=pdf, filetype="pdf")
    except Exception as exc:  # pymupdf raises its own error types
        raise LegibilityError(f"legibility: the PDF cannot be opened ({exc})") from exc
    out = DocumentLegibility(manifest.doc_id)
    small_glyphs = pymupdf.TOOLS.set_small_glyph_heights()
    try:
        pymupdf.TOOLS.set_small_glyph_heights(True)
        rects = {c.vizId: _chart_rects(doc, c) for c in manifest.charts}
        checked = [c for c in manifest.charts if only is None or c.vizId in only]
        _remove_chart_text(blank, rects, sorted({p for c in checked for p in rects[c.vizId]}))
        pages = {n + 1: doc[n].rect for n in range(doc.page_count)}
        # each page's content is read once for its words and its pixmap
        shown_pages, behind_pages = PageContents(doc), PageContents(blank)
        for chart in checked:
            result = ChartLegibility(chart.vizId, chart.chartType)
            for page_no, page_rects in sorted(rects[chart.vizId].items()):
                for rect in page_rects:
                    result.words.extend(page_words(shown_pages, page_no - 1, rect, chart.vizId))
            if forms is not None:
                wanted = forms.get(chart.vizId, ())
                result.checked = {i for i, w in enumerate(result.words) if _form(w) in wanted}
            _count_unlabelled(result, chart)
            values = _value_labels(result, chart)
            _check_overlaps(result)
            _check_sizes_and_edges(result, rects[chart.vizId], pages)
            for page_no, page_rects in sorted(rects[chart.vizId].items()):
                if not any(w.page == page_no for _, w in result.to_check()):
                    continue  # nothing to check on this page: no pixel or marker decides anything
                for rect in page_rects:
                    clip = (
                        pymupdf.Rect(rect.x0 - 20, rect.y0 - 20, rect.x1 + 20, rect.y1 + 20) & pages[page_no]
                    )
                    shown_pix, shown = _pixels(shown_pages, page_no - 1, clip)
                    behind_pix, behind = _pixels(behind_pages, page_no - 1, clip)
                    _check_pixels(result, clip, page_no, shown, behind)
                    del shown, behind, shown_pix, behind_pix  # the views go before their pixmaps
                    _check_markers(result, page_no, doc[page_no - 1], rect, values)
            out.charts[chart.vizId] = result
    finally:
        pymupdf.TOOLS.set_small_glyph_heights(small_glyphs)
        doc.close()
        blank.close()
    return out


def _remove_chart_text(
    blank: pymupdf.Document, rects: dict[str, dict[int, list[pymupdf.Rect]]], pages: list[int]
) -> None:
    """The background copy: on ``pages``, every chart region's text removed, graphics and images kept."""
    for page_no in pages:
        page = blank[page_no - 1]
        for on_pages in rects.values():
            for rect in on_pages.get(page_no, []):
                page.add_redact_annot(pymupdf.Rect(rect.x0 - 40, rect.y0 - 40, rect.x1 + 40, rect.y1 + 40))
        page.apply_redactions(images=0, graphics=0, text=0)


def words_failing(doc: DocumentLegibility, check: str) -> Iterable[Finding]:
    """The findings of one check (for tests and reports)."""
    return (f for f in doc.findings if f.check == check)
