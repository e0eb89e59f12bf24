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


#: Digests written by the generator at 081241c (before generation/ was laid out by stage), then
#: re-frozen on branch prose for issue 24 points 3-4 (paragraph plan, lead-ins and interpretations,
#: masked-template redraws, no tails, "of the three" ranks, agreeing headings).
FROZEN = {
    "5-d3-0": "940a6dacb2d79c325231dac36ddc63ca67c8ff2ed13278617b4b666973099800",
    "5-d3-1": "ec32eac3d1e194e57a451b4d504967c8340fa92ea1a7180bd681aa1a7c4d880e",
    "5-d3-2": "fdea55c7176d31255ed568cccf2d06b8eb9225c8be6cd688aabbb1828e492789",
    "5-d3-3": "a135bc6fefd45594bfcade885db483e93592de4199508a939ed10448a9af9a35",
    "3-matplotlib-0": "7c42668e040851110ed8f25a172b3f4aafdaa5332ee998e0b51b9959812531e9",
    "3-matplotlib-1": "853cd245c1331e8f5914178343932539482293b7ff52f731637edc8266ec165f",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
