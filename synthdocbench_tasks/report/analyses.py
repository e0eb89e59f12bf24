"""Accuracy tables: overall and per subset, and every stratification (paper Tables 2-4, 10-12, 27)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

from ..record_rules import passed
from ..strata import CATEGORIES, DIFFICULTIES, SUBSETS
from .context import SUBSET_NAMES, CellStats, Context, group_by, run_accuracy
from .records import Answer, Run
from .stats import binned_means, logistic_trend, ranking
from .tables import Cell, PValue, Section, Table

STAT_COLUMNS = ["n", "n_valid", "ACC", "ACC (doc CI)", "Score", "Score (doc CI)"]
POSITION_BUCKETS = ("early", "middle", "late")
POSITION_EDGES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
THRESHOLDS = (4, 5, 6, 7, 8)


def _stat_cells(c: CellStats) -> list[Cell]:
    return [c.n, c.n_valid, c.acc, c.acc_doc, c.score, c.score_doc]


def runs_section(ctx: Context) -> Section:
    rows: list[list[Cell]] = []
    main = {id(r) for r in ctx.systems}
    for r in ctx.runs:
        counts = r.counts()
        rows.append(
            [
                r.label,
                r.judge,
                "yes" if id(r) in main else "no",
                len(r.answers),
                counts["valid"],
                counts["unscored"],
                counts["not_judged"],
                r.uncertain(),
                len({a.doc_id for a in r.answers}),
                r.source,
            ]
        )
    table = Table(
        "runs",
        "Runs read",
        [
            "model",
            "judge",
            "in main tables",
            "answers",
            "valid",
            "unscored (-1)",
            "not judged",
            "uncertain",
            "documents",
            "source",
        ],
        rows,
    )
    text = [
        f"ACC = share of valid judge scores ≥ {ctx.threshold:g}; Score = mean judge score (0–10). "
        "Unscored answers (score -1: judge parse failure or error; or not judged) are excluded from "
        "every statistic and counted here.",
        f"95% CIs: percentile bootstrap, {ctx.resamples:,} resamples, seed {ctx.seed}; [brackets] resample "
        "questions, doc CI resamples whole documents, all of the run's (cluster bootstrap: a stratum's "
        "answers pooled over the drawn documents).",
        f"Main tables use one run per model, scored by {ctx.primary_judge} where available.",
    ]
    judges = sorted({r.judge for r in ctx.systems})
    if len(judges) > 1:
        text.append(f"Warning: the main runs were scored by different judges ({', '.join(judges)}).")
    for r in ctx.runs:
        if r.failures_line():
            text.append(f"Unscored answers of {r.label} [{r.judge}] by reason: {r.failures_line()}.")
    if ctx.docs.note:
        text.append(ctx.docs.note + ".")
    return Section("runs", "Runs", text, [table])


def overall_section(ctx: Context) -> Section:
    long_rows: list[list[Cell]] = []
    summary: list[list[Cell]] = []
    halfwidths: list[list[Cell]] = []
    for r in ctx.systems:
        valid_all = r.answers
        groups: dict[str, list[Answer]] = {"overall": list(valid_all)}
        groups.update({s: [a for a in valid_all if a.subset == s] for s in SUBSETS})
        line: list[Cell] = [r.label]
        hw: list[Cell] = [r.label]
        for name, answers in groups.items():
            c = ctx.cell(answers)
            long_rows.append([r.label, name, *_stat_cells(c)])
            line += [c.acc.value, c.score.value]
            hw += [c.acc.half_width, c.acc_doc.half_width]
        summary.append(line)
        halfwidths.append(hw)
    scopes = ["Overall", *(SUBSET_NAMES[s] for s in SUBSETS)]
    tables = [
        Table(
            "table02_summary",
            "ACC and mean score (Table 2)",
            ["model", *_pairs(scopes, ("ACC", "Score"))],
            summary,
        ),
        Table("table02_overall", "ACC and score with 95% CIs", ["model", "subset", *STAT_COLUMNS], long_rows),
        Table(
            "table10_ci_halfwidths",
            "95% CI half-widths of ACC (Table 10): by question / by document",
            ["model", *_pairs(scopes, ("± question", "± doc"))],
            halfwidths,
        ),
    ]
    figures = [("fig12_acc_by_subset", "ACC by subset with question-level 95% CIs (Figure 12)")]
    return Section("overall", "Overall and per-subset results (Table 2)", [], tables, figures)


def _pairs(scopes: Sequence[str], stats: Sequence[str]) -> list[str]:
    return [f"{s} {t}" for s in scopes for t in stats]


def stratified_tables(
    ctx: Context,
    name: str,
    title: str,
    key: Callable[[Answer], str | None],
    levels: Sequence[str] | None = None,
    *,
    answers_of: Callable[[Run], list[Answer]] | None = None,
) -> tuple[Table, Table]:
    """A long table (every statistic per stratum and model) and a wide ACC pivot for display."""
    per_run = {r.label: group_by(answers_of(r) if answers_of else r.answers, key) for r in ctx.systems}
    found = sorted({k for g in per_run.values() for k in g})
    order = [lv for lv in (levels or []) if lv in found] + [k for k in found if k not in (levels or [])]
    long_rows: list[list[Cell]] = []
    wide: list[list[Cell]] = []
    for level in order:
        line: list[Cell] = [level]
        n_max = 0
        for r in ctx.systems:
            answers = per_run[r.label].get(level, [])
            c = ctx.cell(answers)
            n_max = max(n_max, c.n)
            long_rows.append([level, r.label, *_stat_cells(c)])
            line.append(c.acc if c.n_valid else None)
        wide.append([*line[:1], n_max, *line[1:]])
    column = title.lower()
    long_table = Table(
        f"{name}_long", f"{title}: every statistic", [column, "model", *STAT_COLUMNS], long_rows, show=False
    )
    wide_table = Table(name, f"ACC by {column}", [column, "n", *(r.label for r in ctx.systems)], wide)
    return long_table, wide_table


def difficulty_section(ctx: Context) -> Section:
    long_table, wide = stratified_tables(
        ctx, "table03_difficulty", "Difficulty", lambda a: a.difficulty, DIFFICULTIES
    )
    paper: list[list[Cell]] = []
    halfwidths: list[list[Cell]] = []
    for r in ctx.systems:
        groups = group_by(r.answers, lambda a: a.difficulty)
        cells = {lv: ctx.cell(groups.get(lv, [])) for lv in DIFFICULTIES}
        paper.append(
            [r.label, *(v for lv in DIFFICULTIES for v in (cells[lv].acc.value, cells[lv].score.value))]
        )
        halfwidths.append([r.label, *(cells[lv].acc.half_width for lv in DIFFICULTIES)])
    tables = [
        Table(
            "table03_difficulty_summary",
            "ACC and score by difficulty (Table 3)",
            ["model", *_pairs(DIFFICULTIES, ("ACC", "Sc."))],
            paper,
        ),
        wide,
        Table(
            "table11_ci_halfwidths_difficulty",
            "95% CI half-widths of ACC by difficulty (Table 11)",
            ["model", *DIFFICULTIES],
            halfwidths,
        ),
        long_table,
    ]
    return Section("difficulty", "By difficulty L1–L5 (Table 3)", [], tables)


def category_section(ctx: Context) -> Section:
    levels = [c for s in SUBSETS for c in CATEGORIES[s]]
    long_table, wide = stratified_tables(ctx, "table12_category", "Category", lambda a: a.category, levels)
    figures = [
        ("fig07_category_heatmap", "ACC by question category; models ordered by overall ACC (Figure 7)")
    ]
    return Section("category", "By question category (Table 12, Figure 7)", [], [wide, long_table], figures)


def position_section(ctx: Context) -> Section:
    tables: list[Table] = []
    text = [
        "Evidence position p = k/K (chart k of K, or page); buckets are equal thirds. Δ = Late − Early "
        "(negative: early-content advantage). The trend is a logistic regression of correct (score ≥ τ) "
        "on p: slope in log-odds over the whole document, Wald p-value, fitted ACC at p = 0 and p = 1."
    ]
    for scope, title, pick in (
        (
            "chart",
            "Chart-reading questions (Table 4)",
            lambda r: [a for a in r.answers if a.subset == "chart"],
        ),
        ("all", "All questions", lambda r: list(r.answers)),
    ):
        rows: list[list[Cell]] = []
        n_row: list[Cell] = ["n"]
        counts = dict.fromkeys(POSITION_BUCKETS, 0)
        for r in ctx.systems:
            groups = group_by(pick(r), lambda a: a.position_bucket)
            accs = [ctx.cell(groups.get(b, [])).acc for b in POSITION_BUCKETS]
            for b in POSITION_BUCKETS:
                counts[b] = max(counts[b], len([a for a in groups.get(b, []) if a.score is not None]))
            rows.append([r.label, *accs, accs[2].value - accs[0].value])
        n_row += [counts[b] for b in POSITION_BUCKETS] + [None]
        name = "table04_position_chart" if scope == "chart" else "table04_position_all"
        tables.append(
            Table(name, title, ["model", "Early", "Middle", "Late", "Δ (Late−Early)"], [*rows, n_row])
        )
    trend_rows: list[list[Cell]] = []
    bin_rows: list[list[Cell]] = []
    for scope in ("chart", "all"):
        for r in ctx.systems:
            pts = [a for a in r.valid() if a.position is not None and (scope == "all" or a.subset == "chart")]
            x = [float(a.position) for a in pts if a.position is not None]
            y = [float(passed(a.score or 0, ctx.threshold)) for a in pts]
            fit = logistic_trend(x, y)
            at0, at1 = (fit.predict(0.0), fit.predict(1.0)) if fit.converged else (math.nan, math.nan)
            trend_rows.append(
                [scope, r.label, fit.n, fit.slope, fit.slope_se, PValue(fit.p_value), at0, at1, at1 - at0]
            )
            for lo, hi, n, m in binned_means(x, y, POSITION_EDGES):
                bin_rows.append([scope, r.label, f"{lo:.1f}–{hi:.1f}", n, m])
    tables.append(
        Table(
            "position_trend",
            "Continuous position trend (logistic regression)",
            ["questions", "model", "n", "slope", "SE", "p", "ACC at p=0", "ACC at p=1", "Δ fitted"],
            trend_rows,
        )
    )
    tables.append(
        Table(
            "position_bins",
            "ACC by relative position bin",
            ["questions", "model", "bin", "n", "ACC"],
            bin_rows,
            show=False,
        )
    )
    figures = [
        ("fig10_position", "Chart-reading ACC by position bucket and by relative position (Figure 10)")
    ]
    return Section("position", "By evidence position (Table 4, Figure 10)", text, tables, figures)


def chart_type_section(ctx: Context) -> Section:
    long_table, wide = stratified_tables(
        ctx,
        "chart_type",
        "Chart type",
        lambda a: a.chart_type,
        answers_of=lambda r: [a for a in r.answers if a.chart_type],
    )
    text = [
        "Questions whose primary evidence is a chart, by its type (questions without a chart are left out)."
    ]
    return Section("chart_type", "By chart type", text, [wide, long_table])


def document_sections(ctx: Context) -> list[Section]:
    if not ctx.docs.available:
        note = ctx.docs.note or "no dataset available"
        return [Section("documents", "By archetype and domain", [f"Skipped: {note}."])]
    missing = sorted({a.doc_id for r in ctx.systems for a in r.answers if a.doc_id not in ctx.docs.by_doc})
    text = [f"Joined from the documents config of {ctx.docs.location}."]
    if missing:
        text.append(f"{len(missing)} documents of the logs are not in that dataset (shown as 'unknown').")
    arch_long, arch = stratified_tables(ctx, "archetype", "Archetype", ctx.doc_field("archetype"))
    dom_long, dom = stratified_tables(ctx, "domain", "Domain", ctx.doc_field("domain"))
    return [
        Section("archetype", "By layout archetype (Table 16)", text, [arch, arch_long]),
        Section(
            "domain",
            "By topic domain (Figure 11)",
            [],
            [dom, dom_long],
            [
                (
                    "fig11_domain",
                    "ACC per topic domain by subset; diamonds = overall per domain (Figure 11)",
                )
            ],
        ),
    ]


def distribution_section(ctx: Context) -> Section:
    rows: list[list[Cell]] = []
    for r in ctx.systems:
        scores = [a.score for a in r.valid() if a.score is not None]
        by_score = Counter(round(s) for s in scores)
        counts = [by_score[k] for k in range(11)]
        rows.append([r.label, len(scores), *counts, sum(scores) / len(scores)])
    table = Table(
        "score_distribution",
        "Judge score counts (Figure 9)",
        ["model", "n_valid", *(str(k) for k in range(11)), "mean"],
        rows,
    )
    figures = [("fig09_score_distribution", "Distribution of judge scores per model (Figure 9)")]
    return Section("distribution", "Score distributions (Figure 9)", [], [table], figures)


def threshold_section(ctx: Context) -> Section:
    rows: list[list[Cell]] = []
    ranks: dict[int, list[str]] = {}
    by_tau = {tau: {r.label: run_accuracy(r, tau) for r in ctx.systems} for tau in THRESHOLDS}
    for tau in THRESHOLDS:
        ranks[tau] = ranking(by_tau[tau])
    for r in ctx.systems:
        rows.append([r.label, *(by_tau[tau][r.label] for tau in THRESHOLDS)])
    tables = [
        Table(
            "table27_thresholds",
            "ACC at thresholds τ = 4…8 (Table 27, bottom)",
            ["model", *(f"τ={t}" for t in THRESHOLDS)],
            rows,
        )
    ]
    preserved = len({tuple(v) for v in ranks.values()}) == 1
    text = [
        f"Model ranking is {'the same' if preserved else 'NOT the same'} at every threshold"
        + ("." if preserved else ": " + "; ".join(f"τ={t}: {' > '.join(v)}" for t, v in ranks.items()) + ".")
    ]
    judges = sorted({r.judge for r in ctx.runs})
    if len(judges) > 1:
        labels = [r.label for r in ctx.systems]
        by = {(r.label, r.judge): r for r in ctx.runs}
        judge_rows: list[list[Cell]] = []
        for j in judges:
            judge_rows.append([j, *(run_accuracy(by[(lb, j)]) if (lb, j) in by else None for lb in labels)])
        tables.insert(
            0, Table("table27_judges", "ACC under each judge (Table 27, top)", ["judge", *labels], judge_rows)
        )
    return Section("threshold", "Threshold and judge sensitivity (Table 27)", text, tables)
