"""The run setup and bookkeeping a local and a Ray run share (no browser: nothing is generated)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generation.charts.d3 import D3NotFoundError
from generation.plan.config import GenerationConfig
from generation.run.atomic import dumps_json
from generation.run.setup import (
    PipelineError,
    check_shard,
    document_error,
    open_run,
    output_settings,
    write_config,
)
from generation.run.verify import config_digest, verify_output
from synthdocbench_tasks.errors import first_line

CONFIG = GenerationConfig(seed=3, n_docs=5, min_charts=2, max_charts=2, questions_per_subset=1)


@pytest.fixture
def d3_file(tmp_path: Path) -> Path:
    path = tmp_path / "d3.min.js"
    path.write_text("/* d3 */", encoding="utf-8")
    return path


# ---- shards ----


def test_a_valid_shard_is_returned_and_none_means_all() -> None:
    assert check_shard(None) == (0, 1)
    assert check_shard((3, 4)) == (3, 4)


@pytest.mark.parametrize("shard", [(2, 2), (0, 0), (-1, 3), (5, 4)])
def test_a_bad_shard_is_one_line_saying_what_to_pass(shard: tuple[int, int]) -> None:
    with pytest.raises(PipelineError) as info:
        check_shard(shard)
    message = str(info.value)
    assert message == (
        f"bad shard {shard[0]}/{shard[1]}: use K/N with N >= 1 and 0 <= K < N (e.g. --shard 0/4)"
    )


def test_verify_rejects_a_bad_shard_with_the_same_line(tmp_path: Path) -> None:
    with pytest.raises(PipelineError, match=r"^bad shard 1/0: use K/N"):
        verify_output([tmp_path], shard=(1, 0))


# ---- config.json ----


def test_config_is_written_in_canonical_form_and_workers_may_change_on_resume(tmp_path: Path) -> None:
    write_config(CONFIG, tmp_path)
    path = tmp_path / "config.json"
    written = path.read_bytes()
    assert written.decode("utf-8") == dumps_json(CONFIG.model_dump(mode="json"))
    write_config(CONFIG.model_copy(update={"workers": 8}), tmp_path)  # speed only: same output
    assert path.read_bytes() == written
    assert config_digest(CONFIG.model_copy(update={"workers": 8})) == config_digest(CONFIG)


@pytest.mark.parametrize(
    "content",
    [
        None,  # another config
        '{"seed": 3, "n_docs"',  # truncated
        "[1, 2, 3]",  # JSON, but not a config
        b"\xff\xfe\x00garbage",  # not text at all
    ],
)
def test_an_output_folder_of_another_config_is_refused_and_left_alone(
    tmp_path: Path, content: str | bytes | None
) -> None:
    path = tmp_path / "config.json"
    if content is None:
        write_config(CONFIG.model_copy(update={"seed": 4}), tmp_path)
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(PipelineError) as info:
        write_config(CONFIG, tmp_path)
    assert str(info.value) == (
        f"{path} holds a different config; resume with the same settings or choose a new --out folder"
    )
    assert path.read_bytes() == before


def test_output_settings_drop_only_the_speed_setting() -> None:
    data = CONFIG.model_dump(mode="json")
    kept = output_settings(data)
    assert set(data) - set(kept) == {"workers"} and all(kept[k] == data[k] for k in kept)


# ---- one line per failed document ----


def test_a_failure_line_names_the_document_and_the_first_line_of_the_error() -> None:
    assert document_error("sdb-3-00001", ValueError("no topic left\nsecond line")) == (
        "sdb-3-00001: ValueError: no topic left"
    )
    assert document_error("sdb-3-00001", ValueError("sdb-3-00001: says it itself")) == (
        "sdb-3-00001: says it itself"
    )
    assert document_error("sdb-3-00001", RuntimeError("")) == "sdb-3-00001: RuntimeError: RuntimeError"
    assert first_line(OSError("\n\n  disk full\nmore")) == "disk full"
    assert first_line(KeyError()) == "KeyError"


# ---- opening a run ----


def _finish(out: Path, doc_id: str, *, done: bool) -> None:
    folder = out / "docs" / doc_id
    folder.mkdir(parents=True)
    (folder / "document.pdf").write_bytes(b"%PDF-")
    if done:
        (folder / "DONE").write_text("", encoding="utf-8")


def test_open_run_skips_finished_documents_of_its_shard_only(tmp_path: Path, d3_file: Path) -> None:
    out = tmp_path / "out"
    _finish(out, "sdb-3-00001", done=True)
    _finish(out, "sdb-3-00003", done=False)  # a crash left it half written: redone
    _finish(out, "sdb-3-00002", done=True)  # another shard's: not this run's business
    book = open_run(CONFIG, out, shard=(1, 2), d3_path=d3_file, progress=False)
    assert book.todo == [3] and book.d3_js == "/* d3 */"
    assert book.summary.skipped == ["sdb-3-00001"] and book.summary.in_shard == 2
    assert (out / "config.json").is_file()


def test_a_missing_d3_or_bad_shard_stops_before_anything_is_written(tmp_path: Path, d3_file: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(D3NotFoundError, match=r"^D3\.js not found at "):
        open_run(CONFIG, out, shard=None, d3_path=tmp_path / "missing.js", progress=False)
    with pytest.raises(PipelineError, match="bad shard 4/4"):
        open_run(CONFIG, out, shard=(4, 4), d3_path=d3_file, progress=False)
    assert not out.exists()


def test_the_book_sorts_results_and_prints_each_failure_once(
    tmp_path: Path, d3_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = open_run(CONFIG, tmp_path, shard=None, d3_path=d3_file, progress=False)
    with book.progress() as advance:
        for index, error in [
            (4, None),
            (2, "sdb-3-00002: ValueError: bad"),
            (0, None),
            (1, "sdb-3-00001: x"),
        ]:
            book.record(index, error)
            advance()
    summary = book.finish()
    assert summary.generated == ["sdb-3-00000", "sdb-3-00004"]
    assert [f.doc_id for f in summary.failed] == ["sdb-3-00001", "sdb-3-00002"] and not summary.ok
    err = capsys.readouterr().err
    assert err.count("failed: sdb-3-00002: ValueError: bad") == 1 and err.count("failed: sdb-3-00001: x") == 1
    assert str(summary).splitlines()[1:] == [
        "  failed: sdb-3-00001: x",
        "  failed: sdb-3-00002: ValueError: bad",
    ]
    assert json.loads((tmp_path / "config.json").read_text(encoding="utf-8"))["seed"] == 3


def test_the_progress_bar_counts_documents_on_stderr(
    tmp_path: Path, d3_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = open_run(CONFIG, tmp_path, shard=None, d3_path=d3_file, progress=True)
    with book.progress() as advance:
        for index in book.todo:
            book.record(index, None)
            advance()
    err = capsys.readouterr().err
    assert "generating" in err and f"{len(book.todo)}/{len(book.todo)}" in err


def test_a_run_without_bar_or_failure_never_imports_rich() -> None:
    # rich is a third of a second of every `generate --no-progress`: loaded only to draw or print
    code = (
        "import sys, synthdocbench_tasks.cli, generation.run.pipeline, generation.plan.workers;"
        "print([m for m in sys.modules if m == 'rich' or m.startswith('rich.')])"
    )
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.strip() == "[]"
