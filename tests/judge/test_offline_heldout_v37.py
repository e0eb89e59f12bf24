"""The offline judge on the frozen held-out labelled set v37 (issue 25, point 2).

``data/offline_heldout_v37_questions.json`` holds 44 questions the generator made from seed 7802
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 14 chart, 14 complex and 16 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(7802, 30, 44)``.
``data/offline_heldout_v37.yaml`` holds 489 answers over all 44 questions (10 to 12 each; 230
label-passes, 259 label-fails; 156 chart, 154 complex and 179 cross-modal answers, of which 76,
70 and 84 pass) in 156 styles, at least three answers each (19 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v36's 152 (listed and described in ``test_offline_heldout_v36``'s docstring and those it
points to); and four no earlier set named, each right and wrong: a homework layout with
"Given: … Find: … Solution: … Answer: …" sections, as tutoring-tuned models set out even a chart
reading, failing when the Solution reads a wrong value or the Answer line is wrong however tidy
the layout ("Solution: 2016 reads 3.4 days … Answer: fell", ``worked_homework``);
a notebook cell and its output ("In [1]: 0.425/0.221  Out[1]: 1.9230769"), the answer
read off the output, as code-interpreter models reply, failing when the cell computes the wrong
thing or the answer misreads the output (a sum of misread bars, "Out[2]: 318",
``notebook_cell``); a draft, a critique of it and a revised answer ("Draft: … Critique: …
Revised answer: …"), as self-refining models reply, scored on the revision and failing when
the critique talks a right draft into a wrong revision ("the labels are not identical, so
it does not match", ``self_critique``); and texting shorthand ("approx 1.92x, DC > IC tbh",
"teal = Peru, went up ngl"), as chat models in a casual register answer, failing on a
wrong year, value or ratio however casual ("cap was 2014 iirc",
``texting_shorthand``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (ca0bafe), each of a judge made without v37 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v32 (the judge33 round, main 6700976 with v35-v37 added): agreement 91.2%; false
  passes 6.2% of label-fails (16 of 259); false fails 27 of 230; mean absolute score difference
  1.90; certain 69.7% (341) at 94.7%, certain false passes 2.5% (5 of 202: bracket_unit,
  final_row_table, respectively, swapped, wrong_direction_word), certain false fails 13.
- offline-claims-v33 (the judge34 round, tuned on every set to v34; judge34 01339cf2 with v35-v37
  added): agreement 91.2%; false passes 6.2% (16 of 259, the same sixteen); false fails 27 of 230
  (a not_but_contrast pass, a misquoted_title uncertain fail by the refitted risky model); mean
  absolute score difference 1.89; certain 68.7% (336) at 94.9%, certain false passes 2.5% (5 of
  197, the same five), certain false fails 12.

Against the issue 25 targets agreement is met on v35 and v37 only; false passes, the certain
share, certain agreement and certain false passes miss on all three. From here on the set is
tuning material.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v37.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v36 as v36
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "worked_homework",
    "notebook_cell",
    "self_critique",
    "texting_shorthand",
)
SET = successor(
    v36.SET,
    "v37",
    7802,
    (
        "1b4d103616a14baa1fd41f0c0854b8f588607f621162787d7bcef77d3fc51949",
        "84eb01e285cc17242afa5a1a8b0cd31a2da9eae22305d6b4fa8f711903e7fafc",
    ),
    NEW_STYLES,
    min_answers=480,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
