"""The offline judge on the frozen held-out labelled set v20 (issue 25, point 2).

``data/offline_heldout_v20_questions.json`` holds 44 questions the generator made from seed 3623
(no other test, doc or bench script used it before this set; 30 planned documents, one question
per category and level the run holds, 42 of the 45 pairs, then second questions of pairs in
generation order up to 44; 13 chart, 15 complex and 16 cross-modal questions over every subset,
category and level), written with ``tests.judge.make_offline_questions.render(3623, 30, 44)``.
``data/offline_heldout_v20.yaml`` holds 440 answers over all 44 questions (10 each; 229
label-passes, 211 label-fails; 130 chart, 150 complex and 160 cross-modal answers) in 97 styles,
at least three answers each (86 of them four or more).

Written as usual (``tests.judge.held_out`` says how): every answer freely, one at a time, as
different VLMs answer, and labelled by hand from the rubric alone before any judge ran on it.

Styles: v19's 93 (listed and described in ``test_offline_heldout_v19``'s docstring and those it
points to); and four no earlier set named, each right and wrong: numbers written with Chinese
scale words (万, 亿: "147万片晶圆" for 1.47 million wafers, "2.7亿美元" for 270 million USD), as
Qwen-like models answer in Chinese, failing when the scale word is wrong ("1.47亿", 147 million)
(``cjk_scale``); the answer with markdown footnotes (``[^1]`` in the text, the source or the
readings in the footnote), as chat models cite, with the answer or a footnote's value right or
wrong (``footnote_ref``); a one-line "TL;DR:" summary before the details, as GPT-style assistants
open, failing when the summary is wrong, even with right details after it (``tldr_first``); and
the answer as a fenced YAML block of fields, as models asked for structure emit, with a field
right or wrong (``yaml_block``). Refusals are not a style of this set.

Both files are frozen: their SHA-256 digests are pinned below, so any edit shows up as a failing
test and a diff. The judge is never tuned on this set; its figures here are the judge's held-out
quality. Only counts are printed, never the answers.

First run, after the freeze (be44594), of offline-claims-v18 (the judge19 round: merge48 at
36944b1, which the set was branched from): agreement 91.4% (402 of 440); false passes 9.5% of
label-fails (20 of 211); false fails 18 of 229 (7.9%); mean absolute score difference 1.90;
certain 72.3% (318) at agreement 94.3% (300 of 318), false passes 4.8% of the certain
label-fails (8 of 165), false fails 10.

First run of offline-claims-v19 (the judge20 round, made in a worktree branched from 36944b1,
which holds no v20 file; it never looked for, listed or ran one), at its merge: the same
verdicts and certainty on every answer. The 20 false passes by style: reversed_reason 2; one
each of answer_tag, boxed_final, decimal_comma, dutch, extra_wrong_claim, japanese, korean,
page_citation, polish, respectively, russian, self_correct, spanish, spurious_precision,
strikethrough, thousands_sep, tldr_first, yaml_block; the eight certain ones are boxed_final,
dutch, extra_wrong_claim, japanese, page_citation, russian, spanish, thousands_sep: four in
other languages whose every fact the judge read (`certainty.read_in_full` drops the language
doubt then), though a scale word of the language (a Russian "thousand") or a direction word
("no alcanza") went unread. Keeping the language doubt for every answer in another language
was tried after these runs (so on v20 it is tuning): certain false passes 8 -> 5 on v20 and
none fewer on v14-v19, while the certain share fell under 70% on five of those and on v20
(v14 64.0%, v15 68.7%, v16 68.0%, v17 66.7%, v19 68.3%, v20 65.9%), so it was not kept.
Against the issue 25 targets: agreement (>= 90%) and the certain share (>= 70%) are met;
false passes (9.5% against 3%) and the certain answers' 94.3% / 4.8% (against 97% / 1%)
miss, so the last test xfails. v20 is tuning material from here on.

Tuned on since the judge21 round (offline-claims-v20: mechanisms motivated by its certain false
passes, each a class tested over generated questions, and v20 among the certainty model's
fitting sets), with the committed model: agreement 93.4% (411), false passes 11 of 211 (5.2%);
certain 72.5% (319) at 96.6%, 1 certain false pass of 166; no longer held out, targets still
unmet.

Run with ``-s`` to see the figures::

    PYTHONPATH=$PWD python -m pytest -q -s -p no:cacheprovider -m "" tests/judge/test_offline_heldout_v20.py
"""

from __future__ import annotations

from tests.judge import test_offline_heldout_v19 as v19
from tests.judge.held_out import held_out_tests, successor

#: the four styles no earlier set named (each held both ways)
NEW_STYLES = ("cjk_scale", "footnote_ref", "tldr_first", "yaml_block")
SET = successor(
    v19.SET,
    "v20",
    3623,
    (
        "4496715a839c6876d4d42b2f10b0c0eccb493d238f7b7e49ac3e75e2b8db9423",
        "a63c1b2a0a97e7a303cbd5872843da2303cdedd65f91e1f43da48fe8a2fe9c0c",
    ),
    NEW_STYLES,
    min_answers=440,
    min_questions=44,
    pass_share=(0.4, 0.6),
    n_questions=44,
    min_per_style=3,
)
globals().update(held_out_tests(SET, __file__))
