"""Complex multi-hop questions (issue 23): hand-checked answers on the hand-built manifest, and
the evidence-unit properties over generated paper-config documents."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from generation.document.content import plan_document
from generation.plan.config import load_config
from generation.questions.build import EMPTY_CELLS, make_questions
from generation.questions.common import Builder, Context, Draft, informative
from generation.questions.complex import historical_timeline, impact_reception, technical_quantitative
from generation.questions.complex_measures import DEFECTS, complex_defects, defect_counts, text_series
from generation.validate.evidence import AGGREGATE_OPS, check_evidence, operations
from generation.validate.rules import check_question
from generation.world.grammar import is_plural
from synthdocbench_tasks.schema import Difficulty, DocumentManifest, Question
from tests.generation.manifest_fixture import PAGE_COUNT, build_manifest

PAPER = Path(__file__).resolve().parents[3] / "configs" / "paper.yaml"
EUROPE = {2016: 28, 2017: 30, 2018: 32, 2019: 34, 2020: 37, 2021: 39}
PRICES = {2015: 48.5, 2016: 46.0, 2017: 51.2, 2018: 55.8, 2019: 53.1, 2020: 44.7, 2021: 72.4, 2022: 96.3}


def _drafts(
    builder: Builder,
    level: Difficulty,
    tries: int = 30,
    manifest: Callable[[], DocumentManifest] = build_manifest,
) -> list[Draft]:
    out = []
    for seed in range(tries):
        draft = builder(Context.of(manifest()), level, np.random.default_rng(seed))
        if draft is not None:
            out.append(draft)
    assert out, (builder.__name__, level)
    return out


def _numbers(d: Draft) -> list[float]:
    return [v.value for v in d.answer_values if v.kind == "number" and v.value is not None]


def _labels(d: Draft) -> list[str]:
    return [v.text for v in d.answer_values if v.kind == "label"]


def test_timeline_reads_the_chart_between_two_dated_developments() -> None:
    years = {7: 2016, 8: 2019, 9: 2021}
    for d in _drafts(historical_timeline, "L1"):  # the later development's year, one mark
        late = max(years[i] for i in d.facts)
        assert _numbers(d) == [late, d.points[0].value] and d.points[0].label == str(late)
    for d in _drafts(historical_timeline, "L2"):
        a, b = sorted(years[i] for i in d.facts)
        first, last = d.points
        assert (first.label, last.label) == (str(a), str(b))
        assert _numbers(d) == [a, b, pytest.approx(last.value - first.value)]
    for d in _drafts(historical_timeline, "L3"):  # the mean or total over every year in between
        a, b = sorted(years[i] for i in d.facts)
        assert [p.label for p in d.points] == [str(y) for y in range(a, b + 1)]
        values = [p.value for p in d.points]
        assert _numbers(d)[-1] in (
            pytest.approx(sum(values)),
            pytest.approx(sum(values) / len(values), abs=0.01),
        )


def test_timeline_cause_after_a_development() -> None:
    for d in _drafts(historical_timeline, "L4"):
        event, cause = d.facts
        if cause == 13:  # the carbon levy (2016) and Europe's share 2016-2021
            assert event == 7 and _numbers(d) == [2016, 2021, pytest.approx(EUROPE[2021] - EUROPE[2016])]
            assert _labels(d) == ["the carbon levy"]
        else:  # the capacity auction (2019) and prices 2019-2022
            assert (event, cause) == (8, 14)
            assert _numbers(d) == [2019, 2022, pytest.approx(PRICES[2022] - PRICES[2019])]
            assert _labels(d) == ["the capacity auction"]


def test_technical_period_means_factors_and_colour_gaps() -> None:
    # the trend statements (5, 6) cover their series' whole span, which a reader takes from the
    # chart (its title) without the text: L3 averages over a period a stated cause covers instead
    for d in _drafts(technical_quantitative, "L3"):
        [fact] = d.facts
        if fact == 13:  # Europe's share 2016-2021
            assert _numbers(d) == [pytest.approx(200 / 6, abs=0.01)]
        else:  # prices 2019-2022, averaged or totalled
            total = sum(PRICES[y] for y in range(2019, 2023))
            assert fact == 14 and _numbers(d)[0] in (pytest.approx(total), pytest.approx(total / 4, abs=0.01))
        asked = d.question.replace(d.charts[0].title, "")
        assert not any(y in asked for y in ("2015", "2016", "2019", "2021", "2022"))
    for d in _drafts(technical_quantitative, "L4"):  # the factor and the change over its period
        [fact] = d.facts
        if fact == 13:
            expected = [pytest.approx(EUROPE[2021] - EUROPE[2016])]
            assert _labels(d) == ["the carbon levy"] and _numbers(d) == expected
        else:
            assert fact == 14 and _numbers(d) == [pytest.approx(PRICES[2022] - PRICES[2019])]
            assert _labels(d) == ["the capacity auction"]
        asked = d.question.replace(d.charts[0].title, "")
        assert not any(y in asked for y in ("2016", "2019", "2021", "2022")), asked
    for d in _drafts(technical_quantitative, "L2"):
        [fact] = d.facts
        if fact in (3, 4):  # a stated figure against its mark: the absolute gap
            claimed = float(build_manifest().text_facts[fact].values["claimed_value"])
            factor = 1000 if d.answer_values[0].unit == "MW" else 1  # asked in MW: a unit conversion
            assert _numbers(d) == [pytest.approx(abs(d.points[0].value - claimed) * factor)]
        else:  # a trade-off over the period credited to the carbon levy: Europe rose most, none fell
            pytest.fail(f"no series falls over the fixture's credited periods, got {d.question}")


def test_impact_combines_two_receptions_and_the_credited_period() -> None:
    stances = {10: "positive", 11: "negative", 12: "mixed"}
    for level in ("L1", "L2", "L3", "L4"):
        for d in _drafts(impact_reception, level):
            cause = d.facts[-1]
            receptions = d.facts[:-1]
            assert [v.text for v in d.answer_values if v.text in stances.values()] == [
                stances[i] for i in receptions
            ]
            if cause == 13:
                assert receptions == [10, 11]
                expected = {"L1": EUROPE[2021], "L2": EUROPE[2021] - EUROPE[2016], "L3": 200 / 6}
                expected["L4"] = expected["L2"]
            else:
                assert (cause, receptions) == (14, [12])
                expected = {
                    "L1": PRICES[2022],
                    "L2": PRICES[2022] - PRICES[2019],
                    "L4": PRICES[2022] - PRICES[2019],
                }
                expected["L3"] = sum(PRICES[y] for y in range(2019, 2023)) / 4
            if level == "L3" and cause == 14 and _numbers(d)[0] > 100:  # prices can also be totalled
                expected["L3"] = sum(PRICES[y] for y in range(2019, 2023))
            end = {13: 2021, 14: 2022}[cause]  # L1 scores the year its hop lands on
            wanted = [end, expected[level]] if level == "L1" else [expected[level]]
            assert _numbers(d) == [pytest.approx(x, abs=0.01) for x in wanted], (level, d.answer)


def _with_rival() -> DocumentManifest:
    """The fixture with a second policy credited on the chart of the carbon levy's credit (fact 13,
    Europe): the capacity auction (judged by fact 12) on Asia, 2017-2020, as fact 16."""
    m = build_manifest()
    levy = m.text_facts[13]
    values = {
        **levy.values,
        "series": "Asia",
        "start": "2017",
        "end": "2020",
        "cause": "the capacity auction",
    }
    sentence = (
        "Grid operators credit the capacity auction with shaping the renewable share in Asia over the "
        "years 2017 to 2020."
    )
    m.text_facts.append(
        levy.model_copy(update={"fact_id": "fact-6-9", "sentence": sentence, "values": values})
    )
    return m


def _question(d: Draft, n: int = 1, manifest: Callable[[], DocumentManifest] = build_manifest) -> Question:
    from generation.questions.build import draft_to_question

    return draft_to_question(Context.of(manifest()), "complex", n, d)


def test_impact_colour_question_needs_the_chart() -> None:
    """An impact L5 ("which series is drawn in <colour>, and how was the policy credited with its
    course received?") is asked only where the report credits another judged policy with another
    series of the chart: on the fixture, one policy per chart, the text alone named the series
    (``complex_measures.series_from_text``: 20 of 20 and 25 of 25 on review56's two fresh seeds)."""
    plain = [
        impact_reception(Context.of(build_manifest()), "L5", np.random.default_rng(k)) for k in range(20)
    ]
    assert plain == [None] * 20
    m = _with_rival()
    for d in _drafts(impact_reception, "L5", manifest=_with_rival):
        q = _question(d, manifest=_with_rival)
        assert text_series(m, q) == {"Europe", "Asia"}, q.question
        assert "series_from_text" not in complex_defects(m, q)
        series, *stances = [v.text for v in d.answer_values]
        assert series in ("Europe", "Asia")
        assert stances == (["positive", "negative"] if series == "Europe" else ["mixed"]), d.answer


def test_every_fixture_draft_passes_validation_with_its_units() -> None:
    for builder in (historical_timeline, technical_quantitative, impact_reception):
        for level in ("L1", "L2", "L3", "L4", "L5"):
            if (builder.__name__, level) in EMPTY_CELLS:
                assert builder(Context.of(build_manifest()), level, np.random.default_rng(0)) is None
                continue  # no builder fills it: technical L1 would be a look-up, no arithmetic
            manifest = _with_rival if (builder, level) == (impact_reception, "L5") else build_manifest
            m = manifest()
            for d in _drafts(builder, level, tries=8, manifest=manifest):
                if not informative(d):
                    continue  # ``build`` does not ask it: a number looser than a quarter of itself
                q = _question(d, manifest=manifest)
                assert check_question(m, q, PAGE_COUNT, []) == [], q.question
                assert q.evidence_units and len(q.evidence_units) == len(d.facts) + 1


# --- over generated paper-config documents (plan only) ----------------------------------------

N_DOCS = 24
#: three runs of 24 documents: one run's category shares swing by several points with the
#: (theme, setting) pairs it draws (the most common category: 34-49% of one run's questions over
#: ten seeds, 34% of all of them)
SEEDS = (4242, 1, 2)


@cache
def _generated() -> tuple[tuple[DocumentManifest, Question], ...]:
    out = []
    for seed in SEEDS:
        config = load_config(PAPER, seed=seed, n_docs=N_DOCS)
        for i in range(N_DOCS):
            m = plan_document(config, i).manifest
            out += [(m, q) for q in make_questions(m, config) if q.subset == "complex"]
    return tuple(out)


@pytest.mark.slow
def test_generated_complex_questions_combine_units_across_sections() -> None:
    pairs = _generated()
    # 214 of 216 here: 210 before a period the text gives was no longer its series' whole span
    # (a technical L3 on a trend statement over the whole chart filled 4 slots no other
    # evidence of their report can), 206 while a technical question reserved a stated figure it
    # could not ask (no colour finding its mark, a side other than the drawn one), which left
    # it to no other slot (slots45)
    # 208 since a text fact is asked on one chart once per subset (questions53) and labelled
    # multi-line charts take a figure of their own (charts53); fresh 7789, 200 reports: 585 -> 578
    # 203 since questions54 refuses technical L3 means one reading answers (and periods from an
    # ambiguous or false statement): fresh 9107, 200 reports: technical L3 49 -> 13, complex 567 -> 563
    # 194 since complex55 refuses timeline and impact L3 means one reading answers (technical L3's
    # rule) and asks no technical L1 (a look-up): fresh 4743, 200 reports: complex 565 -> 548
    assert len(pairs) >= len(SEEDS) * (3 * N_DOCS - 8), len(pairs)
    for m, q in pairs:
        units = q.evidence_units or []
        assert 2 <= len(units) <= 4, q.question_id
        assert any(u.kind in ("chart", "table") for u in units), q.question_id
        assert len({u.section_id for u in units}) >= 2, q.question_id
        assert check_evidence(m, q) == [], (q.question_id, check_evidence(m, q))
        if q.difficulty == "L3":
            assert operations(q) & AGGREGATE_OPS, q.question_id


@pytest.mark.slow
def test_generated_complex_questions_are_balanced() -> None:
    pairs = _generated()
    categories = Counter(q.category for _, q in pairs)
    levels = Counter(q.difficulty for _, q in pairs)
    # technical 98 of 213 here (46%) since the content stage writes change claims (verifyl4: the
    # seeds' prose and charts' questions moved); 41.2% of 590 on 200 documents of fresh seed 3529
    # (40.8% of 588 before), so the bound is this fixture's noise, not a drift
    # 99 of 209 (47.4%) since complex L4 slots try their cell first (complex54); on 200 reports
    # 43.5% (fresh 9322, 44.7% before) and 44.2% (fresh 9327, 42.0% before)
    assert len(categories) == 3 and max(categories.values()) <= 0.48 * len(pairs), categories
    # L5 32 of 210 before readings another chart labels were no longer asked, 31 of 209 after;
    # 28 of 206 once a development a question dates must concern the charted series (events44)
    # and an L5 side question asks its slot's drawn side (tilts43); 35 of 214 since an L5 slot
    # whose own category has no series or mark found by colour tries the others at L5 before
    # the slots fill in turn (``build.WIDE_LEVELS``; slots45). An even split would give 20%.
    # L4 is the smallest, 31 of 214, since people counts follow their population rate (world49:
    # the fixture's labour reports drew other values); on 200 documents L4 holds 14-17% (85 of 589
    # on fresh seed 6841 with this stop's merges, 101 of 582 on world49's fresh seed 8377).
    # L4 25 of 208 (12.0%) since this stop's merges: on fresh 7789, 200 reports, main 94 of 585
    # (16.1%) -> 67 of 578 (11.6%): technical L4 47 -> 31 (its stated causes now asked once per
    # subset, labelled multi-line charts laid out alone), timeline L4 15 -> 5; a known regression
    # the next stop restores (more L4 evidence), held here so that it gets no worse. complex54
    # (a second credited policy, timeline L4 on any period short of the whole series, L4 slots
    # first): fresh 9322 68 of 571 -> 89 of 572, fresh 9327 66 of 566 -> 81 of 563.
    assert len(levels) == 5 and min(levels.values()) >= 0.11 * len(pairs), levels
    units = Counter(len(q.evidence_units or []) for _, q in pairs)
    assert units[3] + units[4] >= 0.3 * len(pairs), units


@pytest.mark.slow
def test_generated_complex_questions_carry_no_validity_defect() -> None:
    """No complex question finds "the <colour> mark" where the colour draws a series, averages
    over a text's period that is the whole series, prints the period its L4 text hop supplies,
    lets a wrong hop's mark read within the tolerance unscored, or scores half of a mark it asks
    to name (``complex_measures``; the generator before these were mended: 16 of 18, 23 of 57,
    30 of 43, 13 of 79 and 22 of 23 of these 210 questions)."""
    pairs = _generated()
    found, could = defect_counts(pairs)
    # each defect had questions to look at, but text_year_at_edge: its only builder, timeline L4,
    # prints neither year of its period since complex54 (it printed the end); and half_mark_scored:
    # "which mark is it" was mostly technical L1's, which no builder asks since complex55 (a look-up
    # computes nothing); technical L5 asks it of a mark a colour draws alone, rarely multi-series
    for name in DEFECTS:
        assert could[name] > 0 or name in ("text_year_at_edge", "half_mark_scored"), name
    carrying = [(q.question_id, sorted(complex_defects(m, q) & set(DEFECTS))) for m, q in pairs]
    assert [c for c in carrying if c[1]] == [], found


#: How an impact question or answer refers to a singular policy ("judged it", "How was it received").
_SINGULAR_POLICY = re.compile(
    r"judged it\b|\bwas it received|\bto it\?|\bmake of it\?|\bit is credited|\bjudge it\b", re.IGNORECASE
)


@pytest.mark.slow
def test_impact_questions_agree_with_a_plural_policy() -> None:
    """A plural policy ("the holiday-let rules") is judged "them" and "were they received", as the
    report's own sentences say (``grammar.agree``, ``grammar.object_pronoun``); main asked "How
    was it received" and answered "judged it" (slots45)."""
    plural = []
    for m, q in _generated():
        causes = [m.text_facts[i].values.get("cause", "") for i in q.required_facts]
        if q.category == "impact_reception" and any(c and is_plural(c) for c in causes):
            plural.append((q.question_id, q.question + " " + q.answer))
    # enough plural policies to look at: 3 on these documents since the world's series turn
    # (peaks46; 5 or more before)
    assert len(plural) >= 3, len(plural)
    assert [(i, _SINGULAR_POLICY.findall(text)) for i, text in plural if _SINGULAR_POLICY.search(text)] == []
