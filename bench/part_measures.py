"""How the report's text names a pie's or donut's part in a claim ("the Africa share of tourist
arrivals"): plan-only, over many documents, the claims about a pie or donut part whose name the
sentence lower-cases although it is no common noun (a country, a region, a city keeps its capitals:
``charts.names.common_noun`` decides, as it does for the questions' legend names), and those it keeps.

    PYTHONPATH=$PWD python bench/part_measures.py --config configs/paper.yaml --seed S --n-docs 200
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, where bench/generation.py would
# shadow the package: the repository root takes its place.
_BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(_BENCH.parent) if Path(p or ".").resolve() == _BENCH else p for p in sys.path]

from generation.charts.names import common_noun
from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.world.space import topic_by_title

PARTED = ("pie", "donut")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--n-docs", type=int, default=200)
    args = parser.parse_args()
    config = load_config(args.config).model_copy(update={"seed": args.seed, "n_docs": args.n_docs})
    counts: Counter[str] = Counter()
    examples: list[str] = []
    for index in range(args.n_docs):
        manifest = plan_document(config, index).manifest
        charts = {c.vizId: c for c in manifest.charts if c.chartType in PARTED}
        topic = topic_by_title(manifest.topic)
        for fact in manifest.text_facts:
            v = fact.values
            chart = charts.get(v.get("viz_id", ""))
            if chart is None or v.get("kind") not in ("chart_claim", "chart_quote"):
                continue
            part = v.get("label", "")
            proper = part[:1].isupper() and not common_noun(part, topic)
            lowered = f"the {part.lower()} share of" in v.get("subject", "") and part.lower() != part
            kept = f"the {part} share of" in v.get("subject", "")
            counts["claims on a pie or donut part"] += 1
            written = "lower-cased" if lowered else "kept" if kept else "other"
            counts[f"{'proper name' if proper else 'common noun'} {written}"] += 1
            if proper and lowered and len(examples) < 8:
                examples.append(f"  {manifest.doc_id} {chart.vizId}: {v.get('subject')!r} ({part!r})")
    for key, n in sorted(counts.items()):
        print(f"{key}: {n}")
    print("\n".join(examples))


if __name__ == "__main__":
    main()
