"""The report's shortcut floor: ACC of the baselines that never see the pages, next to the models'.

``synthdoc_question_only`` and ``synthdoc_majority_verdict`` (:mod:`synthdocbench_tasks.baselines.blind`)
answer from the question alone. Where a model is not clearly above them, a subset or category
measures little about reading documents (issue 23, point 9).
"""

from __future__ import annotations

from ..baselines import SHORTCUT_MODELS
from ..strata import CATEGORIES, SUBSETS
from .context import SUBSET_NAMES, Context
from .records import Answer, Run
from .tables import Cell, Section, Table

HOW_TO_RUN = (
    "No shortcut baseline was read. Run `synthdocbench eval --model synthdoc_question_only` and "
    "`--model synthdoc_majority_verdict` on the same tasks and pass their logs too, to see the floor "
    "a question must be above."
)


def _cells(answers: list[Answer]) -> dict[tuple[str, str], list[Answer]]:
    out: dict[tuple[str, str], list[Answer]] = {}
    for subset in SUBSETS:
        in_subset = [a for a in answers if a.subset == subset]
        out[(subset, "all")] = in_subset
        for category in CATEGORIES[subset]:
            out[(subset, category)] = [a for a in in_subset if a.category == category]
    return out


def floor_section(ctx: Context) -> Section:
    """ACC per subset and category of each shortcut baseline (with its CI) and of each model."""
    floors: list[Run] = [r for r in ctx.systems if r.model in SHORTCUT_MODELS]
    models: list[Run] = [r for r in ctx.systems if r.model not in SHORTCUT_MODELS]
    title = "Shortcut floor: baselines that never see the pages"
    if not floors:
        return Section("floor", title, [HOW_TO_RUN])
    by_run = {id(r): _cells(r.answers) for r in [*floors, *models]}
    rows: list[list[Cell]] = []
    for key in by_run[id(floors[0])]:
        subset, category = key
        n = len({a.question_id for r in floors for a in by_run[id(r)][key]})
        if not n:
            continue
        line: list[Cell] = [SUBSET_NAMES[subset], category, n]
        line += [ctx.cell(by_run[id(r)][key]).acc for r in floors]
        line += [ctx.cell(by_run[id(r)][key]).acc.value if by_run[id(r)][key] else None for r in models]
        rows.append(line)
    columns = ["subset", "category", "n", *(f"{r.label} ACC" for r in [*floors, *models])]
    text = [
        "ACC of the shortcut baselines (question text only; the majority verdict of the category) with "
        "question-level 95% CIs, next to each model's ACC: a model's result means something only "
        "where it is clearly above the floor."
    ]
    return Section("floor", title, text, [Table("shortcut_floor", "Shortcut floor (ACC)", columns, rows)])
