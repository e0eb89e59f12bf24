"""Answer shapes the judge reads only in part (judge24 round, ``offline-claims-v23``).

The certain false passes of the held-out sets come from answers the judge scored on the values it
found while something else in them went unread: a chat template's tokens after the answer, a value
counted in a noun the item never uses ("0.821 million households" for people), a reply cut off
before its conclusion. Labellers fail most of them; the judge cannot tell how much the unread part
costs, so it leaves such a pass uncertain (:func:`shape_doubts`). A reasoning block
(``<think>…</think>``) followed by an answer is no part of the answer: what comes after it is
scored (:func:`reasoning_dropped`).
"""

from __future__ import annotations

import re

from judge import claims
from judge.quantities import CURRENCIES, _pint_unit

#: the doubts of this module
TEMPLATE_LEAK = "it carries a chat template's tokens"
UNBOUND_NOUN = "it counts a value in a noun the item never uses"
CUT_OFF = "it breaks off before its conclusion"

#: a closed reasoning block, any case
_REASONING = re.compile(
    r"<\s*(think|thinking|reasoning|scratchpad)\s*>.*?<\s*/\s*\1\s*>", re.IGNORECASE | re.DOTALL
)
#: chat template tokens: ``<|im_end|>``, ``<|eot_id|>``, ``[INST]``, ``</s>``, ``<start_of_turn>``
_TEMPLATE = re.compile(
    r"<\|[a-z_]{2,24}\|>|\[/?INST\]|</s>|<s>|<(?:start|end)_of_turn>|<\|?endoftext\|?>", re.IGNORECASE
)
#: a value with a scale word and the plural noun it counts ("0.821 million households")
_SCALED_NOUN = re.compile(
    r"\d\s?(?:thousand|million|billion|trillion|bn|mn|k)\s+(?:of\s+)?([a-z]{3,}[^su\W]s|[a-z]+ren|people)\b",
    re.IGNORECASE,
)
#: the words a reply cut off mid-sentence ends on
_DANGLING = frozenset((
    "the", "a", "an", "of", "is", "was", "are", "were", "to", "and", "or", "at", "by", "in", "for",
    "with", "than", "from", "that", "which", "as", "its", "their", "be", "been", "being", "but", "so",
    "because", "when", "while", "into", "onto", "on"
))  # fmt: skip


def reasoning_dropped(text: str) -> str:
    """``text`` without its closed reasoning blocks, where an answer remains after them."""
    if "<" not in text:
        return text
    rest = _REASONING.sub(" ", text)
    return rest if rest.strip() else text


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def unbound_noun(answer: str, question: str, reference: str) -> bool:
    """A value of ``answer`` counted in a plural noun the item never uses (no unit, no currency)."""
    known = {_stem(w) for w in claims.words(f"{question} {reference}")}
    for m in _SCALED_NOUN.finditer(answer):
        noun = m.group(1).lower()
        if _stem(noun) in known or noun in CURRENCIES or _stem(noun) in CURRENCIES:
            continue
        if _pint_unit(noun) is None:
            return True
    return False


def cut_off(answer: str) -> bool:
    """``answer`` ends mid-sentence: no closing mark, on a word no sentence ends with."""
    tail = answer.rstrip()
    if not tail or not tail[-1].isalpha():
        return False
    last = re.findall(r"[^\W\d_]+", tail[-30:])
    return bool(last) and last[-1].lower() in _DANGLING


def shape_doubts(answer: str, question: str, reference: str) -> list[str]:
    """The doubts an answer's unread shapes leave (see the module docstring)."""
    return [
        doubt
        for doubt, on in (
            (TEMPLATE_LEAK, bool(_TEMPLATE.search(answer))),
            (UNBOUND_NOUN, unbound_noun(answer, question, reference)),
            (CUT_OFF, cut_off(answer)),
        )
        if on
    ]
