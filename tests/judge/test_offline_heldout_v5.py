"""The offline judge on the frozen held-out labelled set v5 (issue 25, point 2).

``data/offline_heldout_v5_questions.json`` holds 48 questions the generator made from seed 9613
(no other test uses it; 30 planned documents, one question per category and level the run holds,
then second questions of pairs in generation order up to 48), written with
``tests.judge.make_offline_questions.render(9613, 30, 48)``. ``data/offline_heldout_v5.yaml``
holds 436 answers over all 48 questions in the styles real VLM outputs take: concise, verbose,
chain of thought ending right or wrong, other units and scale words correctly converted,
thousands separators, decimal commas, percentages as fractions, wrong unit, wrong scale word,
hedges between two values, tentative single answers, rounding fine and too coarse, German,
French, Spanish, Portuguese, Japanese, Chinese and Korean (right and wrong), markdown tables and
bullets, LaTeX, wrong entity, wrong period, swapped roles, partial answers, refusals, verdicts
flipped, and distractor readings listed before the conclusion. Each was labelled by hand from
the question, the reference and the paper's rubric alone (Table 6, pass = 6) before any judge
ran on it. Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up
as a failing test and a diff. The judge is never tuned on this set; its figures here are the
judge's held-out quality. Only counts are printed, never the answers.

First run, after the freeze (commit 65b58e1, data and this test committed before any judge ran
on the answers), of offline-claims-v3 as on main at ec30ba7: pass/fail agreement 80.7% (352 of
436); false passes 18.4% of label-fails (38 of 206, 8.7% of all); false fails 20.0% of
label-passes (46 of 230); mean absolute score difference 1.99; certain 62.4% of answers (272), on
which agreement is 87.9% and false passes 17.5% of label-fails (22 of 126, 8.1% of the certain
answers), false fails 7.5% (11 of 146), mean absolute difference 1.44. Disagreements per style (of
answers; false passes in brackets): bullets 2/6 (0), chinese 8/18 (2), concise 3/55 (0),
converted 3/9 (0), cot_right 0/15, cot_wrong 6/18 (6), decimal_comma 0/7, distractors 1/5 (0),
distractors_wrong 0/1, french 5/15 (1), german 5/14 (1), hedged 3/15 (3), japanese 6/13 (0),
korean 5/12 (1), latex 1/11 (1), markdown 1/7 (1), partial 4/27 (2), percent_fraction 1/16 (1),
portuguese 4/13 (1), refusal 0/7, rounded 3/14 (0), rounded_coarse 0/6, spanish 3/16 (1),
swapped 4/12 (4), tentative 0/5, thousands_sep 1/16 (0), verbose 2/12 (0), verdict_flip 1/15 (1),
wrong_entity 3/14 (3), wrong_label 0/1, wrong_period 0/18, wrong_scale 6/13 (6), wrong_unit 3/10
(3). The issue 25 targets are not met (the last test xfails).

Since the judge5 round (offline-claims-v5) this set is tuning material, no longer held out: its
first runs above were recorded and reported before the round read it. Its figures after that
round (tuned-set figures): agreement 96.8%, false passes 1.9% of label-fails, false fails 4.3%;
78.0% certain, at 98.8% / 0.0%; the targets test now passes (XPASS). The round's held-out
figures come from set v6. After the judge6 round (offline-claims-v6): 97.7% agreement, 0.5%
false passes, 3.9% false fails; 78.2% certain at 98.8% / 0.0%.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider tests/judge/test_offline_heldout_v5.py
"""

from __future__ import annotations

from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v5_questions.json"
ANSWERS = "offline_heldout_v5.yaml"
#: styles the set must hold at least five answers of (issue 25: styles of real VLM outputs)
STYLES = (
    "concise", "verbose", "cot_right", "cot_wrong", "converted", "thousands_sep", "decimal_comma",
    "percent_fraction", "wrong_scale", "wrong_unit", "hedged", "tentative", "rounded", "rounded_coarse",
    "german", "french", "spanish", "portuguese", "japanese", "chinese", "korean", "markdown", "bullets",
    "latex", "wrong_entity", "wrong_period", "swapped", "partial", "refusal", "verdict_flip", "distractors",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails
BOTH_WAYS = (
    "german", "french", "spanish", "portuguese", "japanese", "chinese", "korean", "markdown", "bullets",
    "latex", "percent_fraction", "thousands_sep",
)  # fmt: skip

SET = HeldOut(
    label="v5",
    seed=9613,
    digests={
        QUESTIONS: "844cac6e2cc0760095932d926ceec5dd2d2758d931fe4f673410e646a8fc8485",
        ANSWERS: "3e3882f9f48e7b1bc914ecec6a2095938f5147860d692704efcabc3933cbc2c2",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    min_answers=300,
    targets_met=True,  # tuning material since a later round, which meets them: a regression guard
)
globals().update(held_out_tests(SET, __file__))
