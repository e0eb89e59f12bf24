"""The country table: read from country-converter's data file without importing the package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generation.world import entities

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
def test_the_country_table_is_read_without_importing_pandas() -> None:
    code = (
        "import sys; from generation.world import entities; table = entities.countries();"
        "print(len(table) > 150, 'pandas' in sys.modules, 'country_converter' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split() == ["True", "False", "False"]


def test_a_missing_data_package_is_one_line_saying_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(entities.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(ModuleNotFoundError, match="country_converter"):
        entities._package_file("country_converter", "country_data.tsv")
    entities.countries.cache_clear()
    try:
        with pytest.raises(entities.EntityDataError, match=r"pip install 'synthdocbench\[generation\]'"):
            entities.countries()
    finally:
        entities.countries.cache_clear()
