"""The offline judge on the frozen held-out labelled set v34 (issue 25, point 2).

``data/offline_heldout_v34_questions.json`` holds 44 questions the generator made from seed 8691
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 15 chart, 15 complex and 14 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(8691, 30, 44)``.
``data/offline_heldout_v34.yaml`` holds 454 answers over all 44 questions (10 or 11 each; 241
label-passes, 213 label-fails; 150 chart, 150 complex and 154 cross-modal answers) in 148 styles,
at least three answers each (v31's 144 styles at three each need 432 answers, so with the four
new ones some questions hold eleven).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v31's 144 (listed and described in ``test_offline_heldout_v31``'s docstring and those it
points to); and four no earlier set named, each right and wrong: the answer as a bare worked
equation whose right-hand side carries the result ("0.425 M ÷ 0.221 M = 1.92 → Day centres ≈
1.92× Informal care", "|x − 458.20| = 66.20 returns"), as math-tuned models reply to a chart
question, failing when a reading on the left or the result is wrong ("0.425 ÷ 0.321 = 1.32",
``equation_line``); the unit written in square brackets after the number, as in engineering and
scientific tables ("3.78 [million USD]", "33.1 [weeks]"), failing when the bracketed value is
wrong however well the unit is given ("23.1 [weeks]" for 33.1, ``bracket_unit``); the answer
written as a news headline in title case with the values in it ("Brown Jordan (88.3%) Outpaces
Orange Türkiye (49.8%) in 2009"), as models tuned on news summarisation compress a reply, failing
when the headline names the wrong winner or value ("Orange Türkiye Tops Brown Jordan", "Clearance
Hits 19.6 Days", ``headline``); and the answer wrapped in an e-mail's greeting and sign-off
("Hi, … Best regards"), as assistants tuned on correspondence reply, failing when the body's
direction or verdict is wrong ("fell from 46.7% to 40.9%", "agrees with the text's estimate",
``email_reply``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (f3d722c), each of a judge made without v34 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v30 (the judge31 round, a70abb1 with v32, v33 and v34 added): agreement 92.5%;
  false passes 4.7% of label-fails (10 of 213); false fails 24 of 241; mean absolute score
  difference 1.54; certain 66.5% (302) at 97.4% (294 of 302), certain false passes 0.0% (0 of
  168), certain false fails 8.
- offline-claims-v31 (the judge32 round, tuned on v29-v31; merge59 00dacd8): agreement 92.5%;
  false passes 4.7% (10 of 213, the same ten); false fails 24 of 241; mean absolute score
  difference 1.55; certain 66.7% (303) at 97.0% (294 of 303), certain false passes 0.0% (0 of
  169), certain false fails 9.

- offline-claims-v32 (the judge33 round, tuned on v32 and v33; judge33 51ab098, which holds
  v34 unread): agreement 92.7%; false passes 4.2% (9 of 213: the same ten less an
  apostrophe_grouping pass); false fails 24 of 241; mean absolute score difference 1.54; certain
  66.7% (303) at 97.0% (294 of 303), certain false passes 0.0% (0 of 169), certain false fails 9.

Against the issue 25 targets agreement, certain agreement and certain false passes are met; false
passes (4.2%) and the certain share (66.7%) miss. v34 is tuning material from the judge34 round
on (registered in ``scripts/fit_certainty.py``'s sets).

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v34.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v31 as v31
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "equation_line",
    "bracket_unit",
    "headline",
    "email_reply",
)
SET = successor(
    v31.SET,
    "v34",
    8691,
    (
        "d8c76ec0e791771caba389b6d3928cd5b77af05befacabdcab5c1b099aab77d4",
        "8306e1e0cd0e1e718e94b5a7854d1205e47caa9d316ae84c644130d5e86238d2",
    ),
    NEW_STYLES,
    min_answers=450,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
