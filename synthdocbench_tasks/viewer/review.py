"""The human review kit: a stratified sample of questions and the reviewer's verdict file.

The sample is drawn per stratum (subset x level) in proportion to its size, at least one
question from every stratum while ``n`` allows, with an RNG seeded from a digest of the
seed and the stratum (never the global ``random``): the same dataset, ``n`` and seed give
the same sample. Verdicts go to a JSONL file, one line per question (the latest verdict),
rewritten atomically on every click, so a closed page or a killed server loses nothing.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from ..atomic import write_text_atomic
from ..errors import SynthDocUserError

VERDICTS = ("valid", "ambiguous", "wrong_reference", "not_answerable", "illegible")


def _rng(seed: int, stratum: str) -> np.random.Generator:
    digest = hashlib.sha256(f"review:{seed}:{stratum}".encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big"))


def _allocate(sizes: dict[str, int], n: int) -> dict[str, int]:
    """Questions per stratum: one each first (largest strata first), the rest proportionally."""
    total = sum(sizes.values())
    if n >= total:
        return dict(sizes)
    order = sorted(sizes, key=lambda k: (-sizes[k], k))
    take = {k: 0 for k in sizes}
    for k in order[:n]:
        take[k] = 1
    left = n - sum(take.values())
    if left > 0:
        quotas = {k: (sizes[k] - take[k]) * left / max(1, total - sum(take.values())) for k in sizes}
        for k in sizes:
            take[k] += int(quotas[k])
        rest = n - sum(take.values())
        for k in sorted(sizes, key=lambda k: (-(quotas[k] - int(quotas[k])), k)):
            if rest <= 0:
                break
            if take[k] < sizes[k]:
                take[k] += 1
                rest -= 1
    return take


def stratified_sample(questions: Sequence[dict[str, Any]], n: int, seed: int) -> list[str]:
    """``n`` question ids stratified by subset and level, in a stable order."""
    if n < 1:
        raise SynthDocUserError(f"--sample must be at least 1, got {n}")
    strata: dict[str, list[str]] = defaultdict(list)
    for q in questions:
        strata[f"{q.get('subset')}/{q.get('difficulty')}"].append(str(q["question_id"]))
    take = _allocate({k: len(v) for k, v in strata.items()}, n)
    chosen: list[str] = []
    for stratum in sorted(strata):
        ids = sorted(strata[stratum])
        picks = _rng(seed, stratum).choice(len(ids), size=take[stratum], replace=False)
        chosen += [ids[i] for i in sorted(picks)]
    return chosen


class VerdictStore:
    """One reviewer's verdicts, one JSON line per question, saved atomically on each change."""

    def __init__(self, path: Path, reviewer: str) -> None:
        self.path = path
        self.reviewer = reviewer
        self._lock = threading.Lock()
        self._entries: dict[str, dict[str, Any]] = {}
        for entry in read_verdicts(path) if path.exists() else []:
            self._entries[entry["question_id"]] = entry

    def state(self) -> dict[str, Any]:
        with self._lock:
            return {"reviewer": self.reviewer, "verdicts": dict(self._entries), "choices": list(VERDICTS)}

    def record(
        self, question_id: str, verdict: str, comment: str, strata: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Save one verdict (``strata``: the question's subset and level, for the report)."""
        entry = {
            **(strata or {}),
            "question_id": question_id,
            "verdict": verdict,
            "comment": comment,
            "reviewer": self.reviewer,
            "time": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        with self._lock:
            entries = {**self._entries, question_id: entry}
            text = "".join(json.dumps(e, ensure_ascii=False, sort_keys=True) + "\n" for e in entries.values())
            write_text_atomic(self.path, text)
            self._entries = entries
        return entry


def read_verdicts(path: Path) -> list[dict[str, Any]]:
    """The verdict lines of ``path``; one clear line naming the file and line on bad input."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SynthDocUserError(
            f"cannot read the verdict file {path}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    entries = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
        except json.JSONDecodeError:
            raise SynthDocUserError(
                f"{path}:{number}: not JSON; a verdict file has one JSON object per line "
                "(written by `synthdocbench review`)"
            ) from None
        if not isinstance(entry, dict) or not isinstance(entry.get("question_id"), str):
            raise SynthDocUserError(f"{path}:{number}: a verdict line needs a question_id")
        if entry.get("verdict") not in VERDICTS:
            raise SynthDocUserError(
                f"{path}:{number}: verdict {entry.get('verdict')!r} is not one of {', '.join(VERDICTS)}"
            )
        entries.append(entry)
    return entries
