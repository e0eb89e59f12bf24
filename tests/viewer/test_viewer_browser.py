"""`synthdocbench view` in a real Chromium: a real lmms-eval run (dummy model) on a real
generated dataset, served by the real viewer server on a loopback port."""

from __future__ import annotations

import http.client
import io
import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.strip_cache import StripCache
from synthdocbench_tasks.strips import StripSettings
from synthdocbench_tasks.viewer.data import Corpus, load_corpus
from synthdocbench_tasks.viewer.export import export_site
from synthdocbench_tasks.viewer.server import EXPORT_CSP, ViewerServer, start
from tests.helpers.lmms_eval_run import dataset_rows, read_jsonl, samples_log

from .conftest import HOSTILE_ANSWER

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]
MAGENTA = (255, 0, 255)


@pytest.fixture(scope="module")
def corpus(dummy_run: Path, dataset_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return load_corpus([dummy_run, dataset_dir], cache_dir=tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="module")
def server(corpus: Corpus) -> Iterator[ViewerServer]:
    srv = ViewerServer(("127.0.0.1", 0), corpus)
    start(srv)
    yield srv
    srv.shutdown()
    srv.server_close()


def _all_questions(dataset_dir: Path) -> list[dict[str, Any]]:
    return [r for c in ("chart", "cross_modal", "complex") for r in dataset_rows(dataset_dir, c)]


def _rows(page: Any) -> int:
    return int(page.locator("table.questions tbody tr").count())


def test_the_list_loads_and_filters(
    page: Any, server: ViewerServer, dataset_dir: Path, dummy_run: Path
) -> None:
    questions = _all_questions(dataset_dir)
    page.goto(server.url)
    page.wait_for_selector("table.questions")
    assert _rows(page) == len(questions)

    chart = [q for q in questions if q["subset"] == "chart"]
    page.select_option("select[name=subset]", "chart")
    assert _rows(page) == len(chart) and 0 < len(chart) < len(questions)

    records = [line["score"] for line in read_jsonl(samples_log(dummy_run, "synthdoc_chart"))]
    failed = [r for r in records if r["valid"] and r["score"] < 6]
    page.select_option("select[name=model]", "dummy")
    page.select_option("select[name=verdict]", "failed")
    assert _rows(page) == len(failed) > 0
    page.select_option("select[name=verdict]", "passed")
    assert _rows(page) == sum(1 for r in records if r["valid"] and r["score"] >= 6)

    page.select_option("select[name=verdict]", "")
    page.select_option("select[name=model]", "")
    page.select_option("select[name=subset]", "")
    target = questions[-1]
    page.fill("input[name=search]", target["question"][:60])
    ids = page.locator("table.questions tbody tr").evaluate_all("rows => rows.map(r => r.dataset.id)")
    assert target["question_id"] in ids and len(ids) < len(questions)
    page.fill("input[name=search]", "no question says this 9f8e7d")
    assert _rows(page) == 0


def _largest_evidence(dataset_dir: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    best = None
    for q in _all_questions(dataset_dir):
        for r in q["evidence"] or []:
            area = (r["bbox"][2] - r["bbox"][0]) * (r["bbox"][3] - r["bbox"][1])
            if best is None or area > best[0]:
                best = (area, q, r)
    assert best is not None, "the generated questions have no evidence regions"
    return best[1], best[2]


def _is_magenta(pixel: tuple[int, ...]) -> bool:
    return all(abs(a - b) < 60 for a, b in zip(pixel[:3], MAGENTA, strict=True))


def test_a_question_page_shows_its_strips_and_boxes_the_evidence(
    page: Any, server: ViewerServer, corpus: Corpus, dataset_dir: Path
) -> None:
    question, region = _largest_evidence(dataset_dir)
    pdf = next(
        (dataset_dir / d["pdf_path"]).read_bytes()
        for d in dataset_rows(dataset_dir, "documents")
        if d["doc_id"] == question["doc_id"]
    )
    page_count = next(
        d["page_count"] for d in dataset_rows(dataset_dir, "documents") if d["doc_id"] == question["doc_id"]
    )
    assert corpus.strips is not None
    strips = StripCache(corpus.strips.cache.root).strips(pdf, StripSettings(), question["doc_id"])

    page.goto(f"{server.url}#/q/{question['question_id']}")
    page.wait_for_selector(".strip img")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.strip img')].every(i => i.complete && i.naturalWidth > 0)"
    )
    assert page.locator(".strip").count() == len(strips) == math.ceil(page_count / 5)
    assert page.locator(".evidence").count() == len(question["evidence"])

    # where the region must be, from the strip layout the cache recorded
    index, placement = next((i, p) for i, s in enumerate(strips) for p in s.pages if p.page == region["page"])
    strip = strips[index]
    x1, y1, x2, y2 = region["bbox"]
    left = (placement.x + x1 / 1000 * placement.width) / strip.width
    right = (placement.x + x2 / 1000 * placement.width) / strip.width
    top = (placement.y + y1 / 1000 * placement.height) / strip.height
    bottom = (placement.y + y2 / 1000 * placement.height) / strip.height

    shot = Image.open(io.BytesIO(page.locator(f".strip[data-index='{index}']").screenshot())).convert("RGB")
    inner_w, inner_h = shot.width - 2, shot.height - 2  # 1px border of the strip frame
    mid_y = 1 + round((top + bottom) / 2 * inner_h)
    mid_x = 1 + round((left + right) / 2 * inner_w)
    # the 3px outline 1px outside the region, in the box colour, on all four sides
    x_left, x_right = 1 + round(left * inner_w), 1 + round(right * inner_w)
    y_top, y_bottom = 1 + round(top * inner_h), 1 + round(bottom * inner_h)
    assert _is_magenta(shot.getpixel((x_left - 3, mid_y)))
    assert _is_magenta(shot.getpixel((x_right + 2, mid_y)))
    assert _is_magenta(shot.getpixel((mid_x, y_top - 3)))
    assert _is_magenta(shot.getpixel((mid_x, y_bottom + 2)))
    # and not further out, nor inside the region (the page shows through)
    assert not _is_magenta(shot.getpixel((x_left - 8, mid_y)))
    assert not _is_magenta(shot.getpixel((x_left + 3, mid_y)))
    assert not _is_magenta(shot.getpixel((mid_x, mid_y)))


def test_an_answer_holding_html_renders_as_text(page: Any, server: ViewerServer, dummy_run: Path) -> None:
    record = read_jsonl(samples_log(dummy_run, "synthdoc_chart"))[0]["score"]
    page.goto(f"{server.url}#/q/{record['question_id']}")
    answer = page.locator(".answer[data-model='dummy'] .answer-text")
    answer.wait_for()
    assert answer.inner_text() == HOSTILE_ANSWER
    assert page.locator(".answers script, .answers img").count() == 0
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__pwned") is None
    assert page.dialogs == []


def _raw_get(server: ViewerServer, path: str, host: str | None = None, **headers: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    conn.putrequest("GET", path, skip_host=True)
    conn.putheader("Host", host or f"127.0.0.1:{server.server_address[1]}")
    for name, value in headers.items():
        conn.putheader(name.replace("_", "-"), value)
    conn.endheaders()
    status = conn.getresponse().status
    conn.close()
    return status


@pytest.mark.parametrize(
    "path",
    [
        "/static/../../pyproject.toml",
        "/static/%2e%2e/%2e%2e/pyproject.toml",
        "/../../../../etc/passwd",
        "/strips/../../../etc/passwd",
        "/strips/..%2f..%2fetc/5/0.jpg",
        "/static/app.js/../../../README.md",
        "/viewer/static/app.js",
        "/api/question/..%2f..%2fpyproject.toml",
    ],
)
def test_paths_outside_the_served_files_are_refused(server: ViewerServer, path: str) -> None:
    assert _raw_get(server, path) in (403, 404)


def test_the_browser_gets_404_for_a_path_outside(page: Any, server: ViewerServer) -> None:
    response = page.goto(server.url + "static/%2e%2e/%2e%2e/pyproject.toml")
    assert response is not None and response.status in (403, 404)
    assert "[project]" not in page.content()


def test_a_foreign_host_header_is_refused(server: ViewerServer) -> None:
    assert _raw_get(server, "/api/questions", host="attacker.example:80", X_SDB_Token=server.token) == 403
    assert _raw_get(server, "/api/questions", X_SDB_Token=server.token) == 200


@pytest.mark.parametrize("path", ["/api/questions", "/strips/{doc}/5/0.jpg"])
def test_data_and_strips_need_the_viewers_own_origin_or_the_token(
    server: ViewerServer, corpus: Corpus, path: str
) -> None:
    path = path.format(doc=corpus.listing()["questions"][0]["doc_id"])
    assert _raw_get(server, path) == 403  # no Sec-Fetch-Site, no token: not the viewer's page
    for site in ("cross-site", "same-site"):
        assert _raw_get(server, path, Sec_Fetch_Site=site) == 403
    assert _raw_get(server, path, X_SDB_Token="guessed") == 403
    assert _raw_get(server, path, Sec_Fetch_Site="same-origin") == 200
    assert _raw_get(server, path, Sec_Fetch_Site="none") == 200  # an address typed in
    assert _raw_get(server, path, Sec_Fetch_Site="cross-site", X_SDB_Token=server.token) == 200
    assert _raw_get(server, "/") == 200  # the page itself (its token is unreadable to other sites)


def test_the_static_export_opens_from_disk(page: Any, corpus: Corpus, tmp_path: Path) -> None:
    out = tmp_path / "site"
    count = export_site(corpus, out)
    assert count == len(corpus.questions)
    assert all("http" not in p.read_text() for p in (out / "static").iterdir())
    html = (out / "index.html").read_text()
    assert f'<meta http-equiv="Content-Security-Policy" content="{EXPORT_CSP}">' in html
    assert html.index("Content-Security-Policy") < html.index("<script")  # in force before any script
    page.goto((out / "index.html").as_uri())
    page.wait_for_selector("table.questions")
    assert _rows(page) == count
    first = json.loads(json.dumps(corpus.listing()["questions"][0]))
    page.locator(f"tr[data-id='{first['id']}'] a").click()
    page.wait_for_function(
        "() => document.querySelectorAll('.strip img').length > 0 && "
        "[...document.querySelectorAll('.strip img')].every(i => i.complete && i.naturalWidth > 0)"
    )
    assert page.locator("#qid").inner_text() == first["id"]
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.querySelector('#qid')?.textContent !== {json.dumps(first['id'])}")
    assert page.dialogs == []


def test_logs_without_a_dataset_show_hostile_log_text_as_text(
    page: Any, dummy_run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SYNTHDOC_DATASET", raising=False)
    lines = read_jsonl(samples_log(dummy_run, "synthdoc_chart"))
    lines[0]["input"] = 'Question: <img src=x onerror="window.__pwned=1"> how many?'
    lines[0]["target"] = "<script>window.__pwned = 2</script>"
    log = tmp_path / "logs" / "20260101_000000_samples_synthdoc_chart.jsonl"  # no results file: no dataset
    log.parent.mkdir()
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    corpus = load_corpus([log], cache_dir=tmp_path / "cache")
    assert corpus.location is None and len(corpus.questions) == len(lines)
    srv = ViewerServer(("127.0.0.1", 0), corpus)
    start(srv)
    try:
        qid = lines[0]["score"]["question_id"]
        page.goto(f"{srv.url}#/q/{qid}")
        page.wait_for_selector(".qtext")
        assert page.locator(".qtext").inner_text() == '<img src=x onerror="window.__pwned=1"> how many?'
        assert page.locator(".reference").inner_text() == "<script>window.__pwned = 2</script>"
        assert "no dataset given" in page.locator(".note").inner_text()
        assert page.locator(".strip").count() == 0 and page.locator("main img").count() == 0
        page.wait_for_timeout(300)
        assert page.evaluate("() => window.__pwned") is None and page.dialogs == []
    finally:
        srv.shutdown()
        srv.server_close()


def test_a_truncated_samples_log_is_one_line(dummy_run: Path, tmp_path: Path) -> None:
    text = samples_log(dummy_run, "synthdoc_chart").read_text()
    log = tmp_path / "20260101_000000_samples_synthdoc_chart.jsonl"
    log.write_text(text[: len(text) * 2 // 3])
    with pytest.raises(SynthDocUserError, match=r"samples_synthdoc_chart\.jsonl:\d+: malformed JSON") as info:
        load_corpus([log], cache_dir=tmp_path / "cache")
    assert "\n" not in str(info.value)


def test_two_tasks_asking_the_same_questions_are_two_columns(dummy_run: Path, tmp_path: Path) -> None:
    import shutil

    run_dir = tmp_path / "run"
    shutil.copytree(dummy_run, run_dir)
    log = samples_log(run_dir, "synthdoc_chart")
    shutil.copy(log, log.with_name(log.name.replace("synthdoc_chart", "synthdoc_chart_grounded")))
    corpus = load_corpus([run_dir], cache_dir=tmp_path / "cache")
    assert corpus.models == ["dummy:synthdoc_chart", "dummy:synthdoc_chart_grounded"]
    qid = read_jsonl(log)[0]["score"]["question_id"]
    assert set(corpus.listing()["questions"][0]["verdicts"]) == set(corpus.models)
    detail = corpus.detail(qid)
    assert detail is not None and [a["model"] for a in detail["answers"]] == corpus.models


def test_a_grounded_answer_shows_its_evidence_boxes(
    page: Any, dummy_run: Path, dataset_dir: Path, tmp_path: Path
) -> None:
    import shutil

    run_dir = tmp_path / "run"
    shutil.copytree(dummy_run, run_dir)
    log = samples_log(run_dir, "synthdoc_chart")
    lines = read_jsonl(log)
    lines[0]["score"]["predicted_regions"] = [
        {"page": 1, "bbox": [100, 100, 600, 300]},
        {"page": "one", "bbox": [0, 0, 1, 1]},  # not a page
        {"page": 2, "bbox": [0, 0, 5000, 1]},  # off the page
        {"page": 3},  # no box
        "<script>",
    ]
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    corpus = load_corpus([run_dir, dataset_dir], cache_dir=tmp_path / "cache")
    qid = lines[0]["score"]["question_id"]
    detail = corpus.detail(qid)
    assert detail is not None
    (box,) = detail["answers"][0]["predicted"]
    assert box["strip"] == 0 and box["page"] == 1
    srv = ViewerServer(("127.0.0.1", 0), corpus)
    start(srv)
    try:
        page.goto(f"{srv.url}#/q/{qid}")
        page.wait_for_selector(".strip img")
        assert page.locator(".strip[data-index='0'] .predicted").count() == 1
        assert page.locator(".predicted").get_attribute("title") == "dummy's evidence, page 1"
    finally:
        srv.shutdown()
        srv.server_close()
