"""The offline judge on the frozen held-out labelled set v10 (issue 25, point 2).

``data/offline_heldout_v10_questions.json`` holds 48 questions the generator made from seed 8743
(no other test uses it; 30 planned documents, one question per category and level the run holds,
then second questions of pairs in generation order up to 48; 16 chart, 16 complex and 16
cross-modal questions over every category and level), written with
``tests.judge.make_offline_questions.render(8743, 30, 48)``. ``data/offline_heldout_v10.yaml``
holds 535 answers over all 48 questions (10 to 12 each; 290 label-passes, 245 label-fails; 177
chart, 170 complex and 188 cross-modal answers) in the styles real VLM outputs take: every style
of set v9 (those of set v8 and ``title_quote``, ``side_fact``, ``confidence``, ``item_list``,
``prefix_rescale``, ``times_ratio``, ``mixed_language``, ``emoji``, ``year_words``,
``double_negative``, ``question_back``, ``ordinal``, ``per_cent``, ``other_level`` and
``wrong_support``), at least five answers each and both ways where set v9 asks it; and 11 styles
no earlier set had, five answers each: a one-sentence paraphrase of what the chart plots before
the answer (``paraphrase_first``), a worked answer with a wrong intermediate figure (a misread sum,
a miscounted span) but the right final value, or wrong throughout (``wrong_intermediate``), a
bold one-word verdict followed by a number (``bold_verdict_number``), a second sentence about
another year that the question does not ask (``other_year_sentence``), plain-text tables
(``text_table``), passive voice (``passive_voice``), American spelling of units and words
("kilometers", "favorably", "percent": ``spelling_variant``), the answer first and the reason
after it (``answer_then_why``), telegraphic answers of names and figures only (``telegraphic``),
arrow notation for a change ("23.66% → 18.03% (−5.63 pp)": ``arrow_notation``), all of these
both ways; and one that fails by construction: only the second half of a two-part question
answered (``second_half_only``). Each was written and labelled by hand from the question, the
reference, its facts and the paper's rubric alone (Table 6, pass = 6) before any judge ran on it,
without reading the judge's code, its tests' cases or any earlier set's answers: per question a
right answer, a wrong one and the parts, plus hand-written variants (conversions, scientific
notation, ratios, ranges, double negatives, item lists ...), set into each style's frame; label-
fails are wrong by the rubric (a wrong or missing asked part, a flipped verdict, a wrong value,
entity, colour, period, unit, scale or quantity, a hedge between answers for one asked slot), not
borderline. Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as
a failing test and a diff. The judge is never tuned on this set; its figures here are the judge's
held-out quality. Only counts are printed, never the answers.

Answers per style: concise 40 and five in each of the other 100 styles: abbrev, answer_then_why,
approx_in, approx_out, approx_symbol, arabic, arrow_notation, bold_verdict_number,
both_entities_named, bullets, chinese, code_block, confidence, converted, cot_right, cot_wrong,
decimal_comma, distractors, double_negative, dutch, emoji, extra_wrong_claim, footnote,
fraction_text, french, german, hedged, hindi, html_table, indonesian, italian, item_list,
japanese, json, korean, latex, letter_choice, markdown, mixed_language, name_variant,
number_words, number_words_foreign, ordinal, other_chart_value, other_level,
other_year_sentence, paraphrase_first, partial, passive_voice, per_cent, percent_fraction,
percent_vs_points, polish, portuguese, preamble, prefix_rescale, question_back, range_answer,
refusal, relative_change, restated, rounded, rounded_coarse, russian, scientific,
second_half_only, self_correct, side_fact, sign_flip, spanish, spelling_variant, swapped,
swedish, telegraphic, tentative, text_table, thousands_sep, times_ratio, title_quote,
trailing_commentary, turkish, unicode_minus, units_missing, units_spelled, verbose,
verdict_flip, vietnamese, wrong_entity, wrong_figure, wrong_intermediate, wrong_label_list,
wrong_period, wrong_quantity, wrong_scale, wrong_support, wrong_unit, wrong_value, year_words,
yes_no_only.

First run, after the freeze (e0caf2d), of offline-claims-v8 (judge code of 4fbf29f; no judge
round has seen this set): pass/fail agreement 94.0% (503 of 535); false passes 4.1% of
label-fails (10 of 245, 1.9% of all); false fails 7.6% of label-passes (22 of 290); mean absolute
score difference 1.50; certain 79.1% (423), on which agreement is 96.9% (410 of 423), false passes
1.6% of label-fails (3 of 191; 0.7% of the certain answers), false fails 4.3% (10 of 232), mean
absolute difference 1.29. False passes per style: extra_wrong_claim 2, and one each in
approx_symbol, decimal_comma, ordinal, side_fact, sign_flip, wrong_scale, wrong_support and
wrong_unit (3 of the 10 on certain answers: extra_wrong_claim, ordinal and sign_flip 1 each).
False fails per style: number_words_foreign 3, double_negative, french, indonesian, latex and
russian 2 each, and one each in footnote, item_list, name_variant, passive_voice, range_answer,
swedish, text_table, units_missing and vietnamese (10 on certain answers: number_words_foreign 3,
latex 2, double_negative, footnote, item_list, range_answer and text_table 1 each). No
disagreement in the other 77 styles. The issue 25 targets are not met: overall agreement (>= 90%)
and the certain share (>= 70%) are met, false passes (<= 3%) and the certain answers' 97% / 1%
miss; the last test xfails.

First run of offline-claims-v9 (judge code of 2e6cab4, main at the judge9 merge; the judge9 round
never saw this set): pass/fail agreement 94.2% (504 of 535); false passes 3.7% of label-fails (9 of
245, 1.7% of all); false fails 7.6% of label-passes (22 of 290); mean absolute score difference
1.49; certain 79.1% (423), on which agreement is 96.9% (410 of 423), false passes 1.6% of
label-fails (3 of 192; 0.7% of the certain answers), false fails 4.3%, mean absolute difference
1.29. False passes per style: extra_wrong_claim 2, and one each in approx_symbol, decimal_comma,
ordinal, side_fact, sign_flip, wrong_scale and wrong_unit (the wrong_support one is now failed);
on certain answers extra_wrong_claim, ordinal and sign_flip 1 each. Overall agreement and the
certain share are met; false passes (3.7% against 3%) and the certain answers' 97% / 1% (96.9% /
1.6%) still miss, so the last test xfails. The answers of this set were built from hand-written
cores set into per-style frames (see above): more uniform than set v9's free-written ones, so its
figures are the kinder of the two held-out readings.

Tuned on since offline-claims-v10 (judge10 round): its first runs above were recorded before the
round read it, so it is no longer held out. After the round (tuned-set figures): agreement 96.6%,
false passes 0.0% (0 of 245), 79.6% certain at 98.6% agreement and no certain false pass.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v10.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v9 as v9
from tests.judge.held_out import HeldOut, held_out_tests

QUESTIONS = "offline_heldout_v10_questions.json"
ANSWERS = "offline_heldout_v10.yaml"
#: styles the set must hold at least five answers of (issue 25: styles of real VLM outputs): set
#: v9's, and the ones no earlier held-out set had
STYLES = (
    *v9.STYLES,
    "paraphrase_first", "wrong_intermediate", "bold_verdict_number", "other_year_sentence", "text_table",
    "passive_voice", "spelling_variant", "answer_then_why", "telegraphic", "arrow_notation",
    "second_half_only",
)  # fmt: skip
#: styles that must hold both label-passes and label-fails (``second_half_only`` fails by
#: construction)
BOTH_WAYS = (
    *v9.BOTH_WAYS,
    "paraphrase_first", "wrong_intermediate", "bold_verdict_number", "other_year_sentence", "text_table",
    "passive_voice", "spelling_variant", "answer_then_why", "telegraphic", "arrow_notation",
)  # fmt: skip

SET = HeldOut(
    label="v10",
    seed=8743,
    digests={
        QUESTIONS: "1b84817be6da5b914449fcd7eba8dec82bc237ba39aaff101c517d5ccaf48ccd",
        ANSWERS: "7203a9597aa7279c97ab550acaa9b784b96ba3b737a2132ce7c29a02ce7c06ab",
    },
    styles=STYLES,
    both_ways=BOTH_WAYS,
    targets_met=True,  # tuned on (offline-claims-v10): a regression guard
    min_answers=420,
    min_questions=48,
    pass_share=(0.4, 0.6),
)
globals().update(held_out_tests(SET, __file__))
