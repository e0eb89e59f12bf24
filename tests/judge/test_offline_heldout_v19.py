"""The offline judge on the frozen held-out labelled set v19 (issue 25, point 2).

``data/offline_heldout_v19_questions.json`` holds 44 questions the generator made from seed 3467
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 43 of the 45 pairs, then second questions of pairs in
generation order up to 44; 14 chart, 15 complex and 15 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(3467, 30, 44)``.
``data/offline_heldout_v19.yaml`` holds 438 answers over all 44 questions (9 to 11 each; 242
label-passes, 196 label-fails; 142 chart, 145 complex and 151 cross-modal answers) in 93 styles,
at least four answers each.

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v18's 88 (listed and described in ``test_offline_heldout_v18``'s docstring and those it
points to); and five no earlier set named, each right and wrong: the answer as plain
"Field: value" lines, one per asked part, as instruction-tuned models lay out structured replies
without markdown (``key_value``); the same answer given twice, in Chinese or Spanish and in
English, one after the other, as bilingual chat models answer, failing when a version is wrong
or the two disagree (``bilingual_pair``); a first reading or verdict struck through in markdown
(``~~rose~~ **fell**``) before the corrected one, as chat models edit in place, right when what
is left unstruck is right (``strikethrough``); a chatty opener and closer around the answer
("Great question! 😊", "Happy to help!", "Hope that helps!"), as RLHF-tuned assistants frame
replies (``sycophantic_frame``); and a sentence of the report quoted in quotation marks as
evidence before the answer, as document-QA models ground their answers, with the quote and the
answer right or wrong (``quoted_evidence``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (cf4a802), of offline-claims-v17 (judge code of main at d2e7957):
agreement 92.5% (405 of 438); false passes 7.7% of label-fails (15 of 196); false fails 18 of
242 (7.4%); mean absolute score difference 2.01; certain 71.7% (314) at agreement 95.2% (299 of
314), false passes 3.1% of the certain label-fails (5 of 162), false fails 10.

First run of offline-claims-v18 (the judge19 round, made in a worktree branched from d2e7957,
which holds no v19 file; it never looked for, listed or ran one), on merge48 at the judge19
merge: the same verdicts and the same certainty on every answer (the round's two rules and its
pass model, whose fitted threshold demotes nothing, moved no v19 answer). The 15 false passes
by style: dual_conversion 4; extra_wrong_claim, reversed_reason and wrong_entity 2 each; one
each of cot_wrong, think_tags, value_wrong_year, verdict_flip and wrong_unit; the five certain
ones are both reversed_reason, value_wrong_year, verdict_flip and wrong_unit. The lead read the
false passes' texts after both runs: from here on v19 is tuning material. Against the issue 25
targets: agreement (>= 90%) and the certain share (>= 70%) are met; false passes (7.7% against
3%) and the certain answers' 95.2% / 3.1% (against 97% / 1%) miss, so the last test xfails.

Tuned on since the judge20 round (offline-claims-v19: two mechanisms motivated by its
dual_conversion and reversed_reason answers, and v19 among the certainty model's fitting sets):
agreement 93.2% (408), false passes 12 of 196 (6.1%); certain 72.4% (317) at 95.3%, 5 certain
false passes of 165; no longer held out, targets still unmet.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v19.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v18 as v18
from tests.judge.held_out import held_out_tests, successor

#: the five styles no earlier set named (each held both ways)
NEW_STYLES = ("key_value", "bilingual_pair", "strikethrough", "sycophantic_frame", "quoted_evidence")
SET = successor(
    v18.SET,
    "v19",
    3467,
    (
        "a70e6fcffcb6213d8cf883e284cdaaa51a8198fd504d87ee4422089033f26457",
        "d686a6de727608f8d07af425a32874dfbf648e2d4ad4ccb77909c9e8fc44c3aa",
    ),
    NEW_STYLES,
    min_answers=438,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=4,
)
globals().update(held_out_tests(SET, __file__))
