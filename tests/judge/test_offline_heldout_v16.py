"""The offline judge on the frozen held-out labelled set v16 (issue 25, point 2).

``data/offline_heldout_v16_questions.json`` holds 48 questions the generator made from seed 3817
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
48; 14 chart, 17 complex and 17 cross-modal questions over every category and level), written
with ``tests.judge.make_offline_questions.render(3817, 30, 48)``. ``data/offline_heldout_v16.yaml``
holds 503 answers over all 48 questions (9 to 12 each; 277 label-passes, 226 label-fails; 151
chart, 182 complex and 170 cross-modal answers) in 78 styles, at least five answers each.

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v15's 73 (listed and described in ``test_offline_heldout_v15``'s docstring: v14's 69
and ``wrong_series``, ``dual_conversion``, ``legibility_caveat``, ``echo_numbers``); and five no
earlier set named, each right and wrong: reasoning in ``<think>...</think>`` tags before the
final answer, which may agree with the reasoning or contradict it (``think_tags``); a worked
answer whose result is given in LaTeX ``\\boxed{...}``, as math-tuned models answer
(``boxed_final``); chat-template tokens and role prefixes left in the output ("ASSISTANT:",
``<|im_start|>assistant``, ``[INST] ... [/INST]``, ``</s>``, ``<|im_end|>``:
``template_leak``); grounding output, a ``<box>`` or ``<ref>`` tag or pixel coordinates of the
mark read beside the answer (``grounding_box``); and a sentence repeated in a degeneration loop,
sometimes cut off mid-sentence, with or without every asked part (``repetition_loop``).
Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (c3dd241), of offline-claims-v14 (judge code of main at 4dcd5dd, the
judge15 round; no judge round has seen this set): pass/fail agreement 93.6% (471 of 503); false
passes 7.1% of label-fails (16 of 226, 3.2% of all); false fails 5.8% of label-passes (16 of
277); mean absolute score difference 1.53; certain 73.8% (371: 183 label-passes, 188
label-fails), on which agreement is 96.0% (356 of 371), false passes 3.7% of the certain
label-fails (7), false fails 8 of 183, mean absolute difference 1.35. False passes per style:
dual_conversion 5 (of its 5 answers); reversed_reason and value_then_contradiction 2 each; one
each in chinese, extra_wrong_claim, polish, russian, self_correct, trailing_question and
wrong_unit. False fails per style: converted 2; one each in arabic, code_switch, concise, dutch,
emoji_verdict, german, italian, korean, polish, restate_long, rounded, rounded_from_rounded,
self_correct and spanish. No disagreement in the other 55 styles (none in the five new ones).
Against the issue 25 targets: agreement (>= 90%) and the certain share (>= 70%) are met; false
passes (7.1% against 3%) and the certain answers' 97% / 1% (96.0% / 3.7%) miss, so the last
test xfails. The lead read only these counts, no answer text, before the next judge round was
scored.

First run of offline-claims-v15 (the judge16 round, tuned on v15 and the older sets in its own
worktree; it never opened, listed or ran a v16 file, and v16 was frozen and merged only after it
started), on merge42b at 056ff6f: agreement 94.4% (475 of 503); false passes 5.3% of label-fails
(12 of 226, 2.4% of all); false fails 16 of 277 (5.8%); mean absolute score difference 1.48;
certain 74.0% (372: 183 label-passes, 189 label-fails) at agreement 96.0% (357 of 372), false
passes 3.7% of the certain label-fails (7), false fails 8 of 183, mean absolute difference 1.34.
False passes per style: reversed_reason and value_then_contradiction 2 each; one each in
chinese, dual_conversion (5 before), extra_wrong_claim, polish, russian, self_correct,
trailing_question and wrong_unit. False fails as offline-claims-v14's. Against the targets:
agreement and the certain share are met; false passes (5.3% against 3%) and the certain
answers' 96.0% / 3.7% (against 97% / 1%) miss.

Tuned on since the judge17 round (offline-claims-v16): its figures from then on are tuned-set
figures (docs/protocol.md, "The judge17 round": 96.6% agreement, 1.8% false passes, 73.8% certain
at 98.7% / 0.0%). They meet the issue 25 targets only because the round was tuned on this set
(with only the rules other sets support: 95.6% / 3.1%, certain 97.3% / 1.6%), so the target test
stays an expected failure here; the lead decides whether it becomes a regression guard
(``targets_met``).

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v16.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v15 as v15
from tests.judge.held_out import held_out_tests, successor

#: the five styles no earlier set named (each held both ways)
NEW_STYLES = ("think_tags", "boxed_final", "template_leak", "grounding_box", "repetition_loop")
SET = successor(
    v15.SET,
    "v16",
    3817,
    (
        "2008c88027b7313aa55b5ca1595725ac02faa2603b68cb1fa2967b3e81370cdc",
        "cd73c92cd9644aa43140468e431a121116c2aaba38ae7b2532e6b6d62cfbd9ea",
    ),
    NEW_STYLES,
    min_answers=503,
    min_questions=48,
    pass_share=(0.4, 0.6),
)
globals().update(held_out_tests(SET, __file__))
