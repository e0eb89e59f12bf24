"""Answer-text metrics: normalisation, exact match and word-level F1.

``paper`` definitions (the defaults here): after :func:`normalize_answer`, EM is string
equality and F1 is SQuAD's token F1 (multiset overlap of normalised words).
``reference`` variants reproduce the published evaluation code: its own normalisation
(every punctuation mark removed, number words zero..ten only), F1 over *sets* of
whitespace tokens rounded to two decimals, and a character-level F1 used to align items.
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

_REF_WORD_TO_DIGIT = {w: str(i) for i, w in enumerate(_NUMBER_WORDS[:11])}
_REF_NUMBER_RE = re.compile(r"\b(" + "|".join(_REF_WORD_TO_DIGIT) + r")\b", re.IGNORECASE)
_REF_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)


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


def reference_normalize(text: str, keep_newline: bool = False) -> str:
    """The published code's normalisation: lower, strip all punctuation, articles, zero..ten."""
    s = "".join(ch for ch in str(text).lower() if ch not in string.punctuation)
    s = _REF_ARTICLES.sub(" ", s)
    s = _REF_NUMBER_RE.sub(lambda m: _REF_WORD_TO_DIGIT[m.group(1).lower()], s)
    if keep_newline:
        return "\n".join(" ".join(line.split()) for line in s.split("\n"))
    return " ".join(s.split())


def reference_f1(prediction: str, gold: str) -> float:
    """F1 over the *sets* of whitespace tokens, rounded to 2 decimals (published numbers)."""
    pred, ref = prediction.split(), gold.split()
    if not pred or not ref:
        return float(pred == ref)
    common = len(set(pred) & set(ref))
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return round(2 * precision * recall / (precision + recall), 2)


def char_f1(prediction: str, gold: str) -> float:
    """F1 of the character multisets of the reference-normalised texts (item alignment)."""
    pred, ref = Counter(reference_normalize(prediction)), Counter(reference_normalize(gold))
    common = sum((pred & ref).values())
    precision = common / sum(pred.values()) if pred else 1.0
    recall = common / sum(ref.values()) if ref else 1.0
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)
