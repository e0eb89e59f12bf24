"""The offline judge on the frozen held-out labelled set v21 (issue 25, point 2).

``data/offline_heldout_v21_questions.json`` holds 44 questions the generator made from seed 4753
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 42 of the 45 pairs, then second questions of pairs in
generation order up to 44; 14 chart, 15 complex and 15 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(4753, 30, 44)``.
``data/offline_heldout_v21.yaml`` holds 434 answers over all 44 questions (9 or 10 each; 231
label-passes, 203 label-fails; 140 chart, 150 complex and 144 cross-modal answers) in 101 styles,
at least three answers each (42 of them four or more).

Every answer was written freely, one at a time, the way different VLMs answer (terse Qwen-VL-like
replies, rambling small models, GPT-4o-like explanations, InternVL- and LLaVA-like answers,
reasoning models that think aloud, answers in another language or switching language): no
templates and no programmatic assembly, so wording, length, order, formatting, the way numbers
are written and the extra context mentioned all vary. Each was labelled by hand from the
question, the reference, its facts and the paper's rubric alone (Table 6, pass = 6), before any
judge ran on it, without reading the judge's code, its tests' cases or any earlier set's
answers. Label-fails are wrong by the rubric (a wrong, missing or hedged asked part, a flipped
verdict, a wrong value, entity, series, colour, period, direction, unit, scale or quantity, two
conflicting final answers or values, the roles of two values swapped), not borderline.

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

First runs: recorded by the lead after the freeze.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v21.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v20 as v20
from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v21_questions.json"
ANSWERS = "offline_heldout_v21.yaml"
#: the four styles no earlier set named (each held both ways)
NEW_STYLES = ("lakh_crore", "accounting_negative", "abbrev_year", "csv_block")
#: styles the set must hold at least three answers of (issue 25: styles of real VLM outputs):
#: v20's, and the four new ones
STYLES = (*v20.STYLES, *NEW_STYLES)
#: styles that must hold both label-passes and label-fails: v20's and the four new ones (the
#: others pass or fail by construction: a right value in other units, a hedge, a flipped
#: verdict, a neighbouring question, a wrong series, echoed numbers, misread digits ...)
BOTH_WAYS = (*v20.BOTH_WAYS, *NEW_STYLES)

SET = HeldOut(
    label="v21",
    seed=4753,
    digests={
        QUESTIONS: "d33462f2fda42caa31ffc3456ec71294c1c39dd0d1683e542018bf916f447e91",
        ANSWERS: "9e525b870cf68ed0beadfd9849768be7e7e4262395b0417d1ac569b983dff7ac",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    min_answers=434,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
