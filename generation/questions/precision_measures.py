"""Totals and means of values read off an axis, given to more decimals than the reading allows.

A bar chart that prints no values is read against its axis to within its reading tolerance
(``reading.read_tolerance``: 5% or a tenth of a tick step); a reference answer that sums four
such bars to "143.87" states two decimals no reader can have, and a judge comparing a reading of
"about 144" against it sees a mismatch the tolerance then forgives. :func:`false_precision`
finds the number answers whose derivation sums or averages marks of a chart that prints no
values, printed with more decimals than the answer's tolerance supports
(``phrasing.reading_decimals``); ``bench/question_measures.py`` prints the count per cell.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from generation.charts.reading import printed
from generation.questions.common import AGGREGATES
from generation.questions.phrasing import reading_decimals
from synthdocbench_tasks.schema import AnswerValue, DocumentManifest, Question


def printed_decimals(value: AnswerValue) -> int:
    return len(value.text.replace(",", "").partition(".")[2])


def false_precision(manifest: DocumentManifest, q: Question) -> bool | None:
    """Whether a number ``q`` sums or averages from marks read off an axis (their chart prints
    no values) is printed with more decimals than its tolerance supports; None when ``q`` has no
    such number."""
    axis_read = {c.vizId for c in manifest.charts if not printed(c)}
    found: bool | None = None
    for d in q.derivations or []:
        ops = {s.op for s in d.steps}
        read = {o.viz_id for s in d.steps for o in s.operands if o.source == "point"}
        if not ops & AGGREGATES or not read & axis_read:
            continue
        value = q.answer_values[d.value_index]
        over = printed_decimals(value) > reading_decimals(value.abs_tol or 0.0)
        found = bool(found) or over
    return found


def precision_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> Counter[str]:
    """Per cell (``subset category level``): the questions summing or averaging axis readings
    (``<cell>/of``) and those printing such a figure too finely (``<cell>``)."""
    out: Counter[str] = Counter()
    for manifest, q in pairs:
        found = false_precision(manifest, q)
        if found is not None:
            cell = f"{q.category} {q.difficulty}"
            out[f"{cell}/of"] += 1
            out[cell] += found
    return out


def render(found: Counter[str]) -> list[str]:
    cells = sorted(k.removesuffix("/of") for k in found if k.endswith("/of"))
    total, of = sum(found[c] for c in cells), sum(found[f"{c}/of"] for c in cells)
    out = [
        "questions giving a total or mean of axis readings to more decimals than the reading "
        f"supports (precision_measures): {total} of {of}"
    ]
    out += [f"  {c}: {found[c]} of {found[f'{c}/of']}" for c in cells]
    return out
