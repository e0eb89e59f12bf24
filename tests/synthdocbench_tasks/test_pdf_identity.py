"""A run reads the documents it was given: every documents row records its PDF's SHA-256 and page
count, a swapped PDF is one line naming the document (exit 2 from the command), and an older
export without the columns warns once and is still checked by page count."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from synthdocbench_tasks.dataset import DocumentStore
from synthdocbench_tasks.errors import SynthDocUserError
from synthdocbench_tasks.mupdf import load_pymupdf
from synthdocbench_tasks.strip_cache import StripCache
from synthdocbench_tasks.strips import StripSettings, build_strips

pytestmark = pytest.mark.browser  # the generated dataset


def _documents(ds: Path) -> list[dict[str, object]]:
    return pq.read_table(ds / "data" / "documents", columns=["doc_id", "pdf_sha256", "pdf_pages"]).to_pylist()


def _copy(dataset_dir: Path, tmp_path: Path) -> Path:
    ds = tmp_path / "ds"
    shutil.copytree(dataset_dir, ds)
    return ds


def test_every_row_records_its_pdfs_digest_and_pages(dataset_dir: Path) -> None:
    rows = _documents(dataset_dir)
    assert rows
    for row in rows:
        data = (dataset_dir / "pdfs" / f"{row['doc_id']}.pdf").read_bytes()
        assert row["pdf_sha256"] == hashlib.sha256(data).hexdigest()
        with load_pymupdf().open(stream=data, filetype="pdf") as pdf:
            assert row["pdf_pages"] == pdf.page_count


def _swap(ds: Path) -> tuple[str, str]:
    """Give the first document the second one's PDF; returns their ids."""
    first, second = (str(r["doc_id"]) for r in _documents(ds)[:2])
    shutil.copy(ds / "pdfs" / f"{second}.pdf", ds / "pdfs" / f"{first}.pdf")
    return first, second


def test_a_swapped_pdf_is_one_line_naming_the_document(dataset_dir: Path, tmp_path: Path) -> None:
    ds = _copy(dataset_dir, tmp_path)
    first, second = _swap(ds)
    store = DocumentStore(str(ds))
    assert store.pdf(second)  # untouched
    with pytest.raises(SynthDocUserError) as info:
        store.pdf(first)
    message = str(info.value)
    assert "\n" not in message and f"document {first} of {ds}" in message
    assert "is not the one exported with the row" in message


def test_the_viewer_export_of_a_swapped_pdf_exits_2(dataset_dir: Path, tmp_path: Path) -> None:
    ds = _copy(dataset_dir, tmp_path)
    first, _ = _swap(ds)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SYNTHDOC_")}
    env.update(SYNTHDOC_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=os.getcwd())
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "synthdocbench_tasks.cli",
            "view",
            str(ds),
            "--export",
            str(tmp_path / "site"),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr[-2000:]
    assert f"document {first}" in lines[0] and "re-export the dataset" in lines[0]
    assert not (tmp_path / "site").exists()


def _strip_columns(ds: Path) -> None:
    """The documents config as older exports wrote it: no pdf_sha256 / pdf_pages."""
    for f in (ds / "data" / "documents").glob("*.parquet"):
        table = pq.read_table(f)
        pq.write_table(table.drop_columns(["pdf_sha256", "pdf_pages"]), f)


def test_an_older_export_warns_once_and_checks_the_page_count(
    dataset_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ds = _copy(dataset_dir, tmp_path)
    _strip_columns(ds)
    rows = pq.read_table(ds / "data" / "documents", columns=["doc_id", "page_count"]).to_pylist()
    store = DocumentStore(str(ds))
    for row in rows:
        store.pdf(str(row["doc_id"]))
        assert store.pages(str(row["doc_id"])) == row["page_count"]
    warnings = [line for line in capsys.readouterr().err.splitlines() if "no pdf_sha256" in line]
    assert len(warnings) == 1 and "checked by page count only" in warnings[0]

    doc_id = str(rows[0]["doc_id"])
    pdf = store.pdf(doc_id)
    wrong = int(rows[0]["page_count"]) + 257  # the row says another count than the PDF has
    cache = StripCache(tmp_path / "cache")
    with pytest.raises(SynthDocUserError) as info:
        cache.strips(pdf, StripSettings(), doc_id, pages=wrong)
    assert f"document {doc_id}: its PDF has" in str(info.value) and f"its documents row says {wrong}" in str(
        info.value
    )
    assert cache.rasterised == 0 or not list((tmp_path / "cache").rglob("*.jpg"))  # nothing rasterised
    assert build_strips(pdf, StripSettings(), doc_id, pages=int(rows[0]["page_count"]))  # the right count
