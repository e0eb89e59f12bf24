"""Why chart-reading trend and comparison L4 slots go without their question (a text event's
year on a chart): each such slot that got another cell, by the furthest step its report's charts
reach (``generation.questions.event_steps``), on a fresh context (no other question's evidence).

Usage: ``python bench/l4_slots.py --config configs/paper.yaml --seed 0 --n-docs 200``
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

import numpy as np

from bench._plans import plan_run, plans
from generation.questions import build
from generation.questions.build import make_questions, slot_targets
from generation.questions.chart_common import event_years, ordered_series, separable
from generation.questions.chart_compare import _compare_at_event, _gap_at_event
from generation.questions.chart_trend import _trend_since_event
from generation.questions.common import Context
from generation.questions.event_steps import direction_turns, enough_years
from synthdocbench_tasks.schema import Chart, DocumentManifest, Question

#: The steps in order: a slot's reason is the furthest step any chart of its report reaches.
COMPARE_STEPS = (
    "no chart of 3+ years with 2+ series",
    "no text event dated in such a chart's years",
    "no separable pair the event concerns in its year",
    "pairs never swap and their gap is the same every year (or unreadable)",
    "buildable on a fresh context",
)
TREND_STEPS = (
    "no time chart of 3+ years",
    "no text event dated in such a chart's years",
    "event year is its series' last",
    "same direction from every earlier year",
    "metric has a known direction, or its marks unreadable",
    "buildable on a fresh context",
)


class _Kept(Context):
    """A context that keeps the last one ``make_questions`` made (to see what its questions took)."""

    last: Context | None = None

    @classmethod
    def of(cls, manifest: DocumentManifest) -> Context:
        ctx = super().of(manifest)
        _Kept.last = ctx
        return ctx


def _taken(done: Context, chart: Chart, bucket: str, made: list[Question]) -> str:
    """Why a chart a fresh context builds on gave the slot nothing: full, its events taken, or
    outside the bucket where the slot took another cell of its level first."""
    if done.full(chart):
        on = sorted(q.subset for q in made if chart.vizId in {u.ref for u in q.evidence_units or []})
        return f"chart already carries 2 questions ({'+'.join(on)})"
    if any(k.startswith(f"{chart.vizId}:event") for k in done.used):
        return "its event taken by another question of the chart"
    if done.chart_bucket(chart) != bucket:
        return "chart outside the slot's bucket"
    return "other"


def _compare_step(ctx: Context, chart: Chart) -> int:
    if not enough_years(chart) or len({p.category for p in chart.data}) < 2:
        return 0
    events = event_years(ctx, chart)
    if not events:
        return 1
    best = 2
    for _, year, about in events:
        marks = [p for p in chart.data if p.label == year and p.category and ctx.readable(chart, p)]
        for i, a in enumerate(marks):
            for b in marks[i + 1 :]:
                if not separable(chart, a.value, b.value) or not (about(a.category) or about(b.category)):
                    continue
                best = max(best, 3)
    rng = np.random.default_rng(0)
    if best == 3 and (_compare_at_event(ctx, chart, rng) or _gap_at_event(ctx, chart, rng)):
        best = 4
    return best


def _trend_step(ctx: Context, chart: Chart) -> int:
    groups = ordered_series(chart) if enough_years(chart) else {}
    if not groups:
        return 0
    best = 1
    for _, year, about in event_years(ctx, chart):
        for series, points in groups.items():
            labels = [p.label for p in points]
            if not about(series) or year not in labels:
                continue
            best = max(best, 2)
            if labels.index(year) == len(labels) - 1:
                continue
            best = max(best, 3)
            if not direction_turns([p.value for p in points], labels.index(year)):
                continue
            best = max(best, 4)
    if best == 4 and _trend_since_event(ctx, chart, np.random.default_rng(0)):
        best = 5
    return best


def why(manifest: DocumentManifest, category: str, done: Context, bucket: str, made: list[Question]) -> str:
    """The furthest step any chart of the report reaches for a ``category`` L4 question (where a
    fresh context builds one, why the run's context did not: ``done`` after the report's questions)."""
    step, steps = (_compare_step, COMPARE_STEPS) if category == "comparison" else (_trend_step, TREND_STEPS)
    reached = {c.vizId: step(Context.of(manifest), c) for c in manifest.charts}
    top = max(reached.values(), default=0)
    if top < len(steps) - 1:
        return steps[top]
    return "; ".join(
        sorted({_taken(done, c, bucket, made) for c in manifest.charts if reached[c.vizId] == top})
    )


def main() -> None:
    build.Context = _Kept  # type: ignore[misc]
    args, config = plan_run((__doc__ or "").splitlines()[0])
    slots: Counter[str] = Counter()
    reasons: Counter[tuple[str, str]] = Counter()
    got: Counter[tuple[str, str]] = Counter()
    for index, plan in enumerate(plans(config, args.n_docs)):
        every = make_questions(plan.manifest, config)
        made = [q for q in every if q.subset == "chart"]
        done = _Kept.last
        assert done is not None
        targets = slot_targets("chart", config.questions_per_subset, index, config.seed)
        for (category, level, _), q in zip(targets, made, strict=False):
            if level != "L4" or category not in ("comparison", "trend_pattern"):
                continue
            slots[category] += 1
            if (q.category, q.difficulty) == (category, level):
                continue
            got[(category, f"{q.category} {q.difficulty}")] += 1
            reasons[(category, why(plan.manifest, category, done, q.position.bucket, every))] += 1
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents: chart L4 slots without their cell")
    for category in ("comparison", "trend_pattern"):
        missed = sum(n for (c, _), n in reasons.items() if c == category)
        print(f"  {category} L4: {slots[category]} slots, {missed} got another cell")
        print("\n".join(f"    {s}: {n}" for (c, s), n in sorted(reasons.items()) if c == category))
        print(
            "    took instead: " + ", ".join(f"{k} {n}" for (c, k), n in sorted(got.items()) if c == category)
        )


if __name__ == "__main__":
    main()
