"""Grounded SynthDocBench on the real exported dataset: page accuracy and IoU of evidence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from synthdocbench_tasks import grounded
from synthdocbench_tasks.cli import tasks_dir
from synthdocbench_tasks.grounded import PageRegion, region_scores, strip_box_to_page
from synthdocbench_tasks.strips import PagePlacement, Strip
from tests.helpers.lmms_eval_run import dataset_rows, lmms_eval_cmd, results, run, samples, synthdoc_run_env

pytestmark = pytest.mark.browser


def _reply(answer: str, evidence: list[dict]) -> str:
    return json.dumps({"answer": answer, "evidence": evidence})


def _on_strip(bbox: list[float], placement: PagePlacement, strip: Strip) -> list[float]:
    """A page box (0-1000 of the page) as a box of its strip (0-1000 of the strip), computed
    here from the placement, independently of the code under test."""
    x1, y1, x2, y2 = bbox
    return [
        (placement.x + x1 / 1000 * placement.width) / strip.width * 1000,
        (placement.y + y1 / 1000 * placement.height) / strip.height * 1000,
        (placement.x + x2 / 1000 * placement.width) / strip.width * 1000,
        (placement.y + y2 / 1000 * placement.height) / strip.height * 1000,
    ]


@pytest.mark.parametrize("config", ["chart", "cross_modal"])
def test_ground_truth_evidence_scores_page_accuracy_and_iou_one(synthdoc_env: Path, config: str) -> None:
    for row in dataset_rows(synthdoc_env, config):
        assert row["evidence"], row["question_id"]
        out = grounded.process_results(row, [_reply(row["answer"], row["evidence"])])
        assert set(out) == {"acc", "score", "page_acc", "iou", "failed", "unscored", "uncertain"}
        record = out["iou"]
        assert record["page_acc"] == 1.0 and record["iou"] == pytest.approx(1.0)
        assert record["score"] == 10 and record["judge"].startswith("offline")  # judged as the plain task
        assert record["question_id"] == row["question_id"]


def test_a_box_on_the_wrong_page_scores_zero(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    pages = {r["page"] for r in row["evidence"]}
    wrong = [{"page": max(pages) + 1, "bbox": r["bbox"]} for r in row["evidence"]]
    record = grounded.process_results(row, [_reply(row["answer"], wrong)])["page_acc"]
    assert record["page_acc"] == 0.0 and record["iou"] == 0.0
    nothing = grounded.process_results(row, ["Not found in the document."])["iou"]
    assert nothing["page_acc"] == 0.0 and nothing["iou"] == 0.0 and nothing["score"] == 0


def test_strip_coordinates_convert_to_page_coordinates(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    strips = grounded.strips_of(row, {})
    assert [p.page for s in strips for p in s.pages] == list(range(1, sum(len(s.pages) for s in strips) + 1))
    evidence = []
    for region in row["evidence"]:
        k = (region["page"] - 1) // 5  # five pages per strip by default
        strip = strips[k]
        placement = next(p for p in strip.pages if p.page == region["page"])
        assert placement.y == sum(p.height for p in strip.pages if p.page < region["page"])  # stacked
        evidence.append({"image": k + 1, "bbox": _on_strip(region["bbox"], placement, strip)})
    record = grounded.process_results(row, [_reply(row["answer"], evidence)])["iou"]
    assert record["page_acc"] == 1.0 and record["iou"] == pytest.approx(1.0, abs=1e-6)
    assert [r["page"] for r in record["predicted_regions"]] == [r["page"] for r in row["evidence"]]


def test_a_box_across_two_pages_goes_to_the_page_it_covers_most(synthdoc_env: Path) -> None:
    strip = grounded.strips_of(dataset_rows(synthdoc_env, "chart")[0], {})[0]
    first, second = strip.pages[0], strip.pages[1]
    boundary = second.y / strip.height * 1000
    region = strip_box_to_page(strip, (100.0, boundary - 10, 500.0, boundary + 30))  # mostly on page 2
    assert region is not None and region.page == second.page
    assert region.box[1] == 0.0 and region.box[3] == pytest.approx(
        30 / 1000 * strip.height / second.height * 1000
    )
    assert strip_box_to_page(strip, (0.0, 0.0, 0.0, 0.0)) is None  # no area, no page
    assert first.page == 1


def test_region_scores_by_hand() -> None:
    gold = [PageRegion(3, (0.0, 0.0, 100.0, 100.0)), PageRegion(7, (0.0, 0.0, 100.0, 100.0))]
    assert region_scores([PageRegion(3, (0.0, 0.0, 100.0, 50.0))], gold) == (0.5, 0.25)
    assert region_scores(list(reversed(gold)), gold) == (1.0, 1.0)
    assert region_scores([], gold) == (0.0, 0.0)
    assert region_scores(gold, []) == (None, None)


def test_prompt_asks_for_image_numbers_and_names_the_pages(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "complex")[0]
    text = grounded.doc_to_text(row, {})
    assert '"evidence"' in text and '"image"' in text and "0 to 1000" in text
    assert "image 1 shows pages 1-5" in text and text.endswith(f"Question: {row['question']}")
    messages = grounded.doc_to_messages(row, {})
    assert [m["role"] for m in messages] == ["system", "user"]
    images = [c for c in messages[1]["content"] if c["type"] == "image"]
    assert len(images) == len(grounded.strips_of(row, {}))


@pytest.mark.lmms_eval
def test_lmms_eval_cli_grounded_task(synthdoc_env: Path, tmp_path: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    reply = "Answer: " + _reply(row["answer"], row["evidence"])
    out = tmp_path / "results"
    cmd = lmms_eval_cmd(
        "--model", "dummy",
        "--model_args", f"response={reply}",
        "--tasks", "synthdoc_chart_grounded",
        "--limit", "1",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    proc = run(cmd, synthdoc_run_env(synthdoc_env, tmp_path))
    result = results(out, proc)["results"]["synthdoc_chart_grounded"]
    assert result["page_acc,none"] == 1.0 and result["iou,none"] == pytest.approx(1.0)
    assert result["acc,none"] == 1.0 and result["score,none"] == 10.0
    line = samples(out, "synthdoc_chart_grounded")[0]
    assert line["iou"]["question_id"] == row["question_id"]


@pytest.mark.lmms_eval
def test_all_three_grounded_tasks_build_on_their_subset(synthdoc_env: Path) -> None:
    from lmms_eval.tasks import TaskManager, get_task_dict

    manager = TaskManager(include_path=str(tasks_dir()), model_name="dummy")
    names = ["synthdoc_chart_grounded", "synthdoc_crossmodal_grounded", "synthdoc_complex_grounded"]
    built = get_task_dict(names, manager)
    configs = {"synthdoc_chart_grounded": "chart", "synthdoc_crossmodal_grounded": "cross_modal"}
    configs["synthdoc_complex_grounded"] = "complex"
    for name, task in built.items():
        assert task.config.dataset_name == configs[name]
        assert task.config.process_results is grounded.process_results
        metrics = [m["metric"] for m in task.config.metric_list]
        assert metrics == ["acc", "score", "page_acc", "iou", "failed", "unscored", "uncertain"]


def _strip_evidence(row: dict, strips: list) -> list[dict]:
    """The row's gold regions in the coordinates of ``strips`` (image number, 0..1000 box)."""
    evidence = []
    for region in row["evidence"]:
        k, strip = next(
            (i, s) for i, s in enumerate(strips) if any(p.page == region["page"] for p in s.pages)
        )
        placement = next(p for p in strip.pages if p.page == region["page"])
        evidence.append({"image": k + 1, "bbox": _on_strip(region["bbox"], placement, strip)})
    return evidence


PAGES1 = {"strip_pages_per_strip": 1}


def test_two_grounded_variants_in_one_run_score_as_in_separate_runs(synthdoc_env: Path) -> None:
    rows = [r for r in dataset_rows(synthdoc_env, "chart") if any(e["page"] > 1 for e in r["evidence"])]
    assert rows, "no question with evidence past page 1"
    row = rows[0]
    default_reply = _reply(row["answer"], _strip_evidence(row, grounded.strips_of(row, {})))
    pages1_reply = _reply(row["answer"], _strip_evidence(row, grounded.strips_of(row, PAGES1)))
    assert default_reply != pages1_reply  # the two variants really use other coordinates

    def score(scorer, reply: str) -> tuple:
        record = scorer(row, [reply])["iou"]
        return record["page_acc"], record["iou"], record["predicted_regions"]

    alone_default = score(grounded.process_results, default_reply)
    alone_pages1 = score(grounded.process_results_pages1, pages1_reply)
    assert alone_default[:2] == (1.0, pytest.approx(1.0, abs=1e-6))
    assert alone_pages1[:2] == (1.0, pytest.approx(1.0, abs=1e-6))
    # interleaved as lmms-eval does with two tasks: prompts of one variant, then scoring of the other
    for _ in range(2):
        grounded.doc_to_messages(row, PAGES1)
        assert score(grounded.process_results, default_reply) == alone_default
        grounded.doc_to_messages(row, {})
        assert score(grounded.process_results_pages1, pages1_reply) == alone_pages1
    assert not hasattr(grounded, "_settings_seen")  # no global of prompt settings


@pytest.mark.lmms_eval
def test_every_grounded_task_scores_with_the_strips_it_shows(synthdoc_env: Path) -> None:
    from lmms_eval.tasks import TaskManager, get_task_dict

    from synthdocbench_tasks.strips import StripSettings

    manager = TaskManager(include_path=str(tasks_dir()), model_name="dummy")
    names = sorted(n for n in manager.all_tasks if n.startswith("synthdoc_") and n.endswith("_grounded"))
    assert len(names) == 6 and "synthdoc_chart_pages1_grounded" in names
    for name, task in get_task_dict(names, manager).items():
        scorer = task.config.process_results
        shown = StripSettings.from_kwargs(task.lmms_eval_specific_kwargs)
        assert grounded.SCORER_STRIPS[scorer.__name__] == shown, name
        assert getattr(grounded, scorer.__name__) is scorer  # a plain def lmms-eval can name


def test_a_failed_model_request_leaves_the_regions_unscored(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    failed = grounded.process_results(row, ["[LMMS_EVAL_REQUEST_FAILED after 3 retries] Connection error."])
    record = failed["page_acc"]
    assert record["failure"] == "model_error" and record["score"] == -1
    assert record["page_acc"] is None and record["iou"] is None
    good = grounded.process_results(row, [_reply(row["answer"], row["evidence"])])["iou"]
    assert (
        grounded.aggregate_page_acc([record, good]) == 1.0 and grounded.aggregate_iou([record, good]) == 1.0
    )
    # a hostile reply: deeply nested JSON and a truncated object are answers, scored without a crash
    for reply in ("[" * 5000 + "]" * 5000, '{"answer": "1", "evidence": [{"image": 1, "bbox": [1, 2'):
        record = grounded.process_results(row, [reply])["iou"]
        assert record["failure"] in (None, "scoring_error") and record["page_acc"] in (0.0, None)
