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


#: Digests written by the generator at 081241c (before generation/ was laid out by stage).
FROZEN = {
    "5-d3-0": "bd6e4ee2bc13d7dd08499e9ae59ab88dec02a6ea0097c200fc78fee406db5694",
    "5-d3-1": "d3ddc2fd22161ea96aaab12f525ad57238bfe883ef2cc934eda58eb36209e8a8",
    "5-d3-2": "288a51e473bd468db24da6614e1d65498623be0dbb046a84df3548c999b02c4c",
    "5-d3-3": "e6e243f4ef4a55a88566480b3a68835eb1574eaefc13e214ed5dfd1560e51fbe",
    "3-matplotlib-0": "ff6ea03e468e8e62aecc6619399800de7eaf2951d5bf95f6c5bcfb7818c3fc9b",
    "3-matplotlib-1": "1ef67c595c1028e17865726c5f59f73967afd012ea3dca2d5f72dc0b82ece62e",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
