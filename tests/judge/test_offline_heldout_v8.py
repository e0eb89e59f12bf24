"""The offline judge on the frozen held-out labelled set v8 (issue 25, point 2).

``data/offline_heldout_v8_questions.json`` holds 48 questions the generator made from seed 9949
(no other test uses it; 30 planned documents, one question per category and level the run holds,
then second questions of pairs in generation order up to 48; 16 chart, 16 complex and 16
cross-modal questions over every category and level), written with
``tests.judge.make_offline_questions.render(9949, 30, 48)``. ``data/offline_heldout_v8.yaml``
holds 587 answers over all 48 questions (11 to 14 each; 320 label-passes, 267 label-fails; 196
chart, 195 complex and 196 cross-modal answers) in the styles real VLM outputs take: every style
of set v7 (concise, verbose, chain of thought ending right and wrong, conversions into other
units and scale words and misconversions, thousands separators, decimal commas, percentages as
fractions and ratios, wrong unit and scale, hedges, tentative answers, rounding fine and too
coarse, approximations inside and outside the reading precision, numbers written as words in
English and other languages, German, French, Spanish, Italian, Portuguese, Dutch, Russian,
Japanese, Chinese, Korean, Arabic and Hindi answers, markdown, bullets, LaTeX, JSON, fenced code
blocks, wrong entity or colour, wrong period, swapped roles, sign flips, flipped verdicts,
partial answers, refusals, distractor readings, restated questions, preambles, self-corrections,
wrong figure numbers, extra wrong claims, right numbers on wrong labels, a different quantity
than asked, wrong values, abbreviated scales, Unicode minus signs, other names of the entity,
relative changes where points were asked), at least five answers each; and 18 styles no earlier
set had, at least five answers each: ranges (``range_answer``), scientific notation
(``scientific``), fractions in words and digits (``fraction_text``), HTML tables
(``html_table``), "≈"/"~" values (``approx_symbol``), a value from another figure of the same
report (``other_chart_value``), multiple-choice letters (``letter_choice``), footnote and
citation marks (``footnote``), Swedish, Polish, Turkish, Indonesian and Vietnamese answers, a
right answer followed by a harmless remark or by a remark that contradicts it
(``trailing_commentary``), both compared entities named with their roles right or swapped
(``both_entities_named``), a bare "Yes."/"No." to a verdict question that also asks for values
or a colour (``yes_no_only``, partial by the rubric), the right number without its unit
(``units_missing``), and percentage points written as "%" (passes) or a relative change written
as points (fails) (``percent_vs_points``; set v7 held such answers under ``relative_change``
and its unit styles). Each was written and labelled by hand from the question, the reference,
its facts and the paper's rubric alone (Table 6, pass = 6) before any judge ran on it, without
reading the judge's code, its tests' cases or any earlier set's answers; label-fails are wrong
by the rubric (a wrong or missing asked part, a flipped verdict, a wrong value or entity), not
borderline. Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up
as a failing test and a diff. The judge is never tuned on this set; its figures here are the
judge's held-out quality. Only counts are printed, never the answers.

Answers per style: abbrev 7, approx_in 6, approx_out 6, approx_symbol 9, arabic 6,
both_entities_named 6, bullets 7, chinese 6, code_block 5, concise 48, converted 24, cot_right 5,
cot_wrong 8, decimal_comma 7, distractors 6, dutch 6, extra_wrong_claim 5, footnote 7,
fraction_text 7, french 7, german 8, hedged 6, hindi 7, html_table 6, indonesian 5, italian 7,
japanese 5, json 7, korean 8, latex 7, letter_choice 7, markdown 5, name_variant 6, number_words
5, number_words_foreign 5, other_chart_value 6, partial 25, percent_fraction 6, percent_vs_points
12, polish 6, portuguese 5, preamble 5, range_answer 6, refusal 5, relative_change 5, restated 5,
rounded 10, rounded_coarse 6, russian 7, scientific 8, self_correct 5, sign_flip 7, spanish 6,
swapped 8, swedish 6, tentative 7, thousands_sep 6, trailing_commentary 7, turkish 6,
unicode_minus 6, units_missing 11, units_spelled 6, verbose 6, verdict_flip 13, vietnamese 7,
wrong_entity 17, wrong_figure 6, wrong_label_list 6, wrong_period 20, wrong_quantity 5,
wrong_scale 6, wrong_unit 7, wrong_value 7, yes_no_only 7.

First run, after the freeze (ddf8da3), of offline-claims-v6 (judge code of 181d571, main at
740d7b9; the judge6 round never saw this set): pass/fail agreement 89.3% (524 of 587); false
passes 5.6% of label-fails (15 of 267, 2.6% of all); false fails 15.0% of label-passes (48 of
320); mean absolute score difference 1.41; certain 78.4% (460), on which agreement is 93.5%,
false passes 4.2% of label-fails (2.0% of all answers), false fails 8.5%, mean absolute
difference 1.15. False passes per style: wrong_label_list 4 of 6, extra_wrong_claim 3 of 5, and
one each in decimal_comma, dutch, percent_vs_points, trailing_commentary, verdict_flip,
vietnamese, wrong_unit and yes_no_only; the most false fails are scientific notation (5 of 8),
abbreviations, Arabic, Dutch and other names of an entity (3 each). Agreement misses the target
(>= 90%) by 0.7 points; false passes (<= 3%) and the certain answers' 97% / 1% miss. The
judge7 round (offline-claims-v7) never saw this set either. Its first run (judge code of
f70cb40: the judge7 round and the lead's fix of a name split by an "and", made on a generated
question): pass/fail agreement 92.5% (543 of 587); false passes 4.5% of label-fails (12 of 267,
2.0% of all); false fails 10.0% of label-passes (32 of 320); mean absolute score difference 1.21;
certain 80.1% (470), on which agreement is 95.5%, false passes 2.8% of label-fails (1.3% of the
certain answers), false fails 5.8%, mean absolute difference 0.99. False passes per style:
extra_wrong_claim 3 of 5, wrong_label_list 2 of 6, and one each in decimal_comma,
percent_vs_points, trailing_commentary, verdict_flip, vietnamese, wrong_unit and yes_no_only.
Agreement (>= 90%) and the certain share are met; false passes (<= 3%) and the certain answers'
97% / 1% miss, so the last test still xfailed then.

Since the judge8 round (offline-claims-v8) this set is tuning material, no longer held out: its
first runs above (offline-claims-v6 and -v7) were recorded and reported before the round read
it. The round first wrote its certainty rules from the older sets alone (an extra value, a list
of labels, a remark after the answer, a language the judge has no word table for): on this set
they gave 92.5% agreement, 4.5% false passes, 75.6% certain at 95.3% agreement and 2.8% false
passes (the leave-one-set-out figure: none of the set's certain false passes was caught). Its
figures after the round are tuned-set figures: agreement 96.8% (568 of 587), false passes 1.1%
of label-fails (3 of 267), false fails 5.0% of label-passes (16 of 320), mean absolute
difference 0.96; 76.5% certain (449), at 99.3% agreement and 0.0% false passes (0 of 216); the
targets test passes and is a regression guard. The 3 false passes left are uncertain (a
Vietnamese answer, a relative change written as points, a trailing remark that contradicts
the answer). The round's held-out figures come from set v9, written by someone else.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v8.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v7 as v7
from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v8_questions.json"
ANSWERS = "offline_heldout_v8.yaml"
#: styles the set must hold at least five answers of (issue 25: styles of real VLM outputs): set
#: v7's, and the ones no earlier held-out set had
STYLES = (
    *v7.STYLES,
    "relative_change",
    "range_answer", "scientific", "fraction_text", "html_table", "approx_symbol", "other_chart_value",
    "letter_choice", "footnote", "swedish", "polish", "turkish", "indonesian", "vietnamese",
    "trailing_commentary", "both_entities_named", "yes_no_only", "units_missing", "percent_vs_points",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails
BOTH_WAYS = (
    *v7.BOTH_WAYS,
    "range_answer", "scientific", "fraction_text", "html_table", "approx_symbol", "letter_choice", "footnote",
    "swedish", "polish", "turkish", "indonesian", "vietnamese", "trailing_commentary", "both_entities_named",
    "percent_vs_points",
)  # fmt: skip

SET = HeldOut(
    label="v8",
    seed=9949,
    digests={
        QUESTIONS: "07a63b237c40ac8d784a2950e290891d97110214557dd1c55d13f89d3125b993",
        ANSWERS: "165e2b0df7618a4a43605c9f6756f4be386047e9e7c6fb0ed71ce177391b1273",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    min_answers=450,
    min_questions=48,
    pass_share=(0.4, 0.6),
    targets_met=True,  # tuning material since the judge8 round, which meets them: a regression guard
)
globals().update(held_out_tests(SET, __file__))
