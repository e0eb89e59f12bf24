"""Chart readings a report prints elsewhere: a question its own chart need not be read for.

Several charts of a report draw the same series of its one fact table (a line chart of a
country's years and a slope chart of two of them), so a value one chart leaves to be read off
its axis may be printed as a data label on another. A question that asks that reading can be
answered, more precisely, without its chart. Question planning asks no reading that another chart
labels, nor a mark's value that a chart claim it does not cite states within the reading's
tolerance (``Context.readable``); validation rejects both (``labelled_elsewhere``), and
:func:`elsewhere_counts` counts them per subset for ``bench/question_measures.py``, together with
readings the report's text states (a number in its prose, tables or cards, or a chart claim of
another question within the reading's tolerance; a question's own claims are its design).

The values of a report's fact table print as distinct numbers (``world.numbers``), so an equal
number of that table is the same fact (a manifest without a ``world`` table has none).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field

from generation.charts.reading import printed, value_tolerance
from generation.plan.doc_plan import DocumentPlan
from generation.questions.phrasing import numbers_in, point_key
from synthdocbench_tasks.schema import Chart, DataPoint, DocumentManifest, Question

#: |value| rounded to 6 decimals -> the vizIds of the charts that print it as a data label.
Labels = Mapping[float, frozenset[str]]
#: (vizId, mark key) -> the chart claims (text fact indices) that state the mark's value.
Stated = Mapping[tuple[str, str], frozenset[int]]

SUBSETS = ("chart", "cross_modal", "complex")


def _number(value: float) -> float:
    return round(abs(value), 6)


def data_labels(manifest: DocumentManifest) -> Labels:
    """Every value of the report's fact table a chart prints as a data label beside its mark, with
    its charts. (A count one chart defines for itself, a histogram's bin or a funnel's stage, is
    no fact another chart shares: an equal number there is a coincidence.)"""
    facts = {_number(f.value) for f in manifest.world.facts}
    found: dict[float, set[str]] = {}
    for chart in manifest.charts:
        if printed(chart):
            for p in chart.data:
                if _number(p.value) in facts:
                    found.setdefault(_number(p.value), set()).add(chart.vizId)
    return {v: frozenset(ids) for v, ids in found.items()}


def labelled_elsewhere(labels: Labels, chart: Chart, value: float) -> frozenset[str]:
    """The charts of the report other than ``chart`` that print ``value`` as a data label (empty:
    none does)."""
    return labels.get(_number(value), frozenset()) - {chart.vizId}


@dataclass(frozen=True)
class Reading:
    """One number a question reads off its chart: a mark's value, or a number of its metadata
    (a bullet's target, a box's whisker)."""

    chart: Chart = field(compare=False)
    point: DataPoint = field(compare=False)
    mark: str  # its chart and its required_data_points label
    key: str
    value: float

    @property
    def off_axis(self) -> bool:
        """Read against an axis: its chart prints no data label for it."""
        return not (self.key == "value" and printed(self.chart))


def readings(manifest: DocumentManifest, q: Question) -> list[Reading]:
    """The numbers ``q`` reads off its chart: its required marks, and the metadata its derivations read."""
    chart = next((c for c in manifest.charts if c.index == q.chart_index), None)
    if chart is None:
        return []
    marks = {point_key(p): p for p in chart.data}
    at = f"{chart.vizId}:"
    out = [
        Reading(chart, marks[r.label], at + r.label, "value", r.value)
        for r in q.required_data_points
        if r.label in marks
    ]
    for d in q.derivations or []:
        for s in d.steps:
            for o in s.operands:
                if o.source == "point" and o.key not in ("value", "label") and o.ref in marks:
                    out.append(Reading(chart, marks[o.ref], at + o.ref, o.key, o.value))
    return list(dict.fromkeys(out))


def report_text(plan: DocumentPlan) -> list[str]:
    """The text a reader sees outside the charts: title, headings, paragraphs, callouts (metric
    cards, quotes), table titles and cells, and the charts' source notes."""
    out = [plan.title, plan.subtitle]
    for section in plan.sections:
        for b in section.blocks:
            if b.kind in ("heading", "paragraph"):
                out.append(b.text)
            elif b.kind == "callout":
                out += b.items
    for table in plan.manifest.tables:
        out += [table.title, *(" ".join(row) for row in table.rows)]
    return out + [c.sourceContext for c in plan.manifest.charts]


def claims_stating(manifest: DocumentManifest) -> Stated:
    """Per mark (vizId, mark key), the chart claims of the text (fact indices) that state its value
    within its reading tolerance: a question citing none of them could take the value from them."""
    charts = {c.vizId: c for c in manifest.charts}
    found: dict[tuple[str, str], set[int]] = {}
    for i, fact in enumerate(manifest.text_facts):
        v = fact.values
        chart = charts.get(v.get("viz_id", ""))
        if v.get("kind") != "chart_claim" or chart is None:
            continue
        label, series = v.get("label", ""), v.get("series")
        point = next((p for p in chart.data if p.label == label and series in (None, p.category)), None)
        try:
            claimed = float(v.get("claimed_value", "").replace(",", ""))
        except ValueError:
            continue
        if point is not None and abs(claimed - point.value) <= value_tolerance(chart, point.value):
            found.setdefault((chart.vizId, point_key(point)), set()).add(i)
    return {mark: frozenset(ids) for mark, ids in found.items()}


def stated_uncited(stated: Stated, chart: Chart, point: DataPoint, cites: Collection[int]) -> frozenset[int]:
    """The chart claims that state ``point``'s value (:func:`claims_stating`) other than ``cites``,
    the text facts a question cites (a question's own claim is its design)."""
    return stated.get((chart.vizId, point_key(point)), frozenset()) - frozenset(cites)


def printed_elsewhere(
    manifest: DocumentManifest, q: Question, labels: Labels, text: list[str]
) -> dict[Reading, str]:
    """The readings of ``q`` the report prints outside its chart, each with where: ``label`` (a
    data label on another chart) or ``text`` (a number of ``text`` outside the question's own
    cited facts, or another chart claim within the reading's tolerance)."""
    own = [manifest.text_facts[i].sentence for i in q.required_facts if 0 <= i < len(manifest.text_facts)]
    numbers: set[float] = set()
    for block in text:
        for sentence in own:
            block = block.replace(sentence, " ")
        numbers |= numbers_in(block)
    out: dict[Reading, str] = {}
    stated = claims_stating(manifest)
    for r in readings(manifest, q):
        claimed = r.key == "value" and stated_uncited(stated, r.chart, r.point, q.required_facts)
        if labelled_elsewhere(labels, r.chart, r.value):
            out[r] = "label"
        elif _number(r.value) in numbers or claimed:
            out[r] = "text"
    return out


def elsewhere_counts(reports: Iterable[tuple[DocumentPlan, list[Question]]]) -> Counter[str]:
    """Per subset (``<subset>/<count>``): questions and readings, those read off an axis, and those
    of each printed elsewhere (by a data label on another chart, by the text)."""
    out: Counter[str] = Counter()
    for plan, questions in reports:
        manifest, text = plan.manifest, report_text(plan)
        labels = data_labels(manifest)
        for q in questions:
            found = readings(manifest, q)
            if not found:
                continue
            where = printed_elsewhere(manifest, q, labels, text)
            axis = [r for r in found if r.off_axis]
            s = q.subset
            out[f"{s}/questions"] += 1
            out[f"{s}/elsewhere"] += bool(where)
            out[f"{s}/readings"] += len(found)
            out[f"{s}/readings elsewhere"] += len(where)
            out[f"{s}/axis questions"] += bool(axis)
            out[f"{s}/axis readings"] += len(axis)
            for how in ("label", "text"):
                out[f"{s}/axis readings by {how}"] += sum(where.get(r) == how for r in axis)
                out[f"{s}/axis questions by {how}"] += any(where.get(r) == how for r in axis)
            out[f"{s}/axis elsewhere"] += any(r in where for r in axis)
    return out


def render(counts: Counter[str]) -> list[str]:
    """Two lines per subset: the readings taken off an axis, then every asked reading."""
    lines = ["", "chart readings printed elsewhere in the report (a data label on another chart, the text)"]
    for s in SUBSETS:
        c = Counter({k.split("/", 1)[1]: n for k, n in counts.items() if k.startswith(f"{s}/")})
        label, text = c["axis readings by label"], c["axis readings by text"]
        lines.append(
            f"  {s}, read off an axis: questions {c['axis elsewhere']} of {c['axis questions']} "
            f"(by a label {c['axis questions by label']}, by the text {c['axis questions by text']}); "
            f"readings {label + text} of {c['axis readings']} (by a label {label}, by the text {text})"
        )
        lines.append(
            f"  {s}, any reading: questions {c['elsewhere']} of {c['questions']}; "
            f"readings {c['readings elsewhere']} of {c['readings']}"
        )
    return lines
