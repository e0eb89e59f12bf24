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


#: Digests written by the generator on branch qchart (issue 23: verdict-first claims, cross-modal and
#: chart question templates, chart references, one question per evidence set, two per chart).
FROZEN = {
    "5-d3-0": "9b7b1ddac669cbd9481c6f85113bb0c6b490bc8fd766bca5975955e25db73087",
    "5-d3-1": "e49fabfd191d88dbf6dedc6fb7bc5e09c235053ddde5369b171ee2dada73fadc",
    "5-d3-2": "8d6a186fa08efe4fd4dff92e1ee243953823c1322f52aabfb4fddb0e23032982",
    "5-d3-3": "b132f3c38f499e615116bd22b4d8b0fd3bf4fd3729acf0496fec73023908e4e7",
    "3-matplotlib-0": "43bc7d7c1a7ccca4f0ea70c3343f20bcd85a24aa000ec6c06011ae569c226261",
    "3-matplotlib-1": "4f61f1fc5788775f6fe8a47a7da792a2f3eb6c92a278ab0fc0f7417011928b57",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
