"""The offline judge on the frozen held-out labelled set v15 (issue 25, point 2).

``data/offline_heldout_v15_questions.json`` holds 48 questions the generator made from seed 6353
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
48; 15 chart, 15 complex and 18 cross-modal questions over every category and level), written
with ``tests.judge.make_offline_questions.render(6353, 30, 48)``. ``data/offline_heldout_v15.yaml``
holds 556 answers over all 48 questions (11 to 12 each; 310 label-passes, 246 label-fails; 177
chart, 172 complex and 207 cross-modal answers) in 73 styles, at least five answers each.

Every answer was written freely, one at a time, the way different VLMs answer (terse Qwen-VL-like
replies, rambling small models, GPT-4o-like explanations, InternVL- and LLaVA-like answers,
answers in another language or switching language): no templates and no programmatic assembly,
so wording, length, order, formatting, the way numbers are written and the extra context
mentioned all vary. Each was labelled by hand from the question, the reference, its facts and
the paper's rubric alone (Table 6, pass = 6), before any judge ran on it, without reading the
judge's code, its tests' cases or any earlier set's answers. Label-fails are wrong by the rubric
(a wrong, missing or hedged asked part, a flipped verdict, a wrong value, entity, series, colour,
period, direction, unit, scale or quantity, two conflicting final answers), not borderline.

Styles: v14's 69 (concise; verbose; ``cot_right``, ``cot_wrong``; ``converted``,
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
``emoji_verdict``, ``restate_long``, ``table_only``, ``spurious_precision``,
``neighbour_question``, ``unit_symbol_only``, ``two_finals``, ``reversed_reason``); and four no
earlier set named: an answer that reads the right chart but the wrong series, stage or ring (a
colour taken for another series, another year's marks, a misread stage: ``wrong_series``), a
value given with a right and a wrong conversion side by side ("X billion (= Y million)" with Y
off by a power of ten, hours turned into minutes as if decimal: ``dual_conversion``), an answer,
right or wrong, followed by an unrelated caveat about how legible the chart is in the page image
(``legibility_caveat``), and numbers of the question (a year, the count of marks or points)
quoted back as if they were the result (``echo_numbers``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run: not yet run (frozen before any judge ran on it).

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v15.py
"""

from __future__ import annotations

from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v15_questions.json"
ANSWERS = "offline_heldout_v15.yaml"
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
    "wrong_series", "dual_conversion", "legibility_caveat", "echo_numbers",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails (the others pass or fail by
#: construction: a right value in other units, a hedge, a flipped verdict, a neighbouring
#: question, a wrong series, a wrong conversion beside the right value, echoed numbers ...)
BOTH_WAYS = (
    "concise", "verbose", "tentative", "rounded_coarse", "thousands_sep", "decimal_comma",
    "percent_fraction", "german", "french", "spanish", "japanese", "chinese", "korean", "russian",
    "portuguese", "italian", "arabic", "hindi", "turkish", "dutch", "polish", "markdown", "latex",
    "json", "partial", "distractors", "self_correct", "number_words", "restated", "preamble",
    "wrong_figure", "extra_wrong_claim", "wrong_support", "reading_process", "code_switch",
    "value_then_contradiction", "rounded_from_rounded", "trailing_question", "wrong_axis_label",
    "truncated", "respectively", "pp_confusion", "bold_only", "disclaimer", "interval",
    "emoji_verdict", "restate_long", "table_only", "spurious_precision", "two_finals",
    "legibility_caveat",
)  # fmt: skip

SET = HeldOut(
    label="v15",
    seed=6353,
    digests={
        QUESTIONS: "652a8abb075377ed52b309ae0d7963860ec4f11e7ff50072314b0a1dc1fff034",
        ANSWERS: "760c4e8047d53e20ad369f009a616ec29a13d6b215ffe0fda3ab19383c84feb5",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    min_answers=500,
    min_questions=48,
    pass_share=(0.4, 0.6),
)
globals().update(held_out_tests(SET, __file__))
