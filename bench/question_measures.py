"""What the questions of a plan-only run measure (issue 23): verdict balance and the tells.

Usage: ``python bench/question_measures.py --config configs/paper.yaml --seed 0 --n-docs 200``

Plans each document (no rendering, no validation) and builds its questions, then prints
``synthdocbench stats``'s question measures, the verdict balance per category with a 95%
Clopper-Pearson interval on the largest class, the same per (category, level) for every
family of closed answers (``measures.closed_balance``: verdicts, sides, directions, stances,
which of two named marks), how many questions ask a number looser than a
quarter of itself (``common.pinned``), the questions on a labelled chart that need a value it
prints nowhere (``measures.unprinted_asked``), the questions printing a number they derive
rounded past its decimals (``measures.step_rounds_derived``), why complex builders found no draft
(``Context.miss``) and the complex questions per level and per (category, level) with their
whole-span periods, the complex questions carrying each validity defect of
``generation.questions.complex_measures`` (one line a defect), and the tells of verify_with_chart: the best
single threshold on the claim's relative distance from its mark (and that distance per verdict
and kind of chart: a match is never more than 5% away), and the best rule on one
other feature of the claim or its chart (its type, whether it prints labels, ...), each next
to what the same rule reaches with the verdicts shuffled (a feature with many values fits some
of them by chance) and the majority share (what a guess without any feature reaches); the
cross-modal validity defects of the claims42 audit, one line each (``bench/_validity.py``); per
subset, the chart readings the report prints elsewhere (``generation.questions.elsewhere``); and
the event and credited-period measures per (category, level), with the questions of each cell
(``generation.questions.event_measures``); the chart questions whose answer does not need the
step they claim (``generation.questions.step_measures``); the series' shapes and the year answers
at a chart's end, their place (first, interior, last), those on a metric with a known direction,
and the peak or extreme years apart (``generation.questions.shape_measures``); the question and
answer texts whose verb disagrees with the name before it
(``generation.questions.agreement_measures``); the verify L4 questions that ask no more than a
verify L2 (``crossmodal_measures.asks_no_more``); how often blind strategies (first option, later year,
the metric's known direction ...) guess a closed answer, against chance
(``generation.questions.guess_measures``); the questions naming a highlight colour their chart does not
draw and those asking "which item" of a flow (``generation.questions.cue_measures``); the verify L3 and
integrate L3 questions whose mean bears on nothing their claim is about
(``crossmodal_measures.mean_off_claim``); the L5 questions asking by colour for a series their chart
highlights, whose pointer names it (``cue_measures.named_by_highlight``); the questions printing a
spelled-out label or a legend name that is a common noun capitalised mid-sentence
(``generation.questions.case_measures``); the questions
finding a mark by its colour whose report's text names that mark (``colour_hop_measures``); what a
reader notices in the reports' prose and subheadings (``generation.document.prose_measures``); the
item answers at an end of a chart drawn sorted by value, and on other charts (``sorted_measures``);
the direction questions over a single step of their series (``trend_measures.one_step``); the
question pairs of a report citing one text fact on one chart (``reuse_measures``); the L5
answers a highlight's pointer prints (``cue_measures.pointer_answered``); the totals and means of
axis readings printed too finely (``precision_measures``); the mean and total questions over the
period a text statement covers that one reading answers, whose period is ambiguous or comes from a
false trend, the direction verdicts hinging on an unseen threshold, and the technical L5 colour
steps a reader can skip (``period_measures``); the steps each complex level needs, technical
questions without arithmetic, L3 means one reading answers and waterfall level bars
(``complex_level_measures``); the answers naming a series by its place in the legend, against
chance (``legend_measures``); the answers ranking a mark "overall" where the question reads one
series (``chart_measures``); the questions per chart type against the charts per type, and the
levels per subset with the reports lacking each (``spread_measures``).
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

import numpy as np
from scipy.stats import binomtest

from bench import _validity
from bench._plans import plan_run, plans
from generation.document.claims import MATCH_SHARE
from generation.document.layout import chart_slots
from generation.document.prose_measures import ProseCounts, plan_counts
from generation.document.prose_measures import render as render_prose
from generation.questions import elsewhere
from generation.questions.agreement_measures import agreement_counts
from generation.questions.agreement_measures import render as render_agreement
from generation.questions.build import make_questions
from generation.questions.case_measures import case_counts, common_counts
from generation.questions.case_measures import render as render_case
from generation.questions.chart_measures import rank_counts
from generation.questions.chart_measures import render as render_ranks
from generation.questions.colour_hop_measures import colour_hop_counts
from generation.questions.colour_hop_measures import render as render_colour_hops
from generation.questions.common import DIRECTION_ALIASES, pinned
from generation.questions.complex_level_measures import level_counts
from generation.questions.complex_level_measures import render as render_levels
from generation.questions.complex_measures import DEFECTS, complex_defects, defect_counts
from generation.questions.crossmodal_measures import asks_no_more, mean_off_claim
from generation.questions.cue_measures import (
    colour_cue_counts,
    highlight_named_counts,
    item_of_flow_counts,
    pointer_answered_counts,
)
from generation.questions.cue_measures import render as render_cues
from generation.questions.event_measures import event_counts
from generation.questions.event_measures import render as render_events
from generation.questions.guess_measures import guess_counts
from generation.questions.guess_measures import render as render_guesses
from generation.questions.legend_measures import legend_counts
from generation.questions.legend_measures import render as render_legend
from generation.questions.measures import (
    FEATURES,
    MAX_VERDICT_SHARE,
    ClaimFeatures,
    band_values_printed,
    claim_features,
    closed_balance,
    feature_accuracy,
    step_rounds_derived,
    threshold_accuracy,
    unprinted_asked,
    verdict_balance,
)
from generation.questions.overlap_measures import hidden_counts
from generation.questions.overlap_measures import render as render_overlap
from generation.questions.period_measures import colour_skip_counts, period_counts, verdict_counts
from generation.questions.period_measures import render as render_periods
from generation.questions.precision_measures import precision_counts
from generation.questions.precision_measures import render as render_precision
from generation.questions.reuse_measures import render as render_reuse
from generation.questions.reuse_measures import reuse_counts
from generation.questions.shape_measures import render as render_shapes
from generation.questions.shape_measures import shape_counts
from generation.questions.sorted_measures import render as render_sorted
from generation.questions.sorted_measures import sorted_end_counts
from generation.questions.spread_measures import level_counts as spread_levels
from generation.questions.spread_measures import render_levels as render_spread_levels
from generation.questions.spread_measures import render_types, type_counts
from generation.questions.stats import question_stats
from generation.questions.step_measures import render as render_steps
from generation.questions.step_measures import step_counts
from generation.questions.trend_form_measures import form_counts
from generation.questions.trend_form_measures import render as render_forms
from generation.questions.trend_measures import one_step_counts, render_one_step, trend_counts
from generation.questions.trend_measures import render as render_trends
from generation.validate.question_rules import restates
from synthdocbench_tasks.schema import Question

#: The answers of a trend question (``common.direction``): a series rose, fell or stayed flat.
DIRECTIONS = tuple(DIRECTION_ALIASES)
#: The cells whose L3 mean may be over a claim's group (``crossmodal_measures.mean_off_claim``).
_L3_MEANS = ("verify_with_chart L3", "integrate_sources L3")


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    questions: list[Question] = []
    claims: list[ClaimFeatures] = []
    restated: set[str] = set()
    pairs = []
    reports = []
    defects: Counter[str] = Counter()
    shortcuts: Counter[str] = Counter()
    misses: Counter[str] = Counter()
    unprinted: Counter[bool | None] = Counter()
    rounded: Counter[bool | None] = Counter()
    bands = [0, 0]  # charts planned as own figures (own_figure): values counted printed, all values
    prose = ProseCounts()
    drawn: dict[str, dict[str, str]] = {}  # per document, each chart's slot (layout.chart_slots)
    for plan in plans(config, args.n_docs):
        manifest = plan.manifest
        prose.add(plan_counts(plan))
        made = make_questions(manifest, config, misses)
        shortcuts += elsewhere.elsewhere_counts([(plan, made)])
        questions += made
        pairs += [(manifest, q) for q in made]
        reports.append((manifest, made))
        restated |= {q.question_id for q in made if restates(manifest, q)}
        unprinted.update(unprinted_asked(manifest, q) for q in made)
        rounded.update(step_rounds_derived(q) for q in made)
        bands = [a + b for a, b in zip(bands, band_values_printed(manifest), strict=True)]
        defects += _validity.count(manifest, made)
        claims += [f for q in made if (f := claim_features(manifest, q)) is not None]
        drawn[manifest.doc_id] = {viz: slot.kind for viz, slot in chart_slots(plan).items()}
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents, plan only (before validation)")
    print("\n".join(question_stats(questions, lambda q: q.question_id in restated).render_measures()))
    numeric = [q for q in questions if any(v.kind == "number" for v in q.answer_values)]
    loose = [q for q in numeric if not all(pinned(v) for v in q.answer_values)]
    print(f"questions asking a number looser than a quarter of itself: {len(loose)} of {len(numeric)}")
    labelled = unprinted[True] + unprinted[False]
    print(f"questions on a labelled chart needing a value it prints nowhere: {unprinted[True]} of {labelled}")
    said = "values of labelled stacked areas, sparkline grids, multi-line charts the planner counts printed"
    print(f"{said}: {bands[0]} of {bands[1]}")
    with_decimals = rounded[True] + rounded[False]
    said = "questions printing a derived number (answer, sum of readings) to fewer decimals than it has"
    print(f"{said}: {rounded[True]} of {with_decimals}")
    found, could = defect_counts(pairs)
    print("\ncomplex validity defects (complex_measures): questions carrying it, of those that could")
    for name in DEFECTS:
        near = f" (a wrong hop's mark within tolerance: {found['neighbour_in_tolerance']})"
        print(f"  {name}: {found[name]} of {could[name]}" + (near if name == "neighbour_unseparated" else ""))
    print("complex builder calls that found no draft, by why (Context.miss)")
    print("\n".join(f"  {why}: {n}" for why, n in sorted(misses.items())))
    complex_made = Counter(q.difficulty for q in questions if q.subset == "complex")
    print("complex questions per level: " + ", ".join(f"{lv} {n}" for lv, n in sorted(complex_made.items())))
    complex_cells = Counter((q.category, q.difficulty) for _, q in pairs if q.subset == "complex")
    whole = Counter(
        (q.category, q.difficulty) for m, q in pairs if "period_is_whole_series" in complex_defects(m, q)
    )
    for (category, difficulty), n in sorted(complex_cells.items()):
        print(f"  {category} {difficulty}: {n} (period_is_whole_series {whole[category, difficulty]})")
    print("\n".join(render_levels(level_counts(pairs))))
    print("\n".join(_validity.render(defects)))
    print("\n".join(elsewhere.render(shortcuts)))
    print("\n".join(render_events(event_counts(pairs))))
    print("\n".join(render_steps(*step_counts(pairs))))
    directions = Counter(v.text for q in questions for v in q.answer_values if v.text in DIRECTIONS)
    said = ", ".join(f"{d} {directions[d]}" for d in DIRECTIONS)
    rose = directions["rose"] / max(1, directions["rose"] + directions["fell"])
    print(f"trend answers: {said}; rose {rose:.1%} of rose or fell")
    print("\n".join(render_trends(trend_counts(pairs))))
    print("\n".join(render_forms(form_counts(questions))))
    print("\n".join(render_one_step(one_step_counts(pairs))))
    print("\n".join(render_shapes(shape_counts(pairs))))
    print(render_agreement(agreement_counts(pairs)))
    within, asked = asks_no_more(questions, "verify_with_chart", "L4", "L2")
    print(
        f"verify L4 asking no more than a verify L2 of its verdict (crossmodal_measures): {within} of {asked}"
    )
    off = Counter(
        f"{q.category} {q.difficulty} {o}" for m, q in pairs if (o := mean_off_claim(m, q)) is not None
    )
    said = ", ".join(f"{c} {off[f'{c} True']} of {off[f'{c} True'] + off[f'{c} False']}" for c in _L3_MEANS)
    print(f"L3 means on a claim about one mark, not over its entity's years (crossmodal_measures): {said}")
    print("\n".join(render_guesses(guess_counts(pairs))))
    print("\n".join(render_legend(legend_counts(pairs))))
    print("\n".join(render_cues(*colour_cue_counts(pairs))))
    asked, flows = item_of_flow_counts(pairs)
    said = "questions asking which item a mark is, answered by a flow between two (cue_measures)"
    print(f"{said}: {flows} of {asked}")
    named = highlight_named_counts(pairs)
    cells = sorted(k.removesuffix("/of") for k in named if k.endswith("/of"))
    said = ", ".join(f"{c} {named[c]} of {named[f'{c}/of']}" for c in cells)
    print(f"L5 questions asking by colour for a series the chart's highlight names (cue_measures): {said}")
    named = pointer_answered_counts(pairs)
    cells = sorted(k.removesuffix("/of") for k in named if k.endswith("/of"))
    said = ", ".join(f"{c} {named[c]} of {named[f'{c}/of']}" for c in cells)
    print(
        f"L5 questions whose answer names a highlighted item, printed by its pointer (cue_measures): {said}"
    )
    print(render_case(case_counts(pairs)))
    print(render_case(common_counts(pairs), "a legend name that is a common noun"))
    print("\n".join(render_overlap(hidden_counts(pairs))))
    print("\n".join(render_colour_hops(colour_hop_counts(pairs))))
    print("\n".join(render_prose(prose)))
    print("\n".join(render_overlap(hidden_counts(pairs, drawn), " at the slot it is drawn in")))
    print("\n".join(render_sorted(sorted_end_counts(pairs))))
    print("\n".join(render_reuse(reuse_counts(reports))))
    print("\n".join(render_precision(precision_counts(pairs))))
    print("\n".join(render_periods(period_counts(pairs), verdict_counts(pairs), colour_skip_counts(pairs))))
    print("\n".join(render_types(type_counts(reports))))
    print("\n".join(render_spread_levels(spread_levels(reports))))
    print(render_ranks(rank_counts(pairs)))
    print("\nverdict balance (largest class, 95% Clopper-Pearson interval)")
    for category, counts in sorted(verdict_balance(questions).items()):
        total = sum(counts.values())
        top, n = counts.most_common(1)[0]
        low, high = binomtest(n, total).proportion_ci(0.95)
        flag = "" if n / total <= MAX_VERDICT_SHARE else f"  > {MAX_VERDICT_SHARE:.0%}"
        said = ", ".join(f"{v} {c}" for v, c in sorted(counts.items()))
        print(f"  {category}: {said}; {top} {n / total:.1%} [{low:.2f}, {high:.2f}]{flag}")
    print("\nclosed answers per (category, level, family): largest class, 95% Clopper-Pearson interval")
    for (category, level, family), counts in sorted(closed_balance(questions).items()):
        print(f"  {category} {level} {family}: {_largest(counts)}")
    matches = [c.matches for c in claims]
    majority = max(sum(matches), len(matches) - sum(matches)) / len(matches) if matches else 0.0
    print(f"\nverify_with_chart claims: {len(claims)}, majority share {majority:.2f}")
    gaps = [(c.matches, c.gap) for c in claims]
    print(f"  best threshold on |claimed - charted| / |charted|: {threshold_accuracy(gaps):.2f}")
    # a claim about a small mark (on a chart read off its axis, read the least precisely) or a large one
    sizes = threshold_accuracy([(c.matches, c.size) for c in claims])
    print(f"  best threshold on the mark's size (relative to its chart's largest): {sizes:.2f}")
    scaled = threshold_accuracy([(c.matches, c.scaled_gap) for c in claims])
    print(f"  best threshold on |claimed - charted| / the chart's largest value: {scaled:.2f}")
    for verdict in (True, False):
        for labelled in (True, False):
            dists = [c.gap for c in claims if c.matches is verdict and c.labelled is labelled]
            if dists:
                where = "labelled" if labelled else "read off the axis"
                beyond = sum(g > MATCH_SHARE for g in dists) / len(dists)
                print(
                    f"  {'matches' if verdict else 'misses'} {where}: {len(dists)}, distance from the "
                    f"mark median {statistics.median(dists):.1%} [{min(dists):.1%}, {max(dists):.1%}], "
                    f"beyond {MATCH_SHARE:.0%}: {beyond:.0%}"
                )
    shuffled = _shuffled(claims)
    for name in FEATURES:
        chance = statistics.fmean(feature_accuracy(s, name) for s in shuffled)
        accuracy = feature_accuracy(claims, name)
        print(f"  best rule on {name}: {accuracy:.2f} (verdicts shuffled: {chance:.2f})")


def _largest(counts: Counter[str]) -> str:
    """The classes' counts, the largest's share and its 95% Clopper-Pearson interval."""
    total = sum(counts.values())
    top, n = counts.most_common(1)[0]
    low, high = binomtest(n, total).proportion_ci(0.95)
    said = ", ".join(f"{v} {c}" for v, c in sorted(counts.items()))
    return f"{said}; {top} {n / total:.1%} [{low:.2f}, {high:.2f}]"


def _shuffled(claims: list[ClaimFeatures], times: int = 200) -> list[list[ClaimFeatures]]:
    """``claims`` with their verdicts shuffled (seeded), ``times`` over: what a rule on a feature
    reaches by chance, with as many values to fit as the feature has."""
    rng = np.random.default_rng(0)
    verdicts = [c.matches for c in claims]
    return [
        [replace(c, matches=bool(m)) for c, m in zip(claims, rng.permutation(verdicts), strict=True)]
        for _ in range(times)
    ]


if __name__ == "__main__":
    main()
