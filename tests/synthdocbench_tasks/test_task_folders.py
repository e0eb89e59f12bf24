"""Each task folder documents itself: a README, and a CHANGELOG whose newest entry is the
``metadata.version`` of every YAML in the folder that sets one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from synthdocbench_tasks.cli import tasks_dir

FOLDERS = sorted(p for p in tasks_dir().iterdir() if p.is_dir() and not p.name.startswith("_"))
_HEADING = re.compile(r"^## (\d+\.\d+)\s*$", re.MULTILINE)


def _load(path: Path) -> dict[str, object]:
    text = re.sub(r"!function \S+", "fn", path.read_text(encoding="utf-8"))
    data = yaml.safe_load(text)
    return data if isinstance(data, dict) else {}


def versions(folder: Path) -> dict[str, str]:
    out = {}
    for path in sorted(folder.iterdir()):
        if path.suffix == ".yaml" or path.name.endswith("_yaml"):
            meta = _load(path).get("metadata")
            if isinstance(meta, dict) and "version" in meta:
                out[path.name] = str(meta["version"])
    return out


def newest_entry(changelog: str) -> str | None:
    found = _HEADING.search(changelog)
    return found.group(1) if found else None


def test_both_task_folders_are_checked() -> None:
    assert {f.name for f in FOLDERS} >= {"synthdoc", "mmdocbench"}


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_folder_has_a_readme_and_a_changelog_matching_its_version(folder: Path) -> None:
    readme = folder / "README.md"
    changelog = folder / "CHANGELOG.md"
    assert readme.is_file() and readme.read_text(encoding="utf-8").startswith(f"# {folder.name}"), readme
    assert changelog.is_file(), changelog
    newest = newest_entry(changelog.read_text(encoding="utf-8"))
    found = versions(folder)
    assert found, f"no YAML in {folder.name} sets metadata.version"
    assert set(found.values()) == {newest}, (
        f"{folder.name}: YAML versions {found} differ from the newest CHANGELOG entry {newest}; "
        "bump every version line together and say why in CHANGELOG.md"
    )


def test_the_check_reads_versions_and_refuses_a_mismatch(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("task: a\nprocess_docs: !function x.y\nmetadata:\n  version: 3.1\n")
    (tmp_path / "_t_yaml").write_text("metadata:\n  version: 3.0\n")
    (tmp_path / "b.yaml").write_text("task: b\n")  # no version: inherits from its include
    (tmp_path / "c.yaml").write_text("")  # empty (truncated) file: no version, no crash
    assert versions(tmp_path) == {"_t_yaml": "3.0", "a.yaml": "3.1"}
    assert newest_entry("# log\n\n## 3.1\n\n- x\n\n## 3.0\n") == "3.1"
    assert newest_entry("# log without entries\n") is None
