"""LICENSE, CITATION.cff and py.typed ship with the distribution (issue 27.6)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import tomllib
import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("synthdocbench_tasks", "generation", "judge", "hf_card")


def test_license_is_the_apache_2_text_pyproject_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == {"text": "Apache-2.0"}
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text


def test_citation_file_is_valid_cff_without_placeholders() -> None:
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert cff["cff-version"] == "1.2.0" and cff["license"] == "Apache-2.0"
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert cff["version"] == version
    names = [a["name"] for a in cff["authors"] + cff["preferred-citation"]["authors"]]
    assert names and not any("author" in n.lower() for n in names)


def test_every_package_is_marked_typed() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").is_file() and "py.typed" in data[package]


@pytest.mark.slow
def test_the_wheel_carries_them(tmp_path: Path) -> None:
    # built from a copy: setuptools writes build/ and *.egg-info next to the sources
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "CITATION.cff"):
        shutil.copy2(ROOT / name, source / name)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path),
         str(source)],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("synthdocbench-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {f"{p}/py.typed" for p in PACKAGES} <= set(names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names)


def test_no_tracked_symbolic_links() -> None:
    """A worktree's node_modules link was once committed (it pointed at one machine's folder and
    replaced the real D3 install on checkout); the repository tracks no links at all."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(
        ["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    links = [line.split("\t", 1)[1] for line in listed if line.startswith("120000 ")]
    assert links == [], f"tracked symbolic links: {links}"
