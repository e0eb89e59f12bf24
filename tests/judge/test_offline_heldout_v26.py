"""The offline judge on the frozen held-out labelled set v26 (issue 25, point 2).

``data/offline_heldout_v26_questions.json`` holds 44 questions the generator made from seed 4709
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 14 chart, 14 complex and 16 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(4709, 30, 44)``.
``data/offline_heldout_v26.yaml`` holds 430 answers over all 44 questions (9 or 10 each; 238
label-passes, 192 label-fails; 137 chart, 139 complex and 154 cross-modal answers) in 123 styles,
at least three answers each (29 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v25's 119 (listed and described in ``test_offline_heldout_v25``'s docstring and those it
points to); and four no earlier set named, each right and wrong: a value given with an error bar
or reading uncertainty ("27.5% ± 0.1", "+8.3 ± 0.1 Mbps"), as models that hedge their chart
readings write them, passing when the central value is right and the band narrow and failing when
the central value is wrong ("21 ± 1 thousand tonnes" for 16.4, ``plus_minus``); a value written
with a vulgar fraction, in glyphs or words ("about 1¾ times", "18⅕ percentage points", "14¼
hours"), as chat models round a reading to a friendly fraction, failing when the fraction gives a
wrong value ("1⅘ percentage points" for 18.2, ``vulgar_fraction``); the question quoted back in
another language (Spanish, Japanese, French, German) before an answer in English or in that
language, as multilingual models echo a prompt they have translated for themselves, failing on a
wrong colour, value or verdict in the answer (``translated_question``); and both axes' labels and
units read aloud before the value ("the x-axis runs over the years from 2010, the y-axis is in
billion tonne-km …"), as grounding-minded document models describe a chart first, failing when
the read-out binds the value to a wrong unit or scale, or the value is wrong (``axis_readout``).
Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (2ae27e3), of offline-claims-v24 (main at 598ab8b, which holds no
v26 file): agreement 93.7% (403 of 430); false passes 4.7% of label-fails (9 of 192); false fails
18 of 238; mean absolute score difference 1.60; certain 71.6% (308) at agreement 96.1% (296 of
308), false passes 1.9% of the certain label-fails (3 of 161), false fails 9. The nine false
passes are of nine styles (arabic, extra_wrong_claim, respectively, reversed_reason, swedish,
sycophantic_frame, value_then_contradiction, value_with_rounding, wrong_entity); the three
certain ones arabic, respectively and reversed_reason.

First run of offline-claims-v25 (the judge26 round, made in a worktree branched from main at
598ab8b; it never looked for, listed or ran a v26 file), at its merge into merge55: agreement
91.6% (394 of 430); false passes 3.1% (6 of 192: arabic, extra_wrong_claim, respectively,
reversed_reason, swedish, value_with_rounding); false fails 30 of 238 (the round fails risky
uncertain passes offline: 12 more right answers failed, 3 wrong ones no longer passed); mean
absolute score difference 1.66; certain 71.9% (309) at 96.1% (297 of 309), false passes 1.9% of
the certain label-fails (3 of 162: the same three), false fails 9. Against the issue 25 targets:
agreement (>= 90%) and the certain share (>= 70%) are met; false passes (3.1% against 3%: one
answer over), the certain agreement (96.1% against 97%) and the certain false passes (1.9%
against 1%) miss. From here on v26 is tuning material.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v26.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v25 as v25
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "plus_minus",
    "vulgar_fraction",
    "translated_question",
    "axis_readout",
)
SET = successor(
    v25.SET,
    "v26",
    4709,
    (
        "253681b932cad2e21aace4d8a3b32992f55f464a7fea4abb93fe6e25eb5b08ae",
        "155163d97ee4f4a4ca96ee4ea78b6d0bf89b7e7532e4d87069c89ab78ba02ff1",
    ),
    NEW_STYLES,
    min_answers=430,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
