"""The offline judge on the frozen held-out labelled set v11 (issue 25, point 2).

``data/offline_heldout_v11_questions.json`` holds 48 questions the generator made from seed 7359
(no other test, doc or bench script uses it; 30 planned documents, one question per category and
level the run holds, then second questions of pairs in generation order up to 48; 15 chart, 16
complex and 17 cross-modal questions over every category and level), written with
``tests.judge.make_offline_questions.render(7359, 30, 48)``. ``data/offline_heldout_v11.yaml``
holds 640 answers over all 48 questions (12 to 15 each; 347 label-passes, 293 label-fails; 198
chart, 212 complex and 230 cross-modal answers) in 51 styles, at least five answers each.

Unlike set v10, whose answers set hand-written cores into fixed per-style frames, every answer
here was written freely, one at a time, the way different VLMs answer (terse Qwen-VL-like
replies, rambling small models, GPT-4o-like explanations, answers in the question's language or
another): no templates and no programmatic assembly, so wording, length, order, formatting, the
way numbers are written and the extra context mentioned all vary. Each was labelled by hand from
the question, the reference, its facts and the paper's rubric alone (Table 6, pass = 6), before
any judge ran on it, without reading the judge's code, its tests' cases or any earlier set's
answers. Label-fails are wrong by the rubric (a wrong, missing or hedged asked part, a flipped
verdict, a wrong value, entity, colour, period, unit, scale or quantity), not borderline.

Styles: concise; verbose; chain of thought ending right (``cot_right``) and wrong
(``cot_wrong``); correct values in other units and scale words (``converted``), with a wrong unit
(``wrong_unit``) or scale word (``wrong_scale``); hedges between two readings (``hedged``);
tentative single answers (``tentative``); fine (``rounded``) and too coarse rounding
(``rounded_coarse``); thousands separators (``thousands_sep``); decimal commas
(``decimal_comma``); percentages as fractions (``percent_fraction``); German, French, Spanish,
Japanese, Chinese, Korean, Russian, Portuguese, Italian, Arabic and Hindi, right and wrong;
markdown tables and bullets (``markdown``); LaTeX; JSON; a wrong entity or colour
(``wrong_entity``), a wrong year or period (``wrong_period``), swapped roles (``swapped``),
partial answers, refusals, flipped verdicts (``verdict_flip``), distractor readings listed
before the conclusion (``distractors``), self-corrections (``self_correct``), numbers written as
words (``number_words``), the question restated first (``restated``), long preambles
(``preamble``), approximate values in (``approx_in``) and out of tolerance (``approx_out``), a
wrong figure number beside the right value (``wrong_figure``), an extra wrong claim beside a
right answer (``extra_wrong_claim``), a right answer with a wrong supporting value
(``wrong_support``); and seven no earlier set had: answers that describe their reading process
("Looking at the bar for ...": ``reading_process``), answers that switch language mid-sentence
(``code_switch``), the value then a verdict word that contradicts it
(``value_then_contradiction``), a difference computed from rounded readings, in or out of
tolerance (``rounded_from_rounded``), a trailing question to the user (``trailing_question``), a
wrong axis label quoted (``wrong_axis_label``), and answers cut off mid-sentence
(``truncated``: a pass when the asked parts are all there before the cut, a fail when not).

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (4754c40), of offline-claims-v9 (judge code of main at 14d2193; no
judge round has seen this set): pass/fail agreement 91.4% (585 of 640); false passes 5.1% of
label-fails (15 of 293, 2.3% of all); false fails 11.5% of label-passes (40 of 347); mean
absolute score difference 1.62; certain 73.9% (473), on which agreement is 95.8% (453 of 473),
false passes 1.7% of the certain label-fails (4 answers, 0.8% of the certain answers), false
fails 6.6% of the certain label-passes (16 answers), mean absolute difference 1.43. False passes
per style: value_then_contradiction 3, wrong_unit 3, swapped 2, and one each in arabic,
cot_wrong, french, hedged, hindi, japanese and verdict_flip. False fails per style: arabic,
converted, french and italian 3 each; chinese, japanese, number_words, portuguese,
reading_process, russian and spanish 2 each; and one each in approx_in, code_switch, concise,
cot_right, distractors, extra_wrong_claim, german, latex, markdown, rounded_coarse,
rounded_from_rounded, self_correct, verbose and wrong_axis_label. No disagreement in the other
19 styles. The issue 25 targets are not met: overall agreement (>= 90%) and the certain share
(>= 70%) are met; false passes (5.1% against 3%) and the certain answers' 97% / 1% (95.8% /
1.7%) miss, so the last test xfails. These free-written answers read harder than set v10's
framed ones (94.2% / 3.7%, certain 96.9% / 1.6% for the same judge).

First run of offline-claims-v10 (judge code of ed3a6bd, main at the judge10 merge 61d809d; the
judge10 round never saw this set): pass/fail agreement 92.0% (589 of 640); false passes 5.5% of
label-fails (16 of 293, 2.5% of all); false fails 10.1% (35 of 347); mean absolute score
difference 1.59; certain 73.8% (472), on which agreement is 96.2% (454), false passes 1.7% of
the certain label-fails (4 of 230), false fails 5.8% (14 of 242), mean absolute difference 1.40.
False passes per style: value_then_contradiction 3, wrong_unit 3, swapped 2, and one each in
arabic, cot_wrong, distractors, french, hedged, hindi, japanese and verdict_flip (on certain
answers: wrong_unit 2, swapped 1, value_then_contradiction 1). The targets still miss (false
passes 5.5% against 3%, certain 96.2% / 1.7% against 97% / 1%); the last test xfails. With these
two first runs recorded, the set is tuning material for any later round.

Tuned on since offline-claims-v11 (the judge11 round's certainty gates; scores unchanged): 73.8% →
71.1% certain (455), on which agreement 96.2% → 97.6% and false passes 4 → 0 of the certain
label-fails (0 of 219), false fails 14 → 11 (tuned figures, no held-out claim).

Tuned on since offline-claims-v12 (the judge12 round): agreement 92.0% → 93.0%, false passes 16 →
11 of 293 (5.5% → 3.8%), false fails 35 → 34; certain 71.6% (458) at 97.8%, 0 of 222 certain
label-fails passed, 10 certain false fails (tuned figures; the round's leave-one-set-out forecast
with v11 held out: 92.8% / 4.1%, certain 71.4% at 97.8% / 0 of 221).

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v11.py
"""

from __future__ import annotations

from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v11_questions.json"
ANSWERS = "offline_heldout_v11.yaml"
#: styles the set must hold at least five answers of (issue 25: styles of real VLM outputs)
STYLES = (
    "concise", "verbose", "cot_right", "cot_wrong", "converted", "wrong_unit", "wrong_scale", "hedged",
    "tentative", "rounded", "rounded_coarse", "thousands_sep", "decimal_comma", "percent_fraction",
    "german", "french", "spanish", "japanese", "chinese", "korean", "russian", "portuguese", "italian",
    "arabic", "hindi", "markdown", "latex", "json", "wrong_entity", "wrong_period", "swapped", "partial",
    "refusal", "verdict_flip", "distractors", "self_correct", "number_words", "restated", "preamble",
    "approx_in", "approx_out", "wrong_figure", "extra_wrong_claim", "wrong_support",
    "reading_process", "code_switch", "value_then_contradiction", "rounded_from_rounded",
    "trailing_question", "wrong_axis_label", "truncated",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails (the others pass or fail by
#: construction: a right value in other units, a hedge, a flipped verdict ...)
BOTH_WAYS = (
    "concise", "verbose", "tentative", "rounded_coarse", "thousands_sep", "decimal_comma",
    "percent_fraction", "german", "french", "spanish", "japanese", "chinese", "korean", "russian",
    "portuguese", "italian", "arabic", "hindi", "markdown", "latex", "json", "partial", "distractors",
    "self_correct", "number_words", "restated", "preamble", "wrong_figure", "reading_process",
    "code_switch", "rounded_from_rounded", "trailing_question", "wrong_axis_label", "truncated",
)  # fmt: skip

SET = HeldOut(
    label="v11",
    seed=7359,
    digests={
        QUESTIONS: "72670e58753ef21a2e67cd17850047e98e64ccc0689bcfab336dbf687e2654cc",
        ANSWERS: "c92f8a18ec83bfab2fa335af195f39da6e4d61994e27a66833b58c8ca68121a2",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    min_answers=450,
    min_questions=48,
    pass_share=(0.4, 0.6),
)
globals().update(held_out_tests(SET, __file__))
