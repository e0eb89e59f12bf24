"""The offline judge on the frozen held-out labelled set v29 (issue 25, point 2).

``data/offline_heldout_v29_questions.json`` holds 44 questions the generator made from seed 7235
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 14 chart, 14 complex and 16 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(7235, 30, 44)``.
``data/offline_heldout_v29.yaml`` holds 417 answers over all 44 questions (9 or 10 each; 196
label-passes, 221 label-fails; 140 chart, 130 complex and 147 cross-modal answers) in 136 styles,
at least three answers each (8 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v28's 132 (listed and described in ``test_offline_heldout_v28``'s docstring and those it
points to); and four no earlier set named, each right and wrong: a bullet list of points for and
against a reading closed by a verdict line, as chat models weigh candidates before they commit,
failing when the verdict picks the wrong reading or misstates who judged what, however balanced the
list (``pros_cons_list``); a numbered procedure ("1. find the spoke … 2. legend … 3. read … 4.
answer"), as instruction-tuned models lay out their method, failing when one step reads a wrong
colour or names a wrong factor and the last step carries it on (``numbered_steps``); the whole
answer in capitals, as some small models shout a reply, failing on a wrong value, scale or sign
however emphatic ("+4 DAYS" for a rise of 0.4 days, ``all_caps``); and a "not X but Y"
correction of a reading or a direction ("not a rise but a fall: … −6.0 percentage points"), as
models frame an answer against a rival reading, failing when the Y they settle on is the wrong
one ("not above but below" for a value above the forecast, ``not_but_contrast``). Refusals are
not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run: not yet run (the lead records the first runs of judges made without v29 here).

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v29.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v28 as v28
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "pros_cons_list",
    "numbered_steps",
    "all_caps",
    "not_but_contrast",
)
SET = successor(
    v28.SET,
    "v29",
    7235,
    (
        "0c948df0ad23528e8a5815276da45e199d58a89e4336db47b61153bbb8c7a5bf",
        "33cc8dae181cb3d2da1ebccc2a315a47015557dedbe16814a8115907f50409cd",
    ),
    NEW_STYLES,
    min_answers=410,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
