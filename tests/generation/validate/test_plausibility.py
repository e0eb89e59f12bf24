"""The plausibility rule: one test per bound on hand-made fact tables, and generated worlds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.validate.plausibility import (
    PART_SCALE_LIMIT,
    cap_problems,
    direction_breaks,
    manifest_problems,
    part_problems,
    part_scale_ratios,
    place_breaks,
    range_problems,
    share_problems,
    shock_breaks,
    unfit_entities,
    world_problems,
)
from generation.validate.rules import RULES
from generation.world.space import Limits, limits_of, space_size, topic_by_title, topic_for
from synthdocbench_tasks.schema import DocumentManifest, World, WorldFact, WorldMetric

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"

LIMITS = Limits(
    ranges={
        "care recipients": {"Finland": (0.05, 0.2), "Germany": (0.8, 3.1)},
        "unemployment rate": {"Finland": (2.8, 17.9), "Germany": (2.8, 17.9)},
    },
    caps={"care recipients": ("population", 1e6), "forest area": ("area", 1e3)},
    attributes={
        "Finland": {"population": 5.5e6, "area": 338e3, "size": 1.0},
        "Germany": {"population": 83e6, "area": 357e3, "size": 1.0},
    },
    mix_metric="care provision",
    parts=("Home care", "Nursing homes", "Informal care"),
)
METRICS = [
    WorldMetric(name="care recipients", unit="million people", kind="count", decimals=2),
    WorldMetric(name="unemployment rate", unit="%", kind="rate", decimals=1),
    WorldMetric(name="forest area", unit="thousand km²", kind="level", decimals=1),
    WorldMetric(name="care provision", unit="million people", kind="count", decimals=2),
    WorldMetric(name="share of care provision", unit="%", kind="share", decimals=1),
]


def _world(*facts: tuple[str, str, str, str, float]) -> World:
    return World(
        metrics=METRICS,
        facts=[WorldFact(metric=m, entity=e, period=p, part=part, value=v) for m, e, p, part, v in facts],
    )


def test_a_plausible_table_breaks_no_bound() -> None:
    world = _world(
        ("care recipients", "Finland", "2020", "", 0.12),
        ("care recipients", "Germany", "2020", "", 2.4),
        ("unemployment rate", "Finland", "2020", "", 7.5),
        ("forest area", "Finland", "2020", "", 224.1),
        ("care provision", "Finland", "2020", "", 0.3),
        ("care provision", "Finland", "2020", "Home care", 0.1),
        ("care provision", "Finland", "2020", "Nursing homes", 0.12),
        ("share of care provision", "Finland", "2020", "Home care", 33.3),
        ("share of care provision", "Finland", "2020", "Nursing homes", 40.0),
        ("share of care provision", "Finland", "2020", "Informal care", 26.7),
    )
    assert world_problems(world, LIMITS) == []


def test_range_catches_an_extensive_value_out_of_scale_for_its_entity() -> None:
    # 2.4 million is plausible for Germany, not for Finland
    problems = range_problems(_world(("care recipients", "Finland", "2020", "", 2.4)), LIMITS)
    assert len(problems) == 1 and "Finland" in problems[0]


def test_range_catches_an_intensive_value_out_of_range() -> None:
    assert range_problems(_world(("unemployment rate", "Germany", "2020", "", 31.2)), LIMITS)


def test_cap_catches_a_count_above_the_population() -> None:
    problems = cap_problems(_world(("care recipients", "Finland", "2020", "", 5.61)), LIMITS)
    assert len(problems) == 1 and "population" in problems[0]


def test_cap_catches_an_extent_above_the_area() -> None:
    problems = cap_problems(_world(("forest area", "Finland", "2020", "", 3800.0)), LIMITS)
    assert len(problems) == 1 and "area" in problems[0]


def test_shares_of_one_whole_must_add_up_to_100() -> None:
    world = _world(
        ("share of care provision", "Finland", "2020", "Home care", 40.0),
        ("share of care provision", "Finland", "2020", "Nursing homes", 40.0),
        ("share of care provision", "Finland", "2020", "Informal care", 40.0),
    )
    assert len(share_problems(world, LIMITS)) == 1
    partial = _world(
        ("share of care provision", "Finland", "2020", "Home care", 60.0),
        ("share of care provision", "Finland", "2020", "Nursing homes", 50.0),
    )
    assert share_problems(partial, LIMITS)  # two of three parts above 100 already
    assert share_problems(_world(("share of care provision", "Finland", "2020", "Home care", 118.0)), LIMITS)


def test_a_part_never_exceeds_its_whole() -> None:
    world = _world(
        ("care provision", "Finland", "2020", "", 0.3),
        ("care provision", "Finland", "2020", "Home care", 0.31),
    )
    assert any("above its whole" in p for p in part_problems(world, LIMITS))
    summed = _world(
        ("care provision", "Finland", "2020", "", 0.3),
        ("care provision", "Finland", "2020", "Home care", 0.2),
        ("care provision", "Finland", "2020", "Nursing homes", 0.2),
    )
    assert any("add up" in p for p in part_problems(summed, LIMITS))


def test_plausibility_is_a_rule_of_the_rule_table() -> None:
    assert "plausibility" in RULES


@pytest.mark.slow
def test_generated_worlds_break_no_bound_and_a_tampered_one_is_caught() -> None:
    config = load_config(PAPER, seed=3)
    manifests = [plan_document(config, i).manifest for i in range(40)]
    assert [p for m in manifests for p in manifest_problems(m)] == []
    m = manifests[0]
    topic = topic_by_title(m.topic)
    limits = limits_of(topic) if topic is not None else None
    assert limits is not None
    ranges = limits.ranges
    tampered = m.model_copy(deep=True)
    # a fact with a range of its own (a change between periods has none)
    target = next(f for f in tampered.world.facts if not f.part and f.entity in ranges.get(f.metric, {}))
    target.value = target.value * 1000
    assert manifest_problems(tampered)


@pytest.mark.slow
def test_a_200_document_paper_plan_has_200_titles_and_12_domains() -> None:
    config = load_config(PAPER)
    plans = [plan_document(config, i).manifest for i in range(config.n_docs)]
    assert len({m.topic for m in plans}) == config.n_docs == 200
    assert len({m.domain for m in plans}) >= 12


def _connectivity_documents(seed: int, n: int) -> list[int]:
    """Indices of a run's documents on the connectivity theme (download speeds, 5G coverage:
    metrics of known direction and first year) over periods that report 5G."""
    found = []
    for index in range(space_size()):
        topic = topic_for(seed, index)
        if topic.key.startswith("connectivity@") and topic.years[0] >= 2010:
            found.append(index)
    return found[:n]


@pytest.mark.slow
def test_generated_documents_follow_known_directions_and_draw_parts_at_their_scale() -> None:
    """Planned documents: no series against its metric's known direction, no fact before its
    metric's first year, no box or histogram of parts at the entity's scale."""
    seed = 5
    config = load_config(PAPER, seed=seed, n_docs=space_size())
    directed = dated = parts = 0
    for index in [*_connectivity_documents(seed, 4), *range(6)]:
        manifest = plan_document(config, index).manifest
        against, n_directed, early, n_dated, _ = direction_breaks(manifest)
        assert not against and not early, (manifest.doc_id, against[:2], early[:2])
        ratios = part_scale_ratios(manifest)
        assert all(r <= PART_SCALE_LIMIT for _, r in ratios), (manifest.doc_id, ratios)
        directed, dated, parts = directed + n_directed, dated + n_dated, parts + len(ratios)
    assert directed >= 20 and dated >= 10 and parts >= 1, (directed, dated, parts)


def _manifests_of(theme: str, seed: int = 1) -> Iterator[DocumentManifest]:
    """The planned manifests of the documents of a paper run of ``seed`` on ``theme``."""
    config = load_config(PAPER, seed=seed, n_docs=space_size())
    for index in range(space_size()):
        if topic_for(seed, index).key.startswith(f"{theme}@"):
            yield plan_document(config, index).manifest


@pytest.mark.slow
def test_the_world_measures_read_a_country_report_and_skip_reef_regions() -> None:
    """A reef region may share a country's name (the Maldives): the place measure reads country
    reports only. Tourism reports show their 2020 collapse; a care report holds only ageing
    countries."""
    assert place_breaks(next(_manifests_of("coral-reefs"))) == ([], 0)
    read = [shock_breaks(m) for m, _ in zip(_manifests_of("tourism-recovery"), range(4), strict=False)]
    assert sum(r[1] for r in read) >= 1 and all(r[0] == [] and r[2] == 0 for r in read), read
    unfit, checked = unfit_entities(next(_manifests_of("ageing-care")))
    assert unfit == [] and checked >= 7
