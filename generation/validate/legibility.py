"""Legibility of chart text, measured on the rendered PDF (issue 11, point 3).

Every word printed inside a chart's region is checked these ways:

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
- ``astray``: a value label sits within 8 pt of its own data marker (``marks.astray``: a label
  moved a row above its point, over its neighbour's, belongs to no point a reader can tell).

Besides the checks, each chart counts its ``unlabelled`` values: those the planner counts
printed (``reading.value_printed``) whose label the chart prints nowhere.

:func:`check_document` returns the findings of one document; :meth:`DocumentLegibility.
question_problems` says why a question's asked value cannot be read (the ``illegible``
rule of :mod:`generation.validate.rules`); :class:`LegibilityTally` adds documents up per chart
type for ``synthdocbench validate``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field

import pymupdf

from generation.charts.reading import printed, value_printed
from generation.charts.spec import chart_decimals
from generation.questions.phrasing import drawn_forms
from generation.validate.chart_words import page_words
from generation.validate.legibility_geometry import (
    check_markers,
    check_overlaps,
    check_sizes_and_edges,
    value_labels,
)
from generation.validate.legibility_model import ChartLegibility, Finding, LegibilityError, tokens, word_form
from generation.validate.legibility_pixels import check_pixels, pixels
from synthdocbench_tasks.pdf_text import PageContents
from synthdocbench_tasks.schema import Chart, DataRef, DocumentManifest, Question, Region


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
                hits = [i for i, w in enumerate(result.words) if word_form(w) in forms]
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
    return wanted + [("label", name, {t}) for t in tokens(name) if len(t) > 3]


def _value_forms(value: float, chart: Chart) -> set[str]:
    """Every form a renderer prints ``value`` in, and with the chart's own decimals (``0.610``)."""
    v, places = abs(value), chart_decimals(chart)
    return {f.lower() for f in {*drawn_forms(value), f"{v:.{places}f}", f"{v:,.{places}f}"}}


def _count_unlabelled(result: ChartLegibility, chart: Chart) -> None:
    """How many values the planner counts printed the chart prints nowhere (``unlabelled``)."""
    if printed(chart):
        words = {word_form(w) for w in result.words}
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


def _rect(region: Region, page: pymupdf.Page) -> pymupdf.Rect:
    w, h = page.rect.width, page.rect.height
    x1, y1, x2, y2 = region.bbox
    return pymupdf.Rect(x1 * w / 1000, y1 * h / 1000, x2 * w / 1000, y2 * h / 1000)


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
                result.checked = {i for i, w in enumerate(result.words) if word_form(w) in wanted}
            _count_unlabelled(result, chart)
            values = value_labels(result, chart)
            check_overlaps(result)
            check_sizes_and_edges(result, rects[chart.vizId], pages)
            for page_no, page_rects in sorted(rects[chart.vizId].items()):
                if not any(w.page == page_no for _, w in result.to_check()):
                    continue  # nothing to check on this page: no pixel or marker decides anything
                for rect in page_rects:
                    clip = (
                        pymupdf.Rect(rect.x0 - 20, rect.y0 - 20, rect.x1 + 20, rect.y1 + 20) & pages[page_no]
                    )
                    shown_pix, shown = pixels(shown_pages, page_no - 1, clip)
                    behind_pix, behind = pixels(behind_pages, page_no - 1, clip)
                    check_pixels(result, clip, page_no, shown, behind)
                    del shown, behind, shown_pix, behind_pix  # the views go before their pixmaps
                    check_markers(result, page_no, doc[page_no - 1], rect, values)
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
