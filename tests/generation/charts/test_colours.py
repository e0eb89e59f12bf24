"""Colour words by perceptual distance (CIEDE2000), refused when two words are close."""

from __future__ import annotations

import pytest

from generation.charts.colours import (
    COLOUR_WORDS,
    MARGIN,
    MAX_DELTA_E,
    colour_name,
    colour_of,
    names_encoding,
    nearest_words,
)
from tests.generation.all_types import type_chart

#: Colours charts use, with the word a reader would say.
NAMED = [
    ("#1f77b4", "blue"),
    ("#4c72b0", "blue"),
    ("#ff7f0e", "orange"),
    ("#dd8452", "orange"),
    ("#2ca02c", "green"),
    ("#55a868", "green"),
    ("#d62728", "red"),
    ("#9467bd", "purple"),
    ("#8c564b", "brown"),
    ("#e377c2", "pink"),
    ("#7f7f7f", "grey"),
    ("#17becf", "cyan"),
    ("#08306b", "navy"),
    ("#000080", "navy"),
    ("#f7fbff", "white"),
    ("#111111", "black"),
    ("#ffd700", "yellow"),
    ("#edc948", "yellow"),
    ("#1F77B4", "blue"),  # case does not matter
    ("#17b", "blue"),  # short hex
    ("gray", "grey"),  # CSS names are measured like any colour
    ("navy", "navy"),
    ("rgb(31, 119, 180)", "blue"),
]

#: Colours between two words: no word is safe to use in a question.
AMBIGUOUS = [
    "#bcbd22",  # yellow-olive: the "yellow"
    "#dd4f2a",  # red-orange: the "red"
    "#e6550d",  # red-orange
    "#b3001b",  # red or maroon
    "#b07aa1",  # pink, purple or mauve
    "#bab0ac",  # warm light grey
    "#9c755f",  # tan
]

#: Not colours at all.
UNREADABLE = ["", "   ", "#12", "#gggggg", "blueish", "#1f77b4ff00", "rgb(1,2)", "null"]


@pytest.mark.parametrize(("colour", "word"), NAMED)
def test_clear_colours_get_the_word_a_reader_uses(colour: str, word: str) -> None:
    assert colour_name(colour) == word


@pytest.mark.parametrize("colour", AMBIGUOUS)
def test_colours_between_two_words_get_none(colour: str) -> None:
    ranked = nearest_words(colour)
    assert colour_name(colour) is None, ranked[:2]
    (_, best), (_, second) = ranked[0], ranked[1]
    assert best > MAX_DELTA_E or second < MARGIN * best


@pytest.mark.parametrize("colour", UNREADABLE)
def test_unreadable_colours_get_none(colour: str) -> None:
    assert colour_name(colour) is None


def test_every_word_names_its_own_reference_colour() -> None:
    for word, rgb in COLOUR_WORDS:
        assert colour_name("#{:02x}{:02x}{:02x}".format(*rgb)) == word


def test_distances_are_perceptual_not_rgb() -> None:
    # In plain RGB distance #bcbd22 is nearest to the yellow reference; CIEDE2000 still puts
    # yellow first but olive close behind, which is why no word is used.
    ranked = dict(nearest_words("#bcbd22"))
    assert ranked["yellow"] < ranked["olive"] < 2 * ranked["yellow"]


def test_questions_get_a_colour_word_only_when_clear_and_unshared() -> None:
    chart = type_chart("grouped_bar", 1)
    public, private = chart.data[0], chart.data[1]
    assert {public.category, private.category} == {"Public sector", "Private sector"}
    vp = chart.visualProperties
    clear = chart.model_copy(
        update={
            "visualProperties": vp.model_copy(
                update={"colorMap": {"Public sector": "#1f77b4", "Private sector": "#ff7f0e"}}
            )
        }
    )
    assert colour_of(clear, public) == "blue" and colour_of(clear, private) == "orange"
    murky = chart.model_copy(
        update={
            "visualProperties": vp.model_copy(
                update={"colorMap": {"Public sector": "#1f77b4", "Private sector": "#bcbd22"}}
            )
        }
    )
    assert colour_of(murky, public) == "blue" and colour_of(murky, private) is None
    shared = chart.model_copy(
        update={
            "visualProperties": vp.model_copy(
                update={"colorMap": {"Public sector": "#1f77b4", "Private sector": "#4c72b0"}}
            )
        }
    )
    assert colour_of(shared, public) is None and colour_of(shared, private) is None


def test_an_encoding_is_named_by_a_word_not_inside_one() -> None:
    # an L5 question that names no encoding is rejected: "credits" names no red
    assert not names_encoding("the report credits a policy with the path of the series")
    assert names_encoding("the red series") and names_encoding("which colour is it")
    assert names_encoding("the highlighted bar") and names_encoding("the most intense cell")
