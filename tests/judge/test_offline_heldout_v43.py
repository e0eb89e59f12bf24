"""The offline judge on the frozen held-out labelled set v43 (issue 25, point 2).

``data/offline_heldout_v43_questions.json`` holds 44 questions the generator made from seed 7263
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 15 chart, 14 complex and 15 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(7263, 30, 44)``.
``data/offline_heldout_v43.yaml`` holds 504 answers over all 44 questions (11 each, 12 for twenty
of them; 257 label-passes, 247 label-fails; 171 chart, 161 complex and 172 cross-modal answers,
of which 101, 75 and 81 pass) in 168 styles, three answers each.

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v41's 164 (listed and described in ``test_offline_heldout_v41``'s docstring and those it
points to); and four no earlier set named, each right and wrong: the whole answer in Finnish, with
decimal commas and Finnish unit words ("laski 2,4 prosenttiyksikköä"), as multilingual models
answer users who write in Finnish, failing on a wrong value or verdict ("kaavio ei vahvista
tekstiä" for a chart that matches, ``finnish``); the answer laid out as presentation slides ("**Slide 2 –
Budget**", bullet points) closed by speaker notes, as assistants asked for decks habitually
format, scored on what the slides and notes commit to and failing when they carry a wrong series
or sign (``slide_deck``); a value stated through a multiple or fraction of another figure ("about
a third of the 2015 level of 12.6, so 4.2", "a quarter of the 8.4 total, so 2.1"), as
explanatory models reach a number by scaling one they already have, passing when the scaled
result is right and failing when the multiple or the figure it scales is wrong
(``scaled_reference``); and a total given where an average is asked or an average where a total
is asked, passing when the asked quantity is given and right beside the other ("the four years
add up to 22.8 days, an average of 5.7") and failing when only the other one is ("the years total
9.3 million tonnes" for an average of 3.1, ``sum_mean_swap``). Refusals are not a style
of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (272432c), each of a judge made without v43 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v34 (the judge35 round, tuned on every set to v37; main 9b672d8 with v42 and
  v43 added): agreement 90.3%; false passes 7.3% of label-fails (18 of 247); false fails 31 of
  257; mean absolute score difference 2.07; certain 64.7% (326) at 93.6%, certain false passes
  4.5% (9 of 198: approx_out, reading_value_list, reversed_reason twice, self_critique, swapped,
  table_only, value_then_contradiction, wrong_unit), certain false fails 12.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v43.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v41 as v41
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "finnish",
    "slide_deck",
    "scaled_reference",
    "sum_mean_swap",
)
SET = successor(
    v41.SET,
    "v43",
    7263,
    (
        "ba85594908464b86135acd0be830bc20ffe8c2f601621c0546794f0446c6c078",
        "0b5b963e23640243d4dc1ceda59b7407b41d5114ebce23238656fa82c13479ab",
    ),
    NEW_STYLES,
    min_answers=504,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
