"""`synthdocbench review` in a real Chromium: verdicts given by clicking survive a reload and
a server restart (a new server process reading the same verdict file), and `synthdocbench
view`/`review` run as real commands."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.lmms_eval_run import dataset_rows

from .conftest import Served, page_token

pytestmark = [pytest.mark.browser, pytest.mark.lmms_eval]


def test_verdicts_survive_reload_and_server_restart(
    page: Any, dataset_dir: Path, tmp_path: Path, review_env: dict[str, str], served: list[Served]
) -> None:
    verdicts = tmp_path / "ann.jsonl"
    args = [
        "review",
        str(dataset_dir),
        "--sample",
        "4",
        "--seed",
        "5",
        "--verdicts",
        str(verdicts),
        "--reviewer",
        "ann",
    ]
    first = Served(args, review_env)
    served.append(first)
    assert "4 questions sampled (seed 5)" in "".join(first.lines)

    page.goto(first.url)
    page.wait_for_selector("table.questions")
    assert page.locator("table.questions tbody tr").count() == 4
    qid = page.locator("table.questions tbody tr").first.get_attribute("data-id")
    page.goto(f"{first.url}#/q/{qid}")
    page.fill("textarea[name=comment]", "<b>two</b> bars share a colour")
    page.click("button[data-verdict=wrong_reference]")
    page.wait_for_function("() => document.querySelector('#saved').textContent === 'saved: wrong_reference'")

    saved = [json.loads(line) for line in verdicts.read_text().splitlines()]
    row = next(
        r
        for c in ("chart", "cross_modal", "complex")
        for r in dataset_rows(dataset_dir, c)
        if r["question_id"] == qid
    )
    assert saved[0]["question_id"] == qid and saved[0]["verdict"] == "wrong_reference"
    assert saved[0]["comment"] == "<b>two</b> bars share a colour" and saved[0]["reviewer"] == "ann"
    assert (saved[0]["subset"], saved[0]["level"]) == (row["subset"], row["difficulty"])

    page.reload()
    page.wait_for_selector("button[data-verdict=wrong_reference][aria-pressed=true]")
    assert page.input_value("textarea[name=comment]") == "<b>two</b> bars share a colour"

    first.stop()
    second = Served(args, review_env)
    served.append(second)
    page.goto(f"{second.url}#/q/{qid}")
    page.wait_for_selector("button[data-verdict=wrong_reference][aria-pressed=true]")
    assert page.input_value("textarea[name=comment]") == "<b>two</b> bars share a colour"
    page.click("button[data-verdict=valid]")
    page.wait_for_function("() => document.querySelector('#saved').textContent === 'saved: valid'")
    assert [json.loads(line)["verdict"] for line in verdicts.read_text().splitlines()] == ["valid"]


def _post(url: str, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url + "api/verdict", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_bad_and_cross_origin_verdict_posts_are_refused(
    dataset_dir: Path, tmp_path: Path, review_env: dict[str, str], served: list[Served]
) -> None:
    verdicts = tmp_path / "v.jsonl"
    server = Served(["review", str(dataset_dir), "--sample", "2", "--verdicts", str(verdicts)], review_env)
    served.append(server)
    token = page_token(server.url)
    listing = urllib.request.Request(server.url + "api/questions", headers={"X-SDB-Token": token})
    qid = json.loads(urllib.request.urlopen(listing, timeout=10).read())["questions"][0]["id"]
    good = json.dumps({"question_id": qid, "verdict": "valid"}).encode()
    origin = server.url.rstrip("/")
    js = {"Content-Type": "application/json", "X-SDB-Token": token, "Origin": origin}
    assert _post(server.url, good, {**js, "Origin": "http://attacker.example"}) == 403
    assert _post(server.url, good, {**js, "Origin": "http://127.0.0.1:1"}) == 403  # another port
    assert _post(server.url, good, {**js, "Sec-Fetch-Site": "same-site"}) == 403
    assert _post(server.url, good, {k: v for k, v in js.items() if k != "Origin"}) == 403  # no origin at all
    assert _post(server.url, good, {**js, "X-SDB-Token": "guessed"}) == 403
    assert _post(server.url, good, {k: v for k, v in js.items() if k != "X-SDB-Token"}) == 403
    assert _post(server.url, good, {**js, "Content-Type": "text/plain"}) == 415
    assert _post(server.url, b'{"question_id": "', js) == 400
    assert _post(server.url, json.dumps({"question_id": qid, "verdict": "great"}).encode(), js) == 400
    assert _post(server.url, json.dumps({"question_id": "../../etc", "verdict": "valid"}).encode(), js) == 400
    assert not verdicts.exists()
    assert _post(server.url, good, js) == 200
    assert _post(server.url, good, {**js, "Sec-Fetch-Site": "same-origin"}) == 200
    assert json.loads(verdicts.read_text())["verdict"] == "valid"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["view", "/no/such/run"], "/no/such/run does not exist"),
        (["view", "{dataset}", "--host", "0.0.0.0"], "--host 0.0.0.0 would expose the viewer"),
        (["view", "{dataset}", "--pages-per-strip", "3"], "--pages-per-strip must be one of"),
        (["review", "{dataset}", "--sample", "0"], "--sample must be at least 1"),
        (["view", "{dataset}", "--export", "{nonempty}"], "is not a viewer export"),
        (["view", "{dataset}", "--export", "{nonempty}/thesis.tex"], "is a file: give a new or empty folder"),
    ],
)
def test_bad_view_and_review_arguments_give_one_line(
    dataset_dir: Path, tmp_path: Path, review_env: dict[str, str], args: list[str], message: str
) -> None:
    nonempty = tmp_path / "mine"
    nonempty.mkdir()
    (nonempty / "thesis.tex").write_text("keep me")
    argv = [a.format(dataset=dataset_dir, nonempty=nonempty) for a in args]
    proc = subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", *argv],
        env=review_env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode != 0
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], proc.stderr
    assert (nonempty / "thesis.tex").read_text() == "keep me"


def test_report_adds_the_human_validation_section(
    dummy_run: Path, dataset_dir: Path, tmp_path: Path, review_env: dict[str, str]
) -> None:
    questions = [r for c in ("chart", "cross_modal", "complex") for r in dataset_rows(dataset_dir, c)][:4]
    files = []
    for name, verdicts in (
        ("ann", ["valid", "valid", "illegible", "valid"]),
        ("bob", ["valid", "ambiguous", "illegible", "valid"]),
    ):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(
            "".join(
                json.dumps(
                    {
                        "question_id": q["question_id"],
                        "subset": q["subset"],
                        "level": q["difficulty"],
                        "verdict": v,
                        "comment": f"{name}: tiny <i>labels</i>" if v == "illegible" else "",
                        "reviewer": name,
                    }
                )
                + "\n"
                for q, v in zip(questions, verdicts, strict=True)
            )
        )
        files += ["--verdicts", str(path)]
    out = tmp_path / "report"
    proc = subprocess.run(
        [sys.executable, "-m", "synthdocbench_tasks.cli", "report", str(dummy_run), "--out", str(out),
         "--dataset", str(dataset_dir), "--resamples", "50", *files],
        env=review_env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    md = (out / "report.md").read_text()
    assert "Human validation" in md and "4 questions reviewed by ann; 75.0% judged valid" in md
    assert "ann: tiny <i>labels</i>" in md or "ann: tiny &lt;i&gt;labels&lt;/i&gt;" in md
    html = (out / "report.html").read_text()
    assert "<i>labels</i>" not in html  # the comment is escaped in HTML
    kappa = (out / "tables" / "human_agreement.csv").read_text().splitlines()
    # 4 shared, 3 agree; A: 3 valid 1 illegible, B: 2 valid 1 ambiguous 1 illegible
    # po = 0.75, pe = 3/4*2/4 + 1/4*1/4 = 0.4375, kappa = (0.75-0.4375)/(1-0.4375) = 0.5556
    assert kappa[1].startswith("ann,bob,4,3,0.555")
