"""The offline judge on the frozen held-out labelled set v12 (issue 25, point 2).

``data/offline_heldout_v12_questions.json`` holds 48 questions the generator made from seed 5813
(no other test, doc or bench script uses it; 30 planned documents, one question per category and
level the run holds, then second questions of pairs in generation order up to 48; 15 chart, 17
complex and 16 cross-modal questions over every category and level), written with
``tests.judge.make_offline_questions.render(5813, 30, 48)``. ``data/offline_heldout_v12.yaml``
holds 539 answers over all 48 questions (10 to 12 each; 285 label-passes, 254 label-fails; 178
chart, 189 complex and 172 cross-modal answers) in 55 styles, at least five answers each.

Every answer was written freely, one at a time, the way different VLMs answer (terse Qwen-VL-like
replies, rambling small models, GPT-4o-like explanations, answers in another language or
switching language): no templates and no programmatic assembly, so wording, length, order,
formatting, the way numbers are written and the extra context mentioned all vary. Each was
labelled by hand from the question, the reference, its facts and the paper's rubric alone
(Table 6, pass = 6), before any judge ran on it, without reading the judge's code, its tests'
cases or any earlier set's answers. Label-fails are wrong by the rubric (a wrong, missing or
hedged asked part, a flipped verdict, a wrong value, entity, colour, period, unit, scale or
quantity), not borderline.

Styles: concise; verbose; chain of thought ending right (``cot_right``) and wrong
(``cot_wrong``); correct values in other units and scale words (``converted``), with a wrong unit
(``wrong_unit``) or scale word (``wrong_scale``); hedges between two readings (``hedged``);
tentative answers (``tentative``); fine (``rounded``) and too coarse rounding
(``rounded_coarse``); thousands separators (``thousands_sep``); decimal commas
(``decimal_comma``); percentages as fractions (``percent_fraction``); German, French, Spanish,
Japanese, Chinese, Korean, Russian, Portuguese, Italian, Arabic, Hindi, Turkish, Dutch and
Polish, right and wrong; markdown tables and bullets (``markdown``); LaTeX; JSON; a wrong entity
or colour (``wrong_entity``), a wrong or neighbouring year or period (``wrong_period``), swapped
roles (``swapped``), partial answers, flipped verdicts (``verdict_flip``), distractor readings
listed before the conclusion (``distractors``), self-corrections (``self_correct``), numbers
written as words (``number_words``), the question restated first (``restated``), long preambles
(``preamble``), approximate values in (``approx_in``) and out of tolerance (``approx_out``), a
wrong figure number beside the right value (``wrong_figure``), an extra wrong claim beside a
right answer (``extra_wrong_claim``), a right answer with a wrong supporting value
(``wrong_support``), reading-process narration (``reading_process``), code switching
(``code_switch``), the value then a verdict word that contradicts it
(``value_then_contradiction``), a difference from rounded readings (``rounded_from_rounded``), a
trailing question to the user (``trailing_question``), a wrong axis or legend label quoted
(``wrong_axis_label``), answers cut off mid-sentence (``truncated``); and two no earlier set
named: two values for two slots joined by "respectively", in the right or the wrong order
(``respectively``), and a percent/percentage-point confusion that commits to a wrong
percentage-point figure (a relative change stated as points: ``pp_confusion``). Refusals are not
a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (cad577d), of offline-claims-v10 (judge code of main at 62a9236; no
judge round has seen this set): pass/fail agreement 91.8% (495 of 539); false passes 4.7% of
label-fails (12 of 254, 2.2% of all); false fails 11.2% of label-passes (32 of 285); mean
absolute score difference 1.43; certain 74.8% (403), on which agreement is 95.5% (385 of 403),
false passes 1.0% of the certain label-fails (2 answers, 0.5% of the certain answers), false
fails 7.8% of the certain label-passes (16 answers), mean absolute difference 1.21. False passes
per style: hedged, wrong_entity and wrong_support 2 each, and one each in cot_wrong,
pp_confusion, respectively, restated, value_then_contradiction and wrong_unit. False fails per
style: number_words, russian and rounded_from_rounded 3 each; code_switch, decimal_comma, latex
and turkish 2 each; and one each in arabic, chinese, concise, cot_right, hindi, json, korean,
partial, polish, portuguese, reading_process, respectively, rounded_coarse, self_correct and
verbose. No disagreement in the other 25 styles. The issue 25 targets are not met: overall
agreement (>= 90%) and the certain share (>= 70%) are met; false passes (4.7% against 3%) and
the certain answers' 97% / 1% (95.5% / 1.0%) miss, so the last test xfails.

First run of offline-claims-v11 (judge code of f82ed5c, main at the judge11 merge; the judge11
round never saw this set): the same pass/fail verdicts (91.8%, false passes 4.7%, 12 of 254;
the round changed no score); certain 73.1% (394), on which agreement is 95.7% (377), false
passes 0.5% of the certain label-fails (1 of 194, wrong_unit), false fails 8.0% (16 of 200).
Certain false passes (<= 1%) now meet the target; overall false passes and certain agreement
still miss, so the last test xfails. With these two first runs recorded, the set is tuning
material for any later round.

Tuned on since offline-claims-v12 (the judge12 round, written partly on this set's misses):
agreement 91.8% → 94.1%, false passes 12 → 9 of 254 (4.7% → 3.5%), false fails 32 → 23; certain
73.1% (394) at 98.0%, 1 of 196 certain label-fails passed, 7 certain false fails (tuned figures,
no held-out claim; the round's leave-one-set-out forecast with v12 held out: 92.6% / 3.5%,
certain 73.5% at 96.0% / 0.5%).

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v12.py
"""

from __future__ import annotations

from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v12_questions.json"
ANSWERS = "offline_heldout_v12.yaml"
#: styles the set must hold at least five answers of (issue 25: styles of real VLM outputs)
STYLES = (
    "concise", "verbose", "cot_right", "cot_wrong", "converted", "wrong_unit", "wrong_scale", "hedged",
    "tentative", "rounded", "rounded_coarse", "thousands_sep", "decimal_comma", "percent_fraction",
    "german", "french", "spanish", "japanese", "chinese", "korean", "russian", "portuguese", "italian",
    "arabic", "hindi", "turkish", "dutch", "polish", "markdown", "latex", "json", "wrong_entity",
    "wrong_period", "swapped", "partial", "verdict_flip", "distractors", "self_correct", "number_words",
    "restated", "preamble", "approx_in", "approx_out", "wrong_figure", "extra_wrong_claim",
    "wrong_support", "reading_process", "code_switch", "value_then_contradiction",
    "rounded_from_rounded", "trailing_question", "wrong_axis_label", "truncated", "respectively",
    "pp_confusion",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails (the others pass or fail by
#: construction: a right value in other units, a hedge, a flipped verdict ...)
BOTH_WAYS = (
    "concise", "verbose", "tentative", "rounded_coarse", "thousands_sep", "decimal_comma",
    "percent_fraction", "german", "french", "spanish", "japanese", "chinese", "korean", "russian",
    "portuguese", "italian", "arabic", "hindi", "turkish", "dutch", "polish", "markdown", "latex",
    "json", "partial", "distractors", "self_correct", "number_words", "restated", "preamble",
    "wrong_figure", "wrong_support", "reading_process", "code_switch", "value_then_contradiction",
    "rounded_from_rounded", "trailing_question", "wrong_axis_label", "truncated", "respectively",
)  # fmt: skip

SET = HeldOut(
    label="v12",
    seed=5813,
    digests={
        QUESTIONS: "09f72c9748775eebad446ea18d12f92f3519cb7124218f69c12d7745e93a4936",
        ANSWERS: "3f8bd811d5ef3d7d13e60567a4ae92111f985d70b98826bfb373c0cb2fe0c45e",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    min_answers=450,
    min_questions=48,
    pass_share=(0.4, 0.6),
    targets_met=True,  # tuning material since judge12; the judge15 round meets them: a regression guard
)
globals().update(held_out_tests(SET, __file__))
