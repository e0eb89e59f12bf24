"""What an API model receives: lmms-eval's OpenAI-compatible class against a recording server."""

from __future__ import annotations

import base64
import io
import math
from pathlib import Path

import pytest
from PIL import Image

from synthdocbench_tasks.api_images import FORMAT_VAR, QUALITY_VAR, prefer_jpeg
from synthdocbench_tasks.prompts import system_prompt, user_text
from tests.helpers.lmms_eval_run import dataset_rows, lmms_eval_cmd, results, run, synthdoc_run_env
from tests.judge.judge_chat_stub import ChatStub, Reply

MAX_BYTES = 4_000_000


def test_prefer_jpeg_keeps_a_users_choice() -> None:
    env: dict[str, str] = {}
    prefer_jpeg(env)
    assert env == {FORMAT_VAR: "JPEG", QUALITY_VAR: "90"}
    mine = {FORMAT_VAR: "PNG"}
    prefer_jpeg(mine)
    assert mine == {FORMAT_VAR: "PNG"}


@pytest.mark.browser
@pytest.mark.lmms_eval
def test_openai_model_class_receives_jpeg_strips_within_the_caps(dataset_dir: Path, tmp_path: Path) -> None:
    stub = ChatStub().start()
    stub.responder = lambda _req: Reply(content="Not found in the document.")
    try:
        env = synthdoc_run_env(dataset_dir, tmp_path)
        env.pop(FORMAT_VAR, None)
        out = tmp_path / "results"
        cmd = lmms_eval_cmd(
            "--model", "openai",
            "--model_args", f"model=stub-vlm,base_url={stub.base_url},api_key=EMPTY,timeout=120",
            "--tasks", "synthdoc_chart", "--limit", "2",
            "--output_path", str(out), "--log_samples",
        )  # fmt: skip
        proc = run(cmd, env)
        assert results(out, proc)["results"]["synthdoc_chart"]["acc,none"] == 0.0
        requests = stub.chat_requests
    finally:
        stub.stop()
    questions = dataset_rows(dataset_dir, "chart")[:2]
    pages = {r["doc_id"]: r["page_count"] for r in dataset_rows(dataset_dir, "documents")}
    assert len(requests) == len(questions)
    expected_counts = sorted(math.ceil(pages[q["doc_id"]] / 5) for q in questions)
    seen_counts = []
    for request in requests:
        system, user = request.body["messages"]
        assert system["role"] == "system"
        texts = (
            [part["text"] for part in system["content"]]
            if isinstance(system["content"], list)
            else [system["content"]]
        )
        assert texts == [system_prompt("default")]
        images = [part for part in user["content"] if part["type"] == "image_url"]
        seen_counts.append(len(images))
        for part in images:
            head, _, data = part["image_url"]["url"].partition(",")
            assert head == "data:image/jpeg;base64"
            raw = base64.b64decode(data)
            assert len(raw) <= MAX_BYTES
            with Image.open(io.BytesIO(raw)) as image:
                assert image.format == "JPEG" and max(image.size) <= 7900
        question_texts = [part["text"] for part in user["content"] if part["type"] == "text"]
        assert question_texts[-1] in {user_text(q["question"]) for q in questions}
    assert sorted(seen_counts) == expected_counts
