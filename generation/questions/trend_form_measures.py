"""What kind of answer trend / pattern questions give (review57: a direction, rose / fell /
flat, answered 68% of them), read from the question records alone; ``bench/question_measures.py``
prints the counts per level and the share of the largest form.

A question's form (:func:`answer_form`): ``direction`` where an answer label states which way a
series moved (``trend_measures.moves_of``); else by its answer values: ``two marks and a number``
(a step between two marks: the largest year-on-year move), ``mark and a number`` (a peak or low
and its level, a modal bin), ``number`` (a change, a mean), ``mark`` or ``other``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from generation.questions.trend_measures import moves_of
from synthdocbench_tasks.schema import Question

FORMS = ("direction", "two marks and a number", "mark and a number", "number", "mark", "other")


def answer_form(q: Question) -> str:
    """The form of ``q``'s answer (:data:`FORMS`)."""
    if moves_of(q):
        return "direction"
    labels = sum(v.kind == "label" for v in q.answer_values)
    numbers = sum(v.kind == "number" for v in q.answer_values)
    if labels == 2 and numbers == 1:
        return "two marks and a number"
    if labels == 1 and numbers == 1:
        return "mark and a number"
    if labels == 0 and numbers >= 1:
        return "number"
    return "mark" if labels and not numbers else "other"


def form_counts(questions: Iterable[Question]) -> Counter[tuple[str, str]]:
    """(level, form) of every trend / pattern question, and ("all", form)."""
    out: Counter[tuple[str, str]] = Counter()
    for q in questions:
        if q.category == "trend_pattern":
            form = answer_form(q)
            out[q.difficulty, form] += 1
            out["all", form] += 1
    return out


def render(counts: Counter[tuple[str, str]]) -> list[str]:
    """One line for all trend questions, one per level."""
    lines = ["\ntrend / pattern answer forms (trend_form_measures)"]
    for level in ("all", "L2", "L3", "L4", "L5"):
        total = sum(n for (lv, _), n in counts.items() if lv == level)
        if not total:
            continue
        said = ", ".join(f"{f} {counts[level, f]}" for f in FORMS if counts[level, f])
        top = max(FORMS, key=lambda f: counts[level, f])
        lines.append(f"  {level}: {said}; {top} {counts[level, top] / total:.1%} of {total}")
    return lines
