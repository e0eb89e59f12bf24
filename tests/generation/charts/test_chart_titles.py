"""Chart titles say each phrase once: a mix whose name already holds its split ("sales by
channel") printed "Sales by channel by channel in ..." (33 titles of seed 9739's 40 paper
documents)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.world.topics import Metric, Mix

ROOT = Path(__file__).resolve().parents[3]


def stutter(title: str) -> str | None:
    """The first run of one to four words said twice in a row, if any."""
    words = re.sub(r"[,()]", " ", title.lower()).split()
    for n in range(1, 5):
        for i in range(len(words) - 2 * n + 1):
            if words[i : i + n] == words[i + n : i + 2 * n]:
                return " ".join(words[i : i + n])
    return None


def test_a_mix_names_its_split_once() -> None:
    metric = Metric("sales", "USD", 1.0, 2.0)
    named = Mix("sales by channel", "channel", ("Online", "Shops"), metric)
    plain = Mix("electricity generation", "source", ("Coal", "Wind"), metric)
    assert (named.whole, named.by_parts) == ("sales", "sales by channel")
    assert (plain.whole, plain.by_parts) == ("electricity generation", "electricity generation by source")
    cover = Mix("land cover", "land cover type", ("Cropland", "Wetland"), metric)
    assert cover.by_parts == "land cover by type"  # not "land cover by land cover type"
    assert stutter("Sales by channel by channel in Chile, 2019") == "by channel"
    assert stutter("Sales by channel in Chile, 2019") is None


@pytest.mark.slow
def test_no_chart_title_of_60_paper_documents_says_a_phrase_twice() -> None:
    config = load_config(ROOT / "configs" / "paper.yaml").model_copy(update={"seed": 4517, "n_docs": 60})
    titles = [c.title for i in range(60) for c in plan_document(config, i).manifest.charts]
    assert len(titles) > 600
    assert [(t, stutter(t)) for t in titles if stutter(t)] == []
