"""The offline judge on the frozen held-out labelled set v24 (issue 25, point 2).

``data/offline_heldout_v24_questions.json`` holds 44 questions the generator made from seed 4741
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 42 of the 45 pairs, then second questions of pairs in
generation order up to 44; 12 chart, 16 complex and 16 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(4741, 30, 44)``.
``data/offline_heldout_v24.yaml`` holds 431 answers over all 44 questions (9 or 10 each; 234
label-passes, 197 label-fails; 120 chart, 158 complex and 153 cross-modal answers) in 114 styles,
at least three answers each (34 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v23's 110 (listed and described in ``test_offline_heldout_v23``'s docstring and those it
points to); and four no earlier set named, each right and wrong: a reasoning model's thinking
trace cut off mid-sentence (by a token budget or a stop string) and followed by a final line, as
Qwen3-VL- and QVQ-style models answer, scored on the final line, failing when it is wrong even
though the trace read the right values (``cut_trace``); numbered steps where a later step revises
an earlier one ("Step 4 (revising step 2): …"), as step-by-step chat models correct themselves,
passing when the revision lands on the right reading and failing when it revises a right step
into a wrong one (``step_revision``); numbers written in a script's own digits (Devanagari
"२.१७", Arabic-Indic "٤٣٫٦", Arabic decimal separator) inside Hindi or Arabic answers, as
multilingual models answer users who write in those scripts, failing on a wrong value
(``native_digits``); and the answer emitted as a tool or function call (``{"name":
"submit_answer", "arguments": {…}}``, ``final_answer(year=2017, …)``, ``<tool_call>…``), as
agent-tuned models reply, failing when an argument holds a wrong value or verdict
(``tool_call``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (d9920d1), of offline-claims-v22 (main at 68c892e, which holds no
v24 file): agreement 90.5% (390 of 431); false passes 7.6% of label-fails (15 of 197); false
fails 26 of 234; mean absolute score difference 1.67; certain 69.8% (301) at agreement 95.0% (286
of 301), false passes 3.6% of the certain label-fails (6 of 165), false fails 9. The 15 false
passes are of twelve styles (extra_wrong_claim three, swapped two; abbrev_year, cot_wrong,
cut_trace, dutch, markdown, misquoted_title, respectively, unit_symbol_only, verdict_flip,
wrong_direction_word one each); the six certain ones extra_wrong_claim (two), respectively,
swapped, unit_symbol_only, verdict_flip. Against the issue 25 targets: agreement (>= 90%) is met;
false passes (7.6% against 3%), the certain share (69.8% against 70%) and the certain answers'
95.0% / 3.6% (against 97% / 1%) miss, so the last test xfails.

First run of offline-claims-v23 (the judge24 round, made in a worktree branched from main at
68c892e, which holds no v24 file; it never looked for, listed or ran one), at its merge into
merge53: agreement 90.7% (391 of 431); false passes 7.1% (14 of 197: the cut_trace one is now
failed); false fails 26 of 234; certain 69.8% (301) at 95.0% (286 of 301), false passes 3.6% of
the certain label-fails (6 of 165, the same six), false fails 9. Targets: agreement met; false
passes, the certain share and the certain 95.0% / 3.6% miss. v24 is tuning material from here on.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v24.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v23 as v23
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = ("cut_trace", "step_revision", "native_digits", "tool_call")
SET = successor(
    v23.SET,
    "v24",
    4741,
    (
        "0c5c21f610ebb8b3a5a1583b74758fcd05f04feef2a1e7942870619a5d49c320",
        "5dca1f575ea6451567d17119e1c0487b06e6745a2a00635dfe71dfb7d0d5b8df",
    ),
    NEW_STYLES,
    min_answers=431,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
