"""Config files: validation (one clear line per bad value), grids, and the shipped configs."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from generation.document.targets import document_targets
from generation.plan.config import ConfigError, GenerationConfig, load_config, load_runs

CONFIGS = Path(__file__).resolve().parents[3] / "configs"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "c.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "min_pages: 30\nmax_pages: 20\n",
            "bad config value for config: min_pages (30) is larger than max_pages",
        ),
        (
            "min_pages: 20\nmax_pages: 30\npages_mode: 40\n",
            "pages_mode (40) must lie in [min_pages, max_pages]",
        ),
        ("target_pages: 50\nmin_pages: 10\n", "set either target_pages or min_pages, not both"),
        (
            "target_pages: 2\n",
            "bad config value for target_pages: Input should be greater than or equal to 4",
        ),
        ("evidence_depth: deep\n", "bad config value for evidence_depth"),
        ("evidence_depth: 1.5\n", "bad config value for evidence_depth"),
        ("modality_mix: {charts: 0.5, tables: 0.1, text: 0}\n", "bad config value for modality_mix.text"),
        ("archetypes: [baroque]\n", "unknown archetypes ['baroque']"),
        ("n_pages: 3\n", "bad config value for n_pages: Extra inputs are not permitted"),
        ("rewrite: {model: m}\n", "bad config value for rewrite.base_url: Field required"),
        ("- 1\n- 2\n", "must hold a mapping of settings, got list"),
        ("seed: [\n", "is not valid YAML"),
        ("grid: {target_pages: 25}\n", "grid.target_pages in"),
        ("grid: [{target_pages: 25}]\n", "grid[0] in"),
        ("grid: [{name: a b, seed: 1}]\n", "grid run name 'a b'"),
        ("grid: [{name: a, seed: 1}, {name: a, seed: 2}]\n", "names runs more than once: a"),
        ("grid: {target_pages: [25, 2]}\n", "bad config value for grid run target_pages=2: target_pages"),
    ],
)
def test_bad_values_are_one_clear_line(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_runs(_write(tmp_path, text))
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_file_and_grid_through_load_config(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "nope.yaml")
    with pytest.raises(ConfigError, match="defines a grid of 3 runs"):
        load_config(CONFIGS / "ablation_length.yaml")


def test_target_pages_is_the_degenerate_range_and_reloads_unchanged() -> None:
    config = GenerationConfig(target_pages=50)
    assert (config.min_pages, config.max_pages, config.pages_mode) == (50, 50, None)
    assert GenerationConfig.model_validate_json(config.model_dump_json()) == config
    assert all(document_targets(config, i).target_pages == 50 for i in range(5))


def test_product_grid_expands_with_overrides_on_every_run(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "seed: 4\nn_docs: 9\ngrid:\n  target_pages: [25, 50]\n  evidence_depth: [early, 0.5]\n"
    )
    runs = load_runs(path, n_docs=2, workers=None)
    assert [r.name for r in runs] == [
        "target_pages=25_evidence_depth=early",
        "target_pages=25_evidence_depth=0.5",
        "target_pages=50_evidence_depth=early",
        "target_pages=50_evidence_depth=0.5",
    ]
    assert {(r.config.seed, r.config.n_docs) for r in runs} == {(4, 2)}
    assert [r.config.target_pages for r in runs] == [25, 25, 50, 50]
    assert [r.config.evidence_position() for r in runs] == [1 / 6, 0.5, 1 / 6, 0.5]
    assert runs[1].out_dir(tmp_path) == tmp_path / "target_pages=25_evidence_depth=0.5"
    plain = load_runs(None, seed=3)
    assert [r.name for r in plain] == [""] and plain[0].out_dir(tmp_path) == tmp_path


@pytest.mark.parametrize("path", sorted(CONFIGS.glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_configs_load(path: Path) -> None:
    runs = load_runs(path)
    assert runs and all(r.config.n_docs >= 20 for r in runs)
    if len(runs) > 1:
        # A grid varies only its axis: the runs share seed, documents and everything else.
        assert len({(r.config.seed, r.config.n_docs) for r in runs}) == 1


def test_paper_config_matches_table_1_targets() -> None:
    config = load_config(CONFIGS / "paper.yaml")
    assert config.n_docs == 200
    targets = [document_targets(config, i) for i in range(config.n_docs)]
    pages = [t.target_pages for t in targets]
    charts = [t.n_charts for t in targets]
    assert min(pages) >= 24 and max(pages) <= 91
    assert 48 <= statistics.fmean(pages) <= 54 and 45 <= statistics.median(pages) <= 52
    assert min(charts) >= 5 and max(charts) <= 32
    assert 15 <= statistics.fmean(charts) <= 18.5
    assert len({t.archetype for t in targets}) == 6
