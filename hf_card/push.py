"""Publish an exported dataset folder (card + Parquet configs) to the Hugging Face Hub.

The folder is checked before anything touches the network. ``dry_run`` only lists what
would be uploaded. The endpoint is read from ``HF_ENDPOINT`` when the push runs (not when
huggingface_hub was imported) and passed to ``HfApi`` explicitly.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from huggingface_hub import DatasetCard, HfApi, get_token
from huggingface_hub.errors import (
    HfHubHTTPError,
    HFValidationError,
    RepositoryNotFoundError,
    RevisionNotFoundError,
)
from huggingface_hub.errors import HTTPError as TransportError
from huggingface_hub.utils import validate_repo_id

from synthdocbench_tasks.errors import SynthDocUserError, first_line

REQUIRED_CONFIGS: tuple[str, ...] = ("chart", "cross_modal", "complex", "documents")
DEFAULT_ENDPOINT = "https://huggingface.co"
#: What is uploaded from an export folder; anything else in it stays local.
UPLOAD_PATTERNS: tuple[str, ...] = ("README.md", "data/*/*.parquet", "pdfs/*.pdf")
#: What a push replaces on the Hub (files of an earlier export that this one no longer has).
DELETE_PATTERNS: tuple[str, ...] = ("data/**", "pdfs/**")
#: What the card's loading example shows when the export was made without ``--repo-id``.
PLACEHOLDER_REPO_ID = "ORG/NAME"


class PushError(SynthDocUserError):
    """The dataset cannot be pushed: one line that says what is wrong and what to do."""


@dataclass(frozen=True)
class UploadFile:
    """One file of the export, by its path in the repo."""

    path: str
    size: int


@dataclass(frozen=True)
class PushResult:
    """What was (or, for a dry run, would be) uploaded, and where."""

    repo_id: str
    endpoint: str
    files: tuple[UploadFile, ...]
    dry_run: bool
    url: str
    commit_url: str | None = None
    revision: str = "main"
    pull_request_url: str | None = None
    #: What changed about the repo besides its files (e.g. "made the repo private").
    notes: tuple[str, ...] = ()

    @property
    def total_bytes(self) -> int:
        return sum(f.size for f in self.files)

    def __str__(self) -> str:
        head = "would upload" if self.dry_run else "uploaded"
        where = self.url if self.revision == "main" else f"{self.url} (revision {self.revision})"
        lines = [f"{head} {len(self.files)} files ({self.total_bytes:,} bytes) to {where}"]
        lines += [f"  {f.path}  {f.size:,} bytes" for f in self.files]
        lines += list(self.notes)
        if self.pull_request_url:
            lines.append(f"pull request: {self.pull_request_url}")
        elif self.commit_url:
            lines.append(f"commit: {self.commit_url}")
        return "\n".join(lines)


def hub_endpoint() -> str:
    """The Hub endpoint in effect now: ``HF_ENDPOINT`` or the public Hub."""
    return (os.environ.get("HF_ENDPOINT") or DEFAULT_ENDPOINT).rstrip("/")


def validate_folder(folder: Path) -> tuple[UploadFile, ...]:
    """Check ``folder`` is a complete export; return the files to upload, sorted by path."""
    folder = Path(folder)
    how = f"run `synthdocbench export GEN --out {folder}` first"
    if not folder.is_dir():
        raise PushError(f"dataset folder {folder} does not exist; {how}")
    readme = folder / "README.md"
    if not readme.is_file():
        raise PushError(f"{readme} (the dataset card) is missing; {how}")
    try:
        card = DatasetCard.load(readme)
    except Exception as exc:
        raise PushError(f"{readme} is not a valid dataset card ({first_line(exc)}); {how}") from None
    declared = {c.get("config_name") for c in card.data.to_dict().get("configs") or []}
    for config in REQUIRED_CONFIGS:
        if config not in declared:
            raise PushError(f"{readme} does not declare the {config!r} config; {how}")
        if not any((folder / "data" / config).glob("*.parquet")):
            raise PushError(f"{folder / 'data' / config} holds no Parquet files; {how}")
    paths = [readme, *sorted((folder / "data").glob("*/*.parquet")), *_pdf_files(folder, how)]
    return tuple(UploadFile(p.relative_to(folder).as_posix(), p.stat().st_size) for p in paths)


def _pdf_files(folder: Path, how: str) -> list[Path]:
    """The PDF files the documents config names in ``pdf_path``, each checked to exist (an
    older export without that column carries the PDFs in the config and has none)."""
    import pyarrow.parquet as pq

    paths: list[Path] = []
    for f in sorted((folder / "data" / "documents").glob("*.parquet")):
        try:
            if "pdf_path" not in pq.read_schema(f).names:
                continue
            names = pq.read_table(f, columns=["pdf_path"]).column("pdf_path").to_pylist()
        except Exception as exc:  # pyarrow raises several types for a damaged file
            raise PushError(f"{f} is not a readable Parquet file ({first_line(exc)}); {how}") from None
        for name in names:
            path = folder / str(name)
            if not str(name).startswith("pdfs/") or ".." in Path(str(name)).parts or not path.is_file():
                raise PushError(f"{f} names the PDF {name!r} but {path} is not a file in the export; {how}")
            paths.append(path)
    return sorted(paths)


_CARD_REPO = re.compile(r'load_dataset\("(?P<repo>[^"]+)", "chart"')


def card_repo_id(folder: Path) -> str | None:
    """The Hub repo the card's loading example names, or None when it names none (``ORG/NAME``)."""
    match = _CARD_REPO.search((Path(folder) / "README.md").read_text(encoding="utf-8"))
    if match is None or match["repo"] == PLACEHOLDER_REPO_ID:
        return None
    return match["repo"]


def _check_card_names(folder: Path, repo_id: str) -> None:
    named = card_repo_id(folder)
    if named is None:
        raise PushError(
            f"the card in {folder} still shows how to load the placeholder {PLACEHOLDER_REPO_ID}: re-export "
            f"with `synthdocbench export GEN --out {folder} --repo-id {repo_id}`, then push"
        )
    if named != repo_id:
        raise PushError(
            f"the card in {folder} shows how to load {named}, not {repo_id}: re-export with "
            f"`synthdocbench export GEN --out {folder} --repo-id {repo_id}`, or push to {named}"
        )


def _check_repo_id(repo_id: str) -> None:
    try:
        validate_repo_id(repo_id)
    except HFValidationError as exc:
        raise PushError(f"bad repo id {repo_id!r} ({first_line(exc)}); use ORG/NAME") from None
    if repo_id.count("/") != 1:
        raise PushError(
            f"bad repo id {repo_id!r}; use ORG/NAME (the organisation or user, then the dataset name)"
        )


def _set_privacy(api: HfApi, repo_id: str, private: bool | None) -> tuple[str, ...]:
    """Create the repo if missing (``private`` None: with the Hub's default visibility for its
    namespace); make an existing one private or public when asked."""
    try:
        info = api.repo_info(repo_id, repo_type="dataset")
    except RepositoryNotFoundError:
        api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
        if private is not None:
            return (f"created the {'private' if private else 'public'} dataset repo {repo_id}",)
        made = bool(api.repo_info(repo_id, repo_type="dataset").private)
        return (
            f"created the {'private' if made else 'public'} dataset repo {repo_id} (the Hub's default "
            "for that namespace; --private or --public chooses)",
        )
    if private is None or bool(info.private) == private:
        return ()
    api.update_repo_settings(repo_id, private=private, repo_type="dataset")
    return (f"made the existing repo {repo_id} {'private' if private else 'public'}",)


def _ensure_branch(api: HfApi, repo_id: str, revision: str) -> tuple[str, ...]:
    if revision == "main":
        return ()
    try:
        api.repo_info(repo_id, repo_type="dataset", revision=revision)
        return ()
    except RevisionNotFoundError:
        api.create_branch(repo_id, branch=revision, repo_type="dataset", exist_ok=True)
        return (f"created the branch {revision}",)


def _check_options(commit_message: str | None, revision: str | None, create_pr: bool) -> str:
    """The branch to commit to, once the message, revision and PR options agree."""
    if commit_message is not None and not commit_message.strip():
        raise PushError("--commit-message is empty: give a short summary of the change, or omit it")
    branch = (revision or "main").strip()
    if not branch or any(c in branch for c in " ~^:?*[\\") or branch.startswith(("-", "/")):
        raise PushError(f"--revision {revision!r} is not a usable branch name: use e.g. v1.1 or regen-2026")
    if create_pr and branch != "main":
        raise PushError(
            f"--create-pr opens a pull request against main, so it cannot go with --revision {branch}: "
            "drop one of the two"
        )
    return branch


def push_dataset(
    folder: Path,
    repo_id: str,
    *,
    private: bool | None = None,
    dry_run: bool = False,
    token: str | None = None,
    revision: str | None = None,
    create_pr: bool = False,
    commit_message: str | None = None,
) -> PushResult:
    """Upload the export in ``folder`` to the dataset repo ``repo_id`` (created if missing).

    ``private`` None leaves an existing repo as it is (a new one gets the Hub's default
    visibility for its namespace); True or False makes the repo so, existing or not.
    ``revision`` is the branch to commit to (created from main if missing); ``create_pr``
    opens a pull request against it instead of committing. Raises :class:`PushError` (one
    line) for an incomplete folder, a card that names another repo or still shows the
    placeholder ``ORG/NAME``, a bad repo id, no token (neither ``HF_TOKEN`` nor ``hf auth
    login``), an unreachable Hub or a refused upload.
    """
    folder = Path(folder)
    files = validate_folder(folder)
    _check_repo_id(repo_id)
    _check_card_names(folder, repo_id)
    branch = _check_options(commit_message, revision, create_pr)
    endpoint = hub_endpoint()
    url = f"{endpoint}/datasets/{repo_id}"
    if dry_run:
        return PushResult(
            repo_id=repo_id, endpoint=endpoint, files=files, dry_run=True, url=url, revision=branch
        )
    token = token or get_token()
    if not token:
        raise PushError(
            "no Hugging Face token: run `hf auth login` or set HF_TOKEN to a token with write access"
        )
    api = HfApi(endpoint=endpoint, token=token)
    message = commit_message or f"Upload SynthDocBench export ({len(files)} files)"
    try:
        notes = _set_privacy(api, repo_id, private)
        notes += _ensure_branch(api, repo_id, branch)
        commit = api.upload_folder(
            repo_id=repo_id,
            repo_type="dataset",
            folder_path=folder,
            allow_patterns=list(UPLOAD_PATTERNS),
            delete_patterns=list(DELETE_PATTERNS),
            commit_message=message,
            revision=None if create_pr else branch,
            create_pr=create_pr,
        )
    except HfHubHTTPError as exc:
        status = exc.response.status_code if exc.response is not None else "?"
        raise PushError(
            f"the Hub at {endpoint} refused the push of {repo_id} (HTTP {status}: {first_line(exc)}); "
            "check that your token has write access to that namespace"
        ) from None
    except (TransportError, OSError) as exc:
        raise PushError(
            f"cannot reach the Hugging Face Hub at {endpoint} ({first_line(exc)}); "
            "check your network or the HF_ENDPOINT variable"
        ) from None
    return PushResult(
        repo_id=repo_id,
        endpoint=endpoint,
        files=files,
        dry_run=False,
        url=url,
        commit_url=commit.commit_url,
        revision=branch,
        pull_request_url=commit.pr_url,
        notes=notes,
    )
