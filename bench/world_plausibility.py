"""How plausible a plan-only run's fact tables are, read against the theme data (issue 24, point 2).

Usage: ``python bench/world_plausibility.py --config configs/paper.yaml --seed 9983 --n-docs 60``

The plausibility rule (``generation.validate.plausibility``) checks the composed limits of a
topic; this script reads the values against what the theme data says instead, so a defect in
composing the limits shows too: an intensive metric's value outside its theme's ``low``/``high``,
and a scaled metric's value more than twice outside its entity's band (the theme's range scaled
to the entity's size, before any widening). It prints both counts and the furthest cases.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the ``generation`` package: the repository takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from bench._plans import manifests, plan_run
from generation.world import space


def main() -> None:
    args, config = plan_run((__doc__ or "").splitlines()[0])
    by_title = {p.title: p for p in space.pairs()}
    intensive = outside = scaled = far = 0
    worst: list[tuple[float, str, str, str, float, tuple[float, float]]] = []
    for manifest in manifests(config, args.n_docs):
        pair = by_title.get(manifest.topic)
        if pair is None:
            continue  # a topic of the fixed bank: no theme data
        records = {r["name"]: r for r in [*pair.theme["metrics"], pair.theme["mix"]["metric"]]}
        bands = {name: space._compose_metric(r, pair.entities).bands for name, r in records.items()}
        for f in manifest.world.facts:
            rec = records.get(f.metric)
            if rec is None or f.part:
                continue
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


if __name__ == "__main__":
    main()
