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
    "5-d3-0": "8b7e7823262b1101a8ddeec9862e1d9b01287bf1daf1221dd5052e432786b246",
    "5-d3-1": "018928bad43885114ddf9eae40de805bf0265ee04aa73b819284694baa6b8e6c",
    "5-d3-2": "6e1687f573ae1db1ea098f10ad31721ca6fcb28e631e22b863db634cd22aaa0a",
    "5-d3-3": "03a6503dbc82fa420bc2ba26d8b1dd9d7a3c7a850d583a7166ba7c780b772292",
    "3-matplotlib-0": "6b64488e02cd59de8cfee8047b89d2dff4cc799f441f423a30f5bb72338336cf",
    "3-matplotlib-1": "00fa7f44e66121f4cb20398ba27ade2476446d4b10903d84ad84ed4b153dac49",
}


@pytest.mark.slow
def test_generator_output_is_unchanged() -> None:
    assert digests() == FROZEN


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
