"""The offline judge on the frozen held-out labelled set v22 (issue 25, point 2).

``data/offline_heldout_v22_questions.json`` holds 44 questions the generator made from seed 4789
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 43 of the 45 pairs, then second questions of pairs in
generation order up to 44; 13 chart, 15 complex and 16 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(4789, 30, 44)``.
``data/offline_heldout_v22.yaml`` holds 440 answers over all 44 questions (10 each; 232
label-passes, 208 label-fails; 130 chart, 150 complex and 160 cross-modal answers) in 106 styles,
at least three answers each (59 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v21's 101 (listed and described in ``test_offline_heldout_v21``'s docstring and those it
points to); and five no earlier set named, each right and wrong: a difference of percentages
given in basis points, as finance-tuned models write it ("a shortfall of 140 bp" for 1.40
percentage points, "+660 bp"), failing when the count of basis points is wrong ("14 bps",
``basis_points``); answers in Indonesian and in Vietnamese, as multilingual models (Qwen-VL,
SeaLLM-style) answer users in South-East Asia, with decimal commas and the languages' own scale
words ("nghìn" for thousand), failing on a wrong value or side (``indonesian``, ``vietnamese``);
the answer framed as a lettered option of a multiple-choice question nobody asked ("(C) About
2.6", "Answer: B) Staff, above"), as models tuned on multiple-choice benchmarks reply, failing
when the chosen option's content is wrong (``mcq_letter``); and the working written with Unicode
math symbols in plain text ("17.3% ÷ 6.6% ≈ 2.62×", "Δ% = … ⇒ it fell"), as chat models write
arithmetic without LaTeX, failing when a reading or the result is wrong (``unicode_math``).
Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (66504e2), of offline-claims-v20 (main at ad537f2, which holds no
v22 file): agreement 91.1% (401 of 440); false passes 8.7% of label-fails (18 of 208); false
fails 21 of 232; mean absolute score difference 1.86; certain 73.4% (323) at agreement 95.0% (307
of 323), false passes 3.1% of the certain label-fails (5 of 163), false fails 11. The 18 false
passes by style: two_finals 2, extra_wrong_claim 2, and one each of dual_conversion, footnote_ref,
indonesian, misquoted_title, partial, respectively, restate_long, reversed_reason, self_correct,
strikethrough, transposed_digits, wrong_axis_label, wrong_support, wrong_unit; the five certain
ones extra_wrong_claim, misquoted_title, reversed_reason, transposed_digits, wrong_axis_label.
The certain false fails are eleven answers of eleven styles (accounting_negative, concise,
distractors, html_markup, interval, markdown, percent_fraction, polish, pp_confusion, tldr_first,
yaml_block). Against the issue 25 targets: agreement (>= 90%) and the certain share (>= 70%) are
met; false passes (8.7% against 3%) and the certain answers' 95.0% / 3.1% (against 97% / 1%)
miss, so the last test xfails.

First run of offline-claims-v21 (the judge22 round, made in a worktree branched from main at
ad537f2, which holds no v22 file; it never looked for, listed or ran one), at its merge into
merge51: agreement 91.8% (404 of 440); false passes 7.7% (16 of 208); false fails 20 of 232;
mean absolute score difference 1.82; certain 73.0% (321) at 95.6% (307 of 321), false passes 2.5%
of the certain label-fails (4 of 163), false fails 10. The round's struck-through and transposed
readings took two false passes (strikethrough, transposed_digits, the latter certain) and its
accounting and struck-through readings two false fails; one self_correct answer now fails. The
certain false passes left: extra_wrong_claim, misquoted_title, reversed_reason, wrong_axis_label.
Targets: agreement and the certain share met; false passes and the certain 95.6% / 2.5% miss.
v22 is tuning material from here on.

The judge23 round (offline-claims-v22) tuned on v22, so its figures here are tuned, not held out:
agreement 92.0% (405 of 440), false passes 7.2% (15 of 208); under the twenty-two-set fit certain
72.0% at 96.8%, certain false passes 0 of 160 (docs/protocol.md, judge23 round, gives the
refit's). False passes still miss the target, so the last test still xfails.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v22.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v21 as v21
from tests.judge.held_out import held_out_tests, successor

#: the five styles no earlier set named (each held both ways)
NEW_STYLES = ("basis_points", "indonesian", "vietnamese", "mcq_letter", "unicode_math")
SET = successor(
    v21.SET,
    "v22",
    4789,
    (
        "1bf929276ebb8fb009b2afb18b7c2754524e44b1be7540aa0db736b8a84e1bf8",
        "287ac6b831139c4273d306c3a35b51c1d4a3d889302d2db51860d7e1b0b03a46",
    ),
    NEW_STYLES,
    min_answers=440,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
