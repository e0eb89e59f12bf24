"""The offline judge on the frozen held-out labelled set v9 (issue 25, point 2).

``data/offline_heldout_v9_questions.json`` holds 48 questions the generator made from seed 9833
(no other test uses it; 30 planned documents, one question per category and level the run holds,
then second questions of pairs in generation order up to 48; 16 chart, 16 complex and 16
cross-modal questions over every category and level), written with
``tests.judge.make_offline_questions.render(9833, 30, 48)``. ``data/offline_heldout_v9.yaml``
holds 572 answers over all 48 questions (11 or 12 each; 320 label-passes, 252 label-fails; 188
chart, 192 complex and 192 cross-modal answers) in the styles real VLM outputs take: every style
of set v8 (those of set v7, relative changes, ranges, scientific notation, fractions in words and
digits, HTML tables, "≈"/"~" values, a value from another figure, multiple-choice letters,
footnote marks, Swedish, Polish, Turkish, Indonesian and Vietnamese answers, trailing remarks,
both compared entities named, bare "Yes."/"No.", the right number without its unit, percentage
points written as "%" and relative changes written as points), at least five answers each and
both ways where set v8 asks it; and 15 styles no earlier set had, at least five answers each: the
question's figure title quoted before the answer (``title_quote``), a right or wrong answer
followed by an unrelated, wrong side remark about another entity (``side_fact``; the remark is
not asked, so it does not decide the label), a value with a confidence percentage
(``confidence``), an "Item: value" list of several marks where one line is asked
(``item_list``), values rescaled to another unit prefix or scale word, right ("86,000 thousand",
"0.02476 million") or shifted by a power of ten (``prefix_rescale``), ratios and "times"
phrasing (``times_ratio``), two languages mixed in one answer (``mixed_language``), emoji
(``emoji``), years written in words (``year_words``), verdicts stated through double or stacked
negations (``double_negative``), answers that end with a question back to the user
(``question_back``), ordinal phrasing ("ranks last", "the second lowest", "the seventh year
shown": ``ordinal``), percentages written "per cent" or "pct" (``per_cent``), all of these both
ways; and two that fail by construction: another level of the same question than the one asked
(the end level where a change was asked, one year where a total or a mean was asked, the
component's value given as the average: ``other_level``) and a right verdict with a wrong
supporting value that the question asks or cites (``wrong_support``). Each was written and
labelled by hand from the question, the reference, its facts and the paper's rubric alone (Table
6, pass = 6) before any judge ran on it, without reading the judge's code, its tests' cases or
any earlier set's answers; label-fails are wrong by the rubric (a wrong or missing asked part, a
flipped verdict, a wrong value, entity, colour, period, unit or scale, a hedge between answers
for one asked slot), not borderline. Both files are frozen: their SHA-256 digests are pinned
below, so any edit shows up as a failing test and a diff. The judge is never tuned on this set;
its figures here are the judge's held-out quality. Only counts are printed, never the answers.

Answers per style: abbrev 5, approx_in 7, approx_out 5, approx_symbol 5, arabic 5,
both_entities_named 8, bullets 5, chinese 5, code_block 5, concise 48, confidence 5, converted 9,
cot_right 6, cot_wrong 5, decimal_comma 5, distractors 5, double_negative 10, dutch 5, emoji 5,
extra_wrong_claim 5, footnote 5, fraction_text 5, french 5, german 5, hedged 5, hindi 5,
html_table 5, indonesian 5, italian 5, item_list 5, japanese 5, json 5, korean 5, latex 5,
letter_choice 8, markdown 6, mixed_language 7, name_variant 5, number_words 5,
number_words_foreign 5, ordinal 5, other_chart_value 5, other_level 5, partial 11, per_cent 7,
percent_fraction 7, percent_vs_points 7, polish 5, portuguese 5, preamble 5, prefix_rescale 12,
question_back 8, range_answer 5, refusal 5, relative_change 5, restated 5, rounded 5,
rounded_coarse 5, russian 5, scientific 6, self_correct 5, side_fact 7, sign_flip 5, spanish 5,
swapped 7, swedish 5, tentative 5, thousands_sep 6, times_ratio 8, title_quote 8,
trailing_commentary 5, turkish 5, unicode_minus 5, units_missing 5, units_spelled 5, verbose 5,
verdict_flip 15, vietnamese 5, wrong_entity 12, wrong_figure 5, wrong_label_list 5, wrong_period
14, wrong_quantity 5, wrong_scale 5, wrong_support 5, wrong_unit 5, wrong_value 5, year_words 7,
yes_no_only 6.

First run, after the freeze (20967d0), of offline-claims-v7 (judge code of 64504ab, whose last
change under ``judge/`` is f70cb40; the judge7 round never saw this set): pass/fail agreement
87.8% (502 of 572); false passes 9.5% of label-fails (24 of 252, 4.2% of all); false fails 14.4%
of label-passes (46 of 320); mean absolute score difference 1.80; certain 80.1% (458), on which
agreement is 91.3% (418 of 458), false passes 6.1% of label-fails (12 of 198; 2.6% of the certain
answers), false fails 10.8% (28 of 260), mean absolute difference 1.63. False passes per style:
extra_wrong_claim 3, wrong_support 3, trailing_commentary 2, verdict_flip 2, and one each in
both_entities_named, confidence, double_negative, french, hindi, letter_choice, markdown,
portuguese, restated, self_correct, sign_flip, wrong_label_list, wrong_period and wrong_unit (12 of
the 24 on certain answers: extra_wrong_claim 3, wrong_support 3, both_entities_named,
confidence, markdown, trailing_commentary, wrong_label_list and wrong_unit 1 each). False fails
per style: arabic 4, double_negative 4, scientific 3, vietnamese 3, confidence, dutch,
indonesian, item_list, swedish and turkish 2 each, and one each in chinese, concise, converted,
footnote, fraction_text, german, html_table, italian, json, mixed_language, name_variant,
number_words_foreign, per_cent, polish, question_back, range_answer, relative_change, russian,
side_fact and year_words. No disagreement in the other 43 styles. The issue 25 targets are not
met: agreement (>= 90%), false passes (<= 3%) and the certain answers' 97% / 1% miss; the certain
share (>= 70%) is met. The last test xfails.

First run of offline-claims-v8 (judge code of 94b2e61, main at 4576794; the judge8 round never
saw this set): pass/fail agreement 89.2% (510 of 572); false passes 9.5% of label-fails (24 of
252, 4.2% of all); false fails 11.9% of label-passes (38 of 320); mean absolute score difference
1.70; certain 73.4% (420), on which agreement is 93.1% (391 of 420), false passes 4.2% of
label-fails (8 of 192; 1.9% of the certain answers), false fails 9.2%, mean absolute difference
1.51. False passes per style: extra_wrong_claim 3, wrong_support 3, trailing_commentary 2,
verdict_flip 2, and one each in both_entities_named, confidence, double_negative, french, hindi,
letter_choice, markdown, portuguese, restated, self_correct, sign_flip, wrong_label_list,
wrong_period and wrong_unit (8 on certain answers: extra_wrong_claim 3, wrong_support 2,
wrong_unit, wrong_label_list and both_entities_named 1 each). The targets are still not met
(only the certain share is); the last test xfails.

Since the judge9 round (offline-claims-v9) this set is tuning material, no longer held out: its
first runs above were recorded before the round read it. After the round (tuned-set figures):
agreement 89.3%, false passes 8.3% of label-fails (21 of 252), 73.3% certain at 94.0% agreement
and 4 certain false passes of 191 label-fails. Before reading its misses, the round's certainty
rules written on the older sets gave 73.1% certain at 93.5% / 3.2% (6 of 190) here: the
leave-one-set-out figure. The round's held-out figures come from set v10, written by someone else.

Tuned on since offline-claims-v10 too (judge10 round): agreement 93.5%, false passes 5.2% (13 of
252), 73.3% certain at 98.1% agreement and no certain false pass of 196 label-fails (tuned-set
figures). With only the round's certainty gates that the other sets call for (leave-one-set-out):
74.5% certain at 96.9% / 1.5% (3 of 199).

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v9.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v8 as v8
from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v9_questions.json"
ANSWERS = "offline_heldout_v9.yaml"
#: styles the set must hold at least five answers of (issue 25: styles of real VLM outputs): set
#: v8's, and the ones no earlier held-out set had
STYLES = (
    *v8.STYLES,
    "title_quote", "side_fact", "confidence", "item_list", "prefix_rescale", "times_ratio", "mixed_language",
    "emoji", "year_words", "double_negative", "question_back", "ordinal", "per_cent", "other_level",
    "wrong_support",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails (``other_level`` and ``wrong_support``
#: fail by construction)
BOTH_WAYS = (
    *v8.BOTH_WAYS,
    "title_quote", "side_fact", "confidence", "item_list", "prefix_rescale", "times_ratio", "mixed_language",
    "emoji", "year_words", "double_negative", "question_back", "ordinal", "per_cent",
)  # fmt: skip

SET = HeldOut(
    label="v9",
    seed=9833,
    digests={
        QUESTIONS: "6ce67a16b909d08a4ee30d555aa73a6015b55c3abe4685a9663cca752815d63d",
        ANSWERS: "1af0401d49466f45e97a414ad57aa4f3c6b91d12dccabdb301b06cf4ea1ba6d2",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    min_answers=420,
    min_questions=48,
    pass_share=(0.4, 0.6),
)
globals().update(held_out_tests(SET, __file__))
