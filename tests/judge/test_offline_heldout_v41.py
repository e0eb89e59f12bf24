"""The offline judge on the frozen held-out labelled set v41 (issue 25, point 2).

``data/offline_heldout_v41_questions.json`` holds 44 questions the generator made from seed 5529
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 13 chart, 16 complex and 15 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(5529, 30, 44)``.
``data/offline_heldout_v41.yaml`` holds 492 answers over all 44 questions (11 each, 12 for eight
of them; 254 label-passes, 238 label-fails; 151 chart, 176 complex and 165 cross-modal answers,
of which 82, 89 and 83 pass) in 164 styles, three answers each.

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v39's 160 (listed and described in ``test_offline_heldout_v39``'s docstring and those it
points to); and four no earlier set named, each right and wrong: the whole answer in Czech, with
decimal commas and Czech unit words ("klesla o 1,38 procentního bodu"), as multilingual models
answer users who write in Czech, failing on a wrong year, value or verdict (``czech``); the answer
told as a made-up chat log ("User: … Assistant: …", one turn or several), as chat-tuned models
that imitate their training transcripts reply, scored on what the assistant turns finally commit
to and failing when they name a wrong year or value (``chat_transcript``); a ratio or share put
with a colon or as odds ("about 11:6", "24:25", "2 to 1"), as conversational models state a
proportion, passing when the ratio matches the charted values and failing when it carries a wrong
proportion or the change drawn from it is wrong ("3:2, a drop of 1.1 billion", ``colon_ratio``);
and a change given where a level is asked or a level where a change is asked ("stood at 11.86% in
2016" for a change of −1.38 points), passing when both quantities are given and right ("dropped
by 14.2 points, from 50.1% to 35.9%") and failing when only the other one is
(``level_change_swap``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (91235a4), each of a judge made without v41 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v34 (the judge35 round, tuned on every set to v37; main 3efbe6d with v40 and
  v41 added): agreement 89.6%; false passes 5.5% of label-fails (13 of 238); false fails 38 of
  254; mean absolute score difference 2.04; certain 68.7% (338) at 93.5%, certain false passes
  3.2% (6 of 190: decimal_comma, html_markup, plus_minus, reversed_reason, unit_symbol_only,
  wrong_axis_label), certain false fails 16.
- offline-claims-v35 (the judge36 round, tuned on every set to v39; branch ``judge36`` e96f65d,
  not kept): agreement 89.4%; false passes 5.5% (13 of 238, the same); false fails 39 of 254;
  certain 68.3% (336) at 93.8%, certain false passes 3.2% (6 of 189, the same six), certain
  false fails 15.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v41.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v39 as v39
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "czech",
    "chat_transcript",
    "colon_ratio",
    "level_change_swap",
)
SET = successor(
    v39.SET,
    "v41",
    5529,
    (
        "b9ced2067e353ce9bf18286b9c04bc88e857fa3324f1e1fded865b47caa790de",
        "c212bcd3fb169fc80278e7062b372a5fcb448a94aed4a514460c0879badadafa",
    ),
    NEW_STYLES,
    min_answers=492,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
