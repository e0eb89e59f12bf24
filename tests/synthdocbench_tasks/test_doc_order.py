"""``synthdocbench eval`` asks the model document by document (``doc_order``): each document's
strips are decoded at most once per run, whatever order the model visits a slice in, and the
responses come back in lmms-eval's order."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pymupdf
import pytest

from synthdocbench_tasks import doc_order, hooks
from synthdocbench_tasks.strip_cache import StripCache
from synthdocbench_tasks.strips import StripSettings

SETTINGS = StripSettings(max_pages=4, pages_per_strip=2, dpi=72)
SUBSETS = ("synthdoc_chart", "synthdoc_crossmodal", "synthdoc_complex")


def _pdf(n: int) -> bytes:
    doc = pymupdf.open()
    for page_no in range(2 + n % 3):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 100), f"Document {n}, page {page_no + 1}", fontsize=18)
    data = doc.tobytes()
    doc.close()
    return data


class _Request:
    def __init__(self, ctx: str, doc_id: int, task: str) -> None:
        self.arguments = (ctx, None, {}, doc_id, task, "test")


class _Model:
    """A model that reads the pixels of every request's strips, in its own order (by prompt,
    as lmms-eval's qwen2_5_vl does), through the strip cache the hooks use."""

    def __init__(self, root: Path, pdfs: dict[str, bytes], n_questions: int) -> None:
        self.root, self.pdfs, self.batch_size = root, pdfs, 1
        names = sorted(pdfs)
        self.task_dict = {
            task: {
                "test": [
                    {"doc_id": names[q % len(names)], "question_id": f"{task}-{q}"}
                    for q in range(n_questions)
                ]
            }
            for task in SUBSETS
        }
        self.calls: list[int] = []
        self.cache: StripCache | None = None

    def requests(self) -> list[_Request]:
        rng = random.Random(5)
        return [
            _Request(f"{rng.random():.6f}", q, task)
            for task in SUBSETS
            for q in range(len(self.task_dict[task]["test"]))
        ]

    def generate_until(self, requests: list[_Request]) -> list[str]:
        self.calls.append(len(requests))
        self.cache = hooks._strip_cache(str(self.root))  # made on the first question, as in a run
        assert self.cache.memory_bytes == 0
        for request in sorted(requests, key=lambda r: r.arguments[0]):
            doc_id, task = request.arguments[3], request.arguments[4]
            name = self.task_dict[task]["test"][doc_id]["doc_id"]
            assert all(im.tobytes() for im in self.cache.images(self.pdfs[name], SETTINGS, name))
        return [f"answer to {r.arguments[0]}" for r in requests]


@pytest.fixture()
def model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> _Model:
    monkeypatch.setenv(hooks.STRIP_MEMORY_VAR, "0")  # nothing stays decoded unless held
    monkeypatch.setattr(hooks, "_strip_caches", {})
    return _Model(tmp_path, {f"d{i}": _pdf(i) for i in range(6)}, n_questions=12)


def _cache(model: _Model) -> StripCache:
    assert model.cache is not None
    return model.cache


def test_grouped_requests_decode_each_document_once_and_answer_in_order(model: _Model) -> None:
    requests = model.requests()
    run = doc_order.grouped(model, model.generate_until)
    assert run(requests) == [f"answer to {r.arguments[0]}" for r in requests]
    assert _cache(model).decodes == {f"d{i}": 1 for i in range(6)}
    assert _cache(model).decoded_bytes == 0  # every document released after its last request
    assert model.calls == [16, 16, 4]  # slices of at least MIN_SLICE requests


def test_the_same_requests_in_lmms_evals_order_decode_every_visit(model: _Model) -> None:
    model.generate_until(model.requests())
    # each document is asked 6 times (3 subsets x 2 questions): decoded every time, nothing reused
    assert all(n >= 6 for n in _cache(model).decodes.values()) and len(_cache(model).decodes) == 6


def test_the_plan_groups_by_document_in_first_appearance_order() -> None:
    names = ["b", "a", None, "b", "c", "a", None, "c"]
    assert doc_order.plan(names) == [0, 3, 1, 5, 4, 7, 2, 6]


def test_slice_size_covers_a_model_batch() -> None:
    class Api:
        num_concurrent = 16

    class Batched:
        batch_size_per_gpu = 64

    assert doc_order.slice_size(Api()) == 64 and doc_order.slice_size(Batched()) == 64
    assert doc_order.slice_size(object()) == doc_order.MIN_SLICE


def test_requests_of_other_tasks_go_through_unchanged() -> None:
    class Other:
        def __init__(self) -> None:
            self.task_dict: dict[str, Any] = {"mmdocbench_x": {"test": [{"doc_id": "a"}]}}

    seen: list[Any] = []
    requests = [_Request("x", 0, "mmdocbench_x")]
    run = doc_order.grouped(Other(), lambda reqs: seen.append(reqs) or ["r"])
    assert run(requests) == ["r"] and seen == [requests]


def test_a_bad_strip_memory_setting_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from synthdocbench_tasks.errors import SynthDocUserError

    monkeypatch.setattr(hooks, "_strip_caches", {})
    monkeypatch.setenv(hooks.STRIP_MEMORY_VAR, "lots")
    with pytest.raises(SynthDocUserError, match="SYNTHDOC_STRIP_MEMORY_MB must be a number of MiB"):
        hooks._strip_cache(str(tmp_path))


@pytest.mark.browser
@pytest.mark.lmms_eval
def test_a_group_run_through_the_cli_decodes_each_of_four_documents_once(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """The real ``synthdocbench eval --tasks synthdoc`` over four documents, with a pixel reader
    that visits requests in its own order (``qwen2_5_vl`` sorts them by prompt) and a decoded
    budget of 0 (nothing stays decoded unless a slice holds it): every document is decoded once."""
    from generation.export.dataset import export_dataset
    from generation.plan.config import GenerationConfig
    from generation.run.pipeline import generate
    from tests.helpers.lmms_eval_run import results, run, synthdoc_run_env, synthdocbench_eval_cmd
    from tests.helpers.tiny_vlm import build_tiny_qwen2_5_vl, lmms_eval_model_args

    work = tmp_path_factory.mktemp("four_docs")
    summary = generate(GenerationConfig(seed=31, n_docs=4), work / "gen", progress=False)
    assert not getattr(summary, "failed", None), summary
    export_dataset(work / "gen", work / "dataset")
    model = build_tiny_qwen2_5_vl(tmp_path / "tiny")
    out = tmp_path / "results"
    cmd = synthdocbench_eval_cmd(
        "--model", "qwen2_5_vl",
        "--model_args", lmms_eval_model_args(model),
        "--tasks", "synthdoc",
        "--batch_size", "1",
        "--gen_kwargs", "max_new_tokens=8",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    env = {**synthdoc_run_env(work / "dataset", tmp_path), hooks.STRIP_MEMORY_VAR: "0"}
    proc = run(cmd, env, timeout=1500)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert {"synthdoc_chart", "synthdoc_crossmodal", "synthdoc_complex"} <= set(results(out, proc)["results"])
    line = next(x for x in proc.stderr.splitlines() if x.startswith("synthdocbench: page strips:"))
    assert "4 documents rasterised, 4 decoded 4 times (at most 1 per document;" in line, line


def test_answers_judged_ahead_are_picked_up_once_per_copy_asked() -> None:
    from synthdocbench_tasks import judging

    calls: list[str] = []

    def score(doc: dict[str, Any], reply: str) -> dict[str, Any]:
        calls.append(reply)
        return {"question_id": doc["question_id"], "answer": reply}

    doc = {"question_id": "q1", "subset": "chart"}
    assert judging.prefetched(doc, "42") is None  # not started: nothing ahead
    judging.start_prefetch(4)
    try:
        judging.prefetch(doc, "42", score)
        judging.prefetch(doc, "42", score)  # the same answer in a second task: judged once
        judging.prefetch({"question_id": "q2", "subset": "chart"}, "7", score)
        assert (
            judging.prefetched(doc, "42")
            == judging.prefetched(doc, "42")
            == {"question_id": "q1", "answer": "42"}
        )
        assert judging.prefetched(doc, "42") is None  # both copies taken: scored by the caller
        assert judging.prefetched(doc, "41") is None  # another reply is not this one's verdict
        assert judging.prefetched({"question_id": "q2", "subset": "chart"}, "7") == {
            "question_id": "q2",
            "answer": "7",
        }
    finally:
        judging.stop_prefetch()
    assert sorted(calls) == ["42", "7"]


def test_every_answer_is_begun_before_any_judge_request_is_queued() -> None:
    from synthdocbench_tasks import judging

    events: list[str] = []
    lock = threading.Lock()

    def begin(doc: dict[str, Any], reply: str) -> tuple[Any, ...]:
        with lock:
            events.append(f"begin {reply}")
        return doc["question_id"], reply

    def finish(question: str, reply: str) -> dict[str, Any]:
        with lock:
            events.append(f"finish {reply}")
        return {"question_id": question, "answer": reply}

    answers = [({"question_id": f"q{i}", "subset": "chart"}, str(i)) for i in range(40)]
    judging.start_prefetch(8)
    try:
        judging.prefetch_all([*answers, answers[0]], begin, finish)  # a copy: begun and judged once
        for doc, reply in answers:
            assert judging.prefetched(doc, reply) == {"question_id": doc["question_id"], "answer": reply}
        assert judging.prefetched(*answers[0]) is not None and judging.prefetched(*answers[0]) is None
    finally:
        judging.stop_prefetch()
    begun = [e for e in events if e.startswith("begin")]
    assert len(begun) == 40 and events[:40] == begun and len(events) == 80
