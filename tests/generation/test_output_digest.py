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
    "5-d3-0": "79f022e8e101a19e7315535b709e75d36187a1717d18ad202b9ad7d1a4113b3f",
    "5-d3-1": "fc26123c30871034bcb6589e1d99b6a30edd8b19e5aa0b3f8908caddb7b77d9f",
    "5-d3-2": "58f196a6a3436f426099460b008a09909732e33d77f71f98c8ef589e9b4ad5ca",
    "5-d3-3": "824ab8217cd8e69d87fb1b1d386fb93c054b68bbc16ddba3d07f39fc96cf65c5",
    "3-matplotlib-0": "33babe12491f3d83512e7b743be95fc2290153cfc30e05f9e3235cc451d0996e",
    "3-matplotlib-1": "6d7e322ab1e29d1818ad32b539543b227e5dd50bc17916d77283cd39b751f9f1",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
