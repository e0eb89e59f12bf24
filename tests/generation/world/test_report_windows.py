"""Each report's own window and entity set (world55; review57 found 198 of 200 reports on four
fixed 15-year periods, every theme on one grouping on its ten most populous members, every
country's electronics market on the same eight products)."""

from __future__ import annotations

from collections import Counter

from generation.world import space

SEED = 4764  # world55's first fresh seed


def _windows(n: int) -> list[tuple[tuple[int, int], dict]]:
    order = space._order(SEED)
    out = []
    for index in range(n):
        theme = space.pairs()[order[index % len(order)]].theme
        out.append((space.period_for(SEED, index, theme), theme))
    return out


def test_report_windows_vary_within_the_drawn_bounds() -> None:
    windows = _windows(1000)
    lasts = Counter(last for (_, last), _ in windows)
    lengths = Counter(last - first + 1 for (first, last), _ in windows)
    assert set(lasts) == set(range(space.LAST_YEARS[0], space.LAST_YEARS[1] + 1))
    assert max(lasts.values()) < 0.2 * len(windows), lasts
    assert min(lengths) >= space.WINDOW_YEARS[0] and max(lengths) <= space.WINDOW_YEARS[1]
    assert len(lengths) == space.WINDOW_YEARS[1] - space.WINDOW_YEARS[0] + 1
    assert len({w for w, _ in windows}) >= 80
    assert min(first for (first, _), _ in windows) >= space.EARLIEST_YEAR


def test_a_shocked_theme_holds_its_shock_and_the_years_before() -> None:
    checked = 0
    for (first, last), theme in _windows(1500):
        shock = {y for r in [*theme["metrics"], theme["mix"]["metric"]] for y in r.get("shock", {})}
        if shock:
            checked += 1
            assert first <= min(shock) - space.YEARS_BEFORE_SHOCK and last >= max(shock), (first, last)
    assert checked >= 20


def test_a_report_window_is_the_same_on_every_call() -> None:
    assert [space.topic_for(SEED, i).years for i in range(30)] == [
        space.topic_for(SEED, i).years for i in range(30)
    ]


def test_themes_on_one_grouping_draw_different_entities() -> None:
    """Pairs on a grouping of more than twelve countries draw their entities per theme (before: 184
    of its 209 pairs shared their set with another; after, 31 of 210). Smaller groupings (the G7)
    report on all their members."""
    sets = [frozenset(e.name for e in p.entities) for p in space.pairs() if len(p.setting.members) > 12]
    shared = sum(n for n in Counter(sets).values() if n > 1)
    assert len(sets) >= 200 and shared <= 0.25 * len(sets), (shared, len(sets))


def test_countries_markets_and_programmes_differ() -> None:
    for kind in ("product", "programme"):
        sets = {frozenset(e.name for e in s.entities) for s in space.settings() if s.kind == kind}
        assert len(sets) >= 20, (kind, len(sets))


def test_titles_give_countries_their_article() -> None:
    titles = [p.title for p in space.pairs()]
    assert "Active Labour Market Programmes in the United States" in titles
    assert not any(t.endswith((" in United States", " in United Kingdom", " in Philippines")) for t in titles)
