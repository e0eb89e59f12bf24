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


#: Digests after the issue 22-24 work merged on main (regenerate on purpose, in a commit of its own).
FROZEN = {
    "5-d3-0": "2bec42b0707f7b00b69bef17ace5d6e46ea254d5d4073320685325b53b5318d3",
    "5-d3-1": "c7f43d1a3d3ee0348bcdbbe30d366e57109759a961c9cda1989f2c3b7c04a243",
    "5-d3-2": "112fc0e4420261591793d684c7748a0565546a3c410b72ed047cd77df25c63dd",
    "5-d3-3": "a96618eb7df271db7ae6766f506ba601e1ef692d027a7b080cb6228701110750",
    "3-matplotlib-0": "e3606bfe0bd837dbeedffdbb9d940f5bb78fc6b1115cd257fa35cf9c687a8011",
    "3-matplotlib-1": "2814f1e4fa8ed52308057fa5097902b48c3db0b411519f02d858c5894564ccf5",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
