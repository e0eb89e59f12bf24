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


#: Digests since chart types are drawn by per-type digests (was 081241c's output before that),
#: re-frozen on branch prose for issue 24 points 3-4 (paragraph plan, lead-ins and interpretations,
#: masked-template redraws, no appended tails, ranks said "of the three", agreeing headings).
FROZEN = {
    "5-d3-0": "f9602feadf35934afdc4fa769cb9ac9d3d86be692d27542015e87712bf2d97dd",
    "5-d3-1": "ffde504817386c0cf835f27251ee6ce3e936730554cd53aff4b43b242b293c9f",
    "5-d3-2": "3b4915d94e14f02096b1f221f6c7070d6dd5f59415e3e2aa0ddc55bc9d8d4823",
    "5-d3-3": "5449148a78d49e1c6dfc0bc74fa0162afce962314217236cb1ef58584039683e",
    "3-matplotlib-0": "aff0f160fb177624813762ba8c800d2f68e93905c0d8ac3081302860858298a1",
    "3-matplotlib-1": "04b7617892c7be135dde3433d11186381edc25660aa3f4bc948575e9b35ce586",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
