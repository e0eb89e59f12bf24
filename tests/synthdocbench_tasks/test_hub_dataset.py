"""Hub datasets pin and scale (issue 14.4): ``SYNTHDOC_DATASET=ORG/NAME@REVISION`` reads that
revision, and a run downloads only the PDFs of the documents it evaluates.

A real exported dataset is pushed through the real ``huggingface_hub`` client to a loopback
server standing in for the Hub (tests/hf_card/fake_hub.py), and read back through the real
``huggingface_hub`` and ``datasets`` clients and, end to end, through ``synthdocbench eval``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from hf_card.push import push_dataset
from synthdocbench_tasks import dataset
from synthdocbench_tasks.errors import SynthDocUserError
from tests.hf_card.fake_hub import HubState, fake_hub
from tests.hf_card.test_push import name_repo_in_card

pytestmark = pytest.mark.browser

REPO = "acme/synthdoc-ds"
CHANGED = b"\n% revision 2\n"


def _one_line(exc: pytest.ExceptionInfo[SynthDocUserError]) -> str:
    text = str(exc.value)
    assert text and "\n" not in text
    return text


def _doc_ids(folder: Path) -> list[str]:
    (f,) = (folder / "data" / "documents").glob("*.parquet")
    return [str(d) for d in pq.read_table(f, columns=["doc_id"]).column("doc_id").to_pylist()]


def _rewrite(path: Path, change: object) -> None:
    table = pq.read_table(path)
    pq.write_table(change(table), path)  # type: ignore[operator]


def _second_revision(src: Path, dst: Path) -> Path:
    """A copy whose PDFs and first chart question differ from ``src``."""
    shutil.copytree(src, dst)
    for pdf in (dst / "pdfs").glob("*.pdf"):
        pdf.write_bytes(pdf.read_bytes() + CHANGED)
    (chart,) = (dst / "data" / "chart").glob("*.parquet")

    def change(table: pa.Table) -> pa.Table:
        i = table.schema.get_field_index("question")
        questions = table.column("question").to_pylist()
        questions[0] = "REVISION 2: " + questions[0]
        return table.set_column(i, table.schema.field("question"), pa.array(questions))

    _rewrite(chart, change)
    return dst


def _legacy(src: Path, dst: Path) -> Path:
    """A copy in the layout of older exports: PDF bytes in the documents config, no pdfs/."""
    shutil.copytree(src, dst)
    (f,) = (dst / "data" / "documents").glob("*.parquet")

    def change(table: pa.Table) -> pa.Table:
        data = [(dst / p).read_bytes() for p in table.column("pdf_path").to_pylist()]
        i = table.schema.get_field_index("pdf_path")
        return table.set_column(i, pa.field("pdf", pa.binary()), pa.array(data, pa.binary()))

    _rewrite(f, change)
    shutil.rmtree(dst / "pdfs")
    card = (dst / "README.md").read_text()
    old_feature = "  - name: pdf_path\n    dtype: string\n"
    assert old_feature in card
    (dst / "README.md").write_text(card.replace(old_feature, "  - name: pdf\n    dtype: binary\n"))
    return dst


@pytest.fixture()
def hub(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[tuple[str, HubState]]:
    """The fake Hub, with this process's Hub clients pointed at it and a private cache."""
    import datasets.config
    from huggingface_hub import constants

    with fake_hub() as (endpoint, state):  # both clients read HF_ENDPOINT when imported
        monkeypatch.setattr(datasets.config, "HF_ENDPOINT", endpoint)
        url = endpoint + "/datasets/{repo_id}/resolve/{revision}/{path}"
        monkeypatch.setattr(datasets.config, "HUB_DATASETS_URL", url)
        monkeypatch.setenv("HF_ENDPOINT", endpoint)
        monkeypatch.setattr(constants, "ENDPOINT", endpoint)
        template = endpoint + "/{repo_id}/resolve/{revision}/{filename}"
        monkeypatch.setattr(constants, "HUGGINGFACE_CO_URL_TEMPLATE", template)
        monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hub-cache"))
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
        monkeypatch.setenv("HF_DATASETS_CACHE", str(tmp_path / "datasets-cache"))
        dataset.resolve_location.cache_clear()
        dataset.document_store.cache_clear()
        yield endpoint, state
        dataset.resolve_location.cache_clear()
        dataset.document_store.cache_clear()


@pytest.fixture()
def two_revisions(hub: tuple[str, HubState], dataset_dir: Path, tmp_path: Path) -> dict[str, Path]:
    """``REPO``: the export at its first commit and on branch v1; main holds a changed copy."""
    _, state = hub
    first = tmp_path / "v1"
    shutil.copytree(dataset_dir, first)
    name_repo_in_card(first, REPO)
    push_dataset(first, REPO, token="hf_test")
    sha1 = state.repos[REPO].heads["main"]
    second = _second_revision(first, tmp_path / "v2")
    push_dataset(second, REPO, token="hf_test")
    push_dataset(first, REPO, token="hf_test", revision="v1")
    return {sha1: first, "v1": first, "main": second}


def _pdf_downloads(state: HubState) -> list[tuple[str, str]]:
    return [(rev, p) for method, _, rev, p in state.downloads if method == "GET" and p.startswith("pdfs/")]


def test_each_revision_reads_its_own_files(two_revisions: dict[str, Path]) -> None:
    for revision, folder in two_revisions.items():
        location = dataset.resolve_location(f"{REPO}@{revision}")
        assert location == f"{REPO}@{revision}"
        store = dataset.DocumentStore(location)
        for doc_id in _doc_ids(folder):
            assert store.pdf(doc_id) == (folder / "pdfs" / f"{doc_id}.pdf").read_bytes(), revision
        (chart,) = (folder / "data" / "chart").glob("*.parquet")
        expected = pq.read_table(chart, columns=["question"]).column("question").to_pylist()
        assert dataset.load_config(location, "chart")["question"] == expected, revision
    unpinned = dataset.DocumentStore(dataset.resolve_location(REPO))
    doc_id = _doc_ids(two_revisions["main"])[0]
    assert unpinned.pdf(doc_id).endswith(CHANGED)


def test_task_yaml_attributes_carry_the_revision(
    two_revisions: dict[str, Path], monkeypatch: pytest.MonkeyPatch, dataset_dir: Path
) -> None:
    monkeypatch.setenv("SYNTHDOC_DATASET", f"{REPO}@v1")
    assert (dataset.DATASET_PATH, dataset.DATASET_KWARGS) == (REPO, {"revision": "v1"})
    dataset.resolve_location.cache_clear()
    monkeypatch.setenv("SYNTHDOC_DATASET", str(dataset_dir))
    local = str(dataset_dir.resolve())
    assert local == dataset.DATASET_PATH and dataset.DATASET_KWARGS == {}


def test_only_the_asked_documents_are_downloaded_once(
    hub: tuple[str, HubState], two_revisions: dict[str, Path]
) -> None:
    _, state = hub
    state.downloads.clear()
    store = dataset.DocumentStore(dataset.resolve_location(f"{REPO}@v1"))
    first, *others = _doc_ids(two_revisions["v1"])
    assert others, "the test dataset needs at least two documents"
    for _ in range(3):
        store.pdf(first)
    assert _pdf_downloads(state) == [("v1", f"pdfs/{first}.pdf")]
    assert not [d for d in state.downloads if d[3].startswith("data/")], "the documents config was read"


def test_an_unknown_revision_is_one_line(two_revisions: dict[str, Path]) -> None:
    with pytest.raises(SynthDocUserError) as exc:
        dataset.resolve_location(f"{REPO}@no-such-branch")
    text = _one_line(exc)
    assert "has no revision 'no-such-branch'" in text and "branch, tag or commit sha" in text
    store = dataset.DocumentStore(f"{REPO}@no-such-branch")  # e.g. a branch deleted mid-run
    with pytest.raises(SynthDocUserError) as exc:
        store.pdf(_doc_ids(two_revisions["v1"])[0])
    assert "has no revision 'no-such-branch'" in _one_line(exc)


def test_an_empty_revision_and_an_unknown_repo_are_one_line(hub: tuple[str, HubState]) -> None:
    with pytest.raises(SynthDocUserError) as exc:
        dataset.resolve_location(f"{REPO}@")
    assert "names no revision" in _one_line(exc)
    with pytest.raises(SynthDocUserError) as exc:
        dataset.resolve_location("acme/nothing-here@v1")
    assert "cannot be reached" in _one_line(exc)
    with pytest.raises(SynthDocUserError) as exc:
        dataset.DocumentStore("acme/nothing-here").pdf("sdb-7-00000")
    assert "does not exist or is private" in _one_line(exc)


def test_a_pdf_missing_on_the_hub_is_one_line(
    hub: tuple[str, HubState], two_revisions: dict[str, Path]
) -> None:
    _, state = hub
    doc_id = _doc_ids(two_revisions["main"])[0]
    del state.repos[REPO].branches["main"][f"pdfs/{doc_id}.pdf"]
    with pytest.raises(SynthDocUserError) as exc:
        dataset.DocumentStore(REPO).pdf(doc_id)
    text = _one_line(exc)
    assert f"pdfs/{doc_id}.pdf is not in the Hub dataset {REPO}" in text and "synthdocbench push" in text


def test_an_older_hub_export_reads_the_pdf_column(
    hub: tuple[str, HubState], dataset_dir: Path, tmp_path: Path
) -> None:
    legacy = name_repo_in_card(_legacy(dataset_dir, tmp_path / "legacy"), "acme/legacy")
    push_dataset(legacy, "acme/legacy", token="hf_test")
    store = dataset.DocumentStore(dataset.resolve_location("acme/legacy"))
    for doc_id in _doc_ids(legacy):
        assert store.pdf(doc_id) == (dataset_dir / "pdfs" / f"{doc_id}.pdf").read_bytes()
    with pytest.raises(SynthDocUserError) as exc:
        store.pdf("sdb-7-99999")
    assert "is not in the documents config" in _one_line(exc)


# --- local folders ------------------------------------------------------------------------


def test_a_local_folder_with_at_in_its_name_is_a_folder(dataset_dir: Path, tmp_path: Path) -> None:
    folder = tmp_path / "ds@v1"
    shutil.copytree(dataset_dir, folder)
    location = dataset.resolve_location(str(folder))
    assert location == str(folder.resolve())
    doc_id = _doc_ids(folder)[0]
    assert dataset.DocumentStore(location).pdf(doc_id) == (folder / "pdfs" / f"{doc_id}.pdf").read_bytes()
    assert dataset.DocumentStore(location).row(doc_id)["doc_id"] == doc_id
    assert "pdf" not in dataset.DocumentStore(location).row(doc_id)


def test_an_older_local_export_reads_the_pdf_column(dataset_dir: Path, tmp_path: Path) -> None:
    legacy = _legacy(dataset_dir, tmp_path / "legacy")
    store = dataset.DocumentStore(dataset.resolve_location(str(legacy)))
    for doc_id in _doc_ids(legacy):
        assert store.pdf(doc_id) == (dataset_dir / "pdfs" / f"{doc_id}.pdf").read_bytes()
        assert "pdf" not in store.row(doc_id)
    with pytest.raises(SynthDocUserError, match="is not in the documents config"):
        store.pdf("sdb-7-99999")


def test_a_missing_or_empty_local_pdf_is_one_line(dataset_dir: Path, tmp_path: Path) -> None:
    folder = tmp_path / "ds"
    shutil.copytree(dataset_dir, folder)
    first, second = _doc_ids(folder)[:2]
    (folder / "pdfs" / f"{second}.pdf").write_bytes(b"")
    with pytest.raises(SynthDocUserError) as exc:
        dataset.DocumentStore(str(folder)).pdf(second)
    assert f"document {second}" in _one_line(exc) and "has no PDF bytes" in _one_line(exc)
    (folder / "pdfs" / f"{first}.pdf").unlink()
    with pytest.raises(SynthDocUserError) as exc:
        dataset.resolve_location(str(folder))
    assert f"{first}) is missing; re-export" in _one_line(exc)
    with pytest.raises(SynthDocUserError) as exc:
        dataset.DocumentStore(str(folder)).pdf(first)
    assert f"pdfs/{first}.pdf is missing" in _one_line(exc)


@pytest.mark.parametrize("doc_id", ["../../etc/passwd", "a/b", "", ".."])
def test_a_hostile_document_id_is_refused(dataset_dir: Path, doc_id: str) -> None:
    with pytest.raises(SynthDocUserError) as exc:
        dataset.DocumentStore(str(dataset_dir)).pdf(doc_id)
    assert "is not a plain name" in _one_line(exc)


# --- end to end: synthdocbench eval against the fake Hub ----------------------------------


@pytest.mark.lmms_eval
def test_eval_with_limit_reads_the_pinned_revision_and_fetches_one_pdf(
    hub: tuple[str, HubState], two_revisions: dict[str, Path], tmp_path: Path
) -> None:
    """The real CLI in a subprocess (lmms-eval loads the question config through ``datasets``
    with the YAML's ``dataset_kwargs``); main holds changed questions and PDFs, so a record of
    v1's first question proves the pin, and the download log shows which PDFs were fetched."""
    from tests.helpers.lmms_eval_run import read_jsonl, run, samples_log, synthdocbench_eval_cmd

    endpoint, state = hub
    state.downloads.clear()
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith(("HF_", "SYNTHDOC_"))}
    env.update(
        HF_ENDPOINT=endpoint,
        HF_HOME=str(tmp_path / "hf"),
        TOKENIZERS_PARALLELISM="false",
        SYNTHDOC_DATASET=f"{REPO}@v1",
        SYNTHDOC_JUDGE="offline",
        SYNTHDOC_CACHE_DIR=str(tmp_path / "cache"),
    )
    out = tmp_path / "out"
    cmd = synthdocbench_eval_cmd(
        "--model", "synthdoc_text_retrieval",
        "--tasks", "synthdoc_chart_text",
        "--limit", "1",
        "--output_path", str(out),
        "--log_samples",
    )  # fmt: skip
    proc = run(cmd, env, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    (record,) = read_jsonl(samples_log(out, "synthdoc_chart_text", proc))
    (chart,) = (two_revisions["v1"] / "data" / "chart").glob("*.parquet")
    first = pq.read_table(chart).slice(0, 1).to_pylist()[0]
    assert record["acc"]["question_id"] == first["question_id"]
    assert record["acc"]["question"] == first["question"]  # main's first question starts "REVISION 2"
    assert _pdf_downloads(state) == [("v1", f"pdfs/{first['doc_id']}.pdf")]
    questions = [d for d in state.downloads if d[3].startswith("data/") and d[0] == "GET"]
    assert questions and all("/chart/" in d[3] for d in questions), questions
