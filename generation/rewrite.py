"""Optional LLM rewriting of a plan's paragraphs through an OpenAI-compatible endpoint.

Off by default (``GenerationConfig.rewrite`` is None) and never used by the offline generator.
Each paragraph is sent on its own with the fact sentences it carries; a rewrite is accepted only
when :func:`check_rewrite` finds every fact sentence verbatim (exactly once), no number that the
original did not print (so no chart value can leak in) and the same figure and table references.
A rejected rewrite keeps the original paragraph, so questions stay correct by construction.
Outputs are as deterministic as the endpoint (temperature 0 by default).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from generation.chart_data import number_strings_in
from generation.config import RewriteConfig
from generation.plan import DocumentPlan, ParagraphBlock

SYSTEM_PROMPT = (
    "You are a copy editor. Rewrite the paragraph you are given so that it reads fluently and "
    "varies its wording, keeping its meaning and roughly its length. Every sentence listed under "
    "KEEP must appear in your paragraph exactly as written, character for character. Do not add "
    "any number, year, figure reference or fact that the paragraph does not already contain. "
    "Reply with the rewritten paragraph only."
)
_REFERENCE = re.compile(r"\b(?:Figure|Table) \d+\b")
#: Accepted length of a rewrite, as a ratio of the original's words.
_MIN_RATIO, _MAX_RATIO = 0.6, 1.6


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


def check_rewrite(original: str, rewritten: str, keep: list[str]) -> str | None:
    """None when ``rewritten`` may replace ``original``, else the reason it may not."""
    text = rewritten.strip()
    if not text:
        return "empty rewrite"
    for sentence in keep:
        count = text.count(sentence)
        if count != 1:
            return f"fact sentence {'missing' if count == 0 else 'repeated'}: {sentence[:60]}"
    new_numbers = number_strings_in(text) - number_strings_in(original)
    if new_numbers:
        return f"introduces numbers {sorted(new_numbers)}"
    if Counter(_REFERENCE.findall(text)) != Counter(_REFERENCE.findall(original)):
        return "changes the figure or table references"
    ratio = len(text.split()) / max(len(original.split()), 1)
    if not _MIN_RATIO <= ratio <= _MAX_RATIO:
        return f"length ratio {ratio:.2f} outside [{_MIN_RATIO}, {_MAX_RATIO}]"
    return None


class RewriteClient:
    """A thin client of one OpenAI-compatible chat endpoint (the ``openai`` package)."""

    def __init__(self, config: RewriteConfig) -> None:
        from openai import OpenAI

        self.config = config
        api_key = os.environ.get(config.api_key_env) or "not-needed"
        self._client = OpenAI(
            base_url=config.base_url, api_key=api_key, timeout=config.timeout_s, max_retries=1
        )

    def rewrite(self, paragraph: str, keep: list[str]) -> str:
        from openai import OpenAIError

        keep_text = "\n".join(f"- {s}" for s in keep) or "(none)"
        user = f"KEEP:\n{keep_text}\n\nPARAGRAPH:\n{paragraph}"
        try:
            response = self._client.chat.completions.create(
                model=self.config.model,
                temperature=self.config.temperature,
                messages=[{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}],
            )
        except OpenAIError as exc:
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise RewriteError(f"rewrite endpoint {self.config.base_url} failed: {first}") from exc
        content = response.choices[0].message.content if response.choices else None
        return content or ""


def rewrite_plan(
    plan: DocumentPlan, config: RewriteConfig, client: RewriteClient | None = None
) -> tuple[DocumentPlan, RewriteReport]:
    """A copy of ``plan`` whose paragraphs are rewritten where :func:`check_rewrite` accepts it."""
    from generation.content import plan_word_count

    client = client or RewriteClient(config)
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
            reason = check_rewrite(block.text, rewritten, keep)
            if reason is None:
                section.blocks[i] = ParagraphBlock(text=rewritten.strip(), fact_ids=list(block.fact_ids))
                report.accepted += 1
            else:
                report.rejected += 1
                report.reasons.append(f"{section.section_id} paragraph {i}: {reason}")
    new.manifest.word_count = plan_word_count(new)
    return new, report
