"""Values bound to the labels of a list (judge7 round, ``offline-claims-v7``).

An answer written as a list ("- Target: 51.6 | - Chart: 53", "Transport ministries: critical;
Port authorities: favourable", a JSON object read as ``key: value`` statements, "Applied 980,
Screened 702, Eligibility confirmed 318, Enrolled 431") binds each value to its item's label.
A label the reference writes too ("target", "Start-up Grant", "central banks") names the fact
the reference states next to it: the nearest fact after the label in the reference's segment
(else the nearest before it in its clause). The list contradicts the reference when

* an item's value states another fact of the same kind and not its label's own ("Target: 51.6"
  where 51.6 is the chart's value and the target is 53; "central banks: favourable" where the
  reference has them judge it critically), or
* an item's value is no fact, while its label's own value stands under a label the reference
  never writes ("Eligibility confirmed 318, Enrolled 431" for Eligibility confirmed at 431).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge import claims
from judge.offline_checks import _is_year
from judge.offline_context import _Context
from judge.offline_facts import _Fact, _fact_spans, _Text

#: one item of a list: a label and its value after a colon or equals sign
_COLON_ITEM = re.compile(
    r"^\s*(?:[-*•]\s*|\d+[.)]\s+)?\**(?P<key>[^\s:=*][^:=\n]{0,58}?)\**\s*[:=]\s*(?P<value>\S.*)$"
)
#: one item of an inline list: "Eligibility confirmed 318"
_INLINE_ITEM = re.compile(r"^\s*(?P<key>[A-Za-z][A-Za-z'’ -]{1,48}?)\s+(?P<value>[-−]?\d[\d.,]*\s*%?)\s*$")
_GENERIC = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "in",
        "for",
        "and",
        "at",
        "to",
        "value",
        "values",
        "is",
        "are",
        "its",
        "it",
        "year",
        "years",
        "period",
        "answer",
        "final",
        "chart",
        "text",
    ]
)


_KEY_WORDS = 6


@dataclass(frozen=True)
class _Item:
    key: str
    value: str


def _items(text: str) -> list[_Item]:
    """The ``label: value`` items of ``text`` (lines, bullets, two-cell table rows, "|"-, ";"-
    or ","-separated), and the items of an inline list of "Label number" entries."""
    out: list[_Item] = []
    pieces: list[str] = []
    for line in text.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.count("|") >= 2 else []
        if len(cells) == 2 and all(cells) and not re.fullmatch(r"[-:\s]+", cells[0]):
            out.append(_Item(cells[0].strip("* "), cells[1].strip("* ")))  # "| Target | 51.6 |"
            continue
        # judge32: an item may open with bold marks ("**a: critical**, **b: mixed**")
        # judge33: or follow a sentence's end ("Brown: Mozambique. Research councils: critical.")
        pieces += re.split(r"[|;]|(?:,|\.(?=\s))\s*(?=[*_]*[A-Za-z][\w' -]{0,40}:\s)", line)
    for piece in pieces:
        m = _COLON_ITEM.match(piece)
        if m is not None and not re.search(r"\d", m.group("key")):
            out.append(_Item(m.group("key").strip(), m.group("value").strip("* ").rstrip(".")))
            inline = m.group("value")
        else:
            inline = piece
        entries = [_INLINE_ITEM.match(e) for e in inline.rstrip(". ").split(",")]
        if len(entries) >= 2 and all(entries):
            out += [_Item(e.group("key").strip(), e.group("value")) for e in entries if e is not None]
    return out


def _key_words(key: str) -> set[str]:
    return {w for w in claims.words(key) if w not in _GENERIC and not w.isdigit() and len(w) > 1}


def _owned(ctx: _Context, key: str, kind: str) -> int | None:
    """The fact of ``kind`` the reference states next to ``key``'s words, or None."""
    words = _key_words(key)
    if not words:
        return None
    ref = ctx.reference
    found: set[int] = set()
    for a, b in ref.segments:
        piece = ref.text[a:b].lower()
        if not words <= claims.words(piece):
            continue
        places = [m.start() for w in words for m in [re.search(rf"\b{re.escape(w)}\b", piece)] if m]
        if not places:
            continue
        at = a + max(places)
        candidates = [
            (s.start - at, f.index)
            for f in ctx.facts
            if f.kind == kind and not _is_year(f)
            for s in _fact_spans(f, ref)
            if a <= s.start < b
        ]
        if (
            kind == "number"
        ):  # the key's own number is the first after it ("DR Congo, at -14.2, is 10.0 below")
            first = next(
                (n.start for n in ref.numbers if n.start >= at and not claims.YEAR.fullmatch(n.text)), b
            )
            candidates = [c for c in candidates if at + c[0] <= first]
        after = [c for c in candidates if c[0] >= 0]
        clause = ref.piece(ref.clauses, claims.Span(at, at))
        before = [c for c in candidates if c[0] < 0 and clause[0] <= at + c[0]]
        if after:
            found.add(min(after)[1])
        elif before:
            found.add(max(before)[1])
    return found.pop() if len(found) == 1 else None


def _stated(ctx: _Context, value: str) -> set[int]:
    """The facts ``value`` states (no years: a year labels a period, not a list's value; none
    for a value of several numbers)."""
    text = _Text.of(value)
    if len(text.numbers) > 1:
        return set()
    return {f.index for f in ctx.facts if not _is_year(f) and _fact_spans(f, text)}


#: a list item's value that is a name ("Morocco", "Assisted living"): no digits, a capital first
_NAME_VALUE = re.compile(r"[A-Z][^\d:;|]{0,40}")


def colour_misnamed(ctx: _Context, items: list[_Item]) -> str | None:
    """An item that names a colour of the reference and gives it a name the reference's
    statements of that colour never give ("- Pink: Morocco" where the pink series is Algeria;
    judge8 round)."""
    ref = ctx.reference
    for item in items:
        colour = claims.COLOUR.fullmatch(item.key.strip().lower())
        if colour is None or not _NAME_VALUE.fullmatch(item.value.strip()):
            continue
        pieces = [
            ref.text[a:b]
            for a, b in ref.segments
            if re.search(rf"\b{re.escape(colour.group(0))}\b", ref.text[a:b], re.IGNORECASE)
        ]
        names = [w for p in pieces for w in re.findall(r"\b[A-Z][\w'-]+", p)]
        words = [w for w in re.findall(r"[\w'-]+", item.value) if w[:1].isupper()]
        if names and words and not any(w in names for w in words):
            return f"'{item.key}: {item.value}' gives the colour another name"
    return None


def list_misbound(ctx: _Context, text: _Text) -> str | None:
    """An item of a list that gives a fact's value to another label (see the module docstring)."""
    items = _items(text.text)
    named = colour_misnamed(ctx, items)
    if named is not None or len(items) < 2:
        return named
    # a label is short and states no fact itself ("The chart **matches** the text: …" is a sentence)
    items = [i for i in items if len(i.key.split()) <= _KEY_WORDS and not _stated(ctx, i.key)]
    stated = [_stated(ctx, item.value) for item in items]
    facts: list[_Fact] = ctx.facts
    for item, said in zip(items, stated, strict=True):
        numbered = len(_Text.of(item.value).numbers) == 1
        kinds = {facts[i].kind for i in said} or ({"number"} if numbered else set())
        for kind in kinds:
            own = _owned(ctx, item.key, kind)
            if own is None or own in said:
                continue
            if any(facts[i].kind == kind for i in said):
                return f"'{item.key}: {item.value}' gives another fact's value"
            elsewhere = [
                other
                for other, theirs in zip(items, stated, strict=True)
                if own in theirs and other is not item and not _key_words(other.key) <= ctx.known_words
            ]
            if elsewhere:
                return f"'{elsewhere[0].key} {elsewhere[0].value}' takes the value of '{item.key}'"
    return None


def list_bound(ctx: _Context, text: _Text) -> bool:
    """judge32: every item of the answer's list that states a fact stands under the label the
    reference gives that fact ("Forestry agencies: critical; certification bodies: mixed"), two
    at least: the list binds its values as the reference does, so it is no doubt of a pass."""
    items = [i for i in _items(text.text) if len(i.key.split()) <= _KEY_WORDS and not _stated(ctx, i.key)]
    checked = 0
    for item in items:
        said = _stated(ctx, item.value)
        for kind in {ctx.facts[i].kind for i in said}:
            own = _owned(ctx, item.key, kind)
            if own is None or own not in said:
                return False
            checked += 1
    return checked >= 2
