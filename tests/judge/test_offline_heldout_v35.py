"""The offline judge on the frozen held-out labelled set v35 (issue 25, point 2).

``data/offline_heldout_v35_questions.json`` holds 44 questions the generator made from seed 8802
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 14 chart, 14 complex and 16 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(8802, 30, 44)``.
``data/offline_heldout_v35.yaml`` holds 456 answers over all 44 questions (10 or 11 each; 228
label-passes, 228 label-fails; 148 chart answers (70 passes), 148 complex (74) and 160
cross-modal (84)) in 152 styles, three answers each (v34's 148 styles and four new ones at
three each need 456 answers, so sixteen chart and complex questions hold eleven).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v34's 148 (listed and described in ``test_offline_heldout_v34``'s docstring and those it
points to); and four no earlier set named, each right and wrong: a stated confidence level
opening or closing the answer ("Confidence: high.", "(~90% sure)", "Confidence: low (~40%)"),
as calibration-tuned assistants preface a reply, failing when the answer it frames is wrong
however sure or unsure the label ("(~90% sure) … critical … 2018", ``confidence_level``; v18's
``confidence_tag`` appends a bare number instead); a superscript footnote marker on the value
whose footnote below gives the bar or the source it was read from ("0.432¹ … ¹ Bar label in
the 2004 group"), as models imitating printed reports cite, failing when the marked value is
wrong even where the footnote reads plausibly ("−1.8%¹ … ¹ drops from 3.2% to 1.4%",
``superscript_footnote``; v20's ``footnote_ref`` is markdown ``[^1]``); the answer as a Python
``assert`` or ``print`` line with a trailing comment naming what it checks ("assert abs(1.607 -
1.611) < 0.01  # broadly flat"), as code-tuned models compress a reply to one line, failing
when the asserted value is wrong ("== 0.244  # mean, million km²" for 0.241,
``assert_comment``); and the value written with a ± band ("0.092 ± 0.001 million hectares",
"56.7 ± 0.3%"), passing when the centre is right and the band narrow, failing when the centre
is wrong ("1.52 ± 0.03" for 1.25, ``pm_band``; close to v26's ``plus_minus``, written by
another hand on other questions). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (d080b02), each of a judge made without v35 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v32 (the judge33 round, main 6700976 with v35 added): agreement 92.8%; false
  passes 6.1% of label-fails (14 of 228); false fails 19 of 228; mean absolute score difference
  1.52; certain 66.2% (302) at 94.7%, certain false passes 2.2% (4 of 179: qa_pair, swapped,
  tldr_first, wrong_unit), certain false fails 12.
- offline-claims-v33 (the judge34 round, tuned on every set to v34; judge34 01339cf2 with v35-v37
  added): agreement 93.0%; false passes 6.1% (14 of 228, the same fourteen); false fails 18 of 228
  (a not_but_contrast pass); mean absolute score difference 1.50; certain 64.9% (296) at 94.9%,
  certain false passes 2.3% (4 of 174, the same four), certain false fails 11.

Against the issue 25 targets agreement is met on v35 and v37 only; false passes, the certain
share, certain agreement and certain false passes miss on all three. From here on the set is
tuning material.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v35.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v34 as v34
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "confidence_level",
    "superscript_footnote",
    "assert_comment",
    "pm_band",
)
SET = successor(
    v34.SET,
    "v35",
    8802,
    (
        "625b1dc5e661f5e7edc89ed09e62bb3f9dfb169636b93a995f79682deee8c621",
        "5957803d0877a7cd89cb64eb971e7a8f97adbafbea594a405934a1d7276f13f1",
    ),
    NEW_STYLES,
    min_answers=456,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
