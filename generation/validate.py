"""Question quality control (the paper's Appendix F, stricter), checked against the PDF.

Rules, each a name a :class:`Rejection` carries:

- ``schema``: the record still validates as a :class:`Question` of this document.
- ``reference``: the chart (index, title, type), every required data point (label and
  exact value), every required fact (index, verbatim sentence, section) exists in the
  manifest; chart and cross-modal questions name a chart; cross-modal questions cite a
  fact; multi-hop questions combine at least two evidence units from two sections.
- ``numeric``: every number in ``answer_values`` is recomputed from the manifest values
  the question cites (chart marks, fact numbers) by the operations questions use
  (read-off, difference, sum, mean, ratio, share, percentage change, CAGR over the cited
  years, x1000 unit conversion) and must match exactly; a mismatch names the nearest value.
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
- ``evidence_pages``: every evidence region lies on a page the PDF has.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import permutations

import pymupdf
from pydantic import ValidationError

from generation.phrasing import STEP_RANGES, colour_name, drawn_forms, is_year, tokens
from synthdocbench_tasks.schema import Chart, DataPoint, DocumentManifest, Question, Region, TextFact

RULES: tuple[str, ...] = (
    "schema",
    "reference",
    "numeric",
    "answer_length",
    "overlap",
    "answer_in_question",
    "answer_values_in_answer",
    "difficulty_steps",
    "text_leak",
    "evidence_pages",
)
MIN_ANSWER_TOKENS = 6
MAX_OVERLAP = 0.4
_NGRAM = 3
_EXACT = 1e-6
_NUMBER_KEYS = ("value", "claimed_value", "year", "start", "end")
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


@dataclass(frozen=True)
class Word:
    page: int
    x: float  # centre, 0..1000 of the page width
    y: float
    text: str
    alone: bool  # the only word on its line
    previous: str


def validate_questions(manifest: DocumentManifest, questions: list[Question], pdf: bytes) -> ValidationResult:
    """Split questions into accepted ones and rejections (one per failed rule)."""
    pages, words = _pdf_words(pdf)
    result = ValidationResult()
    for q in questions:
        problems = check_question(manifest, q, pages, words)
        if problems:
            result.rejected.extend(Rejection(q.question_id, rule, detail) for rule, detail in problems)
        else:
            result.accepted.append(q)
    return result


def check_question(
    manifest: DocumentManifest, q: Question, page_count: int, words: list[Word]
) -> list[tuple[str, str]]:
    """Every (rule, detail) the question fails; empty when it passes."""
    problems: list[tuple[str, str]] = []
    try:
        Question.model_validate(q.model_dump())
    except ValidationError as exc:
        problems.append(("schema", str(exc).splitlines()[0]))
    if q.doc_id != manifest.doc_id:
        problems.append(("schema", f"doc_id {q.doc_id} is not the manifest's {manifest.doc_id}"))
    chart = _chart(manifest, q.chart_index)
    checks = {
        "reference": _reference(manifest, q, chart),
        "numeric": _numeric(manifest, q, chart),
        "answer_length": _answer_length(q),
        "overlap": _overlap(manifest, q, chart),
        "answer_in_question": _answer_in_question(q, chart),
        "answer_values_in_answer": _values_in_answer(q),
        "difficulty_steps": _steps(q),
        "text_leak": _leak(q, chart, words),
        "evidence_pages": [
            f"evidence on page {r.page}, but the PDF has {page_count} pages"
            for r in q.evidence
            if not 1 <= r.page <= page_count
        ],
    }
    for rule, details in checks.items():
        problems.extend((rule, d) for d in details)
    return problems


# --- reading the PDF ---------------------------------------------------------------------


def _pdf_words(pdf: bytes) -> tuple[int, list[Word]]:
    try:
        doc = pymupdf.open(stream=pdf, filetype="pdf")
    except Exception as exc:  # pymupdf raises its own error types
        raise ValueError(f"validate_questions: the PDF cannot be opened ({exc})") from exc
    words: list[Word] = []
    with doc:
        for number in range(1, doc.page_count + 1):
            page = doc[number - 1]
            width, height = page.rect.width, page.rect.height
            raw = page.get_text("words", sort=True)
            lines: dict[tuple[int, int], int] = {}
            for w in raw:
                lines[(w[5], w[6])] = lines.get((w[5], w[6]), 0) + 1
            previous = ""
            for w in raw:
                x = (w[0] + w[2]) / 2 / width * 1000
                y = (w[1] + w[3]) / 2 / height * 1000
                words.append(Word(number, x, y, str(w[4]), lines[(w[5], w[6])] == 1, previous))
                previous = str(w[4])
        return doc.page_count, words


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


def recomputable_values(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[float]:
    """Every number the cited evidence yields under the operations questions use."""
    base: list[float] = []
    years: set[int] = set()
    if chart is not None:
        for ref in q.required_data_points:
            point = resolve_point(chart, ref.label)
            if point is not None:
                base.append(point.value)
                if is_year(point.label):
                    years.add(int(point.label))
    for fact in _facts(manifest, q):
        for key in _NUMBER_KEYS:
            try:
                x = float(fact.values[key])
            except (KeyError, ValueError):
                continue
            base.append(x)
            if key in ("year", "start", "end") and is_year(fact.values[key]):
                years.add(int(x))
    spans = {abs(a - b) for a in years for b in years if a != b}
    out = list(base)
    total = sum(base)
    if base:
        out += [total, total / len(base), total * 1000]
    for a in base:
        out += [a * 1000, a / 1000]
        if total:
            out.append(a / total * 100)
    for a, b in permutations(base, 2):
        out += [a - b, a + b, abs(a - b), (a + b) * 1000]
        if b:
            out += [a / b, a / b * 100, (a - b) / b * 100]
        if a > 0 and b > 0:
            out += [((a / b) ** (1 / n) - 1) * 100 for n in spans]
    return out


def _numeric(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
    numbers = [v for v in q.answer_values if v.kind == "number" and v.value is not None]
    if not numbers:
        return []
    candidates = recomputable_values(manifest, q, chart)
    out = []
    for v in numbers:
        assert v.value is not None
        target = v.value
        if any(abs(c - target) <= _EXACT * max(1.0, abs(target)) for c in candidates):
            continue
        nearest = min(candidates, key=lambda c: abs(c - target)) if candidates else math.nan
        out.append(
            f"answer value {v.text} ({target}) does not follow from the evidence; nearest is {nearest:.6g}"
        )
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
    text = q.question
    if chart is not None:
        text = text.replace(chart.title, " ").replace(f"Figure {chart.figure_number}", " ")
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
    lo, hi = STEP_RANGES[q.difficulty]
    n = len(q.reasoning)
    return [] if lo <= n <= hi else [f"{q.difficulty} needs {lo}-{hi} reasoning steps, got {n}"]


def _inside(word: Word, regions: list[Region]) -> bool:
    return any(
        r.page == word.page and r.bbox[0] <= word.x <= r.bbox[2] and r.bbox[1] <= word.y <= r.bbox[3]
        for r in regions
    )


def _normalise(word: str) -> str:
    return word.strip("()[]{}\"'“”‘’:;,.!?$€£%+-−*")


def _leak(q: Question, chart: Chart | None, words: list[Word]) -> list[str]:
    if q.subset != "chart" or chart is None:
        return []
    out = []
    for ref in q.required_data_points:
        forms = drawn_forms(ref.value)
        for w in words:
            if _normalise(w.text) not in forms or _inside(w, chart.regions):
                continue
            if _normalise(w.previous).lower() in _REF_WORDS:
                continue  # "Figure 4", "Table 2", "page 12"
            if w.alone and (w.y < 80 or w.y > 920):
                continue  # running header or footer (page number)
            out.append(
                f"value {w.text} of {ref.label!r} is printed on page {w.page} at "
                f"({w.x:.0f}, {w.y:.0f}), outside Figure {chart.figure_number}"
            )
            break
    return out
