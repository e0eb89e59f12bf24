"""Print the paper's Table 2 view (and the per-task rows) from lmms-eval sample logs.

    python -m synthdocbench_tasks.mmdocbench.report results/*/*_samples_mmdocbench_*.jsonl

Scores are macro-averaged sub-task -> task -> capability -> overall and shown x100, in
both modes (paper definitions, and the published computation as ``ref``; the ``ref``
columns keep only the paper's 48 (task, sub-task) pairs, as the published code does).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..errors import SynthDocUserError
from ..grounding.aggregate import macro_average
from ..records import MMDocRecord
from ..samples_log import read_samples
from .taxonomy import CAPABILITIES, TASKS, is_published_pair

COLUMNS = ("em", "f1", "iou", "iou50", "em_ref", "f1_ref", "iou_ref", "iou20_ref", "iou50_ref", "iou70_ref")


def read_records(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """The MMDocBench record of every line of ``paths`` (checked: :class:`MMDocRecord`)."""
    return [sample.raw for path in paths for sample in read_samples(path, MMDocRecord)]


def table(records: Sequence[dict[str, Any]]) -> list[tuple[str, dict[str, float]]]:
    """Rows (label, {metric: value x100}): overall, each capability, each task."""
    published = [r for r in records if is_published_pair(r)]
    averages = {m: macro_average(published if m.endswith("_ref") else records, m) for m in COLUMNS}
    keys: list[tuple[str, tuple[str, ...]]] = [("overall", ())]
    keys += [(c, (c,)) for c in CAPABILITIES]
    keys += [(f"  {t.name}", (t.capability, t.name)) for t in TASKS]
    return [
        (label, {m: 100 * averages[m].get(key, math.nan) for m in COLUMNS})
        for label, key in keys
        if key in averages[COLUMNS[0]]
    ]


def main(argv: Sequence[str] | None = None) -> int:
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)]
    if not paths:
        print("usage: python -m synthdocbench_tasks.mmdocbench.report SAMPLES.jsonl...", file=sys.stderr)
        return 2
    try:
        rows = table(read_records(paths))
    except SynthDocUserError as exc:
        print(f"mmdocbench report: {exc}", file=sys.stderr)
        return 2
    print(f"{'':34}" + "".join(f"{c:>9}" for c in COLUMNS))
    for label, values in rows:
        print(f"{label:34}" + "".join(f"{values[c]:9.2f}" for c in COLUMNS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
