"""A metric that needs a sea coast (a theme metric's ``coast: true``: port container throughput)
is never given to a landlocked country (``data/landlocked.yaml``): a report takes its setting's
coastal countries, or leaves the metric out where too few of them have a coast."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.validate.plausibility import coast_breaks
from generation.world import regions, space
from generation.world.entities import LANDLOCKED, countries
from synthdocbench_tasks.schema import DocumentManifest

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"


def _landlocked() -> set[str]:
    return {c.name for c in countries() if LANDLOCKED in c.tags}


def test_the_landlocked_table_names_countries_of_the_converter() -> None:
    landlocked = _landlocked()
    assert len(landlocked) == 43, len(landlocked)
    assert {"Austria", "Ethiopia", "Bolivia", "Hungary", "Serbia", "Kazakhstan"} <= landlocked
    assert not {"Germany", "Nigeria", "Peru", "Croatia", "Bosnia and Herzegovina"} & landlocked


@pytest.mark.slow
def test_no_topic_of_the_space_gives_a_coast_metric_to_a_landlocked_country() -> None:
    """Before: 'Freight Transport and Logistics in Africa' reported Ethiopia's and Uganda's port
    container throughput (23 of 118 countries given a port metric, 200 plans of seed 1249).
    Every pairing over every period: a topic that keeps a coast metric has no landlocked country;
    one whose setting has too few coasts keeps its countries and leaves the metric out."""
    landlocked = _landlocked()
    coastal = {
        r["name"] for t in space.themes() for r in [*t["metrics"], t["mix"]["metric"]] if r.get("coast")
    }
    kept = dropped = 0
    given = []
    for i, pair in enumerate(space.pairs()):
        if not coastal & {r["name"] for r in pair.theme["metrics"]}:
            continue
        for period in space.PERIODS:
            topic = space.compose(i, period)
            metrics = {m.name for m in topic.metrics} & coastal
            kept, dropped = kept + bool(metrics), dropped + (not metrics)
            given += [(topic.title, e) for e in topic.entities if metrics and e in landlocked]
    assert given == [], (len(given), given[:5])
    assert kept >= 80 and dropped >= 8, (kept, dropped)


def _freight(seed: int) -> Iterator[DocumentManifest]:
    config = load_config(PAPER, seed=seed, n_docs=space.space_size())
    for index in range(space.space_size()):
        if space.topic_for(seed, index).key.startswith("freight-logistics@"):
            yield plan_document(config, index).manifest


@pytest.mark.slow
@pytest.mark.parametrize("seed", (2, 3))
def test_planned_freight_reports_give_no_landlocked_country_a_port(seed: int) -> None:
    """Planned freight documents (the first eight of a whole run): no port throughput of a
    landlocked country among their facts."""
    read = [coast_breaks(m) for m, _ in zip(_freight(seed), range(8), strict=False)]
    assert sum(n for _, n in read) >= 30 and [b for lines, _ in read for b in lines] == [], read


def test_no_topic_gives_a_landlocked_country_a_mix_part_that_needs_a_coast() -> None:
    """Before (world53): the five pairings that keep landlocked countries (Visegrad, Balkans,
    Mercosur, West-Central and East-Southern Africa) left port throughput out but still split
    every country's inland freight into a "Coastal shipping" part (4 of 101 coast facts given to
    Ethiopia, Uganda and Zambia, 200 plans of seed 4197). Every pairing over every period: a topic
    with a landlocked country has no part of its theme's mix ``coast_parts``; one without keeps
    them all."""
    landlocked = _landlocked()
    marked = {t["key"]: set(regions.coast_parts(t)) for t in space.themes()}
    assert marked["freight-logistics"] == {"Coastal shipping"}
    without = kept = 0
    for i, pair in enumerate(space.pairs()):
        coast = marked[pair.theme["key"]]
        if not coast:
            continue
        for period in space.PERIODS:
            topic = space.compose(i, period)
            inland = bool(landlocked & set(topic.entities))
            assert not (inland and coast & set(topic.mix.parts)), (topic.title, topic.entities)
            assert inland or coast <= set(topic.mix.parts), topic.title
            without, kept = without + inland, kept + (not inland)
            limits = space.limits_of(topic)
            assert limits is not None and limits.parts == topic.mix.parts
    assert without >= 8 and kept >= 80, (without, kept)


@pytest.mark.slow
@pytest.mark.parametrize("seed", (2, 3))
def test_planned_freight_reports_give_no_landlocked_country_coastal_shipping(seed: int) -> None:
    """The planned freight documents of a whole run that report on a landlocked country (the five
    kept pairings): no part of their inland freight is "Coastal shipping"."""
    landlocked, parts = _landlocked(), []
    config = load_config(PAPER, seed=seed, n_docs=space.space_size())
    for index in range(space.space_size()):
        topic = space.topic_for(seed, index)
        if topic.key.startswith("freight-logistics@") and landlocked & set(topic.entities):
            manifest = plan_document(config, index).manifest
            assert coast_breaks(manifest)[0] == [], manifest.doc_id
            parts.append({f.part for f in manifest.world.facts if f.part})
    assert len(parts) == 5 and any(parts) and all("Coastal shipping" not in p for p in parts), parts
