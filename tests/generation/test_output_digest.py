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
    "5-d3-0": "8e3b58b100dbea1d252a3a32f3a66438e79e3e7b562652ac2c4f33d72943ab6f",
    "5-d3-1": "310c54f2da378f60d3bd91cd75bf89b9fb7d966dd70cc3b1d482401a40bba5d2",
    "5-d3-2": "66cd77503e55c863ae7ead5795ba188a2b40eaaaee66c7a7c1a4b56cfca2d252",
    "5-d3-3": "2c60f498e1fed368eaa7b383857739a63463a449159e1979d5193224676af7c4",
    "3-matplotlib-0": "81ee8c3611babd59a2f5672468a8dfe03048739a8a05bea7d51ae3ee876b288d",
    "3-matplotlib-1": "36fea10bae3b0485a56960452601dc2b1cac878a4e4fdd541c6268995880662c",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
