"""Where an answer commits: the part of a reasoning answer the offline judge scores.

A chain of thought may read values, try one and settle on another; what counts is the
conclusion. :func:`split` finds it:

* after ", so" in an answer with no final-answer marker (the clause before it still counts
  when the conclusion states nothing scorable);
* after the last final-answer marker (``Final answer:``, ``**Answer:**``, ``Therefore``,
  ``In conclusion``, ``So the answer is`` …) that follows some reasoning;
* otherwise, when the answer lists values it read (four or more ``key: value`` readings in a
  row, e.g. ``2015: 12.1, 2016: 13.4, …``), everything but the list.

The judge scores the conclusion, filling facts it leaves unsaid from the reasoning's clean
statements; a list of readings is not a spray of guesses, and a conclusion that states
nothing (``one of these is the highest``) commits to nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Markers that name the answer itself: the last one wins wherever it stands, and its
#: conclusion runs to the end of its paragraph (an explanation may follow it).
_FINAL = re.compile(
    r"(?:\*\*|#+\s*)?\b(?:final\s+answer|final|answer|conclusion|result)\b\s*(?:\*\*)?\s*[:：]\s*(?:\*\*)?"
    r"|\b(?:final\s+answer|the\s+answer)\s+is\b|\bso\s+the\s+answer\s+is\b",
    re.IGNORECASE,
)
#: the final-answer markers, for whoever reads each statement that follows one (judge.offline_finals)
FINAL = _FINAL
#: judge16: a correction by reading again ("no, checking again, …", "on rereading", "I misread")
_RECHECKED = (
    r"\b(?:checking|reading|re-?reading|re-?checking)\b[^.:;\n\d]{0,30}?\bagain\b,?|\bon\s+re-?reading\b,?"
    r"|\bI\s+misread\b[^.:;\n\d]{0,30}?[:,]|\bcorrection\s*[:,]"
    # judge17: a value taken back mid-sentence ("58.8% — no, that is the 2023 value; …")
    r"|[,;—–]\s*no\s*[,—–]\s*(?:that|this|it)(?:\s+is|\s+was|'s|’s)\b"
    # judge24: a value taken back in words ("5.38% — sorry, 5.83%", "42, I mean 45")
    r"|[,;—–(]\s*(?:sorry\s*[,—–:]|I\s+mean\b|make\s+that\b)"
)
#: Markers that end a reasoning: a conclusion ("therefore", "in conclusion") or a correction
#: ("actually", "looking closer", "the correct value is"), which outweighs what came before.
_MARKER = re.compile(
    r"\bin\s+conclusion\b|\bto\s+conclude\b|\bin\s+summary\b"
    r"|\b(?:therefore|hence|thus)\b,?|\bso\s*[:：]|(?:(?<=[.;!?])|^)\s*so\b,?(?!\s+(?:far|that|much|many|on)\b)|\bon\s+reflection\b,?"
    r"|\blooking\s+again\b[^.:\n]*[.:]|\b(?:looking|on)\s+closer(?:\s+(?:look|inspection))?\b,?"
    r"|\bon\s+(?:a\s+)?second\s+look\b,?|\b(?:is|it's|was)\s+actually\b|\bactually\b,?"
    r"|\bthe\s+(?:correct|right|true|actual)\s+(?:value|answer|figure|reading|number)\s+is\b"
    r"|\bcorrect(?:ing|ed)\s+(?:this|that|myself)\b[,:]?|\bwait\b[,.!]?\s*(?:no\b[,.]?)?"
    rf"|{_RECHECKED}",
    re.IGNORECASE,
)
#: Corrections: what precedes them is withdrawn, so a ", so" after one is no comma conclusion
#: (the corrected statement and its conclusion are scored together).
_CORRECTION = re.compile(
    r"\b(?:is|it's|was)\s+actually\b|\bactually\b,?|\bwait\b[,.!]?|\blooking\s+again\b|\bon\s+closer\b"
    r"|\bon\s+(?:a\s+)?second\s+look\b|\bcorrect(?:ing|ed)\s+(?:this|that|myself)\b"
    rf"|{_RECHECKED}",
    re.IGNORECASE,
)
#: ", so ..." ends a reasoning only in an answer with no final-answer marker (inside a final
#: answer it joins a result to its reason).
_COMMA_SO = re.compile(r"(?<=,)\s*so\b,?(?!\s+(?:far|that|much|many|on)\b)", re.IGNORECASE)
_READING = re.compile(
    r"(?:\b(?:19|20)\d\d|\b[A-Za-z][\w'’&-]*(?:\s+[A-Za-z][\w'’&-]*){0,3})\s*[:=]\s*"
    r"[-−]?[$€£]?\d[\d,.]*(?:\s?%|\s?[A-Za-z²/]+(?:\s+per\s+[A-Za-z]+)?)?"
)
_BETWEEN_READINGS = re.compile(r"^\s*(?:[,;]|\band\b|,\s*and\b)?\s*$", re.IGNORECASE)
_MIN_READINGS = 4
#: The reasoning before a marker must be at least this long for the marker to end it.
_MIN_REASONING = 20


def _ends_reasoning(m: re.Match[str], text: str, corrections_only: bool = False) -> bool:
    """``m`` ends a reasoning: it follows enough of it, or it is a correction that follows a
    number (judge17: "Average 62.89% — correction: 61.9%" takes the first value back however
    short the answer)."""
    correction = bool(_CORRECTION.match(m.group(0)))
    if corrections_only and not correction:
        return False
    return m.start() >= _MIN_REASONING or (correction and bool(re.search(r"\d", text[: m.start()])))


@dataclass(frozen=True)
class Split:
    """An answer split into its reasoning and its conclusion; ``kind`` is ``marker``,
    ``comma`` (", so ...") or ``readings``."""

    reasoning: str
    conclusion: str
    kind: str


def _reading_runs(text: str) -> list[tuple[int, int]]:
    """Spans of four or more readings in a row."""
    runs: list[tuple[int, int]] = []
    matches = list(_READING.finditer(text))
    start = 0
    while start < len(matches):
        end = start
        while end + 1 < len(matches) and _BETWEEN_READINGS.match(
            text[matches[end].end() : matches[end + 1].start()]
        ):
            end += 1
        if end - start + 1 >= _MIN_READINGS:
            runs.append((matches[start].start(), matches[end].end()))
        start = end + 1
    return runs


def _final_split(text: str) -> Split | None:
    """The conclusion after the last final-answer marker, to the end of its paragraph."""
    finals = list(_FINAL.finditer(text))
    if not finals:
        return None
    last = finals[-1]
    rest = text[last.end() :]
    end = re.search(r"\n\s*\n", rest.lstrip(" \t\n*:"))
    lead = len(rest) - len(rest.lstrip(" \t\n*:"))
    tail = rest[: lead + end.start()] if end else rest
    if not tail.strip(" \t\n*:"):
        return None
    after = rest[len(tail) :]
    if last.start() < _MIN_REASONING and not after.strip():
        return None  # "Answer: ..." opening a one-part answer: all of it is the answer
    return Split(text[: last.start()] + " " + after, tail.strip(" \t\n*:"), "marker")


def split(text: str) -> Split | None:
    """The reasoning and the conclusion of ``text``, or None when it is all one statement."""
    final = _final_split(text)
    if final is not None:
        inner = split_markers(final.conclusion)
        return (
            final
            if inner is None
            else Split(final.reasoning + " " + inner.reasoning, inner.conclusion, "marker")
        )
    markers = [m for m in _MARKER.finditer(text) if _ends_reasoning(m, text)]
    # "58.9 / 59 = 0.998, so …": a short computation is reasoning too
    markers += [m for m in _COMMA_SO.finditer(text) if re.search(r"\d", text[: m.start()])]
    if markers:
        last = max(markers, key=lambda m: m.start())
        corrections = [m for m in markers if m.re is _MARKER and _CORRECTION.match(m.group(0))]
        if last.re is _COMMA_SO and corrections:
            last = max(corrections, key=lambda m: m.start())  # "X… wait, actually Y, so Z": Y and Z
        tail = text[last.end() :].strip(" \t\n*:")
        if tail:
            return Split(text[: last.start()], tail, "comma" if last.re is _COMMA_SO else "marker")
    runs = _reading_runs(text)
    if runs:
        listed = " ".join(text[a:b] for a, b in runs)
        rest, at = [], 0
        for a, b in runs:
            rest.append(text[at:a])
            at = b
        rest.append(text[at:])
        return Split(listed, " ".join(part.strip() for part in rest if part.strip()), "readings")
    return None


def split_markers(text: str) -> Split | None:
    """``text`` split at its last reasoning marker (see ``_MARKER``), or None."""
    markers = [m for m in _MARKER.finditer(text) if _ends_reasoning(m, text)]
    if not markers:
        return None
    tail = text[markers[-1].end() :].strip(" \t\n*:")
    return Split(text[: markers[-1].start()], tail, "marker") if tail else None


def corrected(text: str) -> str:
    """judge16: what ``text`` says after its last correction ("… no, checking again, …",
    "wait", "actually"): what comes before is withdrawn; all of ``text`` when it has none."""
    marks = [m for m in _MARKER.finditer(text) if _ends_reasoning(m, text, corrections_only=True)]
    return text[marks[-1].end() :] if marks else text
