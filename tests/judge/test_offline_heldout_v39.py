"""The offline judge on the frozen held-out labelled set v39 (issue 25, point 2).

``data/offline_heldout_v39_questions.json`` holds 44 questions the generator made from seed 7024
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 16 chart, 15 complex and 13 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(7024, 30, 44)``.
``data/offline_heldout_v39.yaml`` holds 484 answers over all 44 questions (11 each; 228
label-passes, 256 label-fails; 176 chart, 165 complex and 143 cross-modal answers, of which 75,
75 and 78 pass) in 160 styles, at least three answers each (4 of them four).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v37's 156 (listed and described in ``test_offline_heldout_v37``'s docstring and those it
points to); and four no earlier set named, each right and wrong: the answer written in Hebrew,
right-to-left text around left-to-right numbers and names ("הערך הוא 12.4% עבור Peru"), as
multilingual models answer users who write in Hebrew, failing on a wrong value, entity or year
however the scripts interleave (``hebrew``); an answer that opens by stating an assumption about
the chart, its axis or the years in play ("Assuming the y-axis is in thousands, …") and answers
under it, passing when the assumption is right or harmless and failing when it carries a wrong
scale or reading into the answer ("Assuming the axis is in billions, it fell 0.3 billion",
``stated_assumption``); a multi-level nested outline ("- Finding\\n  - Value: 8.1%\\n    - Source:
Figure 2"), as structured-output models lay out a reading, failing when a leaf holds a wrong year,
value, sign or reason however tidy the tree (``nested_outline``); and the answer told as a dated
timeline ("2015: 3.2 → 2019: 4.0 → so the answer is: it rose"), as narrating models walk through
the years, failing when a step reads a wrong value or the closing "so the answer is" draws a
wrong verdict or figure (``dated_timeline``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (acc031b), each of a judge made without v39 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v33 (the judge34 round, main c2a5257 with v38 and v39 added): agreement 89.5%;
  false passes 6.6% of label-fails (17 of 256); false fails 34 of 228; mean absolute score
  difference 2.01; certain 66.5% (322) at 91.9%, certain false passes 2.5% (5 of 198:
  html_markup, latex, two_finals, wrong_direction_word (2)), certain false fails 21.
- offline-claims-v34 (the judge35 round, tuned on every set to v37; judge35 ac934f0 with v38 and
  v39 added): agreement 89.9%; false passes 6.6% (17 of 256, the same seventeen); false fails 32
  of 228 (an answer_tag and a respectively pass failed with certainty now pass); mean absolute
  score difference 1.99; certain 66.5% (322) at 92.5%, certain false passes 2.5% (5 of 199, the
  same five; a pros_cons_list uncertain fail is now certain), certain false fails 19.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v39.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v37 as v37
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "hebrew",
    "stated_assumption",
    "nested_outline",
    "dated_timeline",
)
SET = successor(
    v37.SET,
    "v39",
    7024,
    (
        "f762d80e0f238213ff60d58e4b7e42442699219a7506c45a0c3d003ea89857ae",
        "4c3dd291fe6467cde72f765ef163b9ac3967ed72f5e01cfac4d35a3ea612ea46",
    ),
    NEW_STYLES,
    min_answers=480,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
