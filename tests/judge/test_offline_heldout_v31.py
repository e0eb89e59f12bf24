"""The offline judge on the frozen held-out labelled set v31 (issue 25, point 2).

``data/offline_heldout_v31_questions.json`` holds 44 questions the generator made from seed 8135
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 15 chart, 14 complex and 15 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(8135, 30, 44)``.
``data/offline_heldout_v31.yaml`` holds 436 answers over all 44 questions (9 or 10 each; 203
label-passes, 233 label-fails; 150 chart, 140 complex and 146 cross-modal answers) in 144 styles,
at least three answers each (the four new ones four each).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v30's 140 (listed and described in ``test_offline_heldout_v30``'s docstring and those it
points to); and four no earlier set named, each right and wrong: scale words shortened to the
financial press's suffixes glued to the number ("0.182mn wafers", "1.173mn people",
"0.286bn connections"), as models trained on news and filings write them, failing when the
suffix names the wrong scale ("0.692bn tonnes" for million tonnes) however compact
(``scale_abbrev``); a SQL query over the chart's values written before the answer
("SELECT (chart - forecast) * 1000 … -- 19"), as table-tuned models answer, failing when the
query divides or subtracts the wrong way round or the verdict under it is wrong
(``sql_query``); a markdown task list whose ticked items carry the parts of the answer
("- [x] Years: 2009–2012 - [x] Average: 32.93 branches"), as chat models lay out multi-part
replies, failing when an item, ticked or not, holds a wrong value (``checkbox_list``); and the
answer given first and a "Rationale:" after it, as models tuned on rationale-annotated chart
QA reply, failing when the answer line is wrong however plausible the rationale
(``rationale_after``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (d75f919), each of a judge made without v31 (the lead ran them):

- offline-claims-v29 (the judge30 round, 4ecb3c9, with v31 added): agreement 87.8%; false passes
  8.6% of label-fails (20 of 233); false fails 33 of 203; mean absolute score difference 2.33;
  certain 65.4% (285) at 92.6% (264 of 285), certain false passes 4.5% (8 of 178), certain false
  fails 13.
- offline-claims-v30 (the judge31 round, tuned on v29; 1cc0ba2 with v31 added): agreement 87.4%;
  false passes 9.4% (22 of 233: the same twenty, and two uncertain passes the refit's risky
  threshold, 0.1420 -> 0.1535, no longer fails, value_then_contradiction and vulgar_fraction);
  false fails 33 of 203; mean absolute score difference 2.36; certain 65.6% (286) at 92.7% (265 of
  286), certain false passes 4.5% (8 of 179: accounting_negative, bold_only, csv_block, key_value,
  reversed_reason, si_prefix, tool_call, wrong_direction_word), certain false fails 13.

Against the issue 25 targets every figure misses. From here on v31 is tuning material.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v31.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v30 as v30
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "scale_abbrev",
    "sql_query",
    "checkbox_list",
    "rationale_after",
)
SET = successor(
    v30.SET,
    "v31",
    8135,
    (
        "f493026f81154be675026d9f717c8128de227a31a56340d8177fd62ad97bb62f",
        "a97d5629bf688636c57d232e86b89f3595b01ddc4f7d5f52db05ee60bb859fa1",
    ),
    NEW_STYLES,
    min_answers=430,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
