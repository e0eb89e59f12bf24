"""The offline judge on the frozen held-out labelled set v23 (issue 25, point 2).

``data/offline_heldout_v23_questions.json`` holds 44 questions the generator made from seed 4731
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 42 of the 45 pairs, then second questions of pairs in
generation order up to 44; 14 chart, 16 complex and 14 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(4731, 30, 44)``.
``data/offline_heldout_v23.yaml`` holds 402 answers over all 44 questions (8 to 10 each; 225
label-passes, 177 label-fails; 129 chart, 139 complex and 134 cross-modal answers) in 110 styles,
at least three answers each (18 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v22's 106 (listed and described in ``test_offline_heldout_v22``'s docstring and those it
points to); and four no earlier set named, each right and wrong: values with SI prefixes and
currency shorthand, as engineering- and finance-flavoured answers abbreviate them ("98 Mm³
(million m³)" for 0.098 billion m³, "$110M", "1.701 Mt", "28.1 G$"), failing when the prefix
gives the wrong scale ("28.14 M$" for 28.14 billion USD, ``si_prefix``); answers in Swedish, with
decimal commas and "miljarder" for billions (a false friend of "billion": Swedish "biljon" is a
trillion), failing on a wrong verdict or reading (``swedish``); the answer as a few-shot
"Q: … A: …" continuation, as base and lightly tuned models (LLaVA-style) split a compound question
into their own question-and-answer pairs, failing when one A is wrong (``qa_pair``); and the
readings drawn as a text bar chart of block characters in a code fence before the answer, as
chat models sketch a comparison ("Industry → Benin ██████████ 0.098"), failing when a drawn
value or the conclusion is wrong (``ascii_bar``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (9aba466), of offline-claims-v21 (main at 3a2a05e, which holds no
v23 file): agreement 92.3% (371 of 402); false passes 9.0% of label-fails (16 of 177); false
fails 15 of 225; mean absolute score difference 2.03; certain 72.4% (291) at agreement 95.9% (279
of 291), false passes 3.7% of the certain label-fails (5 of 135), false fails 7. The 16 false
passes are sixteen answers of sixteen styles (accounting_negative, cot_wrong, extra_wrong_claim,
partial, pp_confusion, restated, scientific_notation, table_only, template_leak, think_tags,
truncated, unit_symbol_only, value_then_contradiction, wrong_figure, wrong_unit, yaml_block); the
five certain ones accounting_negative, template_leak, unit_symbol_only, wrong_figure, wrong_unit.
The certain false fails are seven answers of seven styles (arrow_notation, bilingual_pair,
bold_only, distractors, markdown, value_then_contradiction, verbose). Against the issue 25
targets: agreement (>= 90%) and the certain share (>= 70%) are met; false passes (9.0% against
3%) and the certain answers' 95.9% / 3.7% (against 97% / 1%) miss, so the last test xfails.

First run of offline-claims-v22 (the judge23 round, made in a worktree branched from main at
3a2a05e, which holds no v23 file; it never looked for, listed or ran one), at its merge into
merge52: agreement 92.3% (371 of 402); false passes 9.0% (16 of 177, the same sixteen answers);
false fails 15 of 225; certain 70.9% (285) at 95.8% (273 of 285), false passes 3.7% of the
certain label-fails (5 of 135, the same five), false fails 7. The round's rules (quotes and
credited causes it cannot bind leave a pass uncertain; "made possible" puts the factor on the
effect side) moved six right answers from certain to uncertain and no verdict. Targets: agreement
and the certain share met; false passes and the certain 95.8% / 3.7% miss. v23 is tuning
material from here on.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v23.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v22 as v22
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = ("si_prefix", "swedish", "qa_pair", "ascii_bar")
SET = successor(
    v22.SET,
    "v23",
    4731,
    (
        "23b0cbc9c1c251bf9f27d50826a5823b078a33d9a1cdb8191c69f664db1d6692",
        "ba2c529cca42144887ee471c6408860ecf55c80f37cfbb52546c95ece48e4af3",
    ),
    NEW_STYLES,
    min_answers=402,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
