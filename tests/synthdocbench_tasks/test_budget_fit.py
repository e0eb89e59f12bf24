"""``synthdocbench budget`` answers whether documents fit a context, and what to change (issue 27.4)."""

from __future__ import annotations

import pytest

from synthdocbench_tasks.budget import image_processor, strip_tokens
from synthdocbench_tasks.budget_fit import MODEL_CONTEXT, doc_tokens, fit_lines, fit_table

pytestmark = pytest.mark.slow  # builds transformers' image processor
FULL = (1117, 7900)  # a full five-page strip at 144 DPI
ONE_PAGE = (1117, 1580)


def test_qwen25_vl_tokens_per_strip_at_lmms_evals_default_cap() -> None:
    # docs/vllm.md: 476 x 3,360 px -> 17 x 120 groups of 28 x 28 px = 2,040 tokens (not 1,470,
    # which is Qwen3-VL's count at the same cap, with 32-px groups)
    assert strip_tokens(image_processor("qwen2.5-vl", max_pixels=1_605_632), *FULL) == 2040
    assert strip_tokens(image_processor("qwen3-vl", max_pixels=1_605_632), *FULL) == 1470


def test_a_91_page_report_does_not_fit_qwen25_vl_and_the_table_says_what_does() -> None:
    sizes = [[FULL] * 5, [FULL] * 18 + [ONE_PAGE]]  # 25 and 91 pages
    limit = MODEL_CONTEXT["qwen2.5-vl"]
    rows = fit_table(sizes, "qwen2.5-vl", 12_845_056, limit, max_new_tokens=512, pages_per_strip=5)
    assert [(r.fit, r.documents) for r in rows] == [(1, 2), (2, 2), (2, 2)]
    assert rows[0].longest_needs > limit and all(r.longest_needs <= limit for r in rows[1:])
    cap = int(rows[1].setting.split()[1].replace(",", ""))
    assert max(doc_tokens(sizes, "qwen2.5-vl", cap)) + 1536 <= limit
    assert max(doc_tokens(sizes, "qwen2.5-vl", cap + 28 * 28 * 4)) + 1536 > limit  # the largest that fits
    assert rows[2].setting == "first 55 pages only (task variant strip_max_pages: 55)"  # 11 strips x 11,280
    tokens = doc_tokens(sizes, "qwen2.5-vl", 12_845_056)
    lines = fit_lines(rows, limit, "the published qwen2.5-vl context", tokens, ["a", "b"], 512)
    assert lines[0] == "max_model_len 128,000 (the published qwen2.5-vl context):"
    assert lines[2].split()[-4:] == ["1", "of", "2", f"{rows[0].longest_needs:,}"]
    assert lines[5].startswith("do not fit as exported: b (")
    assert 'mm_processor_kwargs={"max_pixels":' in lines[3]


def test_when_everything_fits_the_table_has_one_row() -> None:
    rows = fit_table([[FULL]], "qwen3-vl", 16_777_216, 262_144, max_new_tokens=512, pages_per_strip=5)
    assert len(rows) == 1 and rows[0].fit == 1 and rows[0].longest_needs == 8645 + 1024 + 512
