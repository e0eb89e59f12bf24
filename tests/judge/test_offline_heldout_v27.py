"""The offline judge on the frozen held-out labelled set v27 (issue 25, point 2).

``data/offline_heldout_v27_questions.json`` holds 44 questions the generator made from seed 4779
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 15 chart, 14 complex and 15 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(4779, 30, 44)``.
``data/offline_heldout_v27.yaml`` holds 427 answers over all 44 questions (8 to 10 each; 221
label-passes, 206 label-fails; 148 chart, 138 complex and 141 cross-modal answers) in 128 styles,
at least three answers each (34 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v26's 123 (listed and described in ``test_offline_heldout_v26``'s docstring and those it
points to); and five no earlier set named, each right and wrong: a value with a stated tolerance
in words ("about 72 thousand people, give or take a thousand"), as chat models soften a chart
reading, passing when the value is right and the tolerance small and failing when the central
value is wrong ("roughly 81 thousand, give or take 3 thousand" for 72.4, ``give_or_take``); a
year spelled out in words ("twenty thirteen", "two thousand seventeen") next to the asked value,
as speech-style models write dates, failing when the spelled year is the wrong one
(``year_in_words``); the complement given beside the asked share or ratio ("Niger holds about 7%
of the two; the other 93% is Nigeria"), as explanatory models add the remainder, failing when the
complement is given as the asked value itself ("15.8% of the target" for 115.8%, the
non-completion shares for the completion rates, ``complement_share``); a reading trace whose
last line restates the question before the answer ("So, which is higher at fifty-five to
fifty-nine …? Pink"), as reasoning models close a chain of thought, failing when the final
answer after the restatement contradicts the readings above it or is wrong
(``recap_then_answer``); and a two-column "Reading | Value" list of what was read, as
document-parsing models lay out extracted fields, failing on a wrong value or verdict in a row
(``reading_value_list``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (d5435f9), of offline-claims-v24 (main at 598ab8b with v26 and v27
only added, in a worktree): agreement 89.7% (383 of 427); false passes 4.9% of label-fails (10 of
206: cot_wrong, dual_conversion, echo_numbers, extra_wrong_claim two, interval, reading_process,
recap_then_answer, unit_symbol_only, value_with_rounding); false fails 34 of 221; mean absolute
score difference 1.88; certain 60.0% (256) at agreement 96.1% (246 of 256), false passes 0.7% of
the certain label-fails (1 of 151: unit_symbol_only), false fails 9.

First run of offline-claims-v25 (the judge26 round, made without v26 or v27) at merge55 a1049d5,
the judge main is about to hold: agreement 87.4% (373 of 427); false passes 3.4% (7 of 206:
cot_wrong, echo_numbers, extra_wrong_claim two, interval, recap_then_answer, unit_symbol_only);
false fails 47 of 221 (the round fails risky uncertain passes offline: 13 more right answers
failed, 3 wrong ones no longer passed); mean absolute score difference 1.93; certain 60.0% (256)
at 96.1% (246 of 256), certain false passes 0.7% (1 of 151), false fails 9. Against the issue 25
targets: the certain false passes (<= 1%) are met; agreement (87.4% against 90%), false passes
(3.4% against 3%), the certain share (60.0% against 70%) and the certain agreement (96.1% against
97%) miss. The set is harder to read than v26 (its certain share is ten points lower under both
judges): more answers in other scripts and formats the judge hands over.

First run of offline-claims-v26 (the judge27 round, made without v27; branch judge27 with v27
cherry-picked): 87.8% (375 of 427), false passes 3.4% (7 of 206), 45 false fails, certain 60.0%
(256) at 96.5% (247 of 256), certain false passes 0.7% (1 of 151), false fails 8.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v27.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v26 as v26
from tests.judge.held_out import held_out_tests, successor

#: the five styles no earlier set named (each held both ways)
NEW_STYLES = (
    "give_or_take",
    "year_in_words",
    "complement_share",
    "recap_then_answer",
    "reading_value_list",
)
SET = successor(
    v26.SET,
    "v27",
    4779,
    (
        "f3d919b0ccc2c24c3bb60cd4df1b6c323d17a821faa7aa393b1c30712145d50f",
        "58f2d8937fcad113a5d346bd82b5ddbdba789f0463c5fd20dcb64643a6a68ba6",
    ),
    NEW_STYLES,
    min_answers=420,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
