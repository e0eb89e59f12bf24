"""The offline judge on the frozen held-out labelled set v38 (issue 25, point 2).

``data/offline_heldout_v38_questions.json`` holds 44 questions the generator made from seed 6913
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, then second questions of pairs in generation order up to
44; 15 chart, 14 complex and 15 cross-modal questions over every subset, category and level),
written with ``tests.judge.make_offline_questions.render(6913, 30, 44)``.
``data/offline_heldout_v38.yaml`` holds 492 answers over all 44 questions (11 or 12 each; 268
label-passes, 224 label-fails; 167 chart, 158 complex and 167 cross-modal answers, of which 92,
86 and 90 pass) in 160 styles, at least three answers each (12 of them four).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v37's 156 (listed and described in ``test_offline_heldout_v37``'s docstring and those it
points to); and four no earlier set named, each right and wrong: the whole answer in Greek, with
the Greek decimal comma and Greek scale words ("2,35 εκατομμύρια τόνοι", "μείωση κατά 4,7
μονάδες"), as multilingual models answer a Greek-speaking user, failing on a wrong value or
verdict however fluent ("Ναι, συμφωνεί … 17,2 ημέρες", ``greek``); a speech-to-text transcript
of a spoken answer, with fillers, repeats and self-interruptions ("uh, so the, the orange one
is — it's, um, exports, at about forty-two"), as voice assistants' replies are logged, the
figure often said in words, failing when the value finally said is wrong ("it's, uh, around
ninety, I think? So it went up", ``spoken_transcript``); a right or wrong reading credited to an
outside source the document never names ("According to the IMF's fiscal monitor …", "Eurostat
figures put it at …"), as retrieval-minded chat models dress up a chart reading, scored on the
reading and failing when the value or direction is wrong whatever the source ("rising, as the
UNCTAD data show", ``outside_source``); and a verbal amount in place of the asked number ("a
touch under half", "about a third higher", "nearly doubled"), as conversational models
summarise, passing when the verbal amount lands within the reference's tolerance and failing
when it does not or stands for another quantity than the one asked ("roughly doubled" for a 40%
rise, a ratio where a gap is asked, ``verbal_quantity``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First runs, after the freeze (3cbf59b), each of a judge made without v38 (the lead ran them;
only the counts and the styles of the errors were read):

- offline-claims-v33 (the judge34 round, main c2a5257 with v38 and v39 added): agreement 88.8%;
  false passes 6.7% of label-fails (15 of 224); false fails 40 of 268; mean absolute score
  difference 1.90; certain 62.8% (309) at 94.5%, certain false passes 2.9% (5 of 173:
  accounting_negative, boxed_final, bracket_unit, letter_format, verdict_flip), certain false
  fails 12.
- offline-claims-v34 (the judge35 round, tuned on every set to v37; judge35 ac934f0 with v38 and
  v39 added): agreement 89.0%; false passes 6.2% (14 of 224: an extra_wrong_claim false pass is
  now a certain fail); false fails 40 of 268 (a table_only pass now passes, a german pass now
  fails, uncertain); mean absolute score difference 1.89; certain 63.0% (310) at 94.5%, certain
  false passes 2.9% (5 of 174, the same five), certain false fails 12.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v38.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v37 as v37
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = (
    "greek",
    "spoken_transcript",
    "outside_source",
    "verbal_quantity",
)
SET = successor(
    v37.SET,
    "v38",
    6913,
    (
        "976e77b5e208f007f38bed7c7300c1deddf990fd9bf4628167872432d0ff1666",
        "90fe7f472d0857269dcf1c0ea79535fba1cb1dcecab7644f0ab25a83f7ac9e4e",
    ),
    NEW_STYLES,
    min_answers=480,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
