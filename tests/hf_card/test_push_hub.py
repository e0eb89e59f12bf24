"""Pushing through the real huggingface_hub client to a loopback server standing in for the Hub."""

from __future__ import annotations

from pathlib import Path

import pytest

from hf_card.push import PushError, card_repo_id, push_dataset
from tests.hf_card.fake_hub import fake_hub
from tests.hf_card.test_push import make_export

REPO = "acme/synthdoc-mini"
UPLOADED = {
    "README.md",
    "data/chart/test-00000-of-00001.parquet",
    "data/complex/test-00000-of-00001.parquet",
    "data/cross_modal/test-00000-of-00001.parquet",
    "data/documents/test-00000-of-00001.parquet",
    "pdfs/sdb-3-00000.pdf",
}


@pytest.fixture()
def hub(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    with fake_hub() as (endpoint, state):
        monkeypatch.setenv("HF_ENDPOINT", endpoint)
        yield endpoint, state


def test_push_creates_the_repo_and_uploads_the_export(tmp_path: Path, hub) -> None:  # type: ignore[no-untyped-def]
    endpoint, state = hub
    folder = make_export(tmp_path / "ds")
    result = push_dataset(folder, REPO, token="hf_test")
    repo = state.repos[REPO]
    assert set(repo.branches["main"]) == UPLOADED  # notes.txt stays local
    assert repo.branches["main"]["README.md"] == (folder / "README.md").read_bytes()
    assert repo.private is False
    assert result.url == f"{endpoint}/datasets/{REPO}"
    assert result.notes == (
        f"created the public dataset repo {REPO} (the Hub's default for that namespace; --private or "
        "--public chooses)",
    )
    assert repo.commits[-1].message == "Upload SynthDocBench export (6 files)"
    assert state.unknown == []


def test_a_new_repo_follows_the_hubs_default_visibility(tmp_path: Path, hub) -> None:  # type: ignore[no-untyped-def]
    _, state = hub
    state.default_private = True  # e.g. an organisation whose new repos are private
    result = push_dataset(make_export(tmp_path / "ds"), REPO, token="hf_test")
    assert state.repos[REPO].private is True
    assert result.notes[0].startswith(f"created the private dataset repo {REPO} (the Hub's default")


def test_private_is_applied_to_an_existing_repo_and_left_alone_when_not_given(tmp_path: Path, hub) -> None:  # type: ignore[no-untyped-def]
    _, state = hub
    folder = make_export(tmp_path / "ds")
    push_dataset(folder, REPO, token="hf_test")
    again = push_dataset(folder, REPO, token="hf_test")  # no flag: nothing about privacy changes
    assert state.repos[REPO].private is False and again.notes == ()
    made = push_dataset(folder, REPO, token="hf_test", private=True)
    assert state.repos[REPO].private is True
    assert made.notes == (f"made the existing repo {REPO} private",)
    assert "made the existing repo" in str(made)
    push_dataset(folder, REPO, token="hf_test")
    assert state.repos[REPO].private is True  # an unflagged push never makes it public again


def test_revision_commit_message_and_pull_request(tmp_path: Path, hub) -> None:  # type: ignore[no-untyped-def]
    _, state = hub
    folder = make_export(tmp_path / "ds")
    push_dataset(folder, REPO, token="hf_test")
    branch = push_dataset(
        folder, REPO, token="hf_test", revision="regen-2", commit_message="Regenerate, seed 8"
    )
    repo = state.repos[REPO]
    assert set(repo.branches["regen-2"]) == UPLOADED
    assert repo.commits[-1].revision == "regen-2" and repo.commits[-1].message == "Regenerate, seed 8"
    assert "created the branch regen-2" in branch.notes and "(revision regen-2)" in str(branch)
    pr = push_dataset(folder, REPO, token="hf_test", create_pr=True, commit_message="Proposed regeneration")
    assert repo.commits[-1].pull_request and repo.commits[-1].revision == "refs/pr/1"
    assert repo.pull_requests == ["Proposed regeneration"]
    assert pr.pull_request_url is not None and pr.pull_request_url.endswith("/discussions/1")
    assert f"pull request: {pr.pull_request_url}" in str(pr)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"commit_message": "  "}, "--commit-message is empty"),
        ({"revision": "bad name"}, "--revision 'bad name' is not a usable branch name"),
        ({"revision": "-x"}, "is not a usable branch name"),
        ({"revision": "v2", "create_pr": True}, "cannot go with --revision v2"),
    ],
)
def test_bad_options_are_one_line_before_any_request(tmp_path: Path, hub, kwargs, message) -> None:  # type: ignore[no-untyped-def]
    _, state = hub
    folder = make_export(tmp_path / "ds")
    with pytest.raises(PushError, match=message) as info:
        push_dataset(folder, REPO, token="hf_test", **kwargs)
    assert "\n" not in str(info.value) and state.requests == []


def test_a_card_naming_another_repo_is_refused(tmp_path: Path, hub) -> None:  # type: ignore[no-untyped-def]
    _, state = hub
    folder = make_export(tmp_path / "ds", repo_id=None)
    assert card_repo_id(folder) is None  # exported without --repo-id: the card shows ORG/NAME
    with pytest.raises(PushError, match="still shows how to load the placeholder ORG/NAME") as info:
        push_dataset(folder, REPO, token="hf_test", dry_run=True)
    assert "--repo-id acme/synthdoc-mini" in str(info.value) and "\n" not in str(info.value)
    card = folder / "README.md"
    card.write_text(card.read_text().replace('load_dataset("ORG/NAME"', 'load_dataset("other/set"'))
    assert card_repo_id(folder) == "other/set"
    with pytest.raises(PushError, match="shows how to load other/set, not acme/synthdoc-mini"):
        push_dataset(folder, REPO, token="hf_test")
    assert state.requests == []
    assert push_dataset(folder, "other/set", token="hf_test").repo_id == "other/set"


def test_a_refused_commit_is_one_line(tmp_path: Path, hub) -> None:  # type: ignore[no-untyped-def]
    _, state = hub
    folder = make_export(tmp_path / "ds")
    push_dataset(folder, REPO, token="hf_test")
    del state.repos[REPO].branches["main"]  # the Hub now answers 404 for the commit
    with pytest.raises(PushError, match=r"refused the push of acme/synthdoc-mini \(HTTP 404") as info:
        push_dataset(folder, REPO, token="hf_test")
    assert "\n" not in str(info.value)


@pytest.mark.slow
def test_push_command_passes_every_option(tmp_path: Path, hub) -> None:  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys

    endpoint, state = hub
    folder = make_export(tmp_path / "ds")
    env = {**os.environ, "HF_ENDPOINT": endpoint, "HF_TOKEN": "hf_test", "HF_HOME": str(tmp_path / "hf")}
    cmd = [sys.executable, "-m", "synthdocbench_tasks.cli", "push", str(folder), "--repo", REPO]
    first = subprocess.run([*cmd, "--private"], env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    assert state.repos[REPO].private is True
    assert f"created the private dataset repo {REPO}" in first.stdout
    second = subprocess.run(
        [*cmd, "--public", "--revision", "v2", "--commit-message", "Seed 8"],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert second.returncode == 0, second.stderr
    assert state.repos[REPO].private is False and "v2" in state.repos[REPO].branches
    assert state.repos[REPO].commits[-1].message == "Seed 8"
    bad = subprocess.run([*cmd, "--create-pr", "--revision", "v2"], env=env, capture_output=True, text=True)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_card_cites_and_links_the_paper(tmp_path: Path) -> None:
    text = (make_export(tmp_path / "ds") / "README.md").read_text()
    assert "[arXiv:2607.10400](https://arxiv.org/abs/2607.10400)" in text
    assert "eprint        = {2607.10400}" in text and "year          = {2026}" in text


def test_a_push_removes_pdfs_of_documents_the_export_no_longer_has(tmp_path: Path, hub) -> None:  # type: ignore[no-untyped-def]
    _, state = hub
    folder = make_export(tmp_path / "ds")
    push_dataset(folder, REPO, token="hf_test")
    state.repos[REPO].branches["main"]["pdfs/sdb-3-00099.pdf"] = b"%PDF-1.7 an older export's report"
    push_dataset(folder, REPO, token="hf_test")
    assert set(state.repos[REPO].branches["main"]) == UPLOADED
    assert "pdfs/sdb-3-00099.pdf" in state.repos[REPO].commits[-1].deleted
