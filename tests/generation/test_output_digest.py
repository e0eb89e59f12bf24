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


#: Digests since topics come from the topic space (issue 24: themes x settings x periods, values
#: plausible per entity); before that, chart types drawn by per-type digests.
FROZEN = {
    "5-d3-0": "6d799a35a8ecb0c9b3b1d7a235530d72eaa2eacaeb5d20bdd4c3001b10b1445f",
    "5-d3-1": "4edc350a60b83e93b612c8251a01744ba9d73c29ad0519aee55240d8ff9aa7fa",
    "5-d3-2": "943c26d3106d33d704b1f77f855d8014a6af8d9ca1379d3c642586c2e5c52315",
    "5-d3-3": "488258573b8d29ad0bdf594ddbf463f14149c6e1d9fbac178fbf79892847a152",
    "3-matplotlib-0": "02c18113bc3d59f6ec71ddd5d31bdabd7766d1d042d6e31a6da7cfac7f664eac",
    "3-matplotlib-1": "2a328cfe0ddc5d6bce6062b3e428623778ea4715be0cfce85ba50a27aa7924c4",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
