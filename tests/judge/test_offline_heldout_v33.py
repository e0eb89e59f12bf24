"""The offline judge on the frozen held-out labelled set v33 (issue 25, point 2).

``data/offline_heldout_v33_questions.json`` holds 44 questions the generator made from seed 8579
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 16 chart, 12 complex and 16 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(8579, 30, 44)``.
``data/offline_heldout_v33.yaml`` holds 444 answers over all 44 questions (10 each, 11 for four
questions: 148 styles at three answers each need more than 440; 226 label-passes, 218
label-fails; 164 chart, 120 complex and 160 cross-modal answers) in 148 styles, at least three
answers each.

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v31's 144 (listed and described in ``test_offline_heldout_v31``'s docstring and those it
points to); and four no earlier set named, each right and wrong, all shapes of argument rather
than notation: the model first voices the opposite reading ("one could argue the bars are nearly
level", "a stickler would call 0.551 against 0.55 a mismatch") and then rejects or adopts it, as
chat models trained to weigh objections answer, failing when the answer sides with the wrong
reading it raised (``devils_advocate``); the values framed by an everyday analogy ("think of two
slices of the same cake", "like two runners") before or around the answer, as explanatory
assistants reply, failing when the figure or the roles inside the analogy are wrong
(``analogy_frame``); a process of elimination that rules candidate verdicts out one by one
("matching is out: 35.6% is not 40%; above is out; what remains …"), as reasoning models
argue multiple-choice-like checks, failing when a wrong step eliminates the right verdict
(``elimination``); and a counterfactual check that asks what the chart would show if the text
were right and compares ("if the forecast held, 2019 would be about 3.04 thousand; it shows
2.05"), as self-verifying models answer, failing when the check lands on a wrong value or
verdict (``what_if_check``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (9a2c81b), each of a judge made without v33 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v30 (the judge31 round, main a70abb1 with v33 added): agreement 87.2%; false
  passes 5.5% of label-fails (12 of 218); false fails 45 of 226; mean absolute score difference
  2.04; certain 68.0% (302) at 93.4% (282 of 302), certain false passes 2.9% (5 of 174:
  accounting_negative, analogy_frame, extra_wrong_claim, qa_pair, verdict_flip), certain false
  fails 15.
- offline-claims-v31 (the judge32 round, tuned on v29-v31; merge59 00dacd8): agreement 88.5%;
  false passes 5.5% (12 of 218, the same twelve); false fails 39 of 226; mean absolute score
  difference 2.00; certain 68.0% (302) at 93.4% (282 of 302), certain false passes 2.9% (5 of 174,
  the same five), certain false fails 15.

Against the issue 25 targets every figure misses. From here on v33 is tuning material.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v33.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v31 as v31
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "devils_advocate",
    "analogy_frame",
    "elimination",
    "what_if_check",
)
SET = successor(
    v31.SET,
    "v33",
    8579,
    (
        "287d699bd1dee579d3bbc8f64f1d3a9e3867c17cbb76656bb6e1402917e4ac04",
        "a2c91ecce28896b20812cb5df8518265bff6faf881d794b149661852832d6e9f",
    ),
    NEW_STYLES,
    min_answers=440,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
