"""The ``reference``, ``numeric`` and ``ill_posed`` rules: the evidence a question cites exists,
its derivation programs rerun to its values, and they apply only operations the metric's kind
admits to numbers a reader can pin down.
"""

from __future__ import annotations

from generation.questions.common import INFORMATIVE_SHARE, pinned
from generation.questions.kinds import Operation, ill_posed
from generation.questions.phrasing import is_year, value_unit
from generation.world.derivation import (
    CALC_PREFIX,
    DerivationError,
    OperandReader,
    calc_text,
    execute,
    operand_name,
    render,
)
from synthdocbench_tasks.schema import (
    Chart,
    DataPoint,
    Derivation,
    DerivationOp,
    DocumentManifest,
    Operand,
    Question,
    TextFact,
)

_EXACT = 1e-6


_FLOAT = 1e-9  # float round-off allowed when re-evaluating a derivation


def chart_of(manifest: DocumentManifest, index: int | None) -> Chart | None:
    if index is None:
        return None
    return next((c for c in manifest.charts if c.index == index), None)


def resolve_point(chart: Chart, label: str) -> DataPoint | None:
    """The mark a ``required_data_points`` label names: ``label`` or ``label (series)``."""
    for p in chart.data:
        if (p.category and label == f"{p.label} ({p.category})") or (not p.category and label == p.label):
            return p
    return None


def cited_facts(manifest: DocumentManifest, q: Question) -> list[TextFact]:
    return [manifest.text_facts[i] for i in q.required_facts if 0 <= i < len(manifest.text_facts)]


def reference_rule(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
    out: list[str] = []
    if q.chart_index is not None:
        if chart is None:
            return [f"chart {q.chart_index} does not exist (the document has {len(manifest.charts)})"]
        if q.chart_title != chart.title or q.chart_type != chart.chartType:
            out.append(f"chart {q.chart_index} is '{chart.title}' ({chart.chartType}), not '{q.chart_title}'")
    elif q.subset in ("chart", "cross_modal"):
        out.append(f"a {q.subset} question must name its chart")
    for ref in q.required_data_points:
        point = resolve_point(chart, ref.label) if chart else None
        if point is None:
            out.append(f"data point {ref.label!r} is not in chart {q.chart_index}")
        elif abs(point.value - ref.value) > _EXACT * max(1.0, abs(point.value)):
            out.append(f"data point {ref.label!r} is {point.value} in the chart, not {ref.value}")
    n = len(manifest.text_facts)
    for k, i in enumerate(q.required_facts):
        if not 0 <= i < n:
            out.append(f"required fact {i} does not exist (the document has {n})")
            continue
        fact = manifest.text_facts[i]
        if k >= len(q.required_facts_text) or q.required_facts_text[k] != fact.sentence:
            out.append(f"required_facts_text[{k}] is not the verbatim sentence of {fact.fact_id}")
        if k >= len(q.fact_sources) or q.fact_sources[k] != fact.section_id:
            out.append(f"fact_sources[{k}] is not {fact.fact_id}'s section {fact.section_id}")
    if q.subset == "cross_modal" and not q.required_facts:
        out.append("a cross-modal question must cite a text fact")
    if q.subset == "complex":
        sections = {f.section_id for f in cited_facts(manifest, q)} | ({chart.section_id} if chart else set())
        units = len(q.required_facts) + (1 if chart else 0)
        if units < 2 or len(sections) < 2:
            out.append(
                f"a multi-hop question needs >= 2 evidence units from >= 2 sections ({units}, {sections})"
            )
    return out


def derivations(q: Question) -> dict[int, Derivation]:
    """``{answer value index: derivation}`` of a question (empty for records before schema 1.2)."""
    return {d.value_index: d for d in q.derivations or []}


def evidence_reader(manifest: DocumentManifest, q: Question, chart: Chart | None) -> OperandReader:
    """Reads a derivation's evidence operands from the manifest (never from the question's copy)."""
    facts = cited_facts(manifest, q) if len(cited_facts(manifest, q)) == len(q.required_facts) else []

    def point(o: Operand) -> DataPoint:
        found = (
            resolve_point(chart, q.required_data_points[o.index].label)
            if chart and o.index < len(q.required_data_points)
            else None
        )
        if found is None:
            raise DerivationError(f"p{o.index} is not a required data point of chart {q.chart_index}")
        return found

    def read(o: Operand) -> float:
        if o.source == "fact" and o.index >= len(facts):
            raise DerivationError(f"f{o.index} is not cited by the question")
        try:
            if o.source == "fact":
                return float(facts[o.index].values[o.key])
            p = point(o)
            if o.key == "value":
                return p.value
            return float(p.label if o.key == "label" else p.metadata[o.key])
        except (KeyError, ValueError) as exc:
            if isinstance(exc, DerivationError):
                raise
            raise DerivationError(f"{operand_name(o)} is not a number of the cited evidence") from exc

    return read


def _printed_as(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def numeric_rule(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
    """Every number answer value has exactly one derivation, which runs on the manifest's evidence
    to that value (each recorded operand and step result agreeing); the reasoning prints them."""
    out: list[str] = []
    calc: dict[int, Derivation] = {}
    for d in q.derivations or []:
        if d.value_index in calc:
            out.append(f"v{d.value_index} has more than one derivation")
        elif d.value_index >= len(q.answer_values):
            out.append(f"a derivation of v{d.value_index}, but there are only {len(q.answer_values)} values")
        calc[d.value_index] = d
    read = evidence_reader(manifest, q, chart)
    for i, v in enumerate(q.answer_values):
        if v.kind != "number" or v.value is None:
            if i in calc:
                out.append(f"v{i} has a derivation but answer value {v.text!r} is not a number")
            continue
        if i not in calc:
            old = " (records before schema 1.2 carry none; validate with --regenerate)"
            why = old if q.derivations is None else ""
            out.append(f"answer value v{i} ({v.text}) has no derivation{why}")
            continue
        try:
            text = render(calc[i])
            run = execute(calc[i], read, _FLOAT)
        except DerivationError as exc:
            out.append(f"v{i}: {exc}")
            continue
        if calc[i].unit != v.unit:
            out.append(f"v{i} = {text} is in {calc[i].unit!r}, but the answer value is in {v.unit!r}")
        if run.mismatch is not None:
            out.append(f"v{i} = {text}: {run.mismatch}")
        elif abs(run.value - v.value) > _FLOAT * max(1.0, abs(v.value)):
            got = f"{run.value:.10g}"
            out.append(f"v{i} = {text} gives {got} from the manifest, but the answer value is {v.value}")
        printed = _printed_as(v.text)
        decimals = len(v.text.split(".")[1]) if "." in v.text else 0
        if printed is None or abs(printed - v.value) > 0.5 * 10**-decimals + _FLOAT * max(1.0, abs(v.value)):
            out.append(f"answer value v{i} is printed as {v.text!r}, which does not round from {v.value}")
    if not out and calc:
        trailer = f"{CALC_PREFIX}{calc_text(sorted(calc.values(), key=lambda d: d.value_index))}]"
        if not q.reasoning[-1].endswith(trailer):
            out.append(f"the reasoning does not end with the derivations {trailer}")
    return out


#: Derivation operations whose sense depends on the kind of the values they apply to.
_KIND_RULES: dict[DerivationOp, Operation] = {
    "sum": "sum",
    "share_of_total": "share_of_total",
    "percent_change": "relative_change",
    "cagr": "cagr",
}


def _operations(d: Derivation) -> list[tuple[Operation, list[Operand]]]:
    """The kind-sensitive operations a derivation applies, each with the evidence operands it
    applies to (through earlier steps): a sum of two or more values (except the total a share
    divides by), a share of that total (its parts), a percentage change (its base), a compound
    growth rate (its start and end)."""
    steps = d.steps

    def evidence(operands: list[Operand]) -> list[Operand]:
        out: list[Operand] = []
        for o in operands:
            out += evidence(steps[o.index].operands) if o.source == "step" else [o]
        return out

    totals = {s.operands[1].index for s in steps if s.op == "share_of_total"}
    out: list[tuple[Operation, list[Operand]]] = []
    for k, s in enumerate(steps):
        if s.op not in _KIND_RULES or (s.op == "sum" and (k in totals or len(s.operands) < 2)):
            continue
        applies_to = {"share_of_total": s.operands[1:], "percent_change": s.operands[:1]}
        applies_to["cagr"] = s.operands[:2]
        out.append((_KIND_RULES[s.op], evidence(applies_to.get(s.op, s.operands))))
    return out


_Evidence = tuple[str | None, str | None, str | None, bool]


def _over_years(operands: list[Operand], q: Question) -> bool:
    """True when every operand is a chart mark labelled with a year and they span two years or more
    (a series' marks over time; the parts of a stacked chart in one year add up as a pie's do)."""
    marks = q.required_data_points

    def year_of(o: Operand) -> str:
        label = marks[o.index].label if o.source == "point" and 0 <= o.index < len(marks) else ""
        year = label.split(" (")[0]
        return year if is_year(year) else ""

    years = [year_of(o) for o in operands]
    return bool(operands) and all(years) and len(set(years)) > 1


def _operand_kinds(
    operands: list[Operand], manifest: DocumentManifest, q: Question, chart: Chart | None
) -> list[_Evidence]:
    """(kind, unit, chart type, stock) of every evidence number the operands read (a mark's label
    or bubble size, and fact numbers other than a metric's value or a claimed value, have none)."""
    out: list[_Evidence] = []
    facts = cited_facts(manifest, q)
    for o in operands:
        if o.source == "point" and chart is not None:
            if o.key == "x":
                label = chart.axes.x.label
                metric = manifest.world.metric(label[:1].lower() + label[1:]) or manifest.world.metric(label)
                if metric is not None:
                    out.append((metric.kind, metric.unit, chart.chartType, metric.stock))
            elif o.key not in ("label", "size"):
                out.append((chart.value_kind, value_unit(chart), chart.chartType, chart.value_stock))
        elif o.source == "fact" and o.index < len(facts):
            v = facts[o.index].values
            if v.get("kind") == "metric" and o.key == "value":
                metric = manifest.world.metric(v.get("metric", ""))
                stock = bool(metric and metric.stock)
                out.append((metric.kind if metric else None, v.get("unit"), None, stock))
            elif v.get("kind") == "chart_claim" and o.key == "claimed_value":
                claimed = next((c for c in manifest.charts if c.vizId == v.get("viz_id")), None)
                kind, stock = (claimed.value_kind, claimed.value_stock) if claimed else (None, False)
                out.append((kind, v.get("unit"), claimed.chartType if claimed else None, stock))
    return out


def ill_posed_operations(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
    """Derivations that apply an operation the kind of their evidence does not allow, and numbers
    asked with a tolerance over a quarter of themselves (a reading cannot be told from a guess)."""
    out = [
        f"v{i} = {v.text} allows {v.abs_tol or 0:g} absolute and {v.rel_tol or 0:g} relative, over "
        f"{INFORMATIVE_SHARE:g} of itself: no reading can be told from a guess"
        for i, v in enumerate(q.answer_values)
        if not pinned(v)
    ]
    for i, d in sorted(derivations(q).items()):
        try:
            text = render(d)
        except DerivationError:
            continue  # the numeric rule reports it
        for op, operands in _operations(d):
            if op == "sum" and _over_years(operands, q):
                op = "total_over_years"
            for kind, unit, chart_type, stock in _operand_kinds(operands, manifest, q, chart):
                reason = ill_posed(op, kind, unit, chart_type, stock)
                if reason is not None:
                    out.append(f"v{i} = {text}: {reason}")
                    break
    return out
