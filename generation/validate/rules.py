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
  No number is asked with a tolerance over a quarter of itself
  (:data:`generation.questions.common.INFORMATIVE_SHARE`: "8 ± 3.9" passes 4.5 and 11).
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
- ``restated_claim``, ``level_operation``, ``labelled_elsewhere``, ``text_given`` (per question)
  and ``shared_evidence``, ``chart_load`` (per report): see :mod:`generation.validate.question_rules`.
- ``evidence_units``, ``restated_unit``, ``level_operation``, ``category_evidence``,
  ``chart_needed``: the evidence units of complex questions (:mod:`generation.validate.evidence`).
- ``illegible``: the value (or mark label) a question asks about is printed in its chart
  only illegibly: low contrast, overprinted, clipped or under 7 pt; or, on a chart that
  prints its values, not printed at all (a stacked segment too thin for its label)
  (:mod:`generation.validate.legibility`, which also tallies every chart's text per chart type).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ValidationError

from generation.validate import question_rules
from generation.validate.derivation_rules import chart_of, ill_posed_operations, numeric_rule, reference_rule
from generation.validate.evidence import RULES as EVIDENCE_RULES
from generation.validate.evidence import check_evidence
from generation.validate.legibility import DocumentLegibility, asked_forms, check_document
from generation.validate.pdf_words import Word, read_pdf_words, tokens_by_page, words_of
from generation.validate.plausibility import manifest_problems
from generation.validate.text_rules import (
    answer_in_question_rule,
    answer_length_rule,
    evidence_pages_rule,
    internal_id_rule,
    leak_index,
    leak_rule,
    overlap_rule,
    steps_rule,
    values_in_answer_rule,
)
from synthdocbench_tasks.pdf_text import PageWords
from synthdocbench_tasks.schema import (
    DocumentManifest,
    Question,
)

RULES: tuple[str, ...] = tuple(
    dict.fromkeys(
        (
            "schema",
            "reference",
            "numeric",
            "ill_posed",
            "answer_length",
            "overlap",
            "answer_in_question",
            "answer_values_in_answer",
            "internal_id",
            "difficulty_steps",
            "text_leak",
            "evidence_pages",
            "plausibility",
            "illegible",
            *question_rules.RULES,
            *EVIDENCE_RULES,
        )
    )
)  # level_operation is one rule: question_rules checks chart and cross-modal, evidence complex


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
    Legibility is checked on every chart, or with ``all_charts=False`` only on the words the
    questions look for in the charts they ask about (the same verdicts; ``result.legibility``
    then covers those words)."""
    if page_words is None:
        page_words = read_pdf_words(pdf)
    pages = len(page_words)
    words = words_of(page_words)
    page_tokens = tokens_by_page(words, pages)
    index = leak_index(words)
    asked = {c.vizId for c in manifest.charts if c.index in {q.chart_index for q in questions}}
    if all_charts:
        legibility = check_document(manifest, pdf)
    else:
        legibility = check_document(manifest, pdf, asked, forms=asked_forms(manifest, questions))
    result = ValidationResult(legibility=legibility)
    per_set = question_rules.set_problems(manifest, questions)
    for q in questions:
        problems = check_question(manifest, q, pages, words, page_tokens, index)
        problems += per_set.get(q.question_id, [])
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
    chart = chart_of(manifest, q.chart_index)
    checks = {
        "reference": reference_rule(manifest, q, chart),
        "numeric": numeric_rule(manifest, q, chart),
        "ill_posed": ill_posed_operations(manifest, q, chart),
        "answer_length": answer_length_rule(q),
        "overlap": overlap_rule(manifest, q, chart),
        "answer_in_question": answer_in_question_rule(q, chart),
        "answer_values_in_answer": values_in_answer_rule(q),
        "internal_id": internal_id_rule(manifest, q),
        "difficulty_steps": steps_rule(q),
        "text_leak": leak_rule(
            q, chart, words, [r for c in manifest.charts for r in c.regions], index or leak_index(words)
        ),
        "evidence_pages": evidence_pages_rule(manifest, q, chart, page_count, page_tokens, words),
        **question_rules.question_checks(manifest, q, chart),
        "plausibility": manifest_problems(manifest),
    }
    for rule, details in checks.items():
        problems.extend((rule, d) for d in details)
    problems.extend(check_evidence(manifest, q, words, index))  # complex evidence units (evidence.py)
    return problems
