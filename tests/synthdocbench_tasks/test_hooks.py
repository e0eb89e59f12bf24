"""The lmms-eval hooks on a real exported dataset, called as lmms-eval calls them."""

from __future__ import annotations

import math
from pathlib import Path

import datasets
import pymupdf
import pytest
from PIL import Image

from synthdocbench_tasks import hooks
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.prompts import ABSTENTION
from tests.helpers.lmms_eval_run import dataset_rows

pytestmark = pytest.mark.browser


def _page_count(dataset_dir: Path, doc_id: str) -> int:
    docs = datasets.load_dataset(str(dataset_dir), "documents", split="test")
    row = docs[docs["doc_id"].index(doc_id)]
    with pymupdf.open(stream=(dataset_dir / row["pdf_path"]).read_bytes(), filetype="pdf") as pdf:
        return pdf.page_count


def test_visuals_are_the_documents_strips(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    images = hooks.doc_to_visual(row, {"prompt_style": "default"})
    assert all(isinstance(im, Image.Image) for im in images)
    assert len(images) == math.ceil(_page_count(synthdoc_env, row["doc_id"]) / 5)
    assert all(max(im.size) <= 7900 for im in images)
    # a per-task override changes the strips
    single = hooks.doc_to_visual(row, {"strip_pages_per_strip": 10, "strip_dpi": 72})
    assert len(single) == math.ceil(_page_count(synthdoc_env, row["doc_id"]) / 10)


def test_messages_carry_system_prompt_images_and_question(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "cross_modal")[0]
    messages = hooks.doc_to_messages(row, {"prompt_style": "default"})
    assert [m["role"] for m in messages] == ["system", "user"]
    assert messages[0]["content"][0]["text"].endswith(ABSTENTION)
    user = messages[1]["content"]
    assert all(c["type"] == "image" for c in user[:-1]) and len(user) > 1
    assert user[-1] == {"type": "text", "text": f"Question: {row['question']}"}
    no_system = hooks.doc_to_messages(row, {"prompt_style": "none"})
    assert [m["role"] for m in no_system] == ["user"]
    flat = hooks.doc_to_text(row, {"prompt_style": "default"})
    assert flat.endswith(row["question"]) and ABSTENTION in flat


@pytest.mark.parametrize("config", ["chart", "cross_modal", "complex"])
def test_reference_answers_score_full_marks_and_abstention_scores_zero(
    synthdoc_env: Path, config: str
) -> None:
    for row in dataset_rows(synthdoc_env, config):
        hooks.process_docs(None)
        good = hooks.process_results(row, [row["answer"]])
        assert set(good) == {"acc", "score", "failed", "unscored", "uncertain"}
        assert all(value is good["acc"] for value in good.values())  # one record under every metric
        record = good["acc"]
        assert record["score"] == 10, (row["question"], row["answer"], record["judgement"])
        assert record["valid"] is True and record["judge"].startswith("offline")
        assert record["failure"] is None
        for key in ("question_id", "doc_id", "subset", "category", "difficulty", "position_bucket"):
            assert record[key] == (row["position"]["bucket"] if key == "position_bucket" else row[key])
        bad = hooks.process_results(row, [ABSTENTION])["score"]
        assert bad["score"] == 0
    assert hooks.aggregate_acc([{"score": 10}, {"score": 0}, {"score": -1}]) == 0.5


def test_thinking_is_not_judged(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    reply = f"<think>{row['answer']}</think>{ABSTENTION}"
    assert hooks.process_results(row, [reply])["acc"]["score"] == 0


def test_no_judge_selected_stops_before_inference(
    synthdoc_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SYNTHDOC_JUDGE")
    with pytest.raises(SynthDocUserError) as exc:
        hooks.process_docs(None)
    text = str(exc.value)
    assert "no judge selected" in text and "offline" in text and "openai:" in text and "\n" not in text


def test_unreachable_judge_stops_before_inference(
    synthdoc_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SYNTHDOC_JUDGE", "openai:judge-model@http://127.0.0.1:9/v1")
    monkeypatch.setenv("SYNTHDOC_JUDGE_API_KEY", "test-key")
    with pytest.raises(SynthDocUserError) as exc:
        hooks.process_docs(None)
    text = str(exc.value)
    assert "127.0.0.1:9" in text and "SYNTHDOC_JUDGE" in text and "\n" not in text


def test_none_judge_records_answers_unscored(synthdoc_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SYNTHDOC_JUDGE", "none")
    row = dataset_rows(synthdoc_env, "complex")[0]
    hooks.process_docs(None)
    record = hooks.process_results(row, ["some answer"])["score"]
    assert record["score"] is None and record["answer"] == "some answer" and record["judge"] == "none"
    assert record["failure"] == "not_judged" and "synthdocbench judge" in record["judgement"]
    assert math.isnan(hooks.aggregate_score([record]))
    assert hooks.aggregate_unscored([record]) == 1 and hooks.aggregate_failed([record]) == 0


def test_records_carry_what_rejudging_needs(synthdoc_env: Path) -> None:
    row = dataset_rows(synthdoc_env, "chart")[0]
    record = hooks.process_results(row, [row["answer"]])["acc"]
    assert record["question"] == row["question"] and record["reference"] == row["answer"]
    assert record["answer_values"] == [dict(v) for v in row["answer_values"]]
    # the stored inputs alone rebuild the judge's item
    item = hooks.judge_item(record, record["answer"])
    assert (item.question, item.reference, item.candidate) == (row["question"], row["answer"], row["answer"])


def test_text_variant_sends_the_pdf_text_and_no_image(synthdoc_env: Path) -> None:
    from synthdocbench_tasks.prompts import DOCUMENT_CLOSE, DOCUMENT_OPEN, document_in, system_prompt

    row = dataset_rows(synthdoc_env, "complex")[0]
    kwargs = {"prompt_style": "text", "text_max_chars": 60000}
    assert hooks.text_doc_to_visual(row, kwargs) == []
    messages = hooks.text_doc_to_messages(row, kwargs)
    assert [m["role"] for m in messages] == ["system", "user"]
    assert messages[0]["content"][0]["text"] == system_prompt("text")
    (user,) = messages[1]["content"]
    assert user["type"] == "text" and user["text"].endswith(f"Question: {row['question']}")
    document = document_in(user["text"])
    assert document is not None and document.startswith("[Page 1]") and len(document) <= 60000
    with pymupdf.open(stream=_pdf(synthdoc_env, row["doc_id"]), filetype="pdf") as pdf:
        first_words = " ".join(pdf[0].get_text().split()[:6])
    assert first_words in " ".join(document.split())
    flat = hooks.text_doc_to_text(row, kwargs)
    assert DOCUMENT_OPEN in flat and DOCUMENT_CLOSE in flat and flat.startswith(system_prompt("text") or "")
    short = document_in(hooks.text_doc_to_text(row, {"text_max_chars": 500, "prompt_style": "none"}))
    assert short is not None and len(short) <= 500 and short == document[:500].strip()


def _pdf(dataset_dir: Path, doc_id: str) -> bytes:
    docs = datasets.load_dataset(str(dataset_dir), "documents", split="test")
    return (dataset_dir / docs[docs["doc_id"].index(doc_id)]["pdf_path"]).read_bytes()
