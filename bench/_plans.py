"""The plan-only runs of the measuring scripts (``question_measures``, ``world_plausibility``):
``--config``, ``--seed`` and ``--n-docs``, and each document's planned manifest."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from generation.document.content import plan_document
from generation.plan.config import GenerationConfig, load_config
from generation.plan.doc_plan import DocumentPlan
from synthdocbench_tasks.schema import DocumentManifest


def plan_run(description: str) -> tuple[argparse.Namespace, GenerationConfig]:
    """The command line's arguments and the run's config."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--config", type=Path, default=Path("configs/paper.yaml"))
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--n-docs", type=int, required=True)
    args = parser.parse_args()
    return args, load_config(args.config, seed=args.seed, n_docs=args.n_docs)


def plans(config: GenerationConfig, n_docs: int) -> Iterator[DocumentPlan]:
    """Each document's plan: its manifest and its text (nothing rendered)."""
    for index in range(n_docs):
        yield plan_document(config, index)


def manifests(config: GenerationConfig, n_docs: int) -> Iterator[DocumentManifest]:
    """Each document's manifest, planned (nothing rendered)."""
    for plan in plans(config, n_docs):
        yield plan.manifest


def level_share_lines(levels: Counter[tuple[str, str]]) -> list[str]:
    """One line per subset: its questions and each level's share of them."""
    out = []
    for subset in sorted({s for s, _ in levels}):
        n = sum(v for (s, _), v in levels.items() if s == subset)
        shares = "  ".join(f"{lv} {levels[(subset, lv)] / n:.1%}" for lv in ("L1", "L2", "L3", "L4", "L5"))
        out.append(f"{subset:12} {n:5}  {shares}")
    return out
