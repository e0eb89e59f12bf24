"""Answer-text metrics: normalisation, exact match and word-level F1.

``paper`` definitions (the defaults here): after :func:`normalize_answer`, EM is string
equality and F1 is SQuAD's token F1 (multiset overlap of normalised words).
(The published evaluation's variants live in :mod:`.lenient` and :mod:`.ref_score`.)
"""

from __future__ import annotations

import re
import string
from collections import Counter

_NUMBER_WORDS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
]  # fmt: skip
_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_WORD_TO_DIGIT = {w: str(i) for i, w in enumerate(_NUMBER_WORDS)} | {w: str(v) for w, v in _TENS.items()}
_NUMBER_WORD_RE = re.compile(r"\b(" + "|".join(_WORD_TO_DIGIT) + r")\b")
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")
_PUNCT = set(string.punctuation) | {"‘", "’", "“", "”", "–", "—", "…"}


def normalize_answer(text: str) -> str:
    """Lower-case; drop punctuation (keeping a decimal point between digits and removing
    thousands separators), the articles a/an/the and extra whitespace; number words
    zero..twenty and the tens up to ninety become digits."""
    s = str(text).lower()
    s = _THOUSANDS.sub("", s)
    s = _DECIMAL.sub("\x00", s)  # protect 3.5 from the punctuation strip
    s = "".join(" " if ch in _PUNCT else ch for ch in s).replace("\x00", ".")
    s = _ARTICLES.sub(" ", s)
    s = _NUMBER_WORD_RE.sub(lambda m: _WORD_TO_DIGIT[m.group(1)], s)
    return " ".join(s.split())


def exact_match(prediction: str, gold: str) -> float:
    return float(normalize_answer(prediction) == normalize_answer(gold))


def token_f1(prediction: str, gold: str) -> float:
    """SQuAD word F1 over normalised tokens; two empty answers agree (1.0)."""
    pred, ref = normalize_answer(prediction).split(), normalize_answer(gold).split()
    if not pred or not ref:
        return float(pred == ref)
    common = sum((Counter(pred) & Counter(ref)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)
