"""The offline judge on the frozen held-out labelled set v6 (issue 25, point 2).

``data/offline_heldout_v6_questions.json`` holds 48 questions the generator made from seed 9787
(no other test uses it; 30 planned documents, one question per category and level the run holds,
then second questions of pairs in generation order up to 48), written with
``tests.judge.make_offline_questions.render(9787, 30, 48)``. ``data/offline_heldout_v6.yaml``
holds 383 answers over all 48 questions in the styles real VLM outputs take: concise, verbose,
chain of thought ending right or wrong, other units and scale words correctly converted (and one
misconverted), thousands separators, decimal commas, percentages as fractions, wrong unit, wrong
scale word, hedges between two values, tentative single answers, rounding fine and too coarse,
German, French, Spanish, Italian, Portuguese, Russian, Japanese, Chinese and Korean (right and
wrong), markdown tables and bullets, LaTeX, wrong entity, wrong period, swapped roles, sign
flips, partial answers, refusals, verdicts flipped, distractor readings listed before the
conclusion; and styles the earlier sets lacked: answers that restate the question first (also
an "X or Y?" question), JSON objects, a long preamble describing the chart, "about/roughly"
values inside and outside tolerance, a wrong figure number with the right value,
self-corrections (to the right value and away from it), units spelled out and numbers written
as words. Each was labelled by hand from the question, the reference and the paper's rubric
alone (Table 6, pass = 6) before any judge ran on it. Both files are frozen: their SHA-256
digests are pinned below, so any edit shows up as a failing test and a diff. The judge is never
tuned on this set; its figures here are the judge's held-out quality. Only counts are printed,
never the answers.

First run, after the freeze (commit 9ad87c6, data and this test committed before any judge ran
on the answers), of offline-claims-v4 as on main at 7411607 (judge code unchanged up to main's
94a1a81): pass/fail agreement 89.0% (341 of 383); false passes 9.5% of label-fails (16 of 169,
4.2% of all); false fails 12.1% of label-passes (26 of 214); mean absolute score difference
1.45; certain 74.9% of answers (287), on which agreement is 93.7% and false passes 5.9% of
label-fails (7; 2.4% of the certain answers), false fails 6.5% (11), mean absolute difference
1.05. Disagreements per style (of answers; false passes in brackets): approx_in 1/7 (0),
approx_out 0/7, bullets 0/6, chinese 1/7 (1), concise 1/48 (0), converted 2/8 (0), cot_right
0/8, cot_wrong 1/10 (1), decimal_comma 1/5 (0), distractors 0/5, french 0/7, german 0/10,
hedged 1/10 (1), italian 2/7 (1), japanese 1/7 (0), json 2/7 (0), korean 1/9 (1), latex 0/6,
markdown 0/7, number_words 10/11 (0), partial 2/12 (2), percent_fraction 0/9, portuguese 0/5,
preamble 1/6 (0), refusal 0/5, restated 0/8, rounded 1/6 (0), rounded_coarse 0/6, russian 2/7
(0), self_correct 1/7 (0), sign_flip 0/5, spanish 1/7 (0), swapped 3/11 (3), tentative 1/6 (0),
thousands_sep 0/10, units_spelled 0/5, verbose 0/6, verdict_flip 1/16 (1), wrong_entity 3/17
(3), wrong_figure 0/5, wrong_period 0/17, wrong_scale 0/8, wrong_unit 2/7 (2). The issue 25
targets are not met (the last test xfails).

First run of offline-claims-v5 (the judge5 round, tuned on the six older sets and never on this
one), on main at 701a7f6: the held-out quality of that judge. Pass/fail agreement 90.1% (345 of
383); false passes 7.1% of label-fails (12 of 169, 3.1% of all); false fails 12.1% of label-passes
(26 of 214); mean absolute score difference 1.39; certain 78.3% of answers (300), on which
agreement is 95.0%, false passes 3.0% of label-fails (1.3% of the certain answers), false fails
6.6%, mean absolute difference 1.06. Disagreements per style (false passes in brackets):
approx_in 1/7 (0), chinese 2/7 (1), converted 2/8 (0), cot_wrong 1/10 (1), decimal_comma 1/5
(0), hedged 1/10 (1), italian 2/7 (1), japanese 1/7 (0), json 2/7 (0), number_words 10/11 (0),
partial 2/12 (2), rounded 1/6 (0), russian 2/7 (0), self_correct 2/7 (0), spanish 1/7 (0),
swapped 1/11 (1), tentative 1/6 (0), verdict_flip 1/16 (1), wrong_entity 2/17 (2), wrong_unit
2/7 (2); none in the other 23 styles. Agreement meets the target (>= 90%); false passes (<= 3%)
and the certain answers' figures (>= 97% / <= 1%) do not.

Since the judge6 round (offline-claims-v6) this set is tuning material, no longer held out: its
first runs above (offline-claims-v4 and -v5) were recorded and reported before the round read
it. Its figures after that round are tuned-set figures: agreement 98.4%, false passes 1.8% of
label-fails, false fails 1.4%; 82.2% certain, at 100% / 0.0%; the targets test passes and is a
regression guard. The round's held-out figures come from set v7, written by someone else.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v6.py
"""

from __future__ import annotations

from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v6_questions.json"
ANSWERS = "offline_heldout_v6.yaml"
#: styles the set must hold at least five answers of (issue 25: styles of real VLM outputs)
STYLES = (
    "concise", "verbose", "cot_right", "cot_wrong", "converted", "thousands_sep", "decimal_comma",
    "percent_fraction", "wrong_scale", "wrong_unit", "hedged", "tentative", "rounded", "rounded_coarse",
    "german", "french", "spanish", "italian", "portuguese", "russian", "japanese", "chinese", "korean",
    "markdown", "bullets", "latex", "wrong_entity", "wrong_period", "swapped", "sign_flip", "partial",
    "refusal", "verdict_flip", "distractors",
    # styles the earlier held-out sets lacked
    "restated", "json", "preamble", "approx_in", "approx_out", "wrong_figure", "self_correct",
    "units_spelled", "number_words",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails
BOTH_WAYS = (
    "german", "french", "spanish", "italian", "portuguese", "russian", "japanese", "chinese", "korean",
    "markdown", "bullets", "latex", "percent_fraction", "thousands_sep", "decimal_comma", "converted",
    "partial", "distractors", "tentative", "restated", "json", "preamble", "self_correct", "number_words",
)  # fmt: skip

SET = HeldOut(
    label="v6",
    seed=9787,
    digests={
        QUESTIONS: "17948262cb1e65e618935e3c76f248b3b12f99bd9677065d8d92bbd637606d28",
        ANSWERS: "4f8896686fb869a96778ec0a9d53b92f10169c54ff799fe00596dd7e8b8c07a7",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    targets_met=True,  # tuning material since a later round, which meets them: a regression guard
)
globals().update(held_out_tests(SET, __file__))
