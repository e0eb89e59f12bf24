"""The offline judge on the frozen held-out labelled set v14 (issue 25, point 2).

``data/offline_heldout_v14_questions.json`` holds 48 questions the generator made from seed 7591
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
48; 15 chart, 16 complex and 17 cross-modal questions over every category and level), written
with ``tests.judge.make_offline_questions.render(7591, 30, 48)``. ``data/offline_heldout_v14.yaml``
holds 564 answers over all 48 questions (11 to 12 each; 300 label-passes, 264 label-fails; 180
chart, 192 complex and 192 cross-modal answers) in 69 styles, at least five answers each.

Every answer was written freely, one at a time, the way different VLMs answer (terse Qwen-VL-like
replies, rambling small models, GPT-4o-like explanations, answers in another language or
switching language): no templates and no programmatic assembly, so wording, length, order,
formatting, the way numbers are written and the extra context mentioned all vary. Each was
labelled by hand from the question, the reference, its facts and the paper's rubric alone
(Table 6, pass = 6), before any judge ran on it, without reading the judge's code, its tests'
cases or any earlier set's answers. Label-fails are wrong by the rubric (a wrong, missing or
hedged asked part, a flipped verdict, a wrong value, entity, colour, period, direction, unit,
scale or quantity, two conflicting final answers), not borderline.

Styles: v13's 62 (concise; verbose; ``cot_right``, ``cot_wrong``; ``converted``,
``wrong_unit``, ``wrong_scale``; ``hedged``; ``tentative``; ``rounded``, ``rounded_coarse``;
``thousands_sep``; ``decimal_comma``; ``percent_fraction``; German, French, Spanish, Japanese,
Chinese, Korean, Russian, Portuguese, Italian, Arabic, Hindi, Turkish, Dutch and Polish, right
and wrong; ``markdown``; LaTeX; JSON; ``wrong_entity``, ``wrong_period``, ``swapped``,
``partial``, ``verdict_flip``, ``distractors``, ``self_correct``, ``number_words``,
``restated``, ``preamble``, ``approx_in``, ``approx_out``, ``wrong_figure``,
``extra_wrong_claim``, ``wrong_support``, ``reading_process``, ``code_switch``,
``value_then_contradiction``, ``rounded_from_rounded``, ``trailing_question``,
``wrong_axis_label``, ``truncated``, ``respectively``, ``pp_confusion``, ``misquoted_title``,
``wrong_direction_word``, ``bold_only``, ``disclaimer``, ``value_wrong_year``, ``interval``,
``emoji_verdict``); and seven no earlier set named: the question restated at length before a
short verdict or value (``restate_long``), the answer given only in a markdown table the model
draws (``table_only``), a value with a spurious claim of exact precision, right or wrong
(``spurious_precision``), a full and confident answer to a neighbouring question (another
year, entity or stage: ``neighbour_question``), a terse value with a unit symbol or compact
scale suffix only ("$4.09B", "130.4k", "17.33 h") where the reference spells the unit out
(``unit_symbol_only``), two final answers in two sections, "Answer:" and "Final answer:", that
agree or conflict (``two_finals``), and a verdict joined to a reason that states the reverse
(``reversed_reason``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (bcbd606), of offline-claims-v12 (judge code of main at 4c374d2; no
judge round has seen this set): pass/fail agreement 93.1% (525 of 564); false passes 6.1% of
label-fails (16 of 264, 2.8% of all); false fails 7.7% of label-passes (23 of 300); mean
absolute score difference 1.46; certain 70.0% (395), on which agreement is 93.9% (371 of 395),
false passes 4.4% of the certain label-fails (9 answers, 2.3% of the certain answers), false
fails 15 answers (7.9% of the certain label-passes), mean absolute difference 1.37. False passes
per style: partial and reversed_reason 2 each, and one each in bold_only, distractors,
extra_wrong_claim, italian, preamble, respectively, restate_long, two_finals,
value_then_contradiction, wrong_axis_label, wrong_entity and wrong_unit. False fails per style:
misquoted_title 3; dutch, respectively, turkish and verbose 2 each; and one each in bold_only,
concise, converted, cot_right, extra_wrong_claim, french, interval, partial, polish,
reading_process, russian and spurious_precision. No disagreement in the other 42 styles (of the
seven new ones, neighbour_question, table_only and unit_symbol_only). The issue 25 targets are
not met: overall agreement (>= 90%) and the certain share (>= 70%, 395 of 564) are met; false
passes (6.1% against 3%) and the certain answers' 97% / 1% (93.9% / 4.4%) miss, so the last
test xfails.

Since: the judge13 trial (calibrated certainty, not merged) ran once on it: 69.5% certain at
94.4% / 4.4%; offline-claims-v13 (the judge14 round, main at 01428f9) gives the same figures as
offline-claims-v12.

Tuned on since the judge15 round (offline-claims-v14): its figures from then on are tuned-set
figures, no held-out ones (docs/protocol.md, "The judge15 round").

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v14.py
"""

from __future__ import annotations

from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v14_questions.json"
ANSWERS = "offline_heldout_v14.yaml"
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
    "pp_confusion", "misquoted_title", "wrong_direction_word", "bold_only", "disclaimer",
    "value_wrong_year", "interval", "emoji_verdict", "restate_long", "table_only",
    "spurious_precision", "neighbour_question", "unit_symbol_only", "two_finals", "reversed_reason",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails (the others pass or fail by
#: construction: a right value in other units, a hedge, a flipped verdict, a neighbouring
#: question, a reason that states the reverse ...)
BOTH_WAYS = (
    "concise", "verbose", "tentative", "rounded_coarse", "thousands_sep", "decimal_comma",
    "percent_fraction", "german", "french", "spanish", "japanese", "chinese", "korean", "russian",
    "portuguese", "italian", "arabic", "hindi", "turkish", "dutch", "polish", "markdown", "latex",
    "json", "partial", "distractors", "self_correct", "number_words", "restated", "preamble",
    "wrong_figure", "wrong_support", "reading_process", "code_switch", "value_then_contradiction",
    "rounded_from_rounded", "trailing_question", "wrong_axis_label", "truncated", "respectively",
    "pp_confusion", "bold_only", "disclaimer", "interval", "emoji_verdict", "restate_long",
    "table_only", "spurious_precision", "two_finals",
)  # fmt: skip

SET = HeldOut(
    label="v14",
    seed=7591,
    digests={
        QUESTIONS: "fa2124c9b5c62f704e5fa8e3c19df082356d996c4cb83c74349f4760c929de2d",
        ANSWERS: "f623d2c7747b772e9dccec4cf5f8f07a533f49532212a23241f4445c05b64b9b",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    min_answers=500,
    min_questions=48,
    pass_share=(0.4, 0.6),
)
globals().update(held_out_tests(SET, __file__))
