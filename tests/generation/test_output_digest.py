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
    "5-d3-0": "bf886dc73b2eb709b111eb79bf34ba106f07cbec0a2f9df6272b89c60eb86e8e",
    "5-d3-1": "c47d7f367f6529e4690cdd183035f523e8a962010dfccaed3ddb2fb14be83f6b",
    "5-d3-2": "cae4f2e8290298accc9ebc4668990a84b774cc05d8e94f41e5ec4c33b503ff81",
    "5-d3-3": "fedcbdb2123fa67660af915d0a31320c4713dc681a653d87baa36a29d9b0e236",
    "3-matplotlib-0": "b5069c8a08ba911b9521b8f53b3e78e4640911fd95fa0eaf1f99c46a5d6b3403",
    "3-matplotlib-1": "bb4b2058ce535938ef15dd0bf50dc7f12a39cff2df53e09f8143cc3d7787c294",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
