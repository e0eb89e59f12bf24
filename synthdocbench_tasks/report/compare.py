"""Analyses across runs: judge agreement (Tables 8-9), paired model comparison, hard failures (Table 21)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from ..errors import SynthDocUserError
from ..record_rules import passed, qualified_judge
from ..strata import SUBSETS
from .context import SUBSET_NAMES, Context
from .records import Answer, Run
from .stats import judge_agreement, paired_bootstrap
from .tables import Cell, PValue, Section, Table

HARD_MAX = 3
TEXT_LIMIT = 400


def agreement_pairs(ctx: Context, judges_compare: Sequence[tuple[str, str]] | None) -> list[tuple[Run, Run]]:
    """(reference, alternative) runs of the same model under two judges.

    Given ``judges_compare`` [(ref, alt), ...], those judge pairs; else, for every model
    scored by more than one judge, its run under the main judge against each other run.
    """
    by_label: dict[str, dict[str, Run]] = defaultdict(dict)
    for r in ctx.runs:
        by_label[r.label][r.judge] = r
    pairs: list[tuple[Run, Run]] = []
    if judges_compare:
        for ref_name, alt_name in judges_compare:
            ref, alt = qualified_judge(ref_name) or ref_name, qualified_judge(alt_name) or alt_name
            pairs += [(g[ref], g[alt]) for g in by_label.values() if ref in g and alt in g]
        if not pairs:
            found = ", ".join(sorted({r.judge for r in ctx.runs}))
            wanted = "; ".join(f"{a} vs {b}" for a, b in judges_compare)
            raise SynthDocUserError(
                f"no model has runs under both judges of {wanted} (judges found: {found}); "
                "pass logs of the same model re-scored by each judge"
            )
        return pairs
    for group in by_label.values():
        if len(group) < 2:
            continue
        ref_judge = ctx.primary_judge if ctx.primary_judge in group else sorted(group)[0]
        pairs += [(group[ref_judge], group[j]) for j in sorted(group) if j != ref_judge]
    return pairs


class _Pair(NamedTuple):
    """One question both runs answered with a valid score."""

    doc_id: str
    first: float
    second: float


def _matched(first: Run, second: Run, subset: str | None = None) -> tuple[list[_Pair], int]:
    """The questions of ``first`` (in its order, of ``subset`` if given) that ``second`` also
    answered, matched by question_id, where both have a score; and how many matched questions
    were left out because either run left the answer unscored."""
    second_by = {a.question_id: a for a in second.answers}
    pairs, dropped = [], 0
    for a in first.answers:
        if subset and a.subset != subset:
            continue
        b = second_by.get(a.question_id)
        if b is None:
            continue
        if a.score is None or b.score is None:
            dropped += 1
            continue
        pairs.append(_Pair(a.doc_id, a.score, b.score))
    return pairs, dropped


def agreement_section(ctx: Context, judges_compare: Sequence[tuple[str, str]] | None) -> Section:
    pairs = agreement_pairs(ctx, judges_compare)
    title = "Judge agreement (Tables 8–9)"
    if not pairs:
        return Section(
            "agreement",
            title,
            [
                "Skipped: no model has runs scored by two different judges. Re-score a run's logs "
                "with another judge (`synthdocbench judge`) and pass both; they are matched by question_id."
            ],
        )
    rows: list[list[Cell]] = []
    for ref, alt in pairs:
        for subset in (None, *SUBSETS):
            matched, dropped = _matched(ref, alt, subset)
            if not matched:
                continue
            xs, ys = [p.first for p in matched], [p.second for p in matched]
            ag = judge_agreement(xs, ys, threshold=ctx.threshold, resamples=ctx.resamples, seed=ctx.seed)
            scope = SUBSET_NAMES[subset] if subset else "Overall"
            rows.append(
                [
                    ref.label,
                    ref.judge,
                    alt.judge,
                    scope,
                    ag.n,
                    dropped,
                    ag.pearson_r,
                    ag.w1,
                    ag.acc_ref,
                    ag.acc_alt,
                    ag.delta_acc,
                    ag.mean_abs_diff,
                ]
            )
    table = Table(
        "table08_09_judge_agreement",
        "Judge agreement on the same answers",
        [
            "candidate",
            "reference judge",
            "alt. judge",
            "questions",
            "n",
            "unscored by either",
            "r",
            "w1",
            "ACC ref",
            "ACC alt",
            "ΔACC (alt−ref)",
            "mean |Δ|",
        ],
        rows,
    )
    text = [
        "Answers matched by question_id; pairs where either judge left the answer unscored are excluded "
        "(counted). r = Pearson correlation of scores; w1 = share with |Δscore| ≤ 1; ΔACC = ACC(alt) − "
        "ACC(ref) with a paired bootstrap 95% CI (positive: the alternative judge is more lenient)."
    ]
    return Section("agreement", title, text, [table])


def comparison_section(ctx: Context) -> Section:
    title = "Pairwise model comparison (paired bootstrap)"
    if len(ctx.systems) < 2:
        return Section("comparison", title, ["Skipped: needs at least two models."])
    rows: list[list[Cell]] = []
    for a, b in combinations(ctx.systems, 2):
        matched, _ = _matched(a, b)
        xs = [float(passed(p.first, ctx.threshold)) for p in matched]
        ys = [float(passed(p.second, ctx.threshold)) for p in matched]
        docs = [p.doc_id for p in matched]
        by_q = paired_bootstrap(xs, ys, resamples=ctx.resamples, seed=ctx.seed)
        by_d = paired_bootstrap(xs, ys, docs, resamples=ctx.resamples, seed=ctx.seed)
        rows.append(
            [
                a.label,
                b.label,
                by_q.n,
                by_q.mean_a,
                by_q.mean_b,
                by_q.diff,
                PValue(by_q.p_value),
                by_d.diff,
                PValue(by_d.p_value),
            ]
        )
    table = Table(
        "pairwise_comparison",
        "ACC difference A − B on shared questions",
        [
            "model A",
            "model B",
            "shared",
            "ACC A",
            "ACC B",
            "Δ (question CI)",
            "p (question)",
            "Δ (doc CI)",
            "p (doc)",
        ],
        rows,
    )
    text = [
        "Questions both models answered with a valid score. Paired bootstrap: the same resampled "
        "questions (or whole documents) for both models; two-sided p-value from the bootstrap "
        "distribution re-centred on zero, (1 + k)/(1 + B)."
    ]
    return Section("comparison", title, text, [table])


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


def hard_failures(ctx: Context) -> tuple[list[str], int]:
    """Question ids every main run scored ≤ 3 (all with a valid score), and how many lacked one
    (found once per report: the section and the summary both ask)."""
    found: tuple[list[str], int] | None = ctx.found.get("hard_failures")
    if found is None:
        found = ctx.found["hard_failures"] = _hard_failures(_by_question(ctx))
    return found


def _by_question(ctx: Context) -> list[dict[str, Answer]]:
    return [{a.question_id: a for a in r.answers} for r in ctx.systems]


def _hard_failures(maps: list[dict[str, Answer]]) -> tuple[list[str], int]:
    shared = set(maps[0]).intersection(*maps[1:]) if maps else set()
    failures, incomplete = [], 0
    for qid in sorted(shared):
        scores = [m[qid].score for m in maps]
        if any(s is None for s in scores):
            incomplete += 1
            continue
        if all(s is not None and s <= HARD_MAX for s in scores):
            failures.append(qid)
    return failures, incomplete


def _text_of(ctx: Context, answers: Sequence[Answer], field: str) -> str:
    row = ctx.docs.questions.get(answers[0].question_id)
    if row:
        return row["question" if field == "question" else "answer"]
    for a in answers:
        value = a.question if field == "question" else a.reference
        if value:
            return value
    return ""


def hard_failure_section(ctx: Context) -> Section:
    failures, incomplete = hard_failures(ctx)
    maps = _by_question(ctx)
    counts: dict[str, int] = dict.fromkeys(SUBSETS, 0)
    listing: list[list[Cell]] = []
    full: list[list[Cell]] = []
    for qid in failures:
        answers = [m[qid] for m in maps]
        first = answers[0]
        counts[first.subset] = counts.get(first.subset, 0) + 1
        question, reference = _text_of(ctx, answers, "question"), _text_of(ctx, answers, "reference")
        given = [f"{a.answer} ({a.score:g})" for a in answers if a.score is not None]
        base: list[Cell] = [qid, first.subset, first.category, first.difficulty]
        full.append([*base, question, reference, *given])
        listing.append([*base, _clip(question), _clip(reference), *(_clip(g) for g in given)])
    labels = [r.label for r in ctx.systems]
    cols = ["question_id", "subset", "category", "difficulty", "question", "reference", *labels]
    count_table = Table(
        "table21_hard_failures",
        f"Hard failures by subset (Table 21): every model scored ≤ {HARD_MAX}",
        ["models", "Total", *(SUBSET_NAMES[s] for s in SUBSETS)],
        [[len(ctx.systems), len(failures), *(counts[s] for s in SUBSETS)]],
    )
    text = [
        f"Questions that all {len(ctx.systems)} models answered with a valid score and that every model "
        f"scored ≤ {HARD_MAX}. Questions some model left unscored are not counted ({incomplete}).",
    ]
    if len(ctx.systems) == 1:
        text.append("Only one model was given: these are simply its answers scored ≤ 3.")
    tables = [
        count_table,
        Table(
            "hard_failures",
            "Hard failures: question, reference and each model's answer (score)",
            cols,
            listing,
        ),
        Table("hard_failures_full", "Hard failures (full text)", cols, full, show=False),
    ]
    return Section("hard_failures", "Hard failures (Table 21, Figure 6)", text, tables)
