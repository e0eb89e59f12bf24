"""The offline judge on the frozen held-out labelled set v18 (issue 25, point 2).

``data/offline_heldout_v18_questions.json`` holds 44 questions the generator made from seed 4719
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 40 of the 45 pairs, then second questions of pairs in
generation order up to 44; 15 chart, 16 complex and 13 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(4719, 30, 44)``.
``data/offline_heldout_v18.yaml`` holds 724 answers over all 44 questions (15 to 18 each; 366
label-passes, 358 label-fails; 260 chart, 256 complex and 208 cross-modal answers) in 88 styles,
at least five answers each.

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v17's 82 (listed and described in ``test_offline_heldout_v17``'s docstring and those it
points to); and six no earlier set named. Five hold label-passes and label-fails: the final
answer inside ``<answer>...</answer>`` tags, alone or after a ``<think>`` block, as RL-tuned
reasoning models answer (``answer_tag``); values and movements written with arrows and symbols
("9.03 → 7.71 million TEU", "Δ = −0.157 bn USD", "⇒ Contradicts": ``arrow_notation``); a
self-reported confidence appended to the answer ("Confidence: 90%", "(Confidence: 0.8)",
"[confidence: high]"), a number that is not an answer (``confidence_tag``); the answer in HTML
markup (``<p>``, ``<b>``, ``<ul><li>``, ``<br>``), as web-tuned chat models emit
(``html_markup``); and a caption-like description of the whole image (chart type, axes, colours)
before the answer, as LLaVA-style captioners open (``image_description``). The sixth holds only
label-fails: a chart label's digits transposed or misread ("290" for 209, "47.1%" for 41.7%,
"0.470" for 0.407), as OCR-weak models read small print (``transposed_digits``). Refusals are
not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (cbee269), of offline-claims-v16 (judge code of main at eed7d40):
agreement 93.2% (675 of 724); false passes 5.9% of label-fails (21 of 358); false fails 28 of
366 (7.7%); mean absolute score difference 1.79; certain 74.6% (540) at agreement 96.5% (521 of
540), false passes 2.9% of the certain label-fails (8 of 277), false fails 11.

First run of offline-claims-v17 (the judge18 round, made in a worktree branched from eed7d40,
which holds no v18 file; it never looked for, listed or ran one), on merge47 at the judge18
merge: the same verdicts (agreement 93.2%, false passes 21 of 358, false fails 28 of 366, mean
absolute difference 1.79); certain 75.3% (545: 263 label-passes, 282 label-fails) at agreement
96.5% (526 of 545), certain false passes 8 of 282 (2.8%), certain false fails 11 of 263. Its
certainty model made five more right fails certain and moved no verdict. The 21 false passes by
style: reversed_reason 4; distractors, extra_wrong_claim and verbose 2 each; one each of
bold_only, dual_conversion, hedged, korean, pp_confusion, rounded_from_rounded, russian,
template_leak, two_finals, value_then_contradiction and verdict_flip. Against the issue 25
targets: agreement (>= 90%) and the certain share (>= 70%) are met; false passes (5.9% against
3%) and the certain answers' 96.5% / 2.8% (against 97% / 1%) miss, so the last test xfails.
The lead read only these counts, no answer text.

As landed, after CI found the certainty model making certain two kinds of fail the judge11 gates
hold uncertain (both added to ``certainty_model.KEPT_OPEN``, model refit): the same verdicts;
certain 75.0% (543) at 96.5% (524 of 543), 8 certain false passes of 280, 11 certain false fails.

Tuned on since the judge19 round (offline-claims-v18: two mechanisms motivated by its
verdict_flip, two_finals and hedged answers, and v18 among the certainty model's fitting sets):
agreement 93.6% (678), false passes 18 of 358 (5.0%); no longer held out, targets still unmet.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v18.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v17 as v17
from tests.judge.held_out import held_out_tests, successor

#: the five styles no earlier set named that hold both label-passes and label-fails
NEW_BOTH_WAYS = ("answer_tag", "arrow_notation", "confidence_tag", "html_markup", "image_description")
#: the six styles no earlier set named (``transposed_digits`` fails by construction)
NEW_STYLES = (*NEW_BOTH_WAYS, "transposed_digits")
SET = successor(
    v17.SET,
    "v18",
    4719,
    (
        "430e7e4291ab13e17bd9cf0b89986f4aa0e9c3ac5ec3fb616f229ce0594d30b0",
        "ad71d276900f70efdc0588d48e15946465b76dd444dcad79b25d2cfbf461d41b",
    ),
    NEW_STYLES,
    new_both_ways=NEW_BOTH_WAYS,
    min_answers=724,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
)
globals().update(held_out_tests(SET, __file__))
