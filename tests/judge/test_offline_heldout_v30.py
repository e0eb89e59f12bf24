"""The offline judge on the frozen held-out labelled set v30 (issue 25, point 2).

``data/offline_heldout_v30_questions.json`` holds 44 questions the generator made from seed 7679
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 12 chart, 15 complex and 17 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(7679, 30, 44)``.
``data/offline_heldout_v30.yaml`` holds 440 answers over all 44 questions (10 each; 230
label-passes, 210 label-fails; 120 chart, 150 complex and 170 cross-modal answers) in 140 styles,
at least three answers each (16 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v29's 136 (listed and described in ``test_offline_heldout_v29``'s docstring and those it
points to); and four no earlier set named, each right and wrong: values written with the "≈"
sign ("Energy ≈ 9.95 bn USD … larger by ≈ 4.0 billion USD"), as chat models mark a reading
they take off a chart, failing when the approximated value is a wrong one however it is marked
(``approx_symbol``); numbers grouped by spaces with a decimal comma, as French, Nordic or
SI-style locales write them, often with the value spelled out in base units ("34 910 000 m³",
"3 350 000 connexions"), failing when the digits grouped that way give a wrong size or the
verdict beside them is wrong (``space_grouping``); the answer written as a short letter or
e-mail ("Dear reader, … Kind regards"), as assistant models tuned on correspondence reply,
failing when the body states a wrong verdict however courteous the frame
(``letter_format``); and a ranked, numbered list of the values in play closed by the answer
("1. Energy – 9.95 billion USD 2. Manufactures – 5.95 …"), as models order candidates before
they pick, failing when the ranking puts a wrong item first and the answer follows it
(``ranked_list``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (21d93df), each of a judge made without v30 (the lead ran them and
read no answer of the set until the last of them):

- offline-claims-v27 (main at 02e9504 with v29 and v30 added): agreement 92.3%; false passes 3.3%
  of label-fails (7 of 210); false fails 27 of 230; mean absolute score difference 1.75; certain
  69.3% (305) at 96.7% (295 of 305), certain false passes 1.8% (3 of 164), certain false fails 7.
- offline-claims-v28 (the judge29 round merged with main) and offline-claims-v29 (the judge30
  round, 47f1c02, the same verdicts): agreement 93.0%; false passes 3.3% (7 of 210); false fails
  24 of 230; mean absolute score difference 1.73; certain 69.8% (307) at 96.7% (297 of 307),
  certain false passes 1.8% (3 of 166), certain false fails 7.
- offline-claims-v30 (the judge31 round, tuned on v29, merged at bae8a63): every verdict the same as
  offline-claims-v29's, so the same figures.

Against the issue 25 targets: agreement met; false passes 3.3% (target 3%), certain share 69.8%
(70%), certain agreement 96.7% (97%) and certain false passes 1.8% (1%) just miss.
From here on v30 is tuning material.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v30.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v29 as v29
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "approx_symbol",
    "space_grouping",
    "letter_format",
    "ranked_list",
)
SET = successor(
    v29.SET,
    "v30",
    7679,
    (
        "8f57bdd5f8c80701dae17e44793b8da43631f64a0fa9bac7167345f68dc1c7c9",
        "06240bb232c3aab421e540c7deeb7e327d2db9ea3dd833925914d9f970a6e173",
    ),
    NEW_STYLES,
    min_answers=430,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
