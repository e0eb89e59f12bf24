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


#: Digests after issue 23's verdicts3 work (chart and trend claims in pairs; complex, then verdict slots
#: try their own cell first; regenerate on purpose, in a commit of its own).
FROZEN = {
    "5-d3-0": "824930aa303f5de46d2ceea4c66b69b2881b1eab4412b6d08420000e3c0acd4b",
    "5-d3-1": "e5e760883ff34767867669eca9305e30bd2659517a1611ae2e0461563bfc4526",
    "5-d3-2": "287dbb2a3f86a1547d1cd10adf9a3f81e4b1526195fd6c2789fba4965f2c9013",
    "5-d3-3": "9544e7724e41205a12510b40b7bb6e0bdcd183105c0d8bf3aed0d0c85e631da2",
    "3-matplotlib-0": "4864c7cf439cb26ccdd4a01fd4abcd8fa927df5f101ceb49a64794af759578c5",
    "3-matplotlib-1": "8099394688c84bb136d379f472a340ac84880d04ca7ac86a1f974d5c67cba739",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
