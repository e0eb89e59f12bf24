"""The offline judge on the frozen held-out labelled set v42 (issue 25, point 2).

``data/offline_heldout_v42_questions.json`` holds 44 questions the generator made from seed 6151
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 14 chart, 13 complex and 17 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(6151, 30, 44)``.
``data/offline_heldout_v42.yaml`` holds 504 answers over all 44 questions (11 or 12 each; 228
label-passes, 276 label-fails; 161 chart, 145 complex and 198 cross-modal answers, of which 70,
65 and 93 pass) in 168 styles, three answers each.

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v40's 164 (listed and described in ``test_offline_heldout_v40``'s docstring and those it
points to); and four no earlier set named, each right and wrong: the whole answer in Hungarian,
with Hungarian decimal commas ("az átlag 12,4%", "a kék oszlop a magasabb"), as multilingual
models answer a Hungarian-speaking user, failing on a wrong value, entity or scale word
however fluent ("0,52 milliárd fő" for 0.52 million people, ``hungarian``); the answer
wrapped as an XML record ("<answer><value>3.4</value><unit>pp</unit></answer>"), as models
tuned for structured output reply, scored on the fields and failing when a field holds a wrong
value, unit or verdict or the text after the record overrides it (``xml_record``); a value
reached as the midpoint of a range the model says it read ("the bar ends somewhere between 40
and 44, so about 42"), as hedging chart readers settle a reading, passing when the midpoint lands
within the reference's tolerance and failing when it does not (``range_midpoint``); and a share
computed on the wrong base, the share of a subgroup where the share of the total is asked or
the reverse, or the ratio taken the other way round ("of the two groups together, 58% is the
older one", "13 / 14.7 = 88%" for 14.7 as a percentage of 13), as models that pick the nearest
denominator answer, passing when the answer weighs the base and keeps the right one
(``wrong_base_share``).

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (a58a4ef), each of a judge made without v42 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v34 (the judge35 round, tuned on every set to v37; main 9b672d8 with v42 and
  v43 added): agreement 89.7%; false passes 4.7% of label-fails (13 of 276); false fails 39 of
  228; mean absolute score difference 1.95; certain 63.9% (322) at 94.1%, certain false passes
  2.3% (5 of 215: bracket_unit, echo_numbers, premise_correction, swapped,
  wrong_direction_word), certain false fails 14.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v42.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v40 as v40
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "hungarian",
    "xml_record",
    "range_midpoint",
    "wrong_base_share",
)
SET = successor(
    v40.SET,
    "v42",
    6151,
    (
        "b7fa4af2adfac689cc02d08be479cfe9a901bb456539e4377fecb618e24b0ab8",
        "eedd14bcda9df2543223417e958aa233956ea46a0c127fb643a922c8866970d0",
    ),
    NEW_STYLES,
    min_answers=504,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
