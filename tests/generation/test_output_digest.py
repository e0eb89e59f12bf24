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


#: Digests after world55 (report windows, entity draws, padded credited periods; regenerate on
#: purpose, in a commit of its own).
FROZEN = {
    "5-d3-0": "d335ef264d61f4e04b9dbfecd8608172e3a94b8a76dc84b7238fd41ebaf419de",
    "5-d3-1": "02878bd1568ec452461cfb12002c7d5ac12cfe40b663368b0f079409970b259f",
    "5-d3-2": "57b18455ebe6b096a1242901fe1353297f2c50a853001ca2348521e4f5b4b27f",
    "5-d3-3": "3f5a2f98c9e84c1585559bb446f579289b92238f5270293465bd7c5bfd06da73",
    "3-matplotlib-0": "9805e634912da0d1b09c70d95c2ed10b436771e17c7a3f86b747c04352a50954",
    "3-matplotlib-1": "6bcd60a0a1e5dacadc853f60d7ed279b09633070bcebe4499b5e87d97e421683",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
