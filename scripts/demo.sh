#!/usr/bin/env bash
# The main job on an embedded default: generate 3 documents, export them as a dataset,
# evaluate a CPU model vision-only through the real lmms-eval CLI, print the results.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-runs/demo}
MODEL=${DEMO_MODEL:-synthdoc_ocr_retrieval}

synthdocbench generate --n-docs 3 --seed 7 --out "$OUT/gen"
synthdocbench export "$OUT/gen" --out "$OUT/ds"
SYNTHDOC_DATASET="$OUT/ds" SYNTHDOC_JUDGE="${SYNTHDOC_JUDGE:-offline}" \
  synthdocbench eval --model "$MODEL" --tasks synthdoc --batch_size 1 \
  --output_path "$OUT/results" --log_samples
echo "demo: per-question records (answer, score, judgement, strata) are in:"; find "$OUT/results" -name "*_samples_synthdoc_*.jsonl" | sort
SYNTHDOC_DATASET="$OUT/ds" synthdocbench report "$OUT/results" --out "$OUT/report"
echo "demo: the report (tables, figures, bootstrap CIs) is $OUT/report/report.md and report.html"
