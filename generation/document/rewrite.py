"""Optional LLM rewriting of a plan's paragraphs through an OpenAI-compatible endpoint.

Off by default (``GenerationConfig.rewrite`` is None) and never used by the offline generator.
Each paragraph is sent on its own with the fact sentences it carries; a rewrite is accepted only
when :func:`check_rewrite` finds every fact sentence verbatim (exactly once), no number that the
original did not print (so no chart value can leak in), the same figure and table references, a
last sentence that ends (not cut off mid-sentence) and no sentence that misstates the report's
fact table (:func:`generation.document.prose_facts.contradictions`: a "rose" turned into "fell", a
"higher" into "lower", a wrong rounded ratio) where the original did not. A paraphrase that the
checker reads as a contradiction although it is true (an order it cannot parse) is rejected too,
which only keeps the original. A rejected rewrite keeps the original paragraph, so questions and
the prose's claims stay correct by construction.
Outputs are as deterministic as the endpoint (temperature 0 by default).

Requests go through the judge's OpenAI-compatible transport
(:class:`judge.backends.openai_compat.OpenAICompatBackend`: one ``openai`` client for the
project, the same retries and one-line typed errors); the API key comes from the variable
``RewriteConfig.api_key_env`` names.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from generation.charts.data import number_strings_in
from generation.document.blocks import plan_word_count
from generation.document.prose_facts import contradictions, cross_contradictions, split_sentences
from generation.plan.config import RewriteConfig
from generation.plan.doc_plan import DocumentPlan, ParagraphBlock
from judge.backends.base import BackendSettings
from judge.backends.openai_compat import OpenAICompatBackend
from judge.errors import JudgeError
from synthdocbench_tasks.schema import World

SYSTEM_PROMPT = (
    "You are a copy editor. Rewrite the paragraph you are given so that it reads fluently and "
    "varies its wording, keeping its meaning and roughly its length. Every sentence listed under "
    "KEEP must appear in your paragraph exactly as written, character for character. Do not add "
    "any number, year, figure reference or fact that the paragraph does not already contain. "
    "Reply with the rewritten paragraph only."
)
_REFERENCE = re.compile(r"\b(?:Figure|Table) \d+\b")
#: How a paragraph's last sentence ends (a stop, then any closing quotes or brackets).
_ENDS = re.compile(r"[.!?][\"”’)\]]*$")
#: Accepted length of a rewrite, as a ratio of the original's words.
_MIN_RATIO, _MAX_RATIO = 0.6, 1.6
#: Tries per paragraph on transient endpoint errors (the first request and one retry).
_ATTEMPTS = 2


class RewriteError(RuntimeError):
    """The endpoint could not be used (connection, HTTP error); one line naming it."""


@dataclass
class RewriteReport:
    """What happened to a document's paragraphs."""

    accepted: int = 0
    rejected: int = 0
    reasons: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "rejected": self.rejected, "reasons": self.reasons[:20]}


def _clashes(text: str, keep: list[str], world: World) -> set[str]:
    """Pairs of sentences of ``text`` (fact sentences aside) that cannot both be true."""
    for sentence in keep:
        text = text.replace(sentence, "\n")
    sentences = [s for piece in text.split("\n") for s in split_sentences(piece)]
    return set(cross_contradictions(sentences, world))


def check_rewrite(original: str, rewritten: str, keep: list[str], world: World | None = None) -> str | None:
    """None when ``rewritten`` may replace ``original``, else the reason it may not.

    With ``world`` (the report's fact table) a rewrite whose sentences misstate the table in a
    way the original's did not is refused (numbers, directions, orders, ratios, ranks and
    superlatives, the last over every entity of the table unless the sentence says "of the
    three", naming them), and so is one with two sentences that contradict each other; the
    ``keep`` sentences are exempt (see :func:`generation.document.prose_facts.contradictions`).
    """
    text = rewritten.strip()
    if not text:
        return "empty rewrite"
    if _ENDS.search(original.strip()) and not _ENDS.search(text):
        return f"truncated: the rewrite stops mid-sentence ('...{text[-40:]}')"
    for sentence in keep:
        count = text.count(sentence)
        if count != 1:
            return f"fact sentence {'missing' if count == 0 else 'repeated'}: {sentence[:60]}"
    new_numbers = number_strings_in(text) - number_strings_in(original)
    if new_numbers:
        return f"introduces numbers {sorted(new_numbers)}"
    if Counter(_REFERENCE.findall(text)) != Counter(_REFERENCE.findall(original)):
        return "changes the figure or table references"
    if world is not None:
        clash = _clashes(text, keep, world) - _clashes(original, keep, world)
        if clash:
            return f"two sentences contradict each other: {sorted(clash)[0][:160]}"
        before = set(contradictions(original, world, exempt=keep))
        wrong = [r for r in contradictions(text, world, exempt=keep) if r not in before]
        if wrong:
            return f"contradicts the fact table: {wrong[0][:160]}"
    ratio = len(text.split()) / max(len(original.split()), 1)
    if not _MIN_RATIO <= ratio <= _MAX_RATIO:
        return f"length ratio {ratio:.2f} outside [{_MIN_RATIO}, {_MAX_RATIO}]"
    return None


class RewriteClient:
    """One OpenAI-compatible chat endpoint, through the judge's transport (no client is built
    before the first paragraph)."""

    def __init__(self, config: RewriteConfig) -> None:
        self.config = config
        settings = BackendSettings(
            model=config.model,
            base_url=config.base_url,
            api_key=os.environ.get(config.api_key_env) or None,
            timeout=config.timeout_s,
            max_attempts=_ATTEMPTS,
        )
        self._backend = OpenAICompatBackend(
            settings,
            backoff_initial=0.5,
            who="rewrite",
            advice="fix the rewrite settings (base_url, model, api_key_env) or turn rewriting off",
            key_hint=f"set {config.api_key_env}",
        )

    def rewrite(self, paragraph: str, keep: list[str]) -> str:
        """The endpoint's rewrite of ``paragraph`` ("" for an empty reply); one-line RewriteError."""
        keep_text = "\n".join(f"- {s}" for s in keep) or "(none)"
        user = f"KEEP:\n{keep_text}\n\nPARAGRAPH:\n{paragraph}"
        try:
            completion = self._backend.complete(
                [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}],
                max_tokens=None,
                temperature=self.config.temperature,
            )
        except JudgeError as exc:
            where = f"rewrite endpoint {self._backend.endpoint}"
            raise RewriteError(f"{where} failed: {str(exc).removeprefix(where + ' ')}") from None
        return completion.text or ""

    def close(self) -> None:
        """Close the HTTP client."""
        self._backend.close()


def rewrite_plan(
    plan: DocumentPlan, config: RewriteConfig, client: RewriteClient | None = None
) -> tuple[DocumentPlan, RewriteReport]:
    """A copy of ``plan`` whose paragraphs are rewritten where :func:`check_rewrite` accepts it."""
    own = client is None
    client = client or RewriteClient(config)
    try:
        return _rewrite_paragraphs(plan, config, client)
    finally:
        if own:
            client.close()


def _rewrite_paragraphs(
    plan: DocumentPlan, config: RewriteConfig, client: RewriteClient
) -> tuple[DocumentPlan, RewriteReport]:

    sentences = {f.fact_id: f.sentence for f in plan.manifest.text_facts}
    report = RewriteReport()
    new = plan.model_copy(deep=True)
    done = 0
    for section in new.sections:
        for i, block in enumerate(section.blocks):
            if not isinstance(block, ParagraphBlock):
                continue
            if config.max_paragraphs is not None and done >= config.max_paragraphs:
                break
            done += 1
            keep = [sentences[f] for f in block.fact_ids]
            rewritten = client.rewrite(block.text, keep)
            reason = check_rewrite(block.text, rewritten, keep, plan.manifest.world)
            if reason is None:
                section.blocks[i] = ParagraphBlock(text=rewritten.strip(), fact_ids=list(block.fact_ids))
                report.accepted += 1
            else:
                report.rejected += 1
                report.reasons.append(f"{section.section_id} paragraph {i}: {reason}")
    new.manifest.word_count = plan_word_count(new)
    return new, report
