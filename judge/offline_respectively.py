"""Two lists paired by "respectively" (judge15 round, ``offline-claims-v14``): "A and B judged it
X and Y, respectively" says "A … X" and "B … Y". The offline judge binds a value or label to the
words of its own clause, so it reads the pairs written out: ``A X; B judged it Y``. Only two-item
lists are rewritten (one "and" in each list); the first list starts the sentence or its clause,
the second's first item is the last number (with its words) before its "and", else the words
after the last "it", "is", "are", "to", "at" …, else the last word.
"""

from __future__ import annotations

import re

_RESPECTIVELY = re.compile(r",?\s*\brespectively\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.;!?\n]+(?:\.(?=\d)[^.;!?\n]*)*")
_NUMBER = re.compile(r"[-−+]?\d[\d.,]*")
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
#: the words after which a list's item begins ("judged it critically", "the gap is orange")
_GLUE = re.compile(r"it|is|are|was|were|be|been|as|at|to|by", re.IGNORECASE)


def _pairs(sentence: str) -> str:
    cut = _RESPECTIVELY.search(sentence)
    if cut is None:
        return sentence
    head, rest = sentence[: cut.start()], sentence[cut.end() :]
    clause = max(head.rfind(","), head.rfind(":")) + 1  # "In 2019, Chile and Peru reached …"
    joined = re.match(r"\s*and\s+", head[clause:], re.IGNORECASE)  # "…, and A and B judged it …"
    clause += joined.end() if joined else 0
    start = clause if len(_AND.split(head[clause:])) == 3 else 0
    lead, head = head[:start], head[start:]
    parts = _AND.split(head)
    if len(parts) != 3 or not all(p.strip() for p in parts) or "," in head:  # "A, B and C": three items
        return sentence
    first, middle, second = parts
    numbers = list(_NUMBER.finditer(middle))
    if numbers:
        at = numbers[-1].start()
    else:
        words = list(re.finditer(r"\S+", middle))
        if len(words) < 2:
            return sentence
        glue = [w.end() for w in words[:-1] if _GLUE.fullmatch(w.group(0))]
        at = glue[-1] + 1 if glue else words[-1].start()  # "judged it with mixed feelings"
    item = middle[at:].strip()
    unit = ""  # "0.32 and 0.328 billion USD": the first number takes the second's unit
    other = _NUMBER.match(second.strip())
    if numbers and _NUMBER.fullmatch(item) and other is not None:
        unit = second.strip()[other.end() :]
    return f"{lead}{first.rstrip()} {item}{unit}; {middle[:at].strip()} {second.strip()}{rest}"


#: judge25: "and" inside a known label ("trade and transport") joins no list: it is glued to
#: its words while the lists are split, then given back
_GLUED = "\u2060and\u2060"


def paired(text: str, known: tuple[str, ...] = ()) -> str:
    """``text`` with each sentence's "A and B … X and Y, respectively" written as its pairs;
    ``known`` labels with an "and" of their own are one item of a list."""
    if not _RESPECTIVELY.search(text):
        return text
    for label in sorted((k for k in known if _AND.search(k)), key=len, reverse=True):
        glue = _AND.sub(_GLUED, label)
        text = re.sub(re.escape(label), glue, text, flags=re.IGNORECASE)
    return _SENTENCE.sub(lambda m: _pairs(m.group(0)), text).replace(_GLUED, " and ")


def unpaired(text: str, known: tuple[str, ...] = ()) -> bool:
    """A sentence of ``text`` says "respectively" in a shape :func:`paired` does not write out as
    its pairs (three items, an "and" the lists share): the judge cannot tell who is what."""
    return any(
        _RESPECTIVELY.search(m.group(0)) and paired(m.group(0), known) == m.group(0)
        for m in _SENTENCE.finditer(text)
    )
