"""Two final answers that disagree (judge22 round, ``offline-claims-v21``).

"Answer: Agriculture, 22.1%. … Final answer: Services, 22.1%." commits to two answers for one
slot. :func:`conclusion.split` scores the last one and fills what it leaves unsaid from the
reasoning, so the earlier statement's right label stood in for the final one's rival. Here each
statement that follows a final-answer marker (``Answer:``, ``Final answer:``, ``**Result:**``
…; :data:`judge.conclusion.FINAL`) is read alone, and a fact one of them states and another
replaces is contradicted:

* a label fact one statement names while another names, where it is missing, a name the
  question and reference do not know (a capitalised word, first words included);
* a number fact one statement gives while another states another value in its unit.

A correction between the two ("wait", "actually", "on rereading") takes the first back: then
the last statement alone is scored, as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge import claims, conclusion
from judge.offline_checks import _is_year, _Verdict, _wrong_value
from judge.offline_context import _Context
from judge.offline_facts import _Fact, _Text

#: a capitalised word run, a statement's first word included ("Services, 22.1%")
_NAME = re.compile(r"\b[A-Z][a-z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*")


def _statements(text: str) -> list[str]:
    """What each final-answer marker of ``text`` says: to the end of its paragraph or the next marker."""
    marks = list(conclusion.FINAL.finditer(text))
    out = []
    for m, nxt in zip(marks, [*marks[1:], None], strict=False):
        rest = text[m.end() : nxt.start() if nxt else len(text)].lstrip(" \t\n*:")
        stop = re.search(r"\n\s*\n", rest)
        said = (rest[: stop.start()] if stop else rest).strip(" \t\n*")
        if said:
            out.append(said)
    return out


def _rival_name(ctx: _Context, said: str) -> str | None:
    """A name in ``said`` that the question, reference and facts do not know."""
    for m in _NAME.finditer(said):
        words = claims.words(m.group(0)) - claims.STOPWORDS
        if words and not words <= ctx.known_words:
            return m.group(0)
    return None


def _replaced(ctx: _Context, fact: _Fact, statements: list[tuple[_Text, _Verdict]]) -> bool:
    """One statement states ``fact`` and another replaces it with a rival."""
    if not any(v.hit for _, v in statements):
        return False
    for text, verdict in statements:
        if verdict.hit:
            continue
        if fact.kind == "label" and not fact.pole and not fact.colour and _rival_name(ctx, text.text):
            return True
        if fact.kind == "number" and not _is_year(fact) and _wrong_value(ctx, fact, text) is not None:
            return True
    return False


#: how a text is read: each fact's verdict in it (``judge.offline_commit._assess``)
Assess = Callable[[_Context, list[_Fact], _Text], tuple[list[_Fact], list[_Verdict]]]


def two_finals(
    ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text, assess: Assess
) -> tuple[list[_Fact], list[_Verdict]]:
    """``verdicts`` with a contradiction added where two final-answer statements of ``text``
    give one fact two answers (see the module docstring), each read with ``assess``."""
    said = _statements(text.text)
    if len(said) < 2 or conclusion.corrected(text.text) != text.text:
        return facts, verdicts
    if not all(v.hit or not v.why for v in verdicts):
        return facts, verdicts  # already contradicted
    read = [(piece, assess(ctx, facts[: len(ctx.facts)], piece)[1]) for piece in map(_Text.of, said)]
    for i, fact in enumerate(facts[: len(ctx.facts)]):
        if _replaced(ctx, fact, [(piece, verdicts_of[i]) for piece, verdicts_of in read]):
            out = _Verdict(False, f"two final answers give {fact.text} and another")
            return [*facts, _Fact(len(facts), "label", "the answer's two finals")], [*verdicts, out]
    return facts, verdicts
