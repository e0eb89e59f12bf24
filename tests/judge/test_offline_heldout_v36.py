"""The offline judge on the frozen held-out labelled set v36 (issue 25, point 2).

``data/offline_heldout_v36_questions.json`` holds 44 questions the generator made from seed 8913
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 13 chart, 15 complex and 16 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(8913, 30, 44)``.
``data/offline_heldout_v36.yaml`` holds 469 answers over all 44 questions (10 or 11 each; 219
label-passes, 250 label-fails; 143 chart, 156 complex and 170 cross-modal answers, of which 68,
70 and 81 pass) in 152 styles, at least three answers each (11 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v34's 148 (listed and described in ``test_offline_heldout_v34``'s docstring and those it
points to); and four no earlier set named, each right and wrong: the answer written as a
social-media post with hashtags and emoji ("Port volumes slip 4.1% in 2019 📉 #shipping"), as
models tuned on short-form posts reply, failing when the post names the wrong winner, value or
direction, or misstates a change ten-fold (``social_post``); a numbered proof that closes with
"QED" or "∎", as math-tuned models set out even a chart reading, failing when a step or the
conclusion is wrong however formal ("4. hence B lies above the mean. QED", ``qed_proof``); a
spreadsheet formula with its result ("=AVERAGE(C3:C8) → 41.7", "=MAX(D2:D9) → 12.4%"), as models
tuned on office tasks answer, failing when the range picks the wrong cells or the result is
wrong (``spreadsheet_formula``); and emoji markers for the direction, the verdict or each part
of the answer ("📉 −1.3 pp", "✅ matches", "🟠 orange = …"), as chat models decorate a structured
reply, failing when a marked part is wrong (a wrong series behind the tick, ``emoji_marker``).
Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (f3ef895), each of a judge made without v36 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v32 (the judge33 round, main 6700976 with v36 added): agreement 89.3%; false
  passes 8.0% of label-fails (20 of 250); false fails 30 of 219; mean absolute score difference
  1.81; certain 67.4% (316) at 91.8%, certain false passes 5.5% (11 of 200: boxed_final,
  complement_share, dual_conversion, extra_wrong_claim twice, mcq_letter, social_post,
  unicode_math, value_then_contradiction, wrong_direction_word twice), certain false fails 15.
- offline-claims-v33 (the judge34 round, tuned on every set to v34; judge34 01339cf2 with v35-v37
  added): agreement 89.3%; false passes 8.0% (20 of 250, the same twenty); false fails 30 of 219
  (a not_but_contrast pass, a cot_right uncertain fail by the refitted risky model); mean absolute
  score difference 1.80; certain 67.0% (314) at 92.4%, certain false passes 5.5% (11 of 199, the
  same eleven), certain false fails 13.

Against the issue 25 targets agreement is met on v35 and v37 only; false passes, the certain
share, certain agreement and certain false passes miss on all three. From here on the set is
tuning material.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v36.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v34 as v34
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "social_post",
    "qed_proof",
    "spreadsheet_formula",
    "emoji_marker",
)
SET = successor(
    v34.SET,
    "v36",
    8913,
    (
        "7f26338acea5cca2349a4f829a232f87754687da3a89e998b488c9739f0e8024",
        "d1bc540c223ad06924839a8be46b6c24dc099352846e71fae0341465cd756163",
    ),
    NEW_STYLES,
    min_answers=456,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
