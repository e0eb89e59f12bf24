"""The generator's output, frozen by digest: a move or a refactor must leave it byte-identical.

The digests cover what Python writes for each document (the plan with its manifest, the HTML with
a fixed stand-in for D3, the plan-only questions, the targets) for paper-config documents (D3)
and matplotlib documents. A change that alters the output on purpose updates ``FROZEN`` in a
commit of its own that says why (regenerate with ``python -m tests.generation.test_output_digest``).
The PDF itself depends on the Chromium build, so it is compared by a whole run in the docs'
procedure instead (docs/generation.md, "Checking that a refactor changes nothing")."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.document.layout import render_html
from generation.document.targets import document_targets
from generation.plan.config import GenerationConfig, load_config
from generation.questions.build import make_questions

ROOT = Path(__file__).resolve().parents[2]


def _configs() -> list[tuple[GenerationConfig, int]]:
    paper = load_config(ROOT / "configs" / "paper.yaml")
    return [
        (paper.model_copy(update={"seed": 5, "n_docs": 4}), 4),
        (GenerationConfig(seed=3, n_docs=2, renderer="matplotlib"), 2),
    ]


def document_digest(config: GenerationConfig, index: int) -> str:
    plan = plan_document(config, index)
    h = hashlib.sha256()
    h.update(plan.model_dump_json().encode())
    h.update(render_html(plan, "/*d3*/").encode())
    for q in make_questions(plan.manifest, config):
        h.update(q.model_dump_json().encode())
    h.update(json.dumps(document_targets(config, index).as_json(), sort_keys=True).encode())
    return h.hexdigest()


def digests() -> dict[str, str]:
    return {
        f"{config.seed}-{config.renderer}-{i}": document_digest(config, i)
        for config, n in _configs()
        for i in range(n)
    }


#: Digests after charts54 (stacked-bar outlines, sparkline year ticks; regenerate on purpose, in a
#: commit of its own).
FROZEN = {
    "5-d3-0": "520f9c853114d39fb632744f7362544e39ce067fbff71f58108f4cafc326c53d",
    "5-d3-1": "6e997464d83a1551206ae26bb04e1fe3eeaa298493dc47471560780c5619464f",
    "5-d3-2": "105c9fc79e0049a30114637334bceb0f1b61619cbb47c997e7d86131efa2b890",
    "5-d3-3": "294b8f2eddbe1ec6a171fd49dc74edfc643bd24126ccb1759e24275f63c42f84",
    "3-matplotlib-0": "68ae5bcb57c983cf85f57c0e85840393483bf19060d2b48f40d4c18f648a0360",
    "3-matplotlib-1": "b99074eee4982992e434103da88c7bd91b4cb1c094cda9813fbf780a44df6892",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
