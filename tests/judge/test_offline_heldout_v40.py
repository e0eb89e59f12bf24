"""The offline judge on the frozen held-out labelled set v40 (issue 25, point 2).

``data/offline_heldout_v40_questions.json`` holds 44 questions the generator made from seed 4417
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 14 chart, 14 complex and 16 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(4417, 30, 44)``.
``data/offline_heldout_v40.yaml`` holds 492 answers over all 44 questions (11 or 12 each; 228
label-passes, 264 label-fails; 158 chart, 158 complex and 176 cross-modal answers, of which 77,
76 and 75 pass) in 164 styles, three answers each.

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v38's 160 (listed and described in ``test_offline_heldout_v38``'s docstring and those it
points to); and four no earlier set named, each right and wrong: the whole answer in Thai, in
Thai script with Arabic digits ("ค่าเฉลี่ยอยู่ที่ 1.9 เปอร์เซ็นต์", "เส้นสีแดงคือสเปน"), as
multilingual models answer a Thai-speaking user, failing on a wrong value, share or reception
however fluent ("คิดเป็นประมาณ 21.4%", ``thai``); a refusal preface before a committed answer
("I can't be fully sure from the rendered image, but the bar reads …"), as cautious assistants
open, scored on the committed answer, and failing when the answer never commits ("so I'd rather
not say whether it matches", ``refusal_preface``); a raw OCR-like dump of the chart's or page's
text and numbers ("OCR: 'Freight by mode, 2014' | Road 0.31 | Rail 0.27 | …") before the
answer, as document models that transcribe first answer, failing when the answer after the dump
is wrong whatever the dump holds ("… so the chart does not confirm it", ``ocr_dump``); and
reasoning through pixel coordinates and axis calibration ("0 sits at y=410 px and 50 at y=90
px, so the marker at y=238 px maps to 26.9"), as grounding-tuned models measure, failing when
the calibrated reading or the arithmetic lands on a wrong value ("… so a change of 6.5 points",
``pixel_calibration``). Refusals that never commit are label-fails of ``refusal_preface``.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (2a06757), each of a judge made without v40 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v34 (the judge35 round, tuned on every set to v37; main 3efbe6d with v40 and
  v41 added): agreement 92.5%; false passes 6.1% of label-fails (16 of 264); false fails 21 of
  228; mean absolute score difference 1.80; certain 65.7% (323) at 95.4%, certain false passes
  2.4% (5 of 209: respectively, reversed_reason, rounded_coarse, texting_shorthand,
  value_then_contradiction), certain false fails 10.
- offline-claims-v35 (the judge36 round, tuned on every set to v39; branch ``judge36`` e96f65d,
  not kept): agreement 92.3%; false passes 6.1% (16 of 264, the same); false fails 22 of 228;
  certain 65.0% (320) at 95.6%, certain false passes 2.4% (5 of 207, the same five), certain
  false fails 9.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v40.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v38 as v38
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "thai",
    "refusal_preface",
    "ocr_dump",
    "pixel_calibration",
)
SET = successor(
    v38.SET,
    "v40",
    4417,
    (
        "0ef1cdae6256da7a2615a1b2c358dfa98b0e58dfd17cb5b2a829f5588c9ebb89",
        "82d4557fecda7caf509eaa6bccd89aab77be02c4b6e38dc2435631c927e97d74",
    ),
    NEW_STYLES,
    min_answers=492,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
