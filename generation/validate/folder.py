"""``synthdocbench validate``: every document folder of a generation run checked again (questions,
legibility tallies), in parallel workers, and the report it prints.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generation.plan.config import GenerationConfig
from generation.plan.folders import is_finished
from generation.plan.workers import worker_context
from generation.questions.build import make_questions
from generation.validate.legibility import DocumentLegibility
from generation.validate.legibility_model import LegibilityTally
from generation.validate.rules import RULES, Rejection, validate_questions
from synthdocbench_tasks.progress import progress_bar
from synthdocbench_tasks.schema import (
    DocumentManifest,
    Question,
)


@dataclass
class ValidationReport:
    """What :func:`validate_dir` found: counts per rule, now and as recorded at generation."""

    gen_dir: Path
    documents: int = 0
    checked: int = 0
    passed: int = 0
    #: questions failing each rule now (a question failing two rules counts under both)
    failures: Counter[str] = field(default_factory=Counter)
    #: rejections the generator logged in rejected.jsonl, per rule
    recorded: Counter[str] = field(default_factory=Counter)
    rejections: list[Rejection] = field(default_factory=list)
    #: documents that could not be checked: (doc_id, one-line reason)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    regenerated: bool = False
    legibility: LegibilityTally = field(default_factory=LegibilityTally)

    @property
    def ok(self) -> bool:
        return not self.failures and not self.unreadable and self.documents > 0

    def summary(self, examples: int = 5) -> str:
        """A printable report: one line per rule, then a few failing questions."""
        what = "regenerated from the manifests" if self.regenerated else "in questions.jsonl"
        lines = [
            f"Validated {self.documents} documents in {self.gen_dir}: {self.checked} questions {what}, "
            f"{self.passed} pass every rule, {self.checked - self.passed} fail.",
            f"{'rule':<24}{'failing now':>12}{'logged at generation':>22}",
        ]
        for rule in RULES:
            lines.append(f"{rule:<24}{self.failures.get(rule, 0):>12}{self.recorded.get(rule, 0):>22}")
        for doc_id, reason in self.unreadable:
            lines.append(f"not checked: {doc_id}: {reason}")
        for r in self.rejections[:examples]:
            lines.append(f"  {r.question_id} [{r.rule}] {r.detail}")
        if len(self.rejections) > examples:
            lines.append(f"  ... and {len(self.rejections) - examples} more")
        lines.append(self.legibility.table(examples))
        return "\n".join(lines)


def validate_dir(gen_dir: Path, regenerate: bool = False, workers: int | None = None) -> ValidationReport:
    """Re-run every rule on a ``synthdocbench generate`` folder (docs/data-layout.md).

    Checks each finished document's questions.jsonl against its manifest.json and
    document.pdf, and tallies the rules logged in rejected.jsonl. With ``regenerate``, the
    questions are made again from the manifest with the folder's config.json (so the counts
    show what generation rejects, not only what survived it). Documents are checked in
    ``workers`` processes (default: one per CPU); the report is the same for any number.
    """
    docs = gen_dir / "docs"
    if not docs.is_dir():
        raise FileNotFoundError(
            f"{gen_dir} has no docs/ folder; point to the --out folder of synthdocbench generate"
        )
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    config = None
    if regenerate:
        config_path = gen_dir / "config.json"
        if not config_path.is_file():
            raise FileNotFoundError(f"{config_path} is missing; --regenerate needs the run's config.json")
        config = GenerationConfig.model_validate_json(config_path.read_text(encoding="utf-8"))
    report = ValidationReport(gen_dir=gen_dir, regenerated=regenerate)
    folders = sorted(p for p in docs.iterdir() if p.is_dir())
    n = min(workers or os.cpu_count() or 1, len(folders))
    results: dict[Path, _FolderResult] = {}
    with progress_bar("validating", len(folders)) as advance:
        if n <= 1:
            for folder in folders:
                advance()
                results[folder] = _check_folder(folder, config)
        else:
            preload = (
                "generation.document.regions",
                "generation.validate.rules",
            )  # regions: PyMuPDF without ONNX
            with cf.ProcessPoolExecutor(n, mp_context=worker_context(preload)) as pool:
                futures = {pool.submit(_check_folder, folder, config): folder for folder in folders}
                for fut in cf.as_completed(futures):
                    advance()
                    results[futures[fut]] = fut.result()
    for folder in folders:  # in folder order, whatever order the workers finished in
        results[folder].add_to(report)
    return report


@dataclass
class _FolderResult:
    """What checking one document folder found (sent back from a worker process)."""

    doc_id: str
    unreadable: str | None = None
    checked: int = 0
    passed: int = 0
    rejected: list[Rejection] = field(default_factory=list)
    recorded: list[str] = field(default_factory=list)
    legibility: DocumentLegibility | None = None

    def add_to(self, report: ValidationReport) -> None:
        if self.unreadable is not None:
            report.unreadable.append((self.doc_id, self.unreadable))
            return
        report.documents += 1
        report.checked += self.checked
        report.passed += self.passed
        report.failures.update(rule for _, rule in {(r.question_id, r.rule) for r in self.rejected})
        report.recorded.update(self.recorded)
        report.rejections.extend(self.rejected)
        if self.legibility is not None:
            report.legibility.add(self.legibility)


def _check_folder(folder: Path, config: Any) -> _FolderResult:
    """Check one document folder of a ``synthdocbench generate`` run (``config`` set: regenerate)."""
    if not is_finished(folder):
        return _FolderResult(folder.name, unreadable="unfinished (no DONE file)")
    try:
        manifest = DocumentManifest.model_validate_json(
            (folder / "manifest.json").read_text(encoding="utf-8")
        )
        if config is not None:
            questions = make_questions(manifest, config)
        else:
            questions = [Question.model_validate_json(line) for line in _lines(folder / "questions.jsonl")]
        result = validate_questions(manifest, questions, (folder / "document.pdf").read_bytes())
        recorded = [json.loads(line)["rule"] for line in _lines(folder / "rejected.jsonl")]
    except (OSError, ValueError, KeyError) as exc:
        return _FolderResult(folder.name, unreadable=(str(exc).splitlines() or [type(exc).__name__])[0])
    return _FolderResult(
        folder.name,
        checked=len(questions),
        passed=len(result.accepted),
        rejected=result.rejected,
        recorded=recorded,
        legibility=result.legibility,
    )


def _lines(path: Path) -> list[str]:
    if not path.is_file():
        return []
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
