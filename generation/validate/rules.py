"""Question quality control (the paper's Appendix F, stricter), checked against the PDF.

Rules, each a name a :class:`Rejection` carries:

- ``schema``: the record still validates as a :class:`Question` of this document.
- ``reference``: the chart (index, title, type), every required data point (label and
  exact value), every required fact (index, verbatim sentence, section) exists in the
  manifest; chart and cross-modal questions name a chart; cross-modal questions cite a
  fact; multi-hop questions combine at least two evidence units from two sections.
- ``numeric``: every number in ``answer_values`` has exactly one structured derivation
  (``Question.derivations``, a program of :mod:`generation.world.derivation` operations whose
  operands are required data points, numbers of required facts, constants or earlier steps);
  running it on the manifest's evidence must give the value exactly (float round-off aside),
  every operand value and step result it records must be what the evidence gives, the
  value's printed text must round to it, and the reasoning must end with the derivations as
  ``[calc: v2 = (p1 - p0) / p0 * 100]`` (printed from the program, never parsed). Records
  before schema 1.2 carry no programs; ``validate --regenerate`` rebuilds them.
- ``ill_posed``: every derivation applies only operations valid for the kind of the metric
  it reads (:mod:`generation.questions.kinds`), checked on its operations: no ``sum`` or
  ``share_of_total`` of rates, shares or indices (the parts of one pie or the steps of one
  waterfall aside), no ``percent_change`` of a percentage (that change is a ``difference``
  in percentage points), a ``cagr`` only of a level or a count. Manifests before schema 1.1
  record no kinds: only the percentage change of a percentage (known from the unit) is found there.
- ``answer_length``: the answer has at least six tokens.
- ``overlap``: at most 40% of the answer's tokens lie in a run of three or more tokens
  copied verbatim from the question. Tokens are lower-case runs of letters/digits
  (``phrasing.tokens``). Names a good answer must repeat (the chart reference and title,
  mark labels, series names, the cited facts' actors, events, entities, subjects) are
  masked out of both texts first and do not count.
- ``answer_in_question``: no number the answer must contain is already in the question
  (chart titles and "Figure N" references aside).
- ``answer_values_in_answer``: every answer value (or an alias) is in the answer sentence.
- ``difficulty_steps``: the number of reasoning steps fits the level (``STEP_RANGES``).
- ``text_leak``: for chart-reading questions, no value the question asks for, printed
  as a renderer would print it, is among the PDF's words outside that chart's regions
  (running headers/footers and "Figure/Table/Page N" numbers aside).
- ``evidence_pages``: every evidence region lies on a page the PDF has, and resolves to the
  right page: the chart's title is printed on a page of its regions, and each cited fact's
  sentence on the pages of its regions.
- ``illegible``: the value (or mark label) a question asks about is printed in its chart
  only illegibly: low contrast, overprinted, clipped or under 7 pt
  (:mod:`generation.validate.legibility`, which also tallies every chart's text per chart type).
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import os
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import ValidationError

from generation.plan.config import GenerationConfig
from generation.plan.workers import worker_context
from generation.questions.build import make_questions
from generation.questions.kinds import Operation, ill_posed
from generation.questions.phrasing import (
    STEP_RANGES,
    colour_name,
    drawn_forms,
    mark_phrase,
    tokens,
    value_unit,
)
from generation.validate.legibility import DocumentLegibility, LegibilityTally, check_document
from generation.world.derivation import (
    CALC_PREFIX,
    DerivationError,
    OperandReader,
    calc_text,
    execute,
    operand_name,
    render,
)
from synthdocbench_tasks.mupdf import load_pymupdf
from synthdocbench_tasks.pdf_text import PageWords, read_words
from synthdocbench_tasks.progress import progress_bar
from synthdocbench_tasks.schema import (
    Chart,
    DataPoint,
    Derivation,
    DerivationOp,
    DocumentManifest,
    Operand,
    Question,
    Region,
    TextFact,
)

RULES: tuple[str, ...] = (
    "schema",
    "reference",
    "numeric",
    "ill_posed",
    "answer_length",
    "overlap",
    "answer_in_question",
    "answer_values_in_answer",
    "difficulty_steps",
    "text_leak",
    "evidence_pages",
    "illegible",
)
MIN_ANSWER_TOKENS = 6
MAX_OVERLAP = 0.4
_NGRAM = 3
_EXACT = 1e-6
_FLOAT = 1e-9  # float round-off allowed when re-evaluating a derivation
_VISUAL_WORDS = ("colour", "legend", "highlight", "marker", "whisker", "bubble", "intens", "accent")
_NAME_KEYS = (
    "entity",
    "metric",
    "actor",
    "event",
    "subject",
    "label",
    "series",
    "relation",
    "direction",
    "unit",
    "claimed_value",
    "reason",
)
_REF_WORDS = {"figure", "fig", "table", "page", "section", "chart", "§"}


@dataclass(frozen=True)
class Rejection:
    question_id: str
    rule: str
    detail: str


@dataclass
class ValidationResult:
    accepted: list[Question] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    legibility: DocumentLegibility | None = None


class Word(NamedTuple):
    """One word of the PDF (a named tuple: a document has tens of thousands)."""

    page: int
    x: float  # centre, 0..1000 of the page width
    y: float
    text: str
    alone: bool  # the only word on its line
    previous: str


def validate_questions(
    manifest: DocumentManifest,
    questions: list[Question],
    pdf: bytes,
    page_words: list[PageWords] | None = None,
    *,
    all_charts: bool = True,
) -> ValidationResult:
    """Split questions into accepted ones and rejections (one per failed rule).

    ``page_words`` are the PDF's words when the caller has read them already
    (:func:`generation.document.regions.measure_document`); otherwise they are read from ``pdf``.
    Legibility is checked on every chart, or with ``all_charts=False`` only on the charts the
    questions ask about (the same verdicts; ``result.legibility`` then covers those charts)."""
    if page_words is None:
        page_words = _read_pdf_words(pdf)
    pages = len(page_words)
    words = _words(page_words)
    page_tokens = _page_tokens(words, pages)
    index = leak_index(words)
    asked = {c.vizId for c in manifest.charts if c.index in {q.chart_index for q in questions}}
    legibility = check_document(manifest, pdf, None if all_charts else asked)
    result = ValidationResult(legibility=legibility)
    for q in questions:
        problems = check_question(manifest, q, pages, words, page_tokens, index)
        problems += [("illegible", d) for d in legibility.question_problems(manifest, q)]
        if problems:
            result.rejected.extend(Rejection(q.question_id, rule, detail) for rule, detail in problems)
        else:
            result.accepted.append(q)
    return result


def check_question(
    manifest: DocumentManifest,
    q: Question,
    page_count: int,
    words: list[Word],
    page_tokens: dict[int, list[str]] | None = None,
    index: dict[str, list[int]] | None = None,
) -> list[tuple[str, str]]:
    """Every (rule, detail) the question fails; empty when it passes.

    ``page_tokens`` (page -> its words as ``phrasing.tokens``) enables the check that the
    evidence resolves to the right page; without it only the page range is checked.
    ``index`` is :func:`leak_index` of ``words`` (built here when not given)."""
    problems: list[tuple[str, str]] = []
    try:
        Question.model_validate(q.model_dump())
    except ValidationError as exc:
        first = exc.errors()[0]
        problems.append(("schema", f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"))
    if q.doc_id != manifest.doc_id:
        problems.append(("schema", f"doc_id {q.doc_id} is not the manifest's {manifest.doc_id}"))
    chart = _chart(manifest, q.chart_index)
    checks = {
        "reference": _reference(manifest, q, chart),
        "numeric": _numeric(manifest, q, chart),
        "ill_posed": ill_posed_operations(manifest, q, chart),
        "answer_length": _answer_length(q),
        "overlap": _overlap(manifest, q, chart),
        "answer_in_question": _answer_in_question(q, chart),
        "answer_values_in_answer": _values_in_answer(q),
        "difficulty_steps": _steps(q),
        "text_leak": _leak(
            q, chart, words, [r for c in manifest.charts for r in c.regions], index or leak_index(words)
        ),
        "evidence_pages": _evidence_pages(manifest, q, chart, page_count, page_tokens, words),
    }
    for rule, details in checks.items():
        problems.extend((rule, d) for d in details)
    return problems


# --- reading the PDF ---------------------------------------------------------------------


def _read_pdf_words(pdf: bytes) -> list[PageWords]:
    pymupdf = load_pymupdf()
    try:
        doc = pymupdf.open(stream=pdf, filetype="pdf")
    except Exception as exc:  # pymupdf raises its own error types
        raise ValueError(f"validate_questions: the PDF cannot be opened ({exc})") from exc
    with doc:
        return read_words(doc)


def _words(pages: list[PageWords]) -> list[Word]:
    """The words of every page, centres on the 0..1000 page scale, in reading order."""
    words: list[Word] = []
    for page in pages:
        lines = Counter((w[5], w[6]) for w in page.words)
        previous = ""
        for w in page.words:
            x = (w[0] + w[2]) / 2 / page.width * 1000
            y = (w[1] + w[3]) / 2 / page.height * 1000
            words.append(Word(page.number, x, y, str(w[4]), lines[(w[5], w[6])] == 1, previous))
            previous = str(w[4])
    return words


def _running_header_or_footer(w: Word) -> bool:
    """A word alone on its line in the top or bottom 8% of the page (a page number)."""
    return w.alone and (w.y < 80 or w.y > 920)


def _page_tokens(words: list[Word], page_count: int) -> dict[int, list[str]]:
    """Each page's words as tokens (NFKC, so ligatures read as letters), without page numbers,
    so a sentence that runs over a page break still reads as one."""
    out: dict[int, list[str]] = {n: [] for n in range(1, page_count + 1)}
    for w in words:
        if not _running_header_or_footer(w):
            out[w.page] += tokens(unicodedata.normalize("NFKC", w.text))
    return out


# --- rules ---------------------------------------------------------------------------


def _chart(manifest: DocumentManifest, index: int | None) -> Chart | None:
    if index is None:
        return None
    return next((c for c in manifest.charts if c.index == index), None)


def resolve_point(chart: Chart, label: str) -> DataPoint | None:
    """The mark a ``required_data_points`` label names: ``label`` or ``label (series)``."""
    for p in chart.data:
        if (p.category and label == f"{p.label} ({p.category})") or (not p.category and label == p.label):
            return p
    return None


def _facts(manifest: DocumentManifest, q: Question) -> list[TextFact]:
    return [manifest.text_facts[i] for i in q.required_facts if 0 <= i < len(manifest.text_facts)]


def _reference(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
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
        sections = {f.section_id for f in _facts(manifest, q)} | ({chart.section_id} if chart else set())
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
    facts = _facts(manifest, q) if len(_facts(manifest, q)) == len(q.required_facts) else []

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


def _numeric(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
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


def _operand_kinds(
    operands: list[Operand], manifest: DocumentManifest, q: Question, chart: Chart | None
) -> list[tuple[str | None, str | None, str | None]]:
    """(kind, unit, chart type) of every evidence number the operands read (a mark's label or
    bubble size, and fact numbers other than a metric's value or a claimed value, have none)."""
    out: list[tuple[str | None, str | None, str | None]] = []
    facts = _facts(manifest, q)
    for o in operands:
        if o.source == "point" and chart is not None:
            if o.key == "x":
                label = chart.axes.x.label
                metric = manifest.world.metric(label[:1].lower() + label[1:]) or manifest.world.metric(label)
                if metric is not None:
                    out.append((metric.kind, metric.unit, chart.chartType))
            elif o.key not in ("label", "size"):
                out.append((chart.value_kind, value_unit(chart), chart.chartType))
        elif o.source == "fact" and o.index < len(facts):
            v = facts[o.index].values
            if v.get("kind") == "metric" and o.key == "value":
                metric = manifest.world.metric(v.get("metric", ""))
                out.append((metric.kind if metric else None, v.get("unit"), None))
            elif v.get("kind") == "chart_claim" and o.key == "claimed_value":
                claimed = next((c for c in manifest.charts if c.vizId == v.get("viz_id")), None)
                kind = claimed.value_kind if claimed else None
                out.append((kind, v.get("unit"), claimed.chartType if claimed else None))
    return out


def ill_posed_operations(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
    """Derivations that apply an operation the kind of their evidence does not allow."""
    out: list[str] = []
    for i, d in sorted(derivations(q).items()):
        try:
            text = render(d)
        except DerivationError:
            continue  # the numeric rule reports it
        for op, operands in _operations(d):
            for kind, unit, chart_type in _operand_kinds(operands, manifest, q, chart):
                reason = ill_posed(op, kind, unit, chart_type)
                if reason is not None:
                    out.append(f"v{i} = {text}: {reason}")
                    break
    return out


def _answer_length(q: Question) -> list[str]:
    n = len(tokens(q.answer))
    return [] if n >= MIN_ANSWER_TOKENS else [f"answer has {n} tokens (< {MIN_ANSWER_TOKENS})"]


def named_phrases(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
    """Names a good answer repeats from the question: the chart reference, title, mark labels,
    series names, and the named values of the cited facts (actors, events, entities...)."""
    names: list[str] = []
    if chart is not None:
        names += [
            f"Figure {chart.figure_number} ('{chart.title}')",
            chart.title,
            f"Figure {chart.figure_number}",
        ]
        names += [chart.axes.x.label, chart.axes.y.label, chart.axes.x.unit or "", chart.axes.y.unit or ""]
        for p in chart.data:
            names += [p.label, p.category or ""]
        for ref in q.required_data_points:
            point = resolve_point(chart, ref.label)
            names += [mark_phrase(chart, point)] if point else []
        names += [colour_name(c) or "" for c in chart.visualProperties.colorMap.values()]
    for fact in _facts(manifest, q):
        names += [fact.values.get(key, "") for key in _NAME_KEYS]
    return sorted({n for n in names if len(n) >= 3}, key=len, reverse=True)


def _mask(text: str, names: list[str], marker: str) -> list[str]:
    low = text.lower()
    for name in names:
        low = low.replace(name.lower(), f" {marker} ")
    return tokens(low)


def copied_fraction(question: str, answer: str, names: list[str]) -> float:
    """Share of the answer's tokens (names masked out) inside a 3-gram copied from the question."""
    asked = _mask(question, names, "zzquestionname")
    said = _mask(answer, names, "zzanswername")
    grams = {tuple(asked[i : i + _NGRAM]) for i in range(len(asked) - _NGRAM + 1)}
    covered = [False] * len(said)
    for i in range(len(said) - _NGRAM + 1):
        if tuple(said[i : i + _NGRAM]) in grams:
            covered[i : i + _NGRAM] = [True] * _NGRAM
    counted = [c for c, t in zip(covered, said, strict=True) if t != "zzanswername"]
    return sum(counted) / len(counted) if counted else 0.0


def _overlap(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
    ratio = copied_fraction(q.question, q.answer, named_phrases(manifest, q, chart))
    if ratio <= MAX_OVERLAP:
        return []
    return [f"{ratio:.0%} of the answer's tokens are copied from the question (limit {MAX_OVERLAP:.0%})"]


def _question_without_refs(q: Question, chart: Chart | None) -> list[str]:
    """The question's tokens without the chart reference and the names of the marks it cites
    (a bin called ``8–10`` does not give away an answer of 10)."""
    text = q.question
    if chart is not None:
        text = text.replace(chart.title, " ").replace(f"Figure {chart.figure_number}", " ")
        for ref in q.required_data_points:
            point = resolve_point(chart, ref.label)
            if point is not None:
                text = text.replace(mark_phrase(chart, point), " ").replace(point.label, " ")
    return tokens(text)


def _answer_in_question(q: Question, chart: Chart | None) -> list[str]:
    asked = set(_question_without_refs(q, chart))
    return [
        f"the question already contains the answer value {v.text}"
        for v in q.answer_values
        if v.kind == "number" and tokens(v.text) and all(t in asked for t in tokens(v.text))
    ]


def _values_in_answer(q: Question) -> list[str]:
    answer_tokens = set(tokens(q.answer))
    low = q.answer.lower()
    out = []
    for v in q.answer_values:
        if v.kind == "number":
            ok = bool(tokens(v.text)) and all(t in answer_tokens for t in tokens(v.text))
        else:
            ok = any(alt.lower() in low for alt in [v.text, *v.aliases] if alt)
        if not ok:
            out.append(f"answer value {v.text!r} is not in the answer")
    return out


def _steps(q: Question) -> list[str]:
    """Step count in the level's range; an L1 look-up computes nothing; an L5 question has a
    step that interprets a visual encoding (colour, legend, highlight, marker...)."""
    lo, hi = STEP_RANGES[q.difficulty]
    n = len(q.reasoning)
    out = [] if lo <= n <= hi else [f"{q.difficulty} needs {lo}-{hi} reasoning steps, got {n}"]
    if q.difficulty == "L1":
        computed = [d for d in derivations(q).values() if any(s.op != "read" for s in d.steps)]
        if computed:
            out.append(f"an L1 look-up computes nothing, but derives {_text(computed[0])}")
    if q.difficulty == "L5" and not any(w in step.lower() for step in q.reasoning for w in _VISUAL_WORDS):
        out.append("an L5 question needs a step that interprets a colour, legend, highlight or marker")
    return out


def _text(d: Derivation) -> str:
    try:
        return render(d)
    except DerivationError as exc:
        return f"a malformed derivation ({exc})"


def _contains(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return n > 0 and any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def _evidence_pages(
    manifest: DocumentManifest,
    q: Question,
    chart: Chart | None,
    page_count: int,
    page_tokens: dict[int, list[str]] | None,
    words: list[Word],
) -> list[str]:
    out = [
        f"evidence on page {r.page}, but the PDF has {page_count} pages"
        for r in q.evidence
        if not 1 <= r.page <= page_count
    ]
    if out or page_tokens is None:
        return out
    if chart is not None and chart.regions:
        title = tokens(unicodedata.normalize("NFKC", chart.title))
        if not any(_contains(page_tokens.get(r.page, []), title) for r in chart.regions):
            pages = sorted({r.page for r in chart.regions})
            out.append(
                f"the title of Figure {chart.figure_number} is not printed on its evidence page(s) {pages}"
            )
    for fact in _facts(manifest, q):
        pages = sorted({r.page for r in fact.regions})
        if not pages:
            continue
        # Read only inside the fact's regions, page by page: in a multi-column page a figure
        # beside the sentence would otherwise sit between its words in reading order.
        text = [
            t
            for r in sorted(fact.regions, key=lambda r: r.page)
            for w in words
            if w.page == r.page and _inside(w, [r]) and not _running_header_or_footer(w)
            for t in tokens(unicodedata.normalize("NFKC", w.text))
        ]
        if not _contains(text, tokens(unicodedata.normalize("NFKC", fact.sentence))):
            out.append(f"the sentence of {fact.fact_id} is not printed on its evidence page(s) {pages}")
    return out


def _inside(word: Word, regions: list[Region]) -> bool:
    return any(
        r.page == word.page and r.bbox[0] <= word.x <= r.bbox[2] and r.bbox[1] <= word.y <= r.bbox[3]
        for r in regions
    )


def _normalise(word: str) -> str:
    return word.strip("()[]{}\"'“”‘’:;,.!?$€£%+-−*")


def leak_index(words: list[Word]) -> dict[str, list[int]]:
    """Where each normalised word occurs: ``{normalised text: positions in words}`` (ascending)."""
    out: dict[str, list[int]] = {}
    for i, w in enumerate(words):
        out.setdefault(_normalise(w.text), []).append(i)
    return out


def _leak(
    q: Question,
    chart: Chart | None,
    words: list[Word],
    chart_regions: list[Region],
    index: dict[str, list[int]],
) -> list[str]:
    """The asked value printed in the text. Words inside any figure are chart marks, ticks or
    labels (another chart's tick "60" is no statement of this chart's value), so they are skipped.
    Candidates come from ``index`` (:func:`leak_index`), in reading order."""
    if q.subset != "chart" or chart is None:
        return []
    out = []
    for ref in q.required_data_points:
        positions = sorted({i for form in drawn_forms(ref.value) for i in index.get(form, ())})
        for w in (words[i] for i in positions):
            if _inside(w, chart_regions):
                continue
            if _normalise(w.previous).lower() in _REF_WORDS:
                continue  # "Figure 4", "Table 2", "page 12"
            if _running_header_or_footer(w):
                continue
            out.append(
                f"value {w.text} of {ref.label!r} is printed on page {w.page} at "
                f"({w.x:.0f}, {w.y:.0f}), outside Figure {chart.figure_number}"
            )
            break
    return out


# --- re-validating a generated folder ------------------------------------------------------


@dataclass
class ValidationReport:
    """What :func:`validate_dir` found: counts per rule, now and as recorded at generation."""

    gen_dir: Path
    documents: int = 0
    checked: int = 0
    passed: int = 0
    #: questions failing each rule now (a question failing two rules counts under both)
    failures: Counter[str] = field(default_factory=Counter)
    #: rejections the generator logged in rejected.jsonl, per rule
    recorded: Counter[str] = field(default_factory=Counter)
    rejections: list[Rejection] = field(default_factory=list)
    #: documents that could not be checked: (doc_id, one-line reason)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    regenerated: bool = False
    legibility: LegibilityTally = field(default_factory=LegibilityTally)

    @property
    def ok(self) -> bool:
        return not self.failures and not self.unreadable and self.documents > 0

    def summary(self, examples: int = 5) -> str:
        """A printable report: one line per rule, then a few failing questions."""
        what = "regenerated from the manifests" if self.regenerated else "in questions.jsonl"
        lines = [
            f"Validated {self.documents} documents in {self.gen_dir}: {self.checked} questions {what}, "
            f"{self.passed} pass every rule, {self.checked - self.passed} fail.",
            f"{'rule':<24}{'failing now':>12}{'logged at generation':>22}",
        ]
        for rule in RULES:
            lines.append(f"{rule:<24}{self.failures.get(rule, 0):>12}{self.recorded.get(rule, 0):>22}")
        for doc_id, reason in self.unreadable:
            lines.append(f"not checked: {doc_id}: {reason}")
        for r in self.rejections[:examples]:
            lines.append(f"  {r.question_id} [{r.rule}] {r.detail}")
        if len(self.rejections) > examples:
            lines.append(f"  ... and {len(self.rejections) - examples} more")
        lines.append(self.legibility.table(examples))
        return "\n".join(lines)


def validate_dir(gen_dir: Path, regenerate: bool = False, workers: int | None = None) -> ValidationReport:
    """Re-run every rule on a ``synthdocbench generate`` folder (docs/data-layout.md).

    Checks each finished document's questions.jsonl against its manifest.json and
    document.pdf, and tallies the rules logged in rejected.jsonl. With ``regenerate``, the
    questions are made again from the manifest with the folder's config.json (so the counts
    show what generation rejects, not only what survived it). Documents are checked in
    ``workers`` processes (default: one per CPU); the report is the same for any number.
    """
    docs = gen_dir / "docs"
    if not docs.is_dir():
        raise FileNotFoundError(
            f"{gen_dir} has no docs/ folder; point to the --out folder of synthdocbench generate"
        )
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    config = None
    if regenerate:
        config_path = gen_dir / "config.json"
        if not config_path.is_file():
            raise FileNotFoundError(f"{config_path} is missing; --regenerate needs the run's config.json")
        config = GenerationConfig.model_validate_json(config_path.read_text(encoding="utf-8"))
    report = ValidationReport(gen_dir=gen_dir, regenerated=regenerate)
    folders = sorted(p for p in docs.iterdir() if p.is_dir())
    n = min(workers or os.cpu_count() or 1, len(folders))
    results: dict[Path, _FolderResult] = {}
    with progress_bar("validating", len(folders)) as advance:
        if n <= 1:
            for folder in folders:
                advance()
                results[folder] = _check_folder(folder, config)
        else:
            preload = (
                "generation.document.regions",
                "generation.validate.rules",
            )  # regions: PyMuPDF without ONNX
            with cf.ProcessPoolExecutor(n, mp_context=worker_context(preload)) as pool:
                futures = {pool.submit(_check_folder, folder, config): folder for folder in folders}
                for fut in cf.as_completed(futures):
                    advance()
                    results[futures[fut]] = fut.result()
    for folder in folders:  # in folder order, whatever order the workers finished in
        results[folder].add_to(report)
    return report


@dataclass
class _FolderResult:
    """What checking one document folder found (sent back from a worker process)."""

    doc_id: str
    unreadable: str | None = None
    checked: int = 0
    passed: int = 0
    rejected: list[Rejection] = field(default_factory=list)
    recorded: list[str] = field(default_factory=list)
    legibility: DocumentLegibility | None = None

    def add_to(self, report: ValidationReport) -> None:
        if self.unreadable is not None:
            report.unreadable.append((self.doc_id, self.unreadable))
            return
        report.documents += 1
        report.checked += self.checked
        report.passed += self.passed
        report.failures.update(rule for _, rule in {(r.question_id, r.rule) for r in self.rejected})
        report.recorded.update(self.recorded)
        report.rejections.extend(self.rejected)
        if self.legibility is not None:
            report.legibility.add(self.legibility)


def _check_folder(folder: Path, config: Any) -> _FolderResult:
    """Check one document folder of a ``synthdocbench generate`` run (``config`` set: regenerate)."""
    if not (folder / "DONE").is_file():
        return _FolderResult(folder.name, unreadable="unfinished (no DONE file)")
    try:
        manifest = DocumentManifest.model_validate_json(
            (folder / "manifest.json").read_text(encoding="utf-8")
        )
        if config is not None:
            questions = make_questions(manifest, config)
        else:
            questions = [Question.model_validate_json(line) for line in _lines(folder / "questions.jsonl")]
        result = validate_questions(manifest, questions, (folder / "document.pdf").read_bytes())
        recorded = [json.loads(line)["rule"] for line in _lines(folder / "rejected.jsonl")]
    except (OSError, ValueError, KeyError) as exc:
        return _FolderResult(folder.name, unreadable=(str(exc).splitlines() or [type(exc).__name__])[0])
    return _FolderResult(
        folder.name,
        checked=len(questions),
        passed=len(result.accepted),
        rejected=result.rejected,
        recorded=recorded,
        legibility=result.legibility,
    )


def _lines(path: Path) -> list[str]:
    if not path.is_file():
        return []
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
