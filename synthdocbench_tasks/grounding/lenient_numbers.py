"""Numbers in the published evaluation's lenient matching (``reference`` mode only).

How the reference reads a number out of a gold or predicted text, which part of a long
prediction it takes the number from, and the slips it forgives (see
:func:`numeric_texts`). Reproduced from its behaviour; docs/mmdocbench.md lists the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_DIGIT_WORD_RES = [(re.compile(rf"\b{w}\b", re.IGNORECASE), str(i)) for i, w in enumerate(DIGIT_WORDS)]

GOLD_NUMBER = re.compile(
    r"^(-|rp|\$|£|€|eur)?[()\d,. %]+(pts|million|billion|bil\.|bn|articles?|ps|earth years|years?"
    r"|months?|weeks?|days?|earth days?|cm|mm|m|km|deaths?|experts?|seconds?|minutes?|hours?|hrs"
    r"|hours ahead|events?|bps|kg|g|gallons?|percent|inches|votes?|k|b\.c\.?|a\.c\.?)?$",
    re.IGNORECASE,
)
_NUM = re.compile(r"([+-]?\d+(\.\d+)?)|([+-]?\.\d+)")
_STRIPPED = set("'\"\\$€£¥%(),[]* ")
_PREDICATE = re.compile(r"\b(?:is|be|was|are)\b")
_EQUATION = re.compile(
    r"-?[$]?\d[\d,.]*(?:%| million)?(?:(?:\s*[+\-*/]\s*-?[$]?\d[\d,.]*(?:%| million)?)"
    r"+\s*=\s*(-?[$]?\d[\d,.]*(?:%| million)?))+"
)
_CORD_AMOUNT = re.compile(r"^\D*\d{1,3}(?:\.\d{3})*(?:,\d{2})?\D*$")


def digit_fix(text: str) -> str:
    """Number words zero..ten (whole words, any case) become digits."""
    for pattern, digit in _DIGIT_WORD_RES:
        text = pattern.sub(digit, text)
    return text


def _dec(text: str) -> Decimal:
    return Decimal(text)  # raises InvalidOperation on non-numbers


@dataclass
class Number:
    """A parsed number: ``text`` its canonical form (or the input when ``ok`` is False)."""

    text: str
    ok: bool
    from_percent: bool = False
    decimals: int = 0

    def undo_percent(self) -> None:
        self.decimals = max(0, self.decimals - 2)
        scaled = _dec(self.text) * 100
        self.text = str(int(scaled)) if self.decimals == 0 else str(float(scaled))
        self.from_percent = False

    def rounded(self, digits: int) -> str:
        try:
            return str(float(round(_dec(self.text), digits)))
        except (InvalidOperation, ValueError):
            return self.text

    def percent_of(self, other: Number) -> bool:
        return self.ok and other.ok and _dec(self.text) * 100 == _dec(other.text)

    def within_rounding(self, other: Number) -> bool:
        try:
            gap = abs(_dec(self.text) - _dec(other.text))
        except InvalidOperation:
            return False
        return gap <= (Decimal("0.1") ** min(self.decimals, other.decimals)) * Decimal("0.1")

    def sign_slip(self, other: Number) -> bool:
        if not other.ok or self.text == other.text:
            return False
        try:
            return abs(_dec(self.text)) == abs(_dec(other.text))
        except InvalidOperation:
            return False

    def thousands_slip(self, other: Number) -> bool:
        return self.ok and other.ok and _dec(self.text) * 1000 == _dec(other.text)


def _decimals(text: str) -> int:
    return len(text) - text.rfind(".") - 1


def parse_number(value: str) -> Number:
    """The first number in ``value``: a ``,dd`` ending is a decimal comma; ``N%`` makes it a
    fraction (unless the text reads "X or N%"); currency signs, quotes, brackets, commas and
    spaces are dropped first."""
    if re.search(r",\s?\d{2}\D*$", value):
        idx = value.rfind(",")
        value = value[:idx] + "." + value[idx + 1 :]
    has_percent = re.search(r"(\s[-+]?[\d.]*\d+ ?%)|(^[-+]?[\d.]*\d+ ?%)", value) is not None
    alternative = re.search(r"(?:\d{1,3}(?:,\d{3})*|\d+\.\d+ million,)\s+or\s+\d{1,2}(?:\.\d+)? ?%", value)
    percent = has_percent and alternative is None
    value = re.sub(r"(?<=[a-z] )-(?= [$€£¥]?\d+)", "", value, flags=re.IGNORECASE)
    value = re.sub(r"\([a-z,. ]+\)", "", value, flags=re.IGNORECASE)
    value = re.sub(r"\brp\.", "", value, flags=re.IGNORECASE)
    compact = "".join(ch for ch in value if ch not in _STRIPPED)
    found = _NUM.search(compact)
    if not found:
        return Number(value, False)
    num = found.group(1) or found.group(3)
    if "." in num or percent:
        as_float = str(float(Decimal(num) / 100)) if percent else str(float(num))
        return Number(as_float, True, percent, _decimals(as_float))
    return Number(str(int(num)), True, False, 0)


def number_in(pred: str, gold: str) -> bool:
    """Whether the gold number is mentioned in ``pred`` (golds of 3+ characters, or a
    prediction that is a long list of numbers): literally, else the first number of the
    prediction equals the gold's."""
    if len(gold) >= 3 or re.search(r"^\d+(?:, \d+){4,}$", pred):
        if re.search(rf"(?:^| |\b){re.escape(gold)}\.?(?:\b(?![,.]\d)| |$)", pred, re.IGNORECASE):
            return True
        for part in [pred, *re.findall(r"\b\d[\d,. ]*\b", pred)]:
            p, g = parse_number(part), parse_number(gold)
            if p.ok and g.ok:
                return p.text == g.text
    return False


def _from_synonym(pred: str, gold: str, question: str, is_evidence: bool) -> str | None:
    if re.search(r"what was the change", question, re.IGNORECASE) and gold == "0":
        return gold if re.search(r"no change", pred, re.IGNORECASE) else None
    if re.search(r"^\d+ million$", gold, re.IGNORECASE) and re.search(r"^\d+,000,000$", pred):
        millions = re.search(r"^(\d+) million$", gold, re.IGNORECASE)
        if millions and int(millions.group(1)) * 1000000 == int(pred.replace(",", "")):
            return gold
    return None


def _from_by(pred: str, gold: str, question: str, is_evidence: bool) -> str | None:
    if re.search(r"(?:by how (?:much|many))|(?:how much .+ change by)", question, re.IGNORECASE):
        # the reference passes re.I as maxsplit: at most two case-sensitive splits
        targets = [t for t in re.split(r"\bby\b", pred, maxsplit=2)[1:] if re.search(r"\d", t)]
        if targets:
            return targets[-1].strip(".")
    return None


def _from_equation(pred: str, gold: str, question: str, is_evidence: bool) -> str | None:
    m = _EQUATION.search(pred)
    return m.group(1).strip(".") if m else None


def _from_predicate(pred: str, gold: str, question: str, is_evidence: bool) -> str | None:
    with_digit = [t for t in _PREDICATE.split(pred)[1:] if re.search(r"\d", t)]
    if len(_PREDICATE.findall(pred)) <= 1:
        return with_digit[-1] if with_digit else None
    for target in with_digit:
        if number_in(target, gold):
            return gold
    indicator = re.search(r"\b(?:therefore|which(?= (?:is|would be|was|are)))\b", pred, re.IGNORECASE)
    if indicator:
        rest = pred[indicator.end() :]
        if len(_PREDICATE.findall(rest)) <= 1:
            rest = _PREDICATE.split(rest)[-1]
            if re.search(r"\d", rest):
                return rest
    # the reference passes re.I as count: at most two case-sensitive removals
    pred = re.sub(r"bounding box[^.]*?is", "", pred, count=2)
    targets = [t for t in _PREDICATE.split(pred) if re.search(r"^\D{,20}[$()]*\d[\d,. ]*[$()]*", t)]
    return targets[-1] if targets else None


def _from_year_value(pred: str, gold: str, question: str, is_evidence: bool) -> str | None:
    m = re.search(r"(\d{4}:) (\$)?\d", pred)
    if m:
        return pred[m.end(1) :]
    if is_evidence and re.search(r"\byears?\b", question, re.IGNORECASE):
        m = re.search(r"\d{4}\s+(\d[\d ,.]*)", pred)
        if m:
            return m.group(1)
    m = re.search(r"^\d{4} [a-z ]+: ?(\$?\d+)$", pred)
    return m.group(1) if m else None


def _from_year(pred: str, gold: str, question: str, is_evidence: bool) -> str | None:
    if "which year" in question and not is_evidence:
        years = re.findall(r"\b\d{4}\b", pred)
        if len(years) == 1:
            return years[0]
    return None


_EXTRACTORS = (_from_synonym, _from_by, _from_equation, _from_predicate, _from_year_value, _from_year)


def number_part(pred: str, gold: str, question: str = "", is_evidence: bool = False) -> str:
    """The part of a prediction its number is read from (the first extractor that answers:
    "no change", "by X", "A op B = X", "... is X", "2019: X", the one year of a which-year
    question), else a rule for several numbers, else the prediction itself."""
    pred = digit_fix(pred)
    for extractor in _EXTRACTORS:
        found = extractor(pred, gold, question, is_evidence)
        if found is not None:
            return found
    parts = re.findall(r"\d[\d,. ]*", pred)
    if pred and len(parts) != 1:
        if "tax amount" in question:
            plain = [w for w in pred.split() if re.search(r"\d", w) and not re.search(r"[a-zA-Z%]", w)]
            if len(plain) == 1:
                return plain[0]
        if is_evidence and number_in(pred, gold):
            return gold
    elif len(parts) == 1 and len(parts[0]) > len(gold) and number_in(pred, gold):
        return gold
    return pred


def _cord_amount(text: str) -> str:
    """``60.000`` / ``12.500,00``: dots group thousands, a comma marks decimals."""
    parts = text.split(",")
    parts[0] = parts[0].replace(".", ",")
    return ".".join(parts)


def numeric_texts(
    pred: str, gold: str, question: str = "", task: str = "", sub_task: str = "", is_evidence: bool = False
) -> tuple[str, str]:
    """The two strings the reference compares when the gold is a number."""
    possible_negative = "decrease" in pred
    possible_thousands = ("$" in pred or re.search(r",\d00|[1-9]000$", pred) is not None) and re.search(
        r"\bstars\b", question, re.IGNORECASE
    ) is None
    part = number_part(pred, gold, question, is_evidence)
    if sub_task == "CORD":
        if _CORD_AMOUNT.search(part):
            part = _cord_amount(part)
        if _CORD_AMOUNT.search(gold):
            gold = _cord_amount(gold)
    p, g = parse_number(part), parse_number(gold)
    asks_percent = re.search(r"[a-z ](?:%|\(%\))[a-z ]|\b(?:percentage|percent)\b", question, re.IGNORECASE)
    sign_only = gold == part.replace("%", "") or f"{gold}%" in part
    sign_only = sign_only or part == gold.replace("%", "") or f"{part}%" in gold
    if asks_percent or sign_only:
        if p.from_percent and not g.from_percent:
            p.undo_percent()
        elif g.from_percent and not p.from_percent and g.percent_of(p):
            g.undo_percent()
    pred_text, gold_text = p.text, g.text
    if "." not in gold_text and re.search(r"\.0+$", pred_text):
        pred_text = str(int(float(pred_text)))
    elif p.ok and p.decimals != g.decimals:
        if task == "Key Information Extraction" or not (
            g.within_rounding(p) or p.from_percent != g.from_percent
        ):
            digits = max(p.decimals, g.decimals)
        else:
            digits = min(p.decimals, g.decimals)
        pred_text, gold_text = p.rounded(digits), g.rounded(digits)
    if gold_text.startswith("-") and gold_text[1:] == pred_text and possible_negative:
        pred_text = f"-{pred_text}"
    else:
        difference = not is_evidence and "difference" in question and "absolute" not in question
        if (difference and g.sign_slip(p)) or (possible_thousands and g.thousands_slip(p)):
            pred_text = gold_text
    return pred_text, gold_text
