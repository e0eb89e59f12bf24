"""How much of a report's prose states or interprets one of its figures (issue 11, point 5).

A body sentence (a sentence of a ``<p>`` paragraph or block quote of ``document.html``;
figure captions, tables, headings and metric cards are not prose) counts as *carrying a
fact* when it is one of the manifest's text facts, or when it states or interprets values
of the report's fact table (``manifest.world``) and says them right: it names a metric and
an entity of the table, and every number it prints is a value of that metric for a named
entity and year, and every word of change, order or ratio it uses agrees with the table
(:func:`generation.document.prose_facts.check_sentence`). A sentence that prints a number the table
does not hold, or misstates a direction, does not count; one that merely names a metric
does not count either. ``contradicting`` counts the sentences that make a claim about the
table and get it wrong (text facts aside: an actor's target or forecast differs from the
chart on purpose).

*A phrase said twice* (prose55): a sentence that says a two-word phrase twice ("graduates by
field in Ghana by field"), the report's names and numbers masked first (:func:`repeated_phrase`).

*Template reuse* (issue 24, point 4): a sentence's masked template is the sentence with its
numbers, years, entity names and metric phrases (with their units) replaced by placeholders
(:func:`template_mask`); a report's reuse is the share of its body sentences whose masked
template is shared with another of its sentences (:func:`template_reuse`).
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from generation.document.prose_facts import REFERENCE, check_sentence, cross_contradictions, split_sentences
from generation.plan.folders import is_finished
from synthdocbench_tasks.schema import DocumentManifest

_BLOCK = re.compile(r"<(p|blockquote)\b[^>]*>(.*?)</\1>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")
_NUMBER = re.compile(r"(?<![\w.])[-−+]?\d+(?:,\d{3})*(?:\.\d+)?%?")
_YEAR = re.compile(r"(?:19|20)\d\d")
_MASK_NUMBER = re.compile(r"(?<![\w<])[-−+]?\d+(?:[.,]\d+)*%?(?![\w>])")

_WORD = re.compile(r"[a-z][a-z'-]*")
#: Words that repeat in any sentence of English ("in 2019 ... in Japan"): a repeated pair of them
#: is no slip; a pair with one other word is ("by field ... by field").
_FUNCTION_WORDS = frozenset(
    re.findall(
        r"\w+",
        "a an and are as at be been between both but by each for from had has have in into is it its"
        " of on or than that the their these this those to was were which while with",
    )
)
#: Set phrases that say a word twice by design ("side by side").
_IDIOMS = re.compile(r"\bside by side\b|\bas well as\b|\byear[- ]on[- ]year\b", re.I)

#: Where a report's template reuse must stay (issue 24: <= 15% of its sentences).
MAX_TEMPLATE_REUSE = 0.15


def template_mask(entities: Iterable[str], metrics: Iterable[str]) -> Callable[[str], str]:
    """A function that masks a sentence: entity names -> ``<E>``, metric phrases and units ->
    ``<M>``, numbers and years -> ``#`` (names matched whole-word, case-insensitively, longest first)."""
    names = [(e, "<E>") for e in entities if e] + [(m, "<M>") for m in metrics if m]
    names = sorted(dict(names).items(), key=lambda n: -len(n[0]))
    if not names:
        return lambda s: _MASK_NUMBER.sub("#", s)
    tags = {n.lower(): t for n, t in names}
    # The boundary tests sit outside the alternation: the same matches (leftmost, then the first
    # name in this order whose end is a boundary) as one lookbehind per name, 6x faster.
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n, _ in names) + r")(?![\w-])", re.I)

    seen: dict[str, str] = {}  # a writer masks each candidate sentence again when it keeps it

    def mask(sentence: str) -> str:
        masked = seen.get(sentence)
        if masked is None:
            masked = seen[sentence] = _MASK_NUMBER.sub(
                "#", pattern.sub(lambda m: tags[m.group(0).lower()], sentence)
            )
        return masked

    return mask


def names_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """``names`` as one whole-word, case-insensitive pattern, longest first (None if none)."""
    found = sorted({n for n in names if n and n != "%"}, key=len, reverse=True)
    if not found:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in found) + r")(?![\w-])", re.I)


def repeated_phrase(sentence: str, names: re.Pattern[str] | None) -> str | None:
    """A two-word phrase ``sentence`` says twice, not two function words, with ``names`` (the
    report's entities, labels and units: :func:`names_pattern`), numbers and set phrases such as
    "side by side" left out; None if it says none twice."""
    low = sentence.lower()
    masked = _IDIOMS.sub(" . ", names.sub(" . ", low) if names is not None else low)
    seen: set[str] = set()
    for chunk in re.split(r"[^a-z' -]+", masked):
        for first, second in pairwise(_WORD.findall(chunk)):
            if first in _FUNCTION_WORDS and second in _FUNCTION_WORDS:
                continue
            pair = f"{first} {second}"
            if pair in seen:
                return pair
            seen.add(pair)
    return None


def manifest_mask(manifest: DocumentManifest) -> Callable[[str], str]:
    """:func:`template_mask` for a report: its fact table's entities, metrics and units."""
    world = manifest.world
    entities = {f.entity for f in world.facts} | {f.part for f in world.facts if f.part}
    metrics = {m.name for m in world.metrics} | {m.unit for m in world.metrics if m.unit != "%"}
    return template_mask(sorted(entities), sorted(metrics))


def reused_sentences(sentences: Sequence[str], mask: Callable[[str], str]) -> int:
    """How many of ``sentences`` share their masked template with another of them."""
    masked = [mask(s) for s in sentences]
    counts = Counter(masked)
    return sum(1 for m in masked if counts[m] > 1)


def template_reuse(sentences: Sequence[str], mask: Callable[[str], str]) -> float:
    """The share of ``sentences`` whose masked template another of them shares (0 when empty)."""
    return reused_sentences(sentences, mask) / len(sentences) if sentences else 0.0


@dataclass
class FactShare:
    """Sentences of body prose and how many of them carry one of the report's figures."""

    documents: int = 0
    sentences: int = 0
    with_fact: int = 0
    #: sentences that point the reader to a figure or table ("as Figure 3 shows"), with or without a number
    referring: int = 0
    #: sentences (not text facts) whose claim about the fact table the table contradicts
    contradicting: int = 0
    #: sentences whose masked template another sentence of the same report shares
    reused: int = 0
    #: the highest template reuse of one report
    max_reuse: float = 0.0
    #: pairs of sentences of one report that contradict each other (whatever the table holds)
    conflicting: int = 0

    @property
    def share(self) -> float:
        return self.with_fact / self.sentences if self.sentences else 0.0

    def add(self, other: FactShare) -> None:
        self.documents += other.documents
        self.sentences += other.sentences
        self.with_fact += other.with_fact
        self.referring += other.referring
        self.contradicting += other.contradicting
        self.reused += other.reused
        self.max_reuse = max(self.max_reuse, other.max_reuse)
        self.conflicting += other.conflicting

    def line(self) -> str:
        per_doc = self.sentences / self.documents if self.documents else 0.0
        return (
            f"prose sentences that state or interpret a figure of the report: {self.with_fact} of "
            f"{self.sentences} ({self.share:.1%}; {per_doc:,.0f} sentences per document; "
            f"{self.referring} point to a figure or table; {self.contradicting} contradict the fact table)"
        )

    def reuse_line(self) -> str:
        """Template reuse and contradictions between sentences, for ``synthdocbench stats``."""
        share = self.reused / self.sentences if self.sentences else 0.0
        return (
            f"prose template reuse: {self.reused} of {self.sentences} sentences share a masked template "
            f"with another sentence of their report ({share:.1%}; worst report {self.max_reuse:.1%}); "
            f"{self.conflicting} pairs of sentences contradict each other"
        )


def body_sentences(document_html: str) -> list[str]:
    """The sentences of the paragraphs and block quotes of a document's HTML, as plain text."""
    out: list[str] = []
    for _, inner in _BLOCK.findall(document_html):
        text = " ".join(html.unescape(_TAG.sub(" ", inner)).split())
        out += split_sentences(text)
    return out


def carries_figure(sentence: str) -> bool:
    """Whether a sentence prints a number other than a year or a cross-reference."""
    text = REFERENCE.sub(" ", sentence)
    return any(not _YEAR.fullmatch(m.group(0).lstrip("+-−")) for m in _NUMBER.finditer(text))


def document_share(document_html: str, manifest: DocumentManifest | None = None) -> FactShare:
    """Body sentences of one document and those that state or interpret a figure of its fact table.

    Without a manifest (nothing to check against) a sentence counts when it prints a number
    other than a year or a reference.
    """
    return sentences_share(body_sentences(document_html), manifest)


def sentences_share(sentences: Sequence[str], manifest: DocumentManifest | None = None) -> FactShare:
    """:func:`document_share` of a report's body sentences (from its HTML or its plan)."""
    referring = sum(1 for s in sentences if REFERENCE.search(s))
    if manifest is None:
        with_fact = sum(1 for s in sentences if carries_figure(s))
        return FactShare(documents=1, sentences=len(sentences), with_fact=with_fact, referring=referring)
    facts = [" ".join(f.sentence.split()) for f in manifest.text_facts]
    facts = [f for f in facts if len(f) > 20]
    with_fact = contradicting = 0
    checked: list[str] = []
    for s in sentences:
        if any(f in s for f in facts):
            with_fact += 1
            continue
        checked.append(s)
        verdict = check_sentence(s, manifest.world)
        with_fact += verdict.true
        contradicting += verdict.claim and not verdict.true
    reused = reused_sentences(sentences, manifest_mask(manifest))
    return FactShare(
        documents=1,
        sentences=len(sentences),
        with_fact=with_fact,
        referring=referring,
        contradicting=contradicting,
        reused=reused,
        max_reuse=reused / len(sentences) if sentences else 0.0,
        conflicting=len(cross_contradictions(checked, manifest.world)),
    )


def folder_share(folder: Path, manifest: DocumentManifest | None) -> FactShare:
    """:func:`document_share` of one document folder's ``document.html`` (none: nothing counted)."""
    page = folder / "document.html"
    if not page.is_file():
        return FactShare()
    return document_share(page.read_text(encoding="utf-8"), manifest)


def fact_share(gen_dir: Path) -> FactShare:
    """:func:`document_share` summed over the finished documents of a ``generate`` folder."""
    total = FactShare()
    for folder in sorted((gen_dir / "docs").glob("*/")):
        if not is_finished(folder):
            continue
        manifest_path = folder / "manifest.json"
        manifest = (
            DocumentManifest.model_validate_json(manifest_path.read_text(encoding="utf-8"))
            if manifest_path.is_file()
            else None
        )
        total.add(folder_share(folder, manifest))
    return total
