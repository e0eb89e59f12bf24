"""The offline judge on the frozen held-out labelled set v7 (issue 25, point 2).

``data/offline_heldout_v7_questions.json`` holds 48 questions the generator made from seed 9851
(no other test uses it; 30 planned documents, one question per category and level the run holds,
then second questions of pairs in generation order up to 48), written with
``tests.judge.make_offline_questions.render(9851, 30, 48)``. ``data/offline_heldout_v7.yaml``
holds 467 answers over all 48 questions (267 label-passes, 200 label-fails) in the styles real
VLM outputs take: concise, verbose, chain of thought ending right or wrong, values correctly
converted into other units or scale words (and misconverted), thousands separators (comma, space,
and a wrong magnitude), decimal commas (and a "30,43" misreading), percentages as fractions and
ratios (right and wrong), wrong unit, wrong scale word, hedges between two values or entities
and wide ranges, tentative answers, rounding fine and too coarse, numbers written as words in
English and in Spanish, German and French, German, French, Spanish, Italian, Portuguese, Dutch,
Russian, Japanese (with 万), Chinese (with 亿 and 万), Korean (with 만), Arabic (also with
Arabic-Indic digits) and Hindi (also with Devanagari digits), right and wrong, markdown tables
and bullets, LaTeX, JSON, fenced code blocks, wrong entity or colour, wrong period, swapped roles,
sign flips, flipped verdicts, partial answers (missing an asked part, and ones that omit only an
intermediate detail), refusals, distractor readings listed before the conclusion (ending right
and wrong), restated questions, long chart-describing preambles, self-corrections (to the right
value and away from it), wrong figure numbers with the right values; and styles the earlier
held-out sets lacked: the right value with an extra wrong claim about another asked part
(``extra_wrong_claim``), right numbers attached to the wrong labels in a list
(``wrong_label_list``), a different quantity than the one asked (a level, average, median or gap
where a total, share or ratio was asked: ``wrong_quantity``), plainly wrong values
(``wrong_value``), abbreviated scales ("k", "bn", "M": ``abbrev``), Unicode minus signs
(``unicode_minus``), other names or translations of the asked entity (``name_variant``), a
relative change where a change in percentage points was asked and a change in points written
with "%". Each was written and labelled by hand from the question, the reference and the paper's
rubric alone (Table 6, pass = 6) before any judge ran on it; label-fails are wrong by the rubric,
not borderline. Both files are frozen: their SHA-256 digests are pinned below, so any edit shows
up as a failing test and a diff. Until the judge7 round the judge was never tuned on this set;
its first-run figures below are held-out quality. Only counts are printed, never the answers.

First run, after the freeze (commit 52b5980, data and this test committed before any judge ran
on the answers), of offline-claims-v5 with the judge code of main's fe5188c (``git log -1
--format=%h -- judge/``; main at 6c3f3e4): pass/fail agreement 88.0% (411 of 467); false passes
9.5% of label-fails (19 of 200, 4.1% of all); false fails 13.9% of label-passes (37 of 267);
mean absolute score difference 1.53; certain 79.2% of answers (370), on which agreement is 93.0%
(344), false passes 7.9% of label-fails (13; 3.5% of the certain answers), false fails 6.3% (13),
mean absolute difference 1.16. Disagreements per style (of answers; false passes in brackets):
abbrev 1/5 (0), approx_in 1/6 (0), bullets 1/6 (1), distractors 2/6 (0), dutch 2/6 (0),
extra_wrong_claim 2/5 (2), french 2/8 (0), german 3/8 (1), hedged 1/8 (1), hindi 2/6 (0),
italian 1/6 (0), json 2/6 (1), name_variant 4/5 (0), number_words 5/7 (0), number_words_foreign
4/6 (0), partial 1/26 (0), rounded 1/12 (0), rounded_coarse 2/8 (0), russian 2/6 (1), spanish
1/7 (0), swapped 1/10 (1), tentative 1/6 (0), thousands_sep 1/7 (0), verbose 2/6 (0),
wrong_entity 4/16 (4), wrong_label_list 3/5 (3), wrong_period 2/19 (2), wrong_quantity 1/7 (1),
wrong_scale 1/12 (1); none in the other 28 styles (approx_out, arabic, chinese, code_block,
concise, converted, cot_right, cot_wrong, decimal_comma, japanese, korean, latex, markdown,
percent_fraction, portuguese, preamble, refusal, relative_change, restated, self_correct,
sign_flip, unicode_minus, unit_loose, units_spelled, verdict_flip, wrong_figure, wrong_unit,
wrong_value). The issue 25 targets are not met: agreement (>= 90%), false passes (<= 3%) and the
certain answers' figures (>= 97% / <= 1%) all miss; the certain share (>= 70%) is met. The last
test xfailed then.

First run of offline-claims-v6 (the judge6 round, tuned on sets up to v6 and never on this one;
judge code of 83c73a4, main at e8267ae): pass/fail agreement 90.1% (421 of 467); false passes
8.0% of label-fails (16 of 200, 3.4% of all); false fails 11.2% of label-passes (30 of 267); mean
absolute score difference 1.37; certain 80.9% (378), on which agreement is 92.9%, false passes
7.3% of label-fails (3.2% of all answers), false fails 7.0%, mean absolute difference 1.15.
Disagreements per style: abbrev 1, approx_in 2, bullets 1, distractors 2, dutch 2,
extra_wrong_claim 1, french 2, german 3, hedged 1, hindi 2, italian 1, json 2 (1 false pass),
name_variant 4, number_words 1 (5 before), number_words_foreign 2 (4 before), partial 1,
rounded 1, rounded_coarse 2, russian 1 (1), swapped 1 (1), tentative 1, thousands_sep 1,
verbose 2, wrong_entity 3 (3), wrong_label_list 3 (3), wrong_period 1 (1), wrong_quantity 1
(1), wrong_scale 1 (1). Agreement (>= 90%) is now met; false passes (<= 3%) and the certain
answers' 97% / 1% are not. The last test still xfailed then.

Since the judge7 round (offline-claims-v7) this set is tuning material, no longer held out: its
first runs above (offline-claims-v5 and -v6) were recorded and reported before the round read
it. Its figures after that round are tuned-set figures: agreement 98.3% (459 of 467), false
passes 0.0% of label-fails (0 of 200), false fails 3.0% of label-passes (8 of 267), mean absolute
difference 0.83; 84.8% certain (396), at 99.0% agreement and 0.0% false passes; the targets test
passes and is a regression guard. The 8 left are false fails (approximations the rubric accepts
beyond the judge's tolerance, a tentative answer, a paraphrased series, a German label
translation, a French short form of a country, a range in words). The round's held-out figures
come from set v8, written by someone else.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v7.py
"""

from __future__ import annotations

from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v7_questions.json"
ANSWERS = "offline_heldout_v7.yaml"
#: styles the set must hold at least five answers of (issue 25: styles of real VLM outputs)
STYLES = (
    "concise", "verbose", "cot_right", "cot_wrong", "converted", "thousands_sep", "decimal_comma",
    "percent_fraction", "wrong_scale", "wrong_unit", "hedged", "tentative", "rounded", "rounded_coarse",
    "approx_in", "approx_out", "number_words", "number_words_foreign", "units_spelled",
    "german", "french", "spanish", "italian", "portuguese", "dutch", "russian", "japanese", "chinese",
    "korean", "arabic", "hindi",
    "markdown", "bullets", "latex", "json", "code_block", "wrong_entity", "wrong_period", "swapped",
    "sign_flip", "partial", "refusal", "verdict_flip", "distractors", "restated", "preamble",
    "self_correct", "wrong_figure",
    # styles the earlier held-out sets lacked
    "extra_wrong_claim", "wrong_label_list", "wrong_quantity", "wrong_value", "abbrev", "unicode_minus",
    "name_variant",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails
BOTH_WAYS = (
    "german", "french", "spanish", "italian", "portuguese", "dutch", "russian", "japanese", "chinese",
    "korean", "arabic", "hindi", "markdown", "bullets", "latex", "json", "code_block", "percent_fraction",
    "thousands_sep", "decimal_comma", "converted", "rounded_coarse", "number_words", "number_words_foreign",
    "partial", "distractors", "tentative", "restated", "preamble", "self_correct",
)  # fmt: skip

SET = HeldOut(
    label="v7",
    seed=9851,
    digests={
        QUESTIONS: "d1f047b12d35c4673069d0b6a342d6346cbabd9b6014d6e12beb67272250325e",
        ANSWERS: "b98550d3ebacf967deae7516697618bcb4c300143e13c990100cebad37c923ae",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    targets_met=True,  # tuning material since the judge7 round, which meets them: a regression guard
)
globals().update(held_out_tests(SET, __file__))
