"""A report's title names only places its countries lie in: APEC is no "Asia-Pacific" when it
holds the United States, Russia, Mexico and Chile."""

from __future__ import annotations

import pytest

from generation.world import regions, space
from generation.world.entities import countries


def test_a_place_of_a_title_is_read_as_the_groupings_its_countries_lie_in() -> None:
    assert regions.named_places("Trade Integration in East Asia and the Pacific") == {"Asia", "Oceania"}
    assert regions.named_places("Tourism Recovery across the Asia-Pacific") == {"Asia", "Oceania"}
    # inside a name, a place is no claim about where the members lie
    assert regions.named_places("Public Finances and Debt across the Council of Europe") == frozenset()
    assert regions.named_places("Trade Integration across Mercosur and the Pacific Alliance") == frozenset()


def test_every_country_of_a_report_lies_in_the_place_its_title_names() -> None:
    """Before: the 15 pairings of APEC, 'across the Asia-Pacific', reported on the United States,
    Russia and Mexico. Every pairing of the space that names a place (over 200)."""
    by_name = {c.name: c for c in countries()}
    named, outside = 0, []
    for pair in space.pairs():
        places = regions.named_places(pair.title)
        if pair.setting.kind != "country" or not places:
            continue
        named += 1
        outside += [(pair.title, e.name) for e in pair.entities if not by_name[e.name].groups & places]
    assert named >= 200 and outside == [], (len(outside), outside[:5])


def _places(topic: space.Topic) -> frozenset[str]:
    return regions.named_places(topic.title)


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_the_reports_of_a_run_name_no_place_their_countries_lie_outside(seed: int) -> None:
    by_name = {c.name: c for c in countries()}
    topics = [space.topic_for(seed, i) for i in range(space.space_size())]
    named = [t for t in topics if regions.named_places(t.title) and t.entity_kind == "country"]
    outside = [(t.title, e) for t in named for e in t.entities if not by_name[e].groups & _places(t)]
    assert len(named) >= 200 and outside == [], (len(outside), outside[:5])
