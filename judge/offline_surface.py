"""Surface forms the offline judge rewrites before reading an answer (judge8 round,
``offline-claims-v8``): digits of any script as ASCII digits (``٢٢٫٠١٪`` is ``22.01%``),
scientific notation written out (``4.1 × 10^4``, ``5.4e4``, ``1.63 \\times 10^{6}``), an HTML
table as "header: cell" or "cell | cell" lines, citation and footnote marks dropped (``[§4]``,
``[Fig. 5]``, ``[1]``, ``[^2]``), and a year span written short spelled out (``2011–17`` is
``2011–2017``). judge22: text struck through (``~~2014~~ **2016**``, ``<del>…</del>``,
``<s>…</s>``) is taken back: it is dropped, and what remains is read (bold marks that touch a
number are dropped too, so "**19** years" keeps its unit); an accounting negative
(``Change: (0.03) pp``, ``(20.8)%``) is a negative number where the item asks for a signed change
(:func:`accounting`); judge24: after an equation's "=" whatever the slot.
"""

from __future__ import annotations

import html
import re
import unicodedata
from decimal import Decimal, InvalidOperation

from judge.offline_respectively import paired

#: Arabic decimal and thousands marks and percent sign
_ARABIC_MARKS = str.maketrans({"٫": ".", "٬": ",", "٪": "%", "،": ","})
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SCIENTIFIC = re.compile(
    r"(?<![\w.,])(?P<sign>[-−])?(?P<mantissa>\d+(?:[.,]\d+)?)\s*(?:[×xX·*]|\\times|\\cdot)\s*10\s*"
    r"(?:\^|\*\*)\s*\{?\s*(?P<exp>[-−+]?\d{1,2})(?:\s*\})?"
    r"|(?<![\w.,])(?P<sign2>[-−])?(?P<mantissa2>\d+(?:\.\d+)?)\s*(?:[×xX·*]|\\times|\\cdot)\s*10(?P<sup>[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
    r"|(?<![\w.,])(?P<sign3>[-−])?(?P<mantissa3>\d+(?:\.\d+)?)[eE](?P<exp3>[-+]?\d{1,2})(?![\w.])"
)
_TABLE = re.compile(r"<table\b.*?</table>", re.IGNORECASE | re.DOTALL)
_ROW = re.compile(r"<tr\b[^>]*>(.*?)</tr>", re.IGNORECASE | re.DOTALL)
_CELL = re.compile(r"<(t[hd])\b[^>]*>(.*?)</t[hd]>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"</?[A-Za-z][^>]{0,200}>")
_CITATION = re.compile(
    r"\s?\[(?:\^?\d{1,3}(?:\s?[,–-]\s?\d{1,3})*|§\s?[\w.]{1,10}|(?:fig|figure|table|tab|p|pp|page|source|ref|note)"
    r"\.?\s?[\w.–-]{0,10})\]",
    re.IGNORECASE,
)
#: judge22: struck-through text (markdown ``~~…~~``, HTML ``<del>``, ``<s>``, ``<strike>``) on one line
_STRUCK = re.compile(
    r"~~(?=\S)[^~\n]{1,200}?(?<=\S)~~|<(del|s|strike)\b[^>]*>[^<\n]{0,200}</\1\s*>", re.IGNORECASE
)
#: judge22: bold marks that touch a number ("**19** years", "**114.01**%"): the number is read with its unit
_BOLD_NUMBER = re.compile(r"(?:\*\*|__)(?=[-−+]?[$€£]?\d)|(?<=\d)(?:\*\*|__)")
_SHORT_SPAN = re.compile(r"\b((?:19|20)(\d\d))\s?([–-])\s?(\d\d)\b(?![\d.,%])")
#: judge25: a year cut to its last two digits after an apostrophe ("('13)", "by '18", "FY'17"),
#: not a quote's opening mark before a number ("'13 days'") nor a number's closing quote
_ABBREVIATED_YEAR = re.compile(
    r"(?<![\w'’])(FY\s?)?['’](\d\d)(?![\w'’%]|[.,]\d)(?![^'’\n]{0,40}[^\W\d_%]['’](?!\w))"
)


def _ascii_digits(text: str) -> str:
    if text.isascii():
        return text
    text = text.translate(_ARABIC_MARKS)
    return "".join(
        str(unicodedata.decimal(c)) if not c.isascii() and unicodedata.decimal(c, None) is not None else c
        for c in text
    )


#: judge27: a vulgar fraction after a whole number or alone ("18⅕", "14 ¼", "½") is its decimal,
#: and digits grouped by apostrophes ("1'997'000", Swiss style) are one number
_VULGAR = re.compile(r"(?<![\d.,])(?:(\d+)\s?)?([¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])")
_APOSTROPHE_GROUPS = re.compile(r"(?<![\d'’.,])\d{1,3}(?:['’]\d{3})+(?![\d'’]|[.,]\d)")


def _vulgar(m: re.Match[str]) -> str:
    value = int(m.group(1) or 0) + unicodedata.numeric(m.group(2))
    return f"{round(value, 4):g}"


def _written_out(m: re.Match[str]) -> str:
    sign = m["sign"] or m["sign2"] or m["sign3"] or ""
    mantissa = (m["mantissa"] or m["mantissa2"] or m["mantissa3"]).replace(",", ".")
    exp = m["exp"] or m["exp3"] or (m["sup"] or "").translate(_SUPERSCRIPTS)
    try:
        value = Decimal(mantissa).scaleb(int(exp.replace("−", "-")))
    except (InvalidOperation, ValueError):
        return m.group(0)
    digits = format(value, "f")
    if "." in digits:
        digits = digits.rstrip("0").rstrip(".")
    return f"{'-' if sign else ''}{digits}"


def _cells(row: str) -> list[tuple[str, str]]:
    return [(kind.lower(), " ".join(_TAG.sub(" ", cell).split())) for kind, cell in _CELL.findall(row)]


def _table_lines(m: re.Match[str]) -> str:
    rows = [_cells(r) for r in _ROW.findall(m.group(0))]
    rows = [r for r in rows if r]
    if not rows:
        return _TAG.sub(" ", m.group(0))
    head = rows[0]
    if len(rows) > 1 and all(kind == "th" for kind, _ in head):
        names = [text for _, text in head]
        lines = [
            "; ".join(f"{name}: {text}" for name, (_, text) in zip(names, r, strict=False)) for r in rows[1:]
        ]
    else:
        lines = [" | ".join(text for _, text in r) for r in rows]
    return "\n" + "\n".join(lines) + "\n"


#: judge32: a CSV block: a header line of words, then rows with as many commas and no space
#: after one ("year,value" / "2013,12.1 million m³")
_CSV_LINE = re.compile(r"[^,\n]+(?:,(?! )[^,\n]+)+")


def _csv_rows(text: str) -> str:
    """``text`` with each CSV block's lines written as table rows ("| 2013 | 12.1 million m³ |"),
    so a row's cells are one statement, as a markdown table's (a comma would cut its clause)."""
    lines = text.split("\n")
    out = list(lines)
    at = 0
    while at < len(lines):
        end = at
        width = lines[at].count(",")
        while end < len(lines) and _CSV_LINE.fullmatch(lines[end].strip()) and lines[end].count(",") == width:
            end += 1
        if end - at >= 2 and not re.search(r"\d", lines[at]):
            for i in range(at, end):
                out[i] = "| " + " | ".join(lines[i].strip().split(",")) + " |"
        at = max(end, at + 1)
    return "\n".join(out)


def _year_spelled(m: re.Match[str]) -> str:
    short = int(m.group(2))
    return f"{'FY ' if m.group(1) else ''}{1900 + short if short >= 50 else 2000 + short}"


def _span_spelled(m: re.Match[str]) -> str:
    century, short = m.group(1)[:2], m.group(4)
    if int(short) <= int(m.group(2)):
        return m.group(0)
    return f"{m.group(1)}{m.group(3)}{century}{short}"


def normalise(text: str, known: tuple[str, ...] = ()) -> str:
    """``text`` with the surface forms above rewritten (every other character kept); ``known``
    labels stay one item of a "respectively" list."""
    text = _ascii_digits(text)
    if not text.isascii():
        text = _VULGAR.sub(_vulgar, text)
    if "'" in text or "’" in text:
        text = _APOSTROPHE_GROUPS.sub(lambda m: re.sub("['’]", "", m.group(0)), text)
    text = _BOLD_NUMBER.sub("", _STRUCK.sub(" ", text))
    if "<" in text and _TABLE.search(text):
        text = html.unescape(_TAG.sub(" ", _TABLE.sub(_table_lines, text)))
    if "," in text and "\n" in text:
        text = _csv_rows(text)
    text = _SCIENTIFIC.sub(_written_out, text)
    text = _CITATION.sub("", text)
    text = _FOOTNOTE.sub("", _MATH_NUMBER.sub(r"\1", _MATH_SPAN.sub(r"\1", text)))
    text = _PERCENT_FIRST.sub(r"\1%", text)
    for pattern, said in _DOUBLE_NEGATIVES:
        text = pattern.sub(said, text)
    text = _ABBREVIATED_YEAR.sub(_year_spelled, text)
    return paired(_SHORT_SPAN.sub(_span_spelled, text), known)


# judge10: a footnote mark after punctuation ("... the text.¹"), a number in inline math ("$515$
# requests": no dollars), and double negatives said plainly ("it is not untrue that X" is X)
_PERCENT_FIRST = re.compile(r"(?<![\w%])%\s?(\d+(?:[.,]\d+)?)(?![\d%])")  # Turkish "%50,9" is 50,9%
_FOOTNOTE = re.compile(r"(?<=[.,;:!?)\]])[¹²³⁴⁵⁶⁷⁸⁹⁰]+")
#: judge12: inline math with an operator or a command ("$= 70.2$k", "$79.51 > 70.2$"): no dollars
_MATH_SPAN = re.compile(r"(?<![\\$])\$((?=[^$\n]{0,80}[=<>^_{\\])[^$\n]*\d[^$\n]*)\$")
_MATH_NUMBER = re.compile(r"(?<![\\$])\$\s*([-−]?\d[\d.,]*)\s*\$(?!\d)")
_NEG = r"(?:does\s+not|doesn't|do\s+not|don't|did\s+not|didn't|is\s+not|isn't|was\s+not|wasn't)"
_DOUBLE_NEGATIVES = (
    (re.compile(r"\bnot\s+untrue\b", re.IGNORECASE), "true"),
    (
        re.compile(
            rf"\b(?:it\s+)?(?:is\s+not|isn't|was\s+not|wasn't)\s+true\s+that\s+([^.;:!?]*?)\b{_NEG}\s+",
            re.IGNORECASE,
        ),
        r"\1",
    ),
    (re.compile(rf"\b{_NEG}\s+fail\s+to\s+", re.IGNORECASE), ""),
)


#: judge22: a number in accounting parentheses where a value is given (after ":", "=", "→", a
#: line's start, "of", "was", "is") with its unit or percent after it: "(0.028) bn USD"
_ACCOUNTING = re.compile(
    r"(?P<lead>(?:^|[:=→]|\b(?:of|was|is|at)\b)[ \t]*)\((?P<n>\d[\d,]*(?:\.\d+)?)(?P<pct>%?)\)"
    r"(?=[ \t]?(?:%|[^\W\d_]|$)|[ \t]*[,.;]|$)",
    re.IGNORECASE | re.MULTILINE,
)
#: a signed change in the reference ("a change of -0.03 percentage points")
_SIGNED = re.compile(r"\bchang(?:e|ed|es)\b|[-−]\d", re.IGNORECASE)


def accounting(text: str, reference: str, negative: bool) -> str:
    """``text`` with accounting negatives written with a minus sign, where the item's slot is a
    signed change (``negative``: a fact's value is below zero, or the reference states a change);
    a number in brackets after a name ("Rail (74.05)") is no accounting negative. judge24: the
    result of an equation ("Vaccines − Outreach = (0.110) bn USD") is one whatever the slot."""
    if "(" not in text:
        return text
    signed = negative or bool(_SIGNED.search(reference))
    return _ACCOUNTING.sub(
        lambda m: f"{m['lead']}-{m['n']}{m['pct']}" if signed or "=" in m["lead"] else m.group(0), text
    )
