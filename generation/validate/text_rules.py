"""The rules on a question's text against its answer and the PDF: answer length, copied overlap,
answers given away by the question, values in the answer, steps per level, values leaked into the
text, and evidence on the right pages.
"""

from __future__ import annotations

import re
import unicodedata

from generation.charts.colours import names_encoding
from generation.questions.phrasing import (
    STEP_RANGES,
    colour_name,
    drawn_forms,
    mark_phrase,
    tokens,
)
from generation.validate.derivation_rules import cited_facts, derivations, resolve_point
from generation.validate.pdf_words import Word, running_header_or_footer
from generation.world.derivation import (
    DerivationError,
    render,
)
from synthdocbench_tasks.schema import (
    Chart,
    Derivation,
    DocumentManifest,
    Question,
    Region,
)

MIN_ANSWER_TOKENS = 6


MAX_OVERLAP = 0.4


_NGRAM = 3


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
_REFERENCE = re.compile(
    r"\b(?:" + "|".join(sorted(w for w in _REF_WORDS if w.isalpha())) + r")\.?\s+\d+|§\s*\d+", re.I
)


def without_references(text: str) -> str:
    """``text`` without its "Figure 4", "Table 2", "page 12" references: their numbers state no value."""
    return _REFERENCE.sub(" ", text)


def answer_length_rule(q: Question) -> list[str]:
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
    for fact in cited_facts(manifest, q):
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


def overlap_rule(manifest: DocumentManifest, q: Question, chart: Chart | None) -> list[str]:
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


def answer_in_question_rule(q: Question, chart: Chart | None) -> list[str]:
    asked = set(_question_without_refs(q, chart))
    return [
        f"the question already contains the answer value {v.text}"
        for v in q.answer_values
        if v.kind == "number" and tokens(v.text) and all(t in asked for t in tokens(v.text))
    ]


def internal_id_rule(manifest: DocumentManifest, q: Question) -> list[str]:
    """Identifiers the PDF never prints (section, chart and table ids) named in the question or
    its answer: a reader finds a section by its title and a chart by what it shows."""
    text = f"{q.question} {q.answer}"
    ids = [s.section_id for s in manifest.sections] + [c.vizId for c in manifest.charts]
    ids += [t.table_id for t in manifest.tables]
    return [
        f"names the internal id {i!r}: refer to it as the report prints it (a title, a section name)"
        for i in sorted(set(ids))
        if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)
    ]


def values_in_answer_rule(q: Question) -> list[str]:
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


def steps_rule(q: Question) -> list[str]:
    """Step count in the level's range; an L1 look-up computes nothing; an L5 question has a
    step that interprets a visual encoding (colour, legend, highlight, marker...)."""
    lo, hi = STEP_RANGES[q.difficulty]
    n = len(q.reasoning)
    out = [] if lo <= n <= hi else [f"{q.difficulty} needs {lo}-{hi} reasoning steps, got {n}"]
    if q.difficulty == "L1":
        computed = [d for d in derivations(q).values() if any(s.op != "read" for s in d.steps)]
        if computed:
            out.append(f"an L1 look-up computes nothing, but derives {_text(computed[0])}")
    if q.difficulty == "L5" and not any(names_encoding(step.lower()) for step in q.reasoning):
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


def evidence_pages_rule(
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
    facts = cited_facts(manifest, q)
    on_page: dict[int, list[Word]] = {r.page: [] for fact in facts for r in fact.regions}
    for w in words if on_page else ():  # one pass: the words of the cited facts' pages, in order
        if w.page in on_page:
            on_page[w.page].append(w)
    for fact in facts:
        pages = sorted({r.page for r in fact.regions})
        if not pages:
            continue
        # Read only inside the fact's regions, page by page: in a multi-column page a figure
        # beside the sentence would otherwise sit between its words in reading order.
        text = [
            t
            for r in sorted(fact.regions, key=lambda r: r.page)
            for w in on_page[r.page]
            if _inside(w, [r]) and not running_header_or_footer(w)
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


def leak_rule(
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
            if running_header_or_footer(w):
                continue
            out.append(
                f"value {w.text} of {ref.label!r} is printed on page {w.page} at "
                f"({w.x:.0f}, {w.y:.0f}), outside Figure {chart.figure_number}"
            )
            break
    return out
