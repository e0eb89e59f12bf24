"""When the offline judge is not sure of its reading: the reasons a verdict is ``certain: false``.

The offline judge reads claims with rules; some answers it cannot read confidently, and a
cascade (``offline+openai:...``) hands exactly those to an LLM judge. An answer is uncertain
when it is written in another language or script (its numbers are still read, its labels
may not be), hedges, commits to nothing scorable, restates a fact the judge could not find
(a label missing from a confident answer: likely a paraphrase), or states one fact both
cleanly and with a problem (readings that conflict). The reasons are plain text, listed in
the verdict.
"""

from __future__ import annotations

import functools
import re
import unicodedata

#: Function words of English, and of the other languages answers come in most (German,
#: Spanish, French, Portuguese, Italian, Dutch): an answer with more of the latter is not English.
_OTHER = frozenset(
    " ".join(
        (
            "der die das den dem des und ist nicht ein eine einer laut beträgt liegt wert bei auf mit für",
            "von zu im el los las es del según valor que y una por para con en lo su al le les est des du",
            "selon valeur et une avec pour dans au sur os é do da dos das segundo em uma com não il è della",
            "delle dello degli secondo valore e un per het een van en niet volgens waarde op",
        )
    ).split()
)
_ENGLISH = frozenset(
    " ".join(
        (
            "a an the is are was were be been of in on at to for from by with and or but not it its this",
            "that these than as which what who so there has have had does did do higher lower more less",
            "above below rose fell value values chart figure text shows show answer",
        )
    ).split()
)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_MIN_OTHER_WORDS = 2
_MAX_OTHER_SCRIPT = 0.3


@functools.lru_cache(maxsize=1024)
def language_doubt(text: str) -> str | None:
    """Why ``text`` is not read as English, or None."""
    letters = [c for c in text if c.isalpha()]
    if letters:
        other = sum(1 for c in letters if not unicodedata.name(c, "").startswith("LATIN"))
        if other / len(letters) > _MAX_OTHER_SCRIPT:
            return "written in another script"
    words = [w.lower() for w in _WORD.findall(text)]
    other = sum(w in _OTHER and w not in _ENGLISH for w in words)
    if other >= _MIN_OTHER_WORDS and other > sum(w in _ENGLISH for w in words):
        return "not written in English"
    return None


def doubts(
    text: str,
    *,
    hedged: bool,
    committed: bool,
    missing_labels: int,
    conflicting: int,
    numbers_missing_without_numbers: bool,
) -> list[str]:
    """Every reason the verdict on ``text`` is uncertain (empty: certain)."""
    out = []
    language = language_doubt(text)
    if language:
        out.append(language)
    if hedged:
        out.append("it hedges")
    if not committed:
        out.append("it commits to no scorable statement")
    if missing_labels:
        out.append("a label is not found (a paraphrase?)")
    if numbers_missing_without_numbers:
        out.append("a number is asked and it writes none (said in words?)")
    if conflicting:
        out.append("one fact is read both cleanly and with a problem")
    return out
