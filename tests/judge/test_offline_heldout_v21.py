"""The offline judge on the frozen held-out labelled set v21 (issue 25, point 2).

``data/offline_heldout_v21_questions.json`` holds 44 questions the generator made from seed 4753
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 42 of the 45 pairs, then second questions of pairs in
generation order up to 44; 14 chart, 15 complex and 15 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(4753, 30, 44)``.
``data/offline_heldout_v21.yaml`` holds 434 answers over all 44 questions (9 or 10 each; 231
label-passes, 203 label-fails; 140 chart, 150 complex and 144 cross-modal answers) in 101 styles,
at least three answers each (42 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v20's 97 (listed and described in ``test_offline_heldout_v20``'s docstring and those it
points to); and four no earlier set named, each right and wrong: values written with the Indian
scale words lakh (100 thousand) and crore (10 million), as models answer for Indian users and in
Indian English ("12.54 lakh tonnes" for 1.254 million tonnes, "USD 17.44 crore" for 174.4
million USD), failing when the scale is wrong ("260.68 crore" for 260.68 million,
``lakh_crore``); negative values in accounting parentheses ("(0.028) bn USD", "(20.8)%"), as
finance-styled answers write a fall, failing when the figure in parentheses is wrong
(``accounting_negative``); years abbreviated with an apostrophe or as a fiscal year ("'13",
"'12–'14", "FY'17"), as chatty models shorten them, failing when the abbreviated year is wrong
(``abbrev_year``); and the readings given as a fenced CSV block, as models asked to extract data
emit, with the verdict after it right or wrong (``csv_block``). Refusals are not a style of this
set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (283f35c), of offline-claims-v19 (main at 7871178, which holds no
v21 file): agreement 91.5% (397 of 434); false passes 6.9% of label-fails (14 of 203); false
fails 23 of 231 (10.0%); mean absolute score difference 1.94; certain 73.3% (318) at agreement
94.0% (299 of 318), false passes 2.4% of the certain label-fails (4 of 167), false fails 15. The
14 false passes by style: reversed_reason 3, wrong_support 2, and one each of abbrev_year,
dual_conversion, extra_wrong_claim, lakh_crore, markdown, spurious_precision, truncated,
two_finals, verbose; the four certain ones reversed_reason 2, two_finals, lakh_crore. The certain
false fails: lakh_crore 5, accounting_negative 3, strikethrough 2, and one each of converted,
csv_block, korean, restate_long, value_then_contradiction: two of the four new styles write
numbers the judge does not read (Indian scale words, accounting parentheses) and are failed
while marked certain. Against the issue 25 targets: agreement (>= 90%) and the certain share
(>= 70%) are met; false passes (6.9% against 3%) and the certain answers' 94.0% / 2.4% (against
97% / 1%) miss, so the last test xfails.

First run of offline-claims-v20 (the judge21 round, made in a worktree branched from main at
7871178, which holds no v21 file; it never looked for, listed or ran one), at its merge into
merge50: agreement 92.9% (403 of 434); false passes 6.4% (13 of 203); false fails 18 of 231;
mean absolute score difference 1.88; certain 72.8% (316) at 95.9% (303 of 316), false passes
1.8% of the certain label-fails (3 of 166), false fails 10. The round read lakh and crore among
the scale words of other languages: lakh_crore's five certain false fails and one false pass are
gone; the other false passes are offline-claims-v19's (the certain ones reversed_reason 2,
two_finals). Targets: agreement and the certain share met; false passes and the certain 95.9% /
1.8% miss. v21 is tuning material from here on.

Tuned on by the judge22 round (offline-claims-v21; its mechanisms were motivated in part by this
set's false passes and certain false fails, so these are tuned figures, not held-out ones):
agreement 95.4% (414 of 434), false passes 3.4% (7 of 203), certain 73.0% (317) at 98.4%, certain
false passes 0 of 167. False passes still miss the 3% target, so the last test still xfails.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v21.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v20 as v20
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = ("lakh_crore", "accounting_negative", "abbrev_year", "csv_block")
SET = successor(
    v20.SET,
    "v21",
    4753,
    (
        "d33462f2fda42caa31ffc3456ec71294c1c39dd0d1683e542018bf916f447e91",
        "9e525b870cf68ed0beadfd9849768be7e7e4262395b0417d1ac569b983dff7ac",
    ),
    NEW_STYLES,
    min_answers=434,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
