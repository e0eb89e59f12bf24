"""MMDocBench tasks on a small TSV in the published format, built here with Pillow.

One fixed dummy reply (``{"answer": "143", "bbox": [226, 222, 250, 235]}``) meets golds
chosen so that every task's EM / IoU, in both modes, is known by hand; the run goes through
the real lmms-eval CLI and the assertions read the files it writes.
"""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pandas as pd
import pytest
from PIL import Image, ImageDraw

from synthdocbench_tasks.cli import tasks_dir
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.mmdocbench import data, hooks
from synthdocbench_tasks.mmdocbench.taxonomy import TASKS
from tests.helpers.lmms_eval_run import lmms_eval_cmd, offline_env, results, run, samples

REPLY = 'Here is my reply: {"answer": "143", "bbox": [226, 222, 250, 235]}'
HIT = {"answer": "143", "bbox": [226, 222, 250, 235]}
MISS = {"answer": "Miami", "bbox": [406, 644, 576, 658]}
CHAOS = {"answer": "Chaos", "bbox": [339, 362, 856, 498]}


def _reasoning(answer: str, text: str, box: list[int]) -> list[dict]:
    return [{"answer": answer, "bbox": [], "supporting_evidence": [{"text": text, "bbox": box}]}]


P, R = "Visual Perception", "Visual Reasoning"
# (task column, sub-task, capability, reasoning_type, gold answer)
ROWS = [
    ("Text Recognition", "TextOCR", P, "", [HIT]),
    ("Text Recognition", "OCR-VQA", P, "", [HIT, CHAOS]),
    ("Table Recognition", "FinTabNet", P, "", [[HIT, {"answer": "Total", "bbox": [100, 252, 236, 347]}]]),
    ("Text Localization Text2Bbox", "DocBank", P, "", [{"answer": "", "bbox": HIT["bbox"]}]),
    ("Text Localization Bbox2Text", "DocBank", P, "", [{"answer": "143", "bbox": []}]),
    ("Cell Localization", "PubTables-1M", P, "", [MISS]),
    ("Key Information Extraction", "SROIE", P, "", [HIT]),
    ("Document Forgery Detection", "DocTamper", P, "", [HIT]),
    ("Document Question Answering", "DocVQA", P, "", [HIT]),
    ("Document Question Answering", "DocVQA", P, "", [MISS]),
    ("Document Question Answering", "WTQ", P, "", [HIT]),
    ("Chart Question Answering", "ChartQA", P, "", [{"answer": "143", "bbox": [226, 222, 250, 240]}]),
    ("Infographic Question Answering", "InfographicVQA", P, "", [MISS]),
    ("Document Question Answering", "WTQ", R, "algebraic", _reasoning("143", "1998", [843, 506, 918, 551])),
    ("Document Question Answering", "DUDE", R, "logical", _reasoning("Top", "DIPLOMA", [382, 222, 610, 268])),
    ("Document Question Answering", "DUDE", R, "spatial", _reasoning("Top", "DIPLOMA", [382, 222, 610, 268])),
    ("Document Question Answering", "WTQ", R, "comparison", _reasoning("above", "20", [547, 358, 577, 388])),
    (
        "Chart Question Answering",
        "CharXiv",
        R,
        "sorting",
        _reasoning("GPT-3.5", "10.0%", [41, 508, 145, 553]),
    ),
    ("Document Question Answering", "DUDE", R, "counting", _reasoning("3", "4", [795, 225, 807, 236])),
]
SHARED_IMAGE_ROW = 18  # its image column names row 0's index instead of holding the bytes

# Hand-computed (em, iou, em_ref, iou_ref) per task for REPLY.
EXPECTED = {
    # TextOCR hit (1); BookOCR: 1 of 2 items (paper 1/2; reference F = 2/3 via its regex fallback)
    "mmdocbench_text_recognition": (0.75, 0.75, (1 + 2 / 3) / 2, (1 + 2 / 3) / 2),
    # one of two cells; the reference finds no table in the reply
    "mmdocbench_table_recognition": (0.5, 0.5, 0.0, 0.0),
    # EM only from Bbox2Text, IoU only from Text2Bbox
    "mmdocbench_text_localization": (1.0, 1.0, 1.0, 1.0),
    "mmdocbench_table_cell_localization": (0.0, 0.0, 0.0, 0.0),
    "mmdocbench_key_information_extraction": (1.0, 1.0, 1.0, 1.0),
    "mmdocbench_document_forgery_detection": (1.0, 1.0, 1.0, 1.0),
    # macro over sub-tasks: DocVQA (hit, miss) = 0.5, WTQ = 1 -> 0.75 (not the micro 2/3)
    "mmdocbench_document_qa": (0.75, 0.75, 0.75, 0.75),
    # right answer, box 13 of 18 rows high: IoU = 13/18
    "mmdocbench_chart_qa": (1.0, 13 / 18, 1.0, 13 / 18),
    "mmdocbench_infographic_qa": (0.0, 0.0, 0.0, 0.0),
    # right answer, no evidence: paper EM 1, IoU 0; reference mean(1, evidence recall 0)
    "mmdocbench_arithmetic_reasoning": (1.0, 0.0, 0.5, 0.0),
    "mmdocbench_logical_reasoning": (0.0, 0.0, 0.0, 0.0),
    "mmdocbench_spatial_reasoning": (0.0, 0.0, 0.0, 0.0),
    "mmdocbench_comparison": (0.0, 0.0, 0.0, 0.0),
    "mmdocbench_sorting": (0.0, 0.0, 0.0, 0.0),
    "mmdocbench_counting": (0.0, 0.0, 0.0, 0.0),
}


def _image(text: str) -> str:
    img = Image.new("RGB", (320, 240), "white")
    ImageDraw.Draw(img).text((72, 53), text, fill="black")
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return base64.b64encode(buf.getvalue()).decode()


def _question(i: int) -> str:
    return (
        f"# Task\nRead the document image.\n### Requirements\nAnswer in JSON.\nQuestion {i}: what is shown?"
    )


@pytest.fixture(scope="module")
def tsv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    records = []
    for i, (task, sub, cap, rtype, gold) in enumerate(ROWS):
        records.append(
            {
                "index": 1000 + i,
                "image": "1000" if i == SHARED_IMAGE_ROW else _image(f"row {i}: 143"),
                "question": _question(i),
                "answer": json.dumps(gold),
                "task": task,
                "dataset_name": sub,
                "capability": cap,
                "reasoning_type": rtype,
                "raw_question": f"Question {i}: what is shown?",
            }
        )
    path = tmp_path_factory.mktemp("mmdoc") / "mmdocbench.tsv"
    pd.DataFrame(records).to_csv(path, sep="\t", index=False)
    return path


@pytest.fixture()
def env(tsv: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data.resolve.cache_clear()
    monkeypatch.setenv("MMDOCBENCH_DATASET", str(tsv))
    return tsv


def _load(tsv: Path):
    import datasets

    src = data.resolve(str(tsv))
    return datasets.load_dataset(src.path, split="test", **src.kwargs)


def test_taxonomy_has_15_tasks_and_48_sub_tasks() -> None:
    assert len(TASKS) == 15 and sum(len(t.sub_tasks) for t in TASKS) == 48
    assert [t.capability for t in TASKS].count("perception") == 9


def test_rows_split_into_tasks_with_images_and_questions(env: Path) -> None:
    full = _load(env)
    assert full.num_rows == len(ROWS)
    seen = 0
    for task in TASKS:
        subset = getattr(hooks, f"process_docs_{task.slug}")(full)
        seen += subset.num_rows
        for doc in subset:
            images = hooks.doc_to_visual(doc)
            assert len(images) == 1 and images[0].size == (320, 240) and images[0].mode == "RGB"
            assert hooks.doc_to_text(doc) == doc["question"] and doc["question"].startswith("# Task")
    assert seen == len(ROWS)  # every row belongs to exactly one task
    counting = hooks.process_docs_counting(full)[0]
    assert counting["image"] == "1000"  # shared by reference, resolved to row 1000's picture
    assert hooks.doc_to_visual(counting)[0].tobytes() == hooks.doc_to_visual(full[0])[0].tobytes()


def test_process_results_scores_both_modes(env: Path) -> None:
    docs = hooks.process_docs_chart_qa(_load(env))
    out = hooks.process_results(docs[0], [REPLY])
    assert set(out) == set(hooks.METRICS)
    record = out["em"]
    assert record["task"] == "Chart Question Answering" and record["sub_task"] == "ChartQA"
    assert record["em"] == 1.0 and record["iou"] == pytest.approx(13 / 18) and record["answer"] == "143"


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "\x00" * 50,
        '{"answer": "143", "bbox": [1e308, -1e308, "x", null]}',
        '{"answer": ' + "[" * 400,  # truncated, deeply nested
        '{"answer": "' + "9" * 5000 + '", "bbox": [0, 0, 0, 0]}',
        '[{"answer": null, "bbox": [[1, 2, 3, 4]]}, {"answer": {"nested": true}}]',
        "NaN Infinity -Infinity",
    ],
)
def test_hostile_replies_log_records_the_report_reads(env: Path, tmp_path: Path, reply: str) -> None:
    """Whatever a model replies, the record is written through MMDocRecord (metrics in 0..1,
    answer clipped) and ``read_samples`` reads the line back."""
    from synthdocbench_tasks.records import MMDocRecord
    from synthdocbench_tasks.samples_log import read_samples

    doc = hooks.process_docs_chart_qa(_load(env))[0]
    out = hooks.process_results(doc, [reply])
    record = out["em"]
    assert len(record["answer"] or "") <= 1000
    assert all(record.get(m) is None or 0 <= record[m] <= 1 for m in ("em", "f1", "iou", "em_ref", "iou_ref"))
    log = tmp_path / "samples.jsonl"
    log.write_text(json.dumps({"doc_id": 0, "resps": [[reply]], **out}) + "\n", encoding="utf-8")
    (line,) = read_samples(log, MMDocRecord)
    assert line.record.task == "Chart Question Answering" and line.record.em == record["em"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("does/not/exist/x", "is neither an existing TSV file or folder nor a Hub repo id"),
        ("README_NOT_TSV", "is not a .tsv file"),
        ("EMPTY_DIR", "holds no .tsv file"),
        ("BAD_TSV", "missing columns: answer, image or image_path"),
    ],
)
def test_unusable_locations_are_one_clear_line(tmp_path: Path, value: str, message: str) -> None:
    data.resolve.cache_clear()
    if value == "README_NOT_TSV":
        value = str(tmp_path / "notes.txt")
        Path(value).write_text("hello")
    elif value == "EMPTY_DIR":
        value = str(tmp_path)
    elif value == "BAD_TSV":
        value = str(tmp_path / "bad.tsv")
        Path(value).write_text("index\tquestion\ttask\tsub_task\n1\tq\tt\ts\n")
    with pytest.raises(SynthDocUserError, match=message) as info:
        data.resolve(value)
    assert "\n" not in str(info.value) and "MMDOCBENCH_DATASET" in str(info.value)


@pytest.mark.lmms_eval
def test_a_location_is_resolved_only_when_a_task_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    from lmms_eval.tasks import TaskManager

    data.resolve.cache_clear()
    monkeypatch.setenv("MMDOCBENCH_DATASET", "/no/such/file.tsv")
    manager = TaskManager(include_path=str(tasks_dir()), model_name="dummy")  # indexing reads nothing
    names = set(manager.all_tasks)
    assert {t.task_name for t in TASKS} | {
        "mmdocbench",
        "mmdocbench_perception",
        "mmdocbench_reasoning",
    } <= names
    assert not any("template" in n for n in names if n.startswith("mmdocbench"))
    with pytest.raises(SynthDocUserError, match=re.escape("MMDOCBENCH_DATASET=/no/such/file.tsv")):
        manager.load_task_or_group(["mmdocbench_chart_qa"])


@pytest.mark.lmms_eval
def test_lmms_eval_cli_reports_known_em_f1_iou(env: Path, tmp_path: Path) -> None:
    out = tmp_path / "results"
    cmd = lmms_eval_cmd(
        "--model", "dummy",
        "--model_args", f"response={REPLY}",
        "--tasks", "mmdocbench",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    data_ = results(out, run(cmd, offline_env(tmp_path, MMDOCBENCH_DATASET=str(env))))
    by_task = {**data_["results"], **data_.get("groups", {})}
    for task, (em, iou, em_ref, iou_ref) in EXPECTED.items():
        got = by_task[task]
        assert got["em,none"] == pytest.approx(em), task
        assert got["iou,none"] == pytest.approx(iou), task
        assert got["em_ref,none"] == pytest.approx(em_ref), task
        assert got["iou_ref,none"] == pytest.approx(iou_ref), task
        lines = samples(out, task)
        assert lines and all(line["filtered_resps"] in (REPLY, [REPLY]) for line in lines)
        assert {line["em"]["task"] for line in lines} == {next(t.name for t in TASKS if t.task_name == task)}
    perception = [v[0] for k, v in EXPECTED.items() if k in {t.task_name for t in TASKS[:9]}]
    reasoning = [v[0] for k, v in EXPECTED.items() if k in {t.task_name for t in TASKS[9:]}]
    assert by_task["mmdocbench_perception"]["em,none"] == pytest.approx(sum(perception) / 9)  # 6/9
    assert by_task["mmdocbench_reasoning"]["em,none"] == pytest.approx(sum(reasoning) / 6)  # 1/6
    overall = (sum(perception) / 9 + sum(reasoning) / 6) / 2
    assert by_task["mmdocbench"]["em,none"] == pytest.approx(overall)
    # the Table 2 view computed from the samples logs agrees with lmms-eval's groups
    from synthdocbench_tasks.mmdocbench.report import read_records, table

    rows = dict(table(read_records(sorted(out.rglob("*_samples_mmdocbench_*.jsonl")))))
    assert rows["overall"]["em"] == pytest.approx(100 * overall)
    assert rows["overall"]["em_ref"] == pytest.approx(100 * by_task["mmdocbench"]["em_ref,none"])


def test_ref_averages_keep_only_the_48_pairs() -> None:
    # a DocVQA question counts in both modes; a question of a pair outside the paper's 48
    # (ChartQA under Document QA) counts in paper mode only, as the reference drops it
    records = [
        {"capability": "perception", "task": "Document Question Answering", "sub_task": "DocVQA",
         "em": 1.0, "em_ref": 1.0},
        {"capability": "perception", "task": "Document Question Answering", "sub_task": "ChartQA",
         "em": 0.0, "em_ref": 0.0},
    ]  # fmt: skip
    assert hooks.aggregate(records, "em") == pytest.approx(0.5)
    assert hooks.aggregate(records, "em_ref") == pytest.approx(1.0)
    from synthdocbench_tasks.mmdocbench.report import table

    rows = dict(table(records))
    assert rows["overall"]["em"] == pytest.approx(50.0) and rows["overall"]["em_ref"] == pytest.approx(100.0)


def test_overall_score_does_not_depend_on_task_order() -> None:
    scores = {t.task_name: 0.1 * (i % 7) + 0.05 for i, t in enumerate(TASKS)}
    for t in TASKS:  # each task's aggregation registers its score
        record = {
            "capability": t.capability,
            "task": t.name,
            "sub_task": t.sub_tasks[0],
            "iou70_ref": scores[t.task_name],
        }
        assert hooks.aggregate([record], "iou70_ref") == pytest.approx(scores[t.task_name])
    perception = [scores[t.task_name] for t in TASKS if t.capability == "perception"]
    reasoning = [scores[t.task_name] for t in TASKS if t.capability == "reasoning"]
    expected = (sum(perception) / len(perception) + sum(reasoning) / len(reasoning)) / 2
    overall = hooks.overall_mean_iou70_ref
    in_yaml_order = [scores[t.task_name] for t in TASKS]
    reversed_order = in_yaml_order[::-1]
    assert overall(in_yaml_order, [1] * 15, False) == pytest.approx(expected)
    assert overall(reversed_order, [1] * 15, False) == pytest.approx(expected)
    # scores this process never aggregated: the YAML-order rule, else a plain mean
    assert hooks.overall_mean([0.5] * 3, [1] * 3, False, metric="iou70_ref") == pytest.approx(0.5)


def test_metrics_yaml_and_generation_length() -> None:
    assert hooks.METRICS == (
        "em", "f1", "iou", "iou20", "iou50", "iou70",
        "em_ref", "f1_ref", "iou_ref", "iou20_ref", "iou50_ref", "iou70_ref",
    )  # fmt: skip
    import yaml

    folder = tasks_dir() / "mmdocbench"
    text = (folder / "_default_template_yaml").read_text()
    template = yaml.safe_load(re.sub(r"!function \S+", "fn", text))
    assert template["generation_kwargs"]["max_new_tokens"] == 4096
    assert [m["metric"] for m in template["metric_list"]] == list(hooks.METRICS)
    assert template["metadata"]["version"] == 2.1
    for name in ("mmdocbench.yaml", "mmdocbench_perception.yaml", "mmdocbench_reasoning.yaml"):
        group = yaml.safe_load(re.sub(r"!function \S+", "fn", (folder / name).read_text()))
        assert [m["metric"] for m in group["aggregate_metric_list"]] == list(hooks.METRICS)
        assert group["metadata"]["version"] == 2.1
