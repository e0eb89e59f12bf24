"""A theme reports only on countries that fit what it needs of them (a theme's ``needs``, read
from country-converter's groupings and model regions): long-term care of the over-eighties on
ageing populations, not on Niger and Mali."""

from __future__ import annotations

from collections import Counter

import pytest

from generation.world import regions, space
from generation.world.entities import countries

SEEDS = (1, 2, 3)
#: Fewest pairings a theme with a need keeps (long-term care: 12 of 33, water and sanitation 19).
FEWEST_PAIRS = 10


def _theme(topic: space.Topic) -> dict[str, object]:
    return next(t for t in space.themes() if t["key"] == topic.key.split("@", 1)[0])


def _unfit(topic: space.Topic) -> list[str]:
    theme = _theme(topic)
    by_name = {c.name: c.entity() for c in countries()}
    return [e for e in topic.entities if e in by_name and not regions.fits(theme, by_name[e])]


def test_the_care_and_water_themes_need_ageing_and_developing_countries() -> None:
    needs = {t["key"]: t.get("needs") for t in space.themes()}
    assert needs["ageing-care"] == "ageing" and needs["water-sanitation"] == "developing"
    by_name = {c.name: c.entity() for c in countries()}
    care = next(t for t in space.themes() if t["key"] == "ageing-care")
    assert regions.fits(care, by_name["Japan"]) and regions.fits(care, by_name["Italy"])
    assert not regions.fits(care, by_name["Niger"]) and not regions.fits(care, by_name["Mali"])


def test_every_pairing_of_a_theme_with_a_need_has_only_countries_that_fit() -> None:
    """Before: 'Long-Term Care for Ageing Populations in West Africa' reported on Niger and Mali
    (23 of the theme's 31 pairings held a country that is no ageing population)."""
    unfit, kept = [], Counter()
    for i, pair in enumerate(space.pairs()):
        if pair.theme.get("needs") is None:
            continue
        kept[pair.theme["key"]] += 1
        topic = space.compose(i, space.PERIODS[-1])
        unfit += [(topic.title, e) for e in _unfit(topic)]
        assert len(topic.entities) >= space.MIN_ENTITIES, topic.title
    assert unfit == [], (len(unfit), unfit[:5])
    assert len(kept) >= 2 and min(kept.values()) >= FEWEST_PAIRS, kept


@pytest.mark.parametrize("seed", SEEDS)
def test_the_reports_of_a_run_report_only_on_countries_that_fit(seed: int) -> None:
    """Every topic of a whole run (each pairing once): no country outside its theme's need."""
    topics = [space.topic_for(seed, i) for i in range(space.space_size())]
    needing = [t for t in topics if _theme(t).get("needs") is not None]
    unfit = [(t.title, e) for t in needing for e in _unfit(t)]
    assert len(needing) >= 2 * FEWEST_PAIRS and unfit == [], (len(unfit), unfit[:5])


def test_a_theme_with_an_unknown_need_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    theme = dict(space.themes()[0], needs="coastline")
    read = space._read
    monkeypatch.setattr(space, "_read", lambda n: {"themes": [theme]} if n == "themes.yaml" else read(n))
    space.themes.cache_clear()
    try:
        with pytest.raises(space.TopicSpaceError, match="has needs 'coastline'; use one of ageing") as raised:
            space.themes()
        assert "\n" not in str(raised.value)
    finally:
        monkeypatch.undo()
        space.themes.cache_clear()
