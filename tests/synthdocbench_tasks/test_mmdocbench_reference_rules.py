"""The ``*_ref`` metrics on the classes of disagreement of issue 12, one table per class.

Every expected value was worked out by reading MMDocBench's published evaluation code
(``mmdocbench_eval.py``, ``extractor.py``, ``parser.py``) step by step; the comment of a case
says which of its rules decides it. Golds go through ``gold_of`` exactly as a TSV row would.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from synthdocbench_tasks.grounding.scoring import score_both
from synthdocbench_tasks.mmdocbench.gold import gold_of
from synthdocbench_tasks.mmdocbench.taxonomy import TASKS

BOX = [226, 222, 250, 235]


def _score(task: str, sub_task: str, question: str, gold: Any, reply: str) -> dict[str, float | None]:
    main = next(t for t in TASKS if t.name == task)
    row = {"index": 1, "answer": json.dumps(gold), "raw_question": question}
    return score_both(reply, gold_of(row, main, sub_task))


def _check(got: dict[str, float | None], expected: dict[str, float | None]) -> None:
    for key, value in expected.items():
        if value is None:
            assert got[key] is None, (key, got)
        else:
            assert got[key] == pytest.approx(value, abs=1e-9), (key, got[key], value)


def _single(answer: str, box: list[int] | None = None) -> list[dict[str, Any]]:
    return [{"answer": answer, "bbox": box if box is not None else []}]


def _reasoning(answer: str, evidence: list[tuple[str, list[int]]], box: list[int] | None = None) -> Any:
    ev = [{"text": t, "bbox": b} for t, b in evidence]
    return [{"answer": answer, "bbox": box or [], "supporting_evidence": ev}]


DOC_QA, KIE, TEXT_REC = "Document Question Answering", "Key Information Extraction", "Text Recognition"

# (id, task, sub-task, raw question, gold, reply, expected)
NUMBER_WORDS = [
    # digit_fix turns "three" into "3"; "... are 3 pages." has one predicate: the number after it
    # (paper mode: the sentence is not the answer, EM 0; the bare word is, EM 1)
    ("sentence", DOC_QA, "DocVQA", "How many pages are there?", _single("3"), "There are three pages.",
     {"em_ref": 1.0, "f1_ref": 1.0, "em": 0.0}),
    ("json", DOC_QA, "DocVQA", "How many pages?", _single("3"), '{"answer": "three", "bbox": []}',
     {"em_ref": 1.0, "f1_ref": 1.0, "em": 1.0}),
    ("ten", "Counting", "WTQ", "How many rows?", _reasoning("10", [("10", BOX)]),
     '{"answer": "ten", "bbox": [], "supporting_evidence": [{"text": "ten", "bbox": [226, 222, 250, 235]}]}',
     {"em_ref": 1.0, "iou_ref": 1.0}),
    # only zero..ten are number words there: "twelve" stays text, no number is read
    ("twelve", DOC_QA, "DocVQA", "How many pages?", _single("12"), '{"answer": "twelve", "bbox": []}',
     {"em_ref": 0.0, "f1_ref": 0.0}),
]  # fmt: skip

ACCENTS_QUOTES_DASHES = [
    # question answering folds accents, curly quotes and dashes before comparing
    ("accent", DOC_QA, "DocVQA", "What is the restaurant called?", _single("Café Royal"), "cafe royal",
     {"em_ref": 1.0, "f1_ref": 1.0}),
    ("dash", DOC_QA, "DocVQA", "Which seasons?", _single("2019–2020"), '{"answer": "2019-2020", "bbox": []}',
     {"em_ref": 1.0}),
    ("curly", DOC_QA, "DocVQA", "What is the slogan?", _single("“Think different”"),
     '{"answer": "\\"Think different\\"", "bbox": []}', {"em_ref": 1.0}),
    # key information extraction has no such folding: "cafe" does not contain "café"
    ("kie_accent", KIE, "SROIE", 'What is the "company"?', _single("Café Royal"), "Cafe Royal",
     {"em_ref": 0.0, "f1_ref": 0.5}),
]  # fmt: skip

TEXT_FALLBACKS = [
    # no JSON object: `is "X"` ... `[4 numbers]`
    ("is_quoted_box", "Chart Question Answering", "ChartQA", "How many app publishers?", _single("143", BOX),
     'The answer is "143" and the box is [226, 222, 250, 235].',
     {"em_ref": 1.0, "iou_ref": 1.0, "iou70_ref": 1.0}),
    # `is "X"` ... `(4 numbers)`
    ("paren_box", "Chart Question Answering", "ChartQA", "How many?", _single("143", BOX),
     'The answer is "143", found at (226, 222, 250, 235).', {"em_ref": 1.0, "iou_ref": 1.0}),
    # a list-wrapped object is not a single answer's shape: the `answer": "X", "bbox": [...]` regex reads it
    ("list_wrapped", "Chart Question Answering", "ChartQA", "How many?", _single("143", BOX),
     '[{"answer": "143", "bbox": [226, 222, 250, 235]}]', {"em_ref": 1.0, "iou_ref": 1.0}),
    # Text2Bbox: the box given as the answer, as first_occurrence, or only in prose
    ("t2b_answer", "Text Localization", "Text2Bbox", "Where is 'Total'?", _single("", BOX),
     '{"answer": [226, 222, 250, 235]}', {"em_ref": None, "iou_ref": 1.0}),
    ("t2b_first", "Text Localization", "Text2Bbox", "Where is 'Total'?", _single("", BOX),
     '{"first_occurrence": [226, 222, 250, 235]}', {"iou_ref": 1.0}),
    ("t2b_prose", "Text Localization", "Text2Bbox", "Where is 'Total'?", _single("", BOX),
     'answer": [226, 222, 250, 235] (roughly', {"iou_ref": 1.0}),
    # a box written as a string gives no box
    ("string_box", "Chart Question Answering", "ChartQA", "How many?", _single("143", BOX),
     '{"answer": "143", "bbox": "[226, 222, 250, 235]"}', {"em_ref": 1.0, "iou_ref": 0.0}),
    # a box in 0-1 is scaled (floor/ceil); pixel boxes are taken as they are
    ("unit_box", "Chart Question Answering", "ChartQA", "How many?", _single("143", BOX),
     '{"answer": "143", "bbox": [0.226, 0.222, 0.25, 0.235]}', {"iou_ref": 1.0}),
]  # fmt: skip

TABLE_GOLD = [
    [{"answer": "a", "bbox": [0, 0, 10, 10]}, {"answer": "b", "bbox": [10, 0, 20, 10]}],
    [{"answer": "c", "bbox": [0, 10, 10, 20]}, {"answer": "d", "bbox": [10, 10, 20, 20]}],
    [{"answer": "e", "bbox": [0, 20, 10, 30]}, {"answer": "f", "bbox": [10, 20, 20, 30]}],
]
_FULL_TABLE = json.dumps(TABLE_GOLD)
TRUNCATED_TABLES = [
    ("complete", "Table Recognition", "FinTabNet", "Recognise the table.", TABLE_GOLD, _FULL_TABLE,
     {"em_ref": 1.0, "iou_ref": 1.0}),
    # cut inside the last cell: rows 1-2 are read as rows, cell "e" after them as a third row,
    # padded with an empty cell: 5 of 6 cells right, F = 5/6
    ("cut_last_cell", "Table Recognition", "FinTabNet", "Recognise the table.", TABLE_GOLD,
     _FULL_TABLE[: _FULL_TABLE.index('"f"') + 2], {"em_ref": 5 / 6, "f1_ref": 5 / 6, "iou_ref": 5 / 6}),
    # cut after row 1 and half of row 2's first cell: one row of 2 cells read (F = 2*2/(2+6))
    ("cut_second_row", "Table Recognition", "FinTabNet", "Recognise the table.", TABLE_GOLD,
     _FULL_TABLE[: _FULL_TABLE.index('"c"')], {"em_ref": 0.5, "iou_ref": 0.5}),
]  # fmt: skip

SUB_TASK_RULES = [
    # CORD: "60.000" is sixty thousand on both sides, "Rp." dropped
    ("cord_rp", KIE, "CORD", 'What is the "total"?', _single("60.000"), "Rp. 60.000", {"em_ref": 1.0}),
    ("cord_decimal", KIE, "CORD", 'What is the "total"?', _single("12.500,00"), "12500", {"em_ref": 1.0}),
    # SROIE: day/month/year against year-month-day (the parsed tuples are reverses)
    ("sroie_date", KIE, "SROIE", 'What is the "date"?', _single("27/03/2018"), "2018-03-27", {"em_ref": 1.0}),
    ("month_name", KIE, "SROIE", 'What is the "date"?', _single("05 Mar 2018"), "March 5, 2018",
     {"em_ref": 1.0}),
    # DUDE: "both" for a gold that is one side of "A or B" is not containment; the evidence
    # is right, so EM is the mean of 0 and 1
    ("dude_both", "Logical Reasoning", "DUDE", "Is the paper A4 or Letter?", _reasoning("A4", [("A4", BOX)]),
     '{"answer": "both A4 and Letter", "bbox": [], "supporting_evidence": '
     '[{"text": "A4", "bbox": [226, 222, 250, 235]}]}', {"em_ref": 0.5}),
    ("dude_one", "Logical Reasoning", "DUDE", "Is the paper A4 or Letter?", _reasoning("A4", [("A4", BOX)]),
     '{"answer": "It is A4", "bbox": [], "supporting_evidence": '
     '[{"text": "A4", "bbox": [226, 222, 250, 235]}]}',
     {"em_ref": 1.0}),
    # CharXiv trend sentences
    ("trend", "Logical Reasoning", "CharXiv", "How does Y vary with X?", _reasoning("Increase", [("Y", BOX)]),
     '{"answer": "As X increases, Y increases.", "bbox": [], "supporting_evidence": '
     '[{"text": "Y", "bbox": [226, 222, 250, 235]}]}', {"em_ref": 1.0}),
    ("ordinal", DOC_QA, "DocVQA", "Which one is highlighted?", _single("second"), "2nd", {"em_ref": 1.0}),
    ("no_change", DOC_QA, "TAT-DQA", "What was the change in revenue?", _single("0"), "There was no change.",
     {"em_ref": 1.0}),
    ("million", DOC_QA, "TAT-DQA", "What is the revenue?", _single("3 million"), "3,000,000",
     {"em_ref": 1.0}),
]  # fmt: skip

PERCENT_REPETITION_NEWLINES = [
    # "45" for "45%" with no percent in the question: the sign alone differs
    ("percent_sign", DOC_QA, "DocVQA", "What share of users agree?", _single("45%"), "45", {"em_ref": 1.0}),
    ("fraction", DOC_QA, "DocVQA", "What percentage agree?", _single("45%"), "0.45", {"em_ref": 1.0}),
    # repeats spanning more than 30 characters keep one copy: "EXIT " x9 + "EXIT" -> "EXIT EXIT"
    ("repetition", TEXT_REC, "TextOCR", "Read the text.", _single("EXIT"), " ".join(["EXIT"] * 10),
     {"em_ref": 0.0, "f1_ref": 0.67}),
    ("short_repeat", TEXT_REC, "TextOCR", "Read the text.", _single("EXIT"), "EXIT EXIT",
     {"em_ref": 0.0, "f1_ref": 0.67}),
    # recognition keeps newlines: EM differs, the whitespace tokens agree
    ("newline", TEXT_REC, "TextOCR", "Read the text.", _single("Total\nCGIs"), "Total CGIs",
     {"em_ref": 0.0, "f1_ref": 1.0}),
    ("newline_spaces", TEXT_REC, "TextOCR", "Read the text.", _single("Total \n CGIs"), "Total\nCGIs",
     {"em_ref": 0.0, "f1_ref": 1.0}),
]  # fmt: skip

EVIDENCE_AND_CORNERS = [
    # gold evidence "the" normalises to empty: that pair has no EM, the other decides (recall 1)
    ("empty_gold_text", "Counting", "WTQ", "How many?", _reasoning("3", [("the", BOX), ("4", [0, 0, 9, 9])]),
     '{"answer": "3", "bbox": [], "supporting_evidence": [{"text": "x", "bbox": [226, 222, 250, 235]}, '
     '{"text": "4", "bbox": [0, 0, 9, 9]}]}', {"em_ref": 1.0, "iou_ref": 1.0}),
    # extra predicted evidence is not counted (recall only)
    ("extra_evidence", "Counting", "WTQ", "How many?", _reasoning("3", [("4", BOX)]),
     '{"answer": "3", "bbox": [], "supporting_evidence": [{"text": "4", "bbox": [226, 222, 250, 235]}, '
     '{"text": "9", "bbox": [0, 0, 5, 5]}, {"text": "7", "bbox": [5, 5, 9, 9]}]}',
     {"em_ref": 1.0, "iou_ref": 1.0}),
    # one of two gold evidence found: recall 1/2, final EM 1 -> 0.75
    ("half_evidence", "Counting", "WTQ", "How many?", _reasoning("3", [("4", BOX), ("5", [0, 0, 9, 9])]),
     '{"answer": "3", "bbox": [], "supporting_evidence": [{"text": "4", "bbox": [226, 222, 250, 235]}]}',
     {"em_ref": 0.75, "iou_ref": 0.5}),
    ("corner_dicts", "Chart Question Answering", "ChartQA", "How many?", _single("143", BOX),
     '{"answer": "143", "bbox": [{"x0": 226, "y0": 222}, {"x1": 250, "y1": 235}]}', {"iou_ref": 1.0}),
    # values are taken in the order written: [222, 226, 250, 235] -> IoU 216/348
    ("corner_dicts_swapped", "Chart Question Answering", "ChartQA", "How many?", _single("143", BOX),
     '{"answer": "143", "bbox": [{"y0": 222, "x0": 226}, {"x1": 250, "y1": 235}]}',
     {"iou_ref": 216 / 348, "iou50_ref": 1.0, "iou70_ref": 0.0}),
]  # fmt: skip

REFUSAL_BUG = [
    # a refusal is an empty prediction, and an empty prediction "is contained" in a short gold
    # of a which/where question: the reference counts it right. Paper mode does not.
    ("refusal_which", DOC_QA, "DocVQA", "Which country has the highest value?", _single("Canada"),
     "It is not possible to answer this question.", {"em_ref": 1.0, "f1_ref": 1.0, "em": 0.0}),
    ("empty_where", DOC_QA, "DocVQA", "Where is the logo?", _single("top left"), "",
     {"em_ref": 1.0, "em": 0.0}),
    ("four_words", DOC_QA, "DocVQA", "Which team won?", _single("United States of America"), "",
     {"em_ref": 1.0}),
    # five words: not "short" any more
    ("five_words", DOC_QA, "DocVQA", "Which team won?", _single("the Republic of South Africa"), "",
     {"em_ref": 0.0}),
    ("what_question", DOC_QA, "DocVQA", "What country has the highest value?", _single("Canada"), "",
     {"em_ref": 0.0}),
    # the capitalised phrase of the refusal list never matches (the reply is lower-cased)
    ("capital_phrase", DOC_QA, "DocVQA", "What is the total?", _single("Total"),
     "I cannot answer the question about the Total.", {"em_ref": 1.0}),
]  # fmt: skip

CLASSES = {
    "number_words": NUMBER_WORDS,
    "accents_quotes_dashes": ACCENTS_QUOTES_DASHES,
    "text_fallbacks": TEXT_FALLBACKS,
    "truncated_tables": TRUNCATED_TABLES,
    "sub_task_rules": SUB_TASK_RULES,
    "percent_repetition_newlines": PERCENT_REPETITION_NEWLINES,
    "evidence_and_corner_boxes": EVIDENCE_AND_CORNERS,
    "refusal_bug": REFUSAL_BUG,
}
CASES = [pytest.param(*case[1:], id=f"{name}-{case[0]}") for name, cases in CLASSES.items() for case in cases]


@pytest.mark.parametrize(("task", "sub_task", "question", "gold", "reply", "expected"), CASES)
def test_reference_rule(
    task: str, sub_task: str, question: str, gold: Any, reply: str, expected: dict
) -> None:
    _check(_score(task, sub_task, question, gold, reply), expected)
