"""The text-only check of issue 23 on rendered documents (real Chromium): for every complex
question at least one asked chart value is printed nowhere in the PDF outside the figures and
tables, so the chart unit is needed; and validation keeps the complex questions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generation.plan.config import load_config
from generation.questions.build import make_questions
from generation.run.pipeline import generate
from generation.validate.evidence import chart_needed_problems
from generation.validate.pdf_words import read_pdf_words, words_of
from generation.validate.text_rules import leak_index
from synthdocbench_tasks.schema import DocumentManifest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"
N_DOCS = 20


def test_complex_questions_need_their_chart_on_the_rendered_page(tmp_path: Path) -> None:
    config = load_config(PAPER, seed=5309, n_docs=N_DOCS, workers=1)
    summary = generate(config, tmp_path, progress=False)
    assert summary.ok
    asked = needed = kept = 0
    for folder in sorted((tmp_path / "docs").iterdir()):
        manifest = DocumentManifest.model_validate_json((folder / "manifest.json").read_text())
        words = words_of(read_pdf_words((folder / "document.pdf").read_bytes()))
        index = leak_index(words)
        for q in make_questions(manifest, config):
            if q.subset == "complex":
                asked += 1
                needed += not chart_needed_problems(manifest, q, words, index)
        lines = (folder / "questions.jsonl").read_text().splitlines()
        kept += sum(json.loads(line)["subset"] == "complex" for line in lines)
    print(f"complex questions whose chart unit is needed: {needed}/{asked}; kept by validation: {kept}")
    # 57 of 60 since a complex question may not skip its text hop (whole-span means and printed
    # L4 periods went): a report with no other complex evidence leaves the slot empty (58 before);
    # 55 since a text fact is asked on one chart once per subset (questions53; fresh 7789, 200
    # plan-only reports: complex 585 -> 578); 51 since complex55 refuses timeline and impact L3
    # means one reading answers and asks no technical L1 (fresh 4743, 200 reports: 565 -> 548)
    assert asked >= 3 * N_DOCS - 9, asked
    assert needed / asked >= 0.95
    # 55 of 58 since world47 drew scaled series inside their bands (other documents): validation
    # dropped one complex question each for chart_needed, evidence_pages and illegible (a thin
    # stacked-area band whose label charts.js drops while reading.value_printed counts it printed,
    # a known gap); 56 of 58 on the branches without it
    assert kept >= 0.94 * asked
