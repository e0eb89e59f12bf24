"""Grounded-answer metrics on hand-computed cases, many from MMDocBench's Appendix A.4."""

from __future__ import annotations

import math

import pytest

from synthdocbench_tasks.grounding import (
    Gold,
    GoldItem,
    exact_match,
    iou,
    macro_average,
    matched_iou,
    normalize_answer,
    parse_reply,
    score_reply,
    token_f1,
)
from synthdocbench_tasks.grounding.boxes import boxes_from
from synthdocbench_tasks.grounding.ref_score import reference_box
from synthdocbench_tasks.grounding.ref_score import set_f1 as reference_f1
from synthdocbench_tasks.grounding.scoring import score_both

TEXT_OCR_BOX = [339, 362, 856, 498]  # A.4.1 "Chaos Computer Club"


def _gold(text: str, box: list[float] | None, task: str = "Chart Question Answering", **kw) -> Gold:
    return Gold("single", answer=GoldItem(text, boxes_from(box)), task=task, **kw)


# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize(
    ("reply", "answer", "boxes"),
    [
        ('```json\n{"answer": "Top", "bbox": [[382, 222, 610, 268]]}\n```', "Top", [(382, 222, 610, 268)]),
        ('I think {"answer": "143", "bbox": [226, 222, 250, 235]} is right.', "143", [(226, 222, 250, 235)]),
        ("{'answer': 'above', 'bbox': None}", "above", []),
        ('{"answer": "x", "bbox": ["[1, 2, 3, 4]", "5,6,7,8"]}', "x", [(1, 2, 3, 4), (5, 6, 7, 8)]),
        ('{"answer": "x", "bbox": [0.1, 0.2, 0.3, 0.4]}', "x", [(100, 200, 300, 400)]),
        ('{"answer": "x", "bbox": [30, 40, 10, 20]}', "x", [(10, 20, 30, 40)]),
        ('<think>{"answer": "no"}</think> It is {"answer": "yes"}', "yes", []),
        ("The answer is 42 {unbalanced", "The answer is 42 {unbalanced", []),
        ("", "", []),
    ],
)
def test_parser_reads_every_documented_form(reply: str, answer: str, boxes: list) -> None:
    parsed = parse_reply(reply)
    assert parsed.answer_text() == answer
    assert [tuple(round(v) for v in b) for b in parsed.boxes] == boxes


def test_parser_keeps_reasoning_evidence_and_never_raises() -> None:
    parsed = parse_reply(
        '{"answer": "96", "bbox": [], "supporting_evidence": [{"text": "1998", "bbox": [1,2,3,4]}]}'
    )
    assert parsed.answer_text() == "96" and parsed.evidence == [{"text": "1998", "bbox": [1, 2, 3, 4]}]
    for junk in ("{[}]", "]]]{{{", '{"a": [1, 2', "\x00\x01", "{" * 500, "[" + "1," * 1000):
        assert isinstance(parse_reply(junk).answer_text(), str)


# ------------------------------------------------------------------ text


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("The Chaos Computer Club!", "chaos computer club"),
        ("Three  apples, an orange", "3 apples orange"),
        ("1,000 units at 3.5%", "1000 units at 3.5"),
        ("December 31, 1943", "december 31 1943"),
    ],
)
def test_normalisation(text: str, normal: str) -> None:
    assert normalize_answer(text) == normal


def test_exact_match_and_f1_by_hand() -> None:
    assert exact_match("the chaos computer club.", "Chaos Computer Club") == 1.0  # A.4.1
    assert exact_match("3", "three") == 1.0
    assert exact_match("1-800-668-6868", "1-866-633-4220") == 0.0  # A.4.9 distractor
    # "31 December" vs "December 31, 1943": 2 common words, P = 1, R = 2/3 -> F1 = 0.8
    assert token_f1("31 December", "December 31, 1943") == pytest.approx(0.8)
    # multiset (paper) vs set (reference) overlap: common 2 -> 2/3, common {x} -> 1/3 rounded
    assert token_f1("x x x", "x x y") == pytest.approx(2 / 3)
    assert reference_f1("x x x", "x x y") == 0.33


# ------------------------------------------------------------------ boxes


def test_iou_and_one_to_one_matching_by_hand() -> None:
    a = (339.0, 362.0, 856.0, 498.0)
    half = (339.0, 362.0, 597.5, 498.0)
    assert iou(a, a) == 1.0 and iou(a, half) == pytest.approx(0.5)
    assert iou(a, (0.0, 0.0, 10.0, 10.0)) == 0.0
    b = (0.0, 0.0, 100.0, 100.0)
    assert matched_iou([b, a], [a, b]) == pytest.approx(1.0)  # order does not matter
    assert matched_iou([a], [a, b]) == pytest.approx(0.5)  # a missing box counts 0
    assert matched_iou([a, b, half], [a]) == pytest.approx(1 / 3)  # so does an extra one


def test_box_rules_paper_and_reference() -> None:
    assert boxes_from("[0.339, 0.362, 0.856, 0.498]") == [pytest.approx((339, 362, 856, 498))]
    assert reference_box("[339, 362, 856, 498]") == []  # strings give no box there
    assert reference_box([0.3391, 0.3622, 0.8561, 0.4981]) == [339, 362, 857, 499]  # floor / ceil
    assert reference_box([1.5, 1.5, 1.9, 1.9]) == [1500, 1500, 1900, 1900]  # "all < 2" rule
    assert boxes_from([1.5, 1.5, 1.9, 1.9]) == [(1.5, 1.5, 1.9, 1.9)]  # paper: only all <= 1 scale
    assert reference_box([[1, 2, 3, 4], [5, 6, 7, 8]]) == [1, 2, 3, 4]  # only the first box


# ------------------------------------------------------------------ shapes, both modes


def test_single_answers_from_appendix_a4() -> None:
    gold = _gold("Chaos Computer Club", TEXT_OCR_BOX, task="Text Recognition")
    reply = '{"answer": "Chaos Computer Club", "bbox": [339, 362, 856, 498]}'
    assert score_both(reply, gold) == {
        **dict.fromkeys(("em", "f1", "iou", "iou20", "iou50", "iou70"), 1.0),
        **dict.fromkeys(("em_ref", "f1_ref", "iou_ref", "iou20_ref", "iou50_ref", "iou70_ref"), 1.0),
    }
    # half the box: IoU 0.5 -> IoU@0.5 hits with >= (paper) but not with > (reference)
    half = score_both('{"answer": "Chaos Computer Club", "bbox": [339, 362, 597.5, 498]}', gold)
    assert half["iou"] == pytest.approx(0.5) and half["iou50"] == 1.0 and half["iou50_ref"] == 0.0
    # A.4.8: a sentence around the number is wrong under strict EM, right under the lenient rules
    chart = _gold("143", [226, 222, 250, 235])
    s = score_both("There are 143 app publishers.", chart)
    # five words, one in common: P = 1/5, R = 1 -> F1 = 1/3
    assert (s["em"], s["em_ref"], s["f1"]) == (0.0, 1.0, pytest.approx(1 / 3))
    assert s["iou"] == 0.0 and s["iou_ref"] == 0.0
    # box as a string: the paper reader takes it, the reference reads no box
    s = score_both('{"answer": "143", "bbox": "[226, 222, 250, 235]"}', chart)
    assert s["iou"] == 1.0 and s["iou_ref"] == 0.0
    # a percentage question: 0.45 for 45% is lenient-equal only
    pct = _gold("45%", [0, 0, 10, 10], question="What percentage of users agree?")
    s = score_both('{"answer": "0.45", "bbox": [0, 0, 10, 10]}', pct)
    assert (s["em"], s["em_ref"]) == (0.0, 1.0)
    # a "cannot answer" reply scores 0 in both modes
    s = score_both("I am sorry, it is not possible to answer this.", chart)
    assert s["em"] == 0.0 and s["em_ref"] == 0.0


def test_text_localization_scores_only_what_the_sub_task_has() -> None:  # A.4.2
    text2bbox = _gold("", [406, 644, 576, 658], task="Text Localization", score_text=False)
    s = score_both('{"answer": [406, 644, 576, 658]}', text2bbox)
    assert s["em"] is None and s["em_ref"] is None and s["iou"] == 1.0 and s["iou_ref"] == 1.0
    bbox2text = _gold("Miami, Florida.", [], task="Text Localization", score_boxes=False)
    s = score_both('{"answer": "Miami, Florida"}', bbox2text)
    assert s["em"] == 1.0 and s["iou"] is None and s["iou_ref"] is None


def test_list_answers_are_aligned_one_to_one() -> None:  # A.4.6 forgery detection
    gold = Gold(
        "list",
        items=[GoldItem("results", boxes_from([220, 707, 380, 755]))],
        task="Document Forgery Detection",
    )
    reply = (
        '[{"answer": "total", "bbox": [0, 0, 10, 10]}, {"answer": "results", "bbox": [220, 707, 380, 755]}]'
    )
    s = score_both(reply, gold)
    # paper: 1 correct of max(2, 1) items; reference: F = 2 * 1 / (2 + 1)
    assert s["em"] == pytest.approx(0.5) and s["iou"] == pytest.approx(0.5)
    assert s["em_ref"] == pytest.approx(2 / 3) and s["iou_ref"] == pytest.approx(2 / 3)


TABLE = [  # A.4.3, answers and boxes as given in the paper
    ["Total genes", "Total\nCGIs", "Promoter\nCGIs", "Inside\nCGIs", "Downstream\nCGIs"],
    ["42", "49", "17", "31", "1"],
    ["Unvaried", "29", "10", "18", "1"],
    ["Unmet wave", "16", "6", "10", "0"],
    ["Met wave", "4", "1", "3", "0"],
]
TABLE_BOXES = [
    [
        [100, 252, 236, 347],
        [320, 217, 385, 382],
        [445, 217, 559, 382],
        [614, 217, 687, 382],
        [739, 217, 896, 382],
    ],
    [
        [100, 394, 130, 482],
        [339, 394, 369, 482],
        [489, 394, 513, 482],
        [638, 394, 663, 482],
        [812, 394, 823, 482],
    ],
    [
        [100, 494, 211, 582],
        [339, 494, 366, 582],
        [489, 494, 516, 582],
        [638, 494, 663, 582],
        [812, 494, 823, 582],
    ],
    [
        [100, 588, 252, 676],
        [339, 588, 366, 676],
        [494, 588, 510, 676],
        [638, 588, 663, 676],
        [809, 588, 823, 676],
    ],
    [
        [100, 688, 214, 776],
        [345, 688, 361, 776],
        [497, 688, 508, 776],
        [644, 688, 657, 776],
        [809, 688, 823, 776],
    ],
]


def test_table_recognition_by_hand() -> None:
    import json

    gold = Gold(
        "table",
        rows=[
            [GoldItem(t, boxes_from(b)) for t, b in zip(r, br, strict=True)]
            for r, br in zip(TABLE, TABLE_BOXES, strict=True)
        ],
        task="Table Recognition",
    )
    cells = [
        [{"answer": t, "bbox": b} for t, b in zip(r, br, strict=True)]
        for r, br in zip(TABLE, TABLE_BOXES, strict=True)
    ]
    exact = score_both(json.dumps(cells), gold)
    assert all(v == pytest.approx(1.0) for v in exact.values()), exact
    cells[2][0]["answer"] = "Varied"  # one of 25 cells wrong
    one_wrong = score_both(json.dumps(cells), gold)
    assert one_wrong["em"] == pytest.approx(24 / 25) and one_wrong["em_ref"] == pytest.approx(24 / 25)
    assert one_wrong["iou"] == pytest.approx(1.0) and one_wrong["iou_ref"] == pytest.approx(1.0)
    del cells[4]  # a missing row: 20 predicted cells against 25
    short = score_both(json.dumps(cells), gold)
    assert short["iou"] == pytest.approx(20 / 25) and short["iou_ref"] == pytest.approx(2 * 20 / (20 + 25))


def test_reasoning_counting_and_logical_examples() -> None:
    counting = Gold(  # A.4.10: answer 3, no answer box, three evidence cells
        "reasoning",
        answer=GoldItem("3"),
        evidence=[
            GoldItem("4", boxes_from([795, 225, 807, 236])),
            GoldItem("3", boxes_from([673, 225, 685, 236])),
            GoldItem("4", boxes_from([918, 225, 929, 236])),
        ],
        task="Counting",
    )
    full = (
        '{"answer": "3", "bbox": [], "supporting_evidence": [{"text": "4", "bbox": [918, 225, 929, 236]},'
        ' {"text": "3", "bbox": [673, 225, 685, 236]}, {"text": "4", "bbox": [795, 225, 807, 236]}]}'
    )
    assert all(v == pytest.approx(1.0) for v in score_both(full, counting).values())
    one = '{"answer": "3", "bbox": [], "supporting_evidence": [{"text": "4", "bbox": [795, 225, 807, 236]}]}'
    s = score_both(one, counting)
    assert s["em"] == 1.0 and s["iou"] == pytest.approx(1 / 3)  # paper: EM on the answer; 1 of 3 boxes
    assert s["em_ref"] == pytest.approx((1 + 1 / 3) / 2)  # reference: mean with the evidence recall
    assert s["iou_ref"] == pytest.approx(1 / 3)  # no answer box: IoU from the evidence alone

    logical = Gold(  # A.4.12: the answer has a box and one evidence region
        "reasoning",
        answer=GoldItem("8", boxes_from([726, 536, 744, 568])),
        evidence=[GoldItem("they pass Quality Control (QC)", boxes_from([712, 685, 811, 737]))],
        task="Logical Reasoning",
    )
    s = score_both('{"answer": "8", "bbox": [726, 536, 744, 568], "supporting_evidence": []}', logical)
    assert s["em"] == 1.0 and s["iou"] == pytest.approx(0.5)
    assert s["em_ref"] == pytest.approx(0.5) and s["iou_ref"] == pytest.approx(0.5)


def test_unknown_mode_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown scoring mode"):
        score_reply("x", _gold("x", None), mode="lenient")  # type: ignore[arg-type]


def test_macro_average_sub_task_task_capability_overall() -> None:
    records = [
        {"capability": "perception", "task": "A", "sub_task": "a1", "em": 1.0},
        {"capability": "perception", "task": "A", "sub_task": "a1", "em": 0.0},
        {"capability": "perception", "task": "A", "sub_task": "a2", "em": 1.0},
        {"capability": "perception", "task": "B", "sub_task": "b1", "em": 0.0},
        {"capability": "perception", "task": "B", "sub_task": "b1", "em": None},  # no EM: skipped
        {"capability": "reasoning", "task": "C", "sub_task": "c1", "em": 1.0},
    ]
    avg = macro_average(records, "em")
    assert avg[("perception", "A", "a1")] == 0.5 and avg[("perception", "A")] == 0.75
    assert avg[("perception", "B")] == 0.0 and avg[("perception",)] == 0.375
    assert avg[("reasoning",)] == 1.0 and avg[()] == pytest.approx((0.375 + 1.0) / 2)
    assert math.isnan(macro_average([{"capability": "x", "task": "t", "sub_task": "s"}], "em")[()])
