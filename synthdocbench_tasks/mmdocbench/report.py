"""The paper's Table 2 view (and the per-task rows) from lmms-eval sample logs.

``synthdocbench report`` writes it (``mmdocbench.md``) and prints it when its inputs hold
MMDocBench samples logs; this module also runs on its own:

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


def text_table(rows: Sequence[tuple[str, dict[str, float]]]) -> str:
    """The rows as aligned plain text, a header line first: each column as wide as its name
    or its widest value, two spaces apart, right-aligned under its name."""
    cells = [[f"{values[c]:.2f}" for c in COLUMNS] for _, values in rows]
    widths = [max([len(c), *(len(r[i]) for r in cells)]) for i, c in enumerate(COLUMNS)]
    first = max([len(label) for label, _ in rows] + [0])

    def line(label: str, values: Sequence[str]) -> str:
        return f"{label:<{first}}" + "".join(f"  {v:>{w}}" for v, w in zip(values, widths, strict=True))

    out = [line("", COLUMNS)] + [line(label, r) for (label, _), r in zip(rows, cells, strict=True)]
    return "\n".join(text.rstrip() for text in out)


def markdown_table(rows: Sequence[tuple[str, dict[str, float]]]) -> str:
    """The rows as a Markdown page (scores x100; ``ref``: the published computation)."""
    out = [
        "# MMDocBench (Table 2 view)",
        "",
        "Scores x100, macro-averaged sub-task -> task -> capability -> overall; the `_ref` columns "
        "follow the published computation on the paper's 48 (task, sub-task) pairs.",
        "",
        "| | " + " | ".join(COLUMNS) + " |",
        "|---|" + "---:|" * len(COLUMNS),
    ]
    out += [f"| {label.strip()} | " + " | ".join(f"{v[c]:.2f}" for c in COLUMNS) + " |" for label, v in rows]
    return "\n".join(out) + "\n"


def write_report(paths: Sequence[Path], out_dir: Path) -> tuple[Path, str]:
    """Write ``mmdocbench.md`` into ``out_dir`` from the samples logs ``paths``; returns
    its path and the text table (what ``synthdocbench report`` prints)."""
    rows = table(read_records(paths))
    target = out_dir / "mmdocbench.md"
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        target.write_text(markdown_table(rows), encoding="utf-8")
    except OSError as exc:
        raise SynthDocUserError(f"cannot write the report to {out_dir}: {exc.strerror or exc}") from None
    return target, text_table(rows)


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
    print(text_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
