"""How plausible a plan-only run's fact tables are, read against the theme data (issue 24, point 2).

Usage: ``python bench/world_plausibility.py --config configs/paper.yaml --seed 9983 --n-docs 60``

The plausibility rule (``generation.validate.plausibility``) checks the composed limits of a
topic; this script reads the values against what the theme data says instead, so a defect in
composing the limits shows too: an intensive metric's value outside its theme's ``low``/``high``,
and a scaled metric's value more than twice outside its entity's band (the theme's range scaled
to the entity's size, before any widening). It prints both counts and the furthest cases, then
the measures of ``generation.validate.plausibility``: box plots and histograms across an entity's
parts drawn at the entity's scale (``part_scale_ratios``), series against their metric's known
direction, facts before its first year and flat series (``direction_breaks``), and counts of
people read as a rate of their entity's population (``population_share_breaks``), and the first
year's level of a metric that begins in the period (``launch_levels``), countries that do not
fit what their theme needs (``unfit_entities``) or lie outside the place their title names
(``place_breaks``), series of a theme whose premise is a shock that do not show it
(``shock_breaks``), metrics every entity of a report changes alike on (``alike_moves``),
landlocked countries given a metric or a mix part that needs a coast (``coast_breaks``), events
answering a shock dated in or before it (``shock_event_breaks``), sentences citing a cause that
presupposes a shock the report lacks or before it (``shock_cause_breaks``) and how many themes
the run reports on.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import plan_run, plans
from generation.questions.elsewhere import report_text
from generation.validate.plausibility import (
    PART_SCALE_LIMIT,
    alike_moves,
    coast_breaks,
    direction_breaks,
    launch_levels,
    part_scale_ratios,
    place_breaks,
    population_share_breaks,
    shock_breaks,
    shock_cause_breaks,
    shock_event_breaks,
    unfit_entities,
)
from generation.world import space
from generation.world.ranges import compose_metric


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    by_title = {p.title: p for p in space.pairs()}
    intensive = outside = scaled = far = 0
    worst: list[tuple[float, str, str, str, float, tuple[float, float]]] = []
    parts: dict[str, list[float]] = {"histogram": [], "box": []}
    against: list[str] = []
    early: list[str] = []
    directed = dated = flat = 0
    shares = [0, 0, 0, 0]
    share_lines: list[str] = []
    launches: list[str] = []
    launched = 0
    unfit: list[str] = []
    needing = 0
    misplaced: list[str] = []
    unshocked: list[str] = []
    alike: list[str] = []
    coastless: list[str] = []
    coasted = 0
    early_events: list[str] = []
    shock_events = 0
    unpremised: list[str] = []
    premise_causes = 0
    moving = 0
    shocks = [0, 0, 0, 0]  # series without their shock, such series, reports without one, such reports
    placed = 0
    theme_counts: Counter[str] = Counter()
    for plan in plans(config, args.n_docs):
        manifest = plan.manifest
        lines, counted = shock_cause_breaks(manifest, report_text(plan))
        unpremised, premise_causes = (
            unpremised + [f"{manifest.doc_id}: {b}" for b in lines],
            premise_causes + counted,
        )
        lines, counted = unfit_entities(manifest)
        unfit, needing = unfit + lines, needing + counted
        lines, counted = place_breaks(manifest)
        misplaced, placed = misplaced + lines, placed + counted
        lines, counted = alike_moves(manifest)
        alike, moving = alike + [f"{manifest.doc_id}: {b}" for b in lines], moving + counted
        lines, counted = coast_breaks(manifest)
        coastless, coasted = coastless + [f"{manifest.doc_id}: {b}" for b in lines], coasted + counted
        lines, counted = shock_event_breaks(manifest)
        early_events, shock_events = (
            early_events + [f"{manifest.doc_id}: {b}" for b in lines],
            shock_events + counted,
        )
        lines, counted, blank, premised = shock_breaks(manifest)
        unshocked += [f"{manifest.doc_id}: {b}" for b in lines[:1]]
        shocks = [a + b for a, b in zip(shocks, (len(lines), counted, blank, premised), strict=True)]
        pair = by_title.get(manifest.topic)
        theme_counts[pair.theme["key"] if pair is not None else manifest.topic] += 1
        types = {c.vizId: c.chartType for c in manifest.charts}
        for viz, ratio in part_scale_ratios(manifest):
            parts[types[viz]].append(ratio)
        breaks = direction_breaks(manifest)
        against += [f"{manifest.doc_id}: {b}" for b in breaks[0]]
        early += [f"{manifest.doc_id}: {b}" for b in breaks[2]]
        directed, dated, flat = directed + breaks[1], dated + breaks[3], flat + breaks[4]
        off_range, counted, off_rate, compared = population_share_breaks(manifest)
        for i, n in enumerate((len(off_range), counted, len(off_rate), compared)):
            shares[i] += n
        share_lines += [f"{manifest.doc_id}: {b}" for b in off_range[:1]]
        far_launches, counted = launch_levels(manifest)
        launches += [f"{manifest.doc_id}: {b}" for b in far_launches]
        launched += counted
        if pair is None:
            continue  # a topic of the fixed bank: no theme data
        records = {r["name"]: r for r in [*pair.theme["metrics"], pair.theme["mix"]["metric"]]}
        bands = {name: compose_metric(r, pair.entities).bands for name, r in records.items()}
        for f in manifest.world.facts:
            rec = records.get(f.metric)
            if rec is None or f.part or (f.period.isdigit() and int(f.period) in rec.get("shock", {})):
                continue  # a fact the theme's shock moves is read by shock_breaks
            if rec.get("per") or rec.get("cap"):
                lo, hi = bands[f.metric][f.entity]
                scaled += 1
                if f.value < lo / 2 or f.value > hi * 2:
                    far += 1
                    off = max(lo / max(f.value, 1e-12), f.value / hi)
                    worst.append((off, manifest.doc_id, f.metric, f.entity, f.value, (lo, hi)))
            else:
                intensive += 1
                outside += not float(rec["low"]) - 1e-9 <= f.value <= float(rec["high"]) + 1e-9
    print(f"{args.config} seed {args.seed}, {args.n_docs} documents, plan only")
    print(f"  intensive facts outside their theme's range: {outside} of {intensive}")
    share = far / scaled if scaled else 0.0
    print(f"  scaled facts more than 2x outside their entity's band: {far} of {scaled} ({share:.1%})")
    for off, doc, metric, entity, value, (lo, hi) in sorted(worst, reverse=True)[:5]:
        print(f"    {off:.1f}x: {doc} {metric} for {entity} is {value:g}, band {lo:g}-{hi:g}")

    for kind, ratios in parts.items():
        high = sum(r > PART_SCALE_LIMIT for r in ratios)
        largest = f", largest {max(ratios):.0f}x" if ratios else ""
        what = f"{kind}{'es' if kind == 'box' else 's'} of an additive metric across parts"
        print(f"  {what} implying > {PART_SCALE_LIMIT:g}x the entity: {high} of {len(ratios)}{largest}")
    print(f"  series against their metric's known direction (>5%): {len(against)} of {directed}")
    print(f"  facts before their metric's first year: {len(early)} of {dated}")
    print(f"  series of metrics without a direction within 4% of their start: {flat}")
    print(f"  counts of people outside their population rate's range: {shares[0]} of {shares[1]}")
    print(f"  counts of people more than 2x off the report's rate that year: {shares[2]} of {shares[3]}")
    late = f"{len(launches)} of {launched}"
    print(f"  first-year facts of a metric that begins in the period, far from its start: {late}")
    print(f"  countries that do not fit their theme's needs: {len(unfit)} of {needing}")
    print(f"  countries outside the place their report's title names: {len(misplaced)} of {placed}")
    print(f"  series of a shock premise that do not show it in its first year: {shocks[0]} of {shocks[1]}")
    print(f"  reports of a shock premise none of whose series shows it: {shocks[2]} of {shocks[3]}")
    print(
        f"  metrics whose every entity changes alike (within 20% of their median): {len(alike)} of {moving}"
    )
    print(f"  landlocked countries given a metric that needs a coast: {len(coastless)} of {coasted}")
    print(
        f"  events answering a shock dated in or before its first year: {len(early_events)} of {shock_events}"
    )
    print(
        f"  sentences citing a shock's cause without it or before it: {len(unpremised)} of {premise_causes}"
    )
    top = theme_counts.most_common(1)[0] if theme_counts else ("-", 0)
    print(f"  themes: {len(theme_counts)} of {len(space.themes())}, largest {top[1]} ({top[0]})")
    found = [
        against,
        early,
        share_lines,
        launches,
        unfit,
        misplaced,
        unshocked,
        alike,
        coastless,
        early_events,
        unpremised,
    ]
    for line in [line for lines in found for line in lines[:3]]:
        print(f"    {line}")


if __name__ == "__main__":
    main()
