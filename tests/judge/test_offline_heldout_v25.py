"""The offline judge on the frozen held-out labelled set v25 (issue 25, point 2).

``data/offline_heldout_v25_questions.json`` holds 44 questions the generator made from seed 4758
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 43 of the 45 pairs, then second questions of pairs in
generation order up to 44; 14 chart, 15 complex and 15 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(4758, 30, 44)``.
``data/offline_heldout_v25.yaml`` holds 410 answers over all 44 questions (8 to 10 each; 220
label-passes, 190 label-fails; 132 chart, 142 complex and 136 cross-modal answers) in 119 styles,
at least three answers each (19 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v24's 114 (listed and described in ``test_offline_heldout_v24``'s docstring and those it
points to); and five no earlier set named, each right and wrong: the asked quantity given as a
relation to the other mark or figure ("Bolivia's bar sits 6.76 points above Chile's", "4.5
points under the report's 40% forecast"), as terse chat models answer a comparison, passing when
the relation is itself the asked quantity and failing when only a direction is given where a
value is asked (``relation_only``); numbers grouped with the apostrophe of Swiss and
Liechtenstein usage ("61'300 people", "103'700", "−8'700"), as models localised for
German-speaking Switzerland write them, failing when the grouped figure is wrong ("130'700",
``apostrophe_grouping``); an answer that first questions or corrects the question's premise
("The question assumes a gap, but there isn't one …", "Small correction: the chart marks the cap
in 2016"), as assistants tuned to push back answer, passing when the remark is harmless or right
and failing when it "corrects" a right premise into a wrong year, direction or verdict
(``premise_correction``); the chart's legend entries quoted verbatim before the reading
('The legend reads "■ Software" (orange) …'), as document models ground a colour question,
failing when the quoted entry names the wrong series or colour (``legend_quote``); and a rounded
value given beside the exact one ("About 0.6 thousand people below — 0.58 thousand to be
exact", "roughly 14 days — 14.35 days exactly"), as chat models hedge their precision, failing
when the exact figure is wrong even though the rounded one is near (``value_with_rounding``).
Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (84deaea), of offline-claims-v23 (main at bb5cc82, which holds no
v25 file): agreement 93.2% (382 of 410); false passes 7.9% of label-fails (15 of 190); false
fails 13 of 220; mean absolute score difference 1.76; certain 69.5% (285) at agreement 97.2% (277
of 285), false passes 1.4% of the certain label-fails (2 of 143), false fails 6. The 15 false
passes are of fourteen styles (reversed_reason two; abbrev_year, csv_block, cut_trace,
dual_conversion, dutch, emoji_verdict, extra_wrong_claim, french, japanese, legend_quote,
swapped, wrong_entity, wrong_support one each); the two certain ones reversed_reason and
swapped. Against the issue 25 targets: agreement (>= 90%) and the certain agreement (>= 97%)
are met; false passes (7.9% against 3%), the certain share (69.5% against 70%) and the certain
false passes (1.4% against 1%) miss.

First run of offline-claims-v24 (the judge25 round, made in a worktree branched from main at
bb5cc82, which holds no v25 file; it never looked for, listed or ran one), at its merge into
merge54: agreement 93.7% (384 of 410); false passes 7.4% (14 of 190: the abbrev_year one is now
failed); false fails 12 of 220; certain 70.0% (287) at 97.6% (280 of 287), false passes 1.4% of
the certain label-fails (2 of 144, the same two), false fails 5. Targets: agreement, the certain
share and the certain agreement met; false passes (7.4%) and the certain false passes (1.4%)
miss. v25 is tuning material from here on.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v25.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v24 as v24
from tests.judge.held_out import held_out_tests, successor

#: the five styles no earlier set named (each held both ways)
NEW_STYLES = (
    "relation_only",
    "apostrophe_grouping",
    "premise_correction",
    "legend_quote",
    "value_with_rounding",
)
SET = successor(
    v24.SET,
    "v25",
    4758,
    (
        "496fabd6915107998f4d8fcc531a8148253f2f48d81eb01c0740cd14e7747701",
        "35385bb12fb139a97ba0a4df8021238d592767ffb931a335be02bde2791d6ea8",
    ),
    NEW_STYLES,
    min_answers=410,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
