"""The published evaluation's lenient answer matching (``reference`` mode only).

Before exact match, the reference code rewrites a prediction to the gold text when a rule
judges them equivalent. Reproduced here: "cannot answer" replies become empty; numeric
golds are compared as numbers (the number is taken from "A op B = X", from "... is X", or
as the only number in the text; percent vs fraction, thousands separators, currency signs,
a trailing ".0", rounding to the shorter precision when the gap is within a tenth of its
last digit, a sign slip in "decrease"/"difference" questions, a factor-1000 slip with a
currency sign); yes/no judgements; key-information values contained in a short prediction,
equal up to spaces and quotes, or phone numbers equal in digits; question-answering and
reasoning answers containing the gold, a short prediction contained in the gold of a
which/where question, equal up to spaces, and long golds within a normalised edit distance
below 0.5. Not reproduced: month/date and time-format rules for receipts, ordinal and
trend rules, repetition removal. Everything is then normalised (except numeric golds).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from .text import reference_normalize

#: Phrases the reference treats as "no answer" (the capitalised one never matches, as there).
NO_ANSWER = (
    "not possible to answer",
    "cannot provide an answer",
    "there are no supporting evidences to provide",
    "I cannot answer the question",
    "the task cannot be completed",
)
NO_FORGERY = ("would conclude that there are no forged texts", "no forged texts", "there are no")

_GOLD_NUMBER = re.compile(
    r"^(-|rp|\$|£|€|eur)?[()\d,. %]+(pts|million|billion|bil\.|bn|articles?|ps|earth years|years?|months?"
    r"|weeks?|days?|earth days?|cm|mm|m|km|deaths?|experts?|seconds?|minutes?|hours?|hrs|hours ahead"
    r"|events?|bps|kg|g|gallons?|percent|inches|votes?|k|b\.c\.?|a\.c\.?)?$",
    re.IGNORECASE,
)
_EQUATION = re.compile(r"[-$\d.,]+(?:\s*[-+*/x×]\s*[-$\d.,]+)+\s*=\s*(-?\$?\d[\d,.]*%?)")
_PREDICATE = re.compile(r"\b(?:is|was|are|be)\b")
_NUMBERS = re.compile(r"\d[\d,. ]*")


def is_no_answer(reply: str, task: str) -> bool:
    phrases = NO_FORGERY if "Forgery" in task else NO_ANSWER
    low = reply.lower()
    return any(p in low for p in phrases)


@dataclass
class _Number:
    text: str
    decimals: int
    from_percent: bool

    @property
    def value(self) -> Decimal:
        return Decimal(self.text)


def _parse_number(text: str) -> _Number | None:
    percent = re.search(r"(^|\s)[-+]?[\d.]*\d ?%", text) is not None
    cleaned = "".join(ch for ch in text if ch not in "'\"\\$€£¥%(),[]* ")
    m = re.search(r"[+-]?\d+(?:\.\d+)?|[+-]?\.\d+", cleaned)
    if not m:
        return None
    try:
        value = Decimal(m.group())
    except InvalidOperation:
        return None
    if percent:
        value = value / 100
    if "." in m.group() or percent:
        s = str(float(value))
        return _Number(s, len(s) - s.rfind(".") - 1, percent)
    return _Number(str(int(value)), 0, False)


def _number_part(pred: str, question: str) -> str:
    if m := _EQUATION.search(pred):
        return m.group(1).strip(".")
    parts = _PREDICATE.split(pred)
    if len(parts) == 2 and re.search(r"\d", parts[1]):
        return parts[1]
    if "which year" in question:
        years = re.findall(r"\b\d{4}\b", pred)
        if len(years) == 1:
            return years[0]
    return pred


def _numeric(pred: str, gold: str, question: str, task: str, is_evidence: bool) -> tuple[str, str]:
    possible_negative = "decrease" in pred
    possible_thousands = "$" in pred or re.search(r",\d00|[1-9]000$", pred) is not None
    part = _number_part(pred, question)
    if len(_NUMBERS.findall(part)) > 1 and re.search(rf"(^|\s){re.escape(gold)}\.?(\s|$)", part):
        part = gold
    p, g = _parse_number(part), _parse_number(gold)
    if p is None or g is None:
        return pred, gold
    asks_percent = re.search(r"%|\b(percentage|percent)\b", question, re.IGNORECASE) is not None
    if p.from_percent and not g.from_percent and asks_percent:
        p = _Number(str(p.value * 100).rstrip("0").rstrip(".") or "0", max(0, p.decimals - 2), False)
    elif g.from_percent and not p.from_percent and asks_percent and g.value * 100 == p.value:
        g = _Number(p.text, p.decimals, False)
    pred_text, gold_text = p.text, g.text
    if "." not in gold_text and re.search(r"\.0+$", pred_text):
        pred_text = str(int(float(pred_text)))
    elif p.decimals != g.decimals:
        slight = abs(p.value - g.value) <= Decimal("0.1") ** min(p.decimals, g.decimals) * Decimal("0.1")
        if task == "Key Information Extraction" or not (slight or p.from_percent != g.from_percent):
            digits = max(p.decimals, g.decimals)
        else:
            digits = min(p.decimals, g.decimals)
        pred_text, gold_text = str(float(round(p.value, digits))), str(float(round(g.value, digits)))
    sign_slip = gold_text.startswith("-") and gold_text[1:] == pred_text and possible_negative
    difference = "difference" in question and "absolute" not in question
    difference_slip = not sign_slip and not is_evidence and difference and abs(p.value) == abs(g.value)
    thousands_slip = possible_thousands and g.value * 1000 == p.value
    if sign_slip or difference_slip or thousands_slip:
        pred_text = gold_text
    return pred_text, gold_text


def _same_judgement(pred: str, gold: str) -> bool:
    gold_yes = re.match(r"yes\b", gold, re.IGNORECASE) is not None
    pred_no = re.search(r"^no\b|\bnot\b", pred, re.IGNORECASE) is not None
    if gold_yes and (re.match(r"yes\b", pred, re.IGNORECASE) or (pred and not pred_no)):
        return True
    return (gold.lower() == "no" and pred_no) or (
        pred.lower() == "no" and re.search(r"^no\b|\bnot\b", gold, re.IGNORECASE) is not None
    )


def _edit_ratio(a: str, b: str) -> float:
    a, b = " ".join(a.lower().split()), " ".join(b.lower().split())
    if len(a) > len(b):
        a, b = b, a
    row = list(range(len(a) + 1))
    for j, cb in enumerate(b, 1):
        prev, row[0] = row[0], j
        for i, ca in enumerate(a, 1):
            prev, row[i] = row[i], min(row[i] + 1, row[i - 1] + 1, prev + (ca != cb))
    longest = max(len(a), len(b))
    return row[-1] / longest if longest else 0.0


def _contains(text: str, part: str) -> bool:
    return re.search(rf"(?:^| |\b){re.escape(part)}\.?(?:\b| |$)", text, re.IGNORECASE) is not None


def _narrative(pred: str, gold: str, question: str) -> str:
    def fold(s: str) -> str:
        s = "".join(c for c in unicodedata.normalize("NFKD", s) if unicodedata.category(c) != "Mn")
        return re.sub(r"[‐‑‒–—−]", "-", re.sub(r"[‘’´`]", "'", re.sub(r"[“”]", '"', s)))

    pred, gold = fold(pred), fold(gold)
    if _contains(pred, gold):
        return gold
    selection = re.search(r"\b(?:which|where)\b", question, re.IGNORECASE)
    if selection and pred and len(pred) < len(gold) and gold.count(" ") <= 3 and _contains(gold, pred):
        return gold
    if gold.replace(" ", "").lower() == pred.replace(" ", "").lower():
        return gold
    if gold.count(" ") >= 3 or (" " in gold and sum(c.isalpha() for c in gold) >= 15):
        candidates = [pred] + [pred.split(sep)[0] for sep in (". ", ", including", "is") if sep in pred]
        if any(_edit_ratio(gold, c) < 0.5 for c in candidates):
            return gold
    return pred


def _extraction(pred: str, gold: str, question: str) -> str:
    if gold.lower() in pred.lower() and len(pred) <= 2 * len(gold):
        return gold
    if re.sub(r"[ ']", "", gold).lower() == re.sub(r"[ ']", "", pred).lower():
        return gold
    if re.search("tel_value", question, re.IGNORECASE) and re.sub(r"\D", "", pred) == re.sub(r"\D", "", gold):
        return gold
    return pred


_KIE_TAGS = (
    "item name", "add-on name", "date", "address", "company",
    "store_addr_value", "store_name_value", "tel_value", "date_value", "time_value",
)  # fmt: skip
_REASONING = (
    "Arithmetic Reasoning", "Logical Reasoning", "Spatial Reasoning", "Comparison", "Sorting", "Counting",
)  # fmt: skip


def lenient_texts(
    pred: str, gold: str, question: str = "", task: str = "", is_evidence: bool = False
) -> tuple[str, str]:
    """The two strings the reference compares for EM and F1 (see the module docstring)."""
    keep_newline = "Recognition" in task
    skip_rules = re.search(r"Recognition|Localization|Forgery", task) is not None
    numeric = not skip_rules and _GOLD_NUMBER.match(gold) is not None
    if not skip_rules and pred != gold:
        if numeric:
            pred, gold = _numeric(pred, gold, question, task, is_evidence)
        elif _same_judgement(pred, gold):
            pred = gold
        elif task == "Key Information Extraction" and re.search(
            '"(?:' + "|".join(_KIE_TAGS) + ')"', question, re.IGNORECASE
        ):
            pred = _extraction(pred, gold, question)
        elif "Question Answering" in task or task in _REASONING:
            pred = _narrative(pred, gold, question)
    if numeric:
        return pred, gold
    return reference_normalize(pred, keep_newline), reference_normalize(gold, keep_newline)
