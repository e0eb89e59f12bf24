"""Which MMDocBench tasks a local TSV holds rows of, so that ``synthdocbench eval`` runs those
and names the others in one line, instead of lmms-eval stopping the whole group at the first
task without rows (a partial download, or a TSV cut to a few tasks)."""

from __future__ import annotations

import csv
from pathlib import Path

from ..settings import MMDOCBENCH_VAR
from .data import Source
from .taxonomy import CAPABILITIES, TASKS, classify

#: lmms-eval groups of this package and their tasks.
GROUPS: dict[str, tuple[str, ...]] = {
    "mmdocbench": tuple(t.task_name for t in TASKS),
    **{f"mmdocbench_{c}": tuple(t.task_name for t in TASKS if t.capability == c) for c in CAPABILITIES},
}
_META = ("task", "capability", "category", "reasoning_type", "sub_task", "dataset_name")


def tasks_with_rows(files: list[Path]) -> set[str]:
    """The lmms-eval task names of the rows of these TSV files (already checked by ``check_tsv``)."""
    csv.field_size_limit(1 << 30)
    found: set[str] = set()
    for path in files:
        with path.open(encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                hit = classify({k: row.get(k, "") for k in _META if k in row})
                if hit is not None:
                    found.add(hit[0].task_name)
    return found


def narrow(requested: list[str], source: Source) -> tuple[list[str], str | None]:
    """``requested`` without the MMDocBench tasks a local source has no rows of (groups expanded
    where they lose a task), and one line naming those; unchanged for a Hub source."""
    wanted = [t for t in requested if t.startswith("mmdocbench")]
    if not wanted or source.path != "csv":
        return requested, None
    present = tasks_with_rows([Path(f) for f in source.kwargs["data_files"]["test"]])
    out: list[str] = []
    missing: list[str] = []
    for name in requested:
        members = GROUPS.get(name, (name,)) if name.startswith("mmdocbench") else None
        if members is None or all(m in present for m in members):
            out.append(name)
            continue
        out += [m for m in members if m in present and m not in out]
        missing += [m for m in members if m not in present and m not in missing]
    if not missing:
        return requested, None
    line = (
        f"{MMDOCBENCH_VAR} has no rows of {len(missing)} task(s): {', '.join(missing)}; running the "
        f"{len([t for t in out if t.startswith('mmdocbench')])} MMDocBench task(s) it holds"
    )
    return out, line
