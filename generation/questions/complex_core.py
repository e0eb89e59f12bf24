"""What the complex builders share: stance aliases, smaller units, possessives, section checks."""

from __future__ import annotations

from synthdocbench_tasks.schema import TextFact

STANCE_ALIASES: dict[str, list[str]] = {
    "positive": ["positively", "favourable", "favorable", "supportive", "welcomed", "praised", "approving"],
    "negative": [
        "negatively",
        "critical",
        "unfavourable",
        "unfavorable",
        "opposed",
        "sceptical",
        "skeptical",
    ],
    "mixed": ["ambivalent", "divided", "mixed feelings", "both"],
}


SMALLER_UNIT = {"billion": "million", "million": "thousand"}


ADVERB = {"positive": "positively", "negative": "negatively", "mixed": "with mixed views"}


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _sections_differ(*facts: TextFact) -> bool:
    return len({f.section_id for f in facts}) >= 2
