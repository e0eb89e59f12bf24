"""The tests every frozen held-out labelled set runs (issue 25), made once for each set.

A set's module describes the set and its first runs in its docstring, names the set with a
:class:`HeldOut` and binds the tests with ``globals().update(held_out_tests(SET, __file__))``:
the frozen files keep their SHA-256, the questions file is registered with
``make_offline_questions`` and never rewritten, the seed is named by no other test, the set
covers its styles (both ways where asked), and the judge's figures are printed and held
against the issue 25 targets (an expected failure until the judge meets them on the set).
A later set names what it adds to the set before it with :func:`successor`.

How every set from v16 on was written (its module's docstring says "written as usual"): each
answer freely, one at a time, the way different VLMs answer (terse Qwen-VL-like replies,
rambling small models, GPT-4o-like explanations, InternVL- and LLaVA-like answers, reasoning
models that think aloud, answers in another language or switching language), with no templates
and no programmatic assembly, so wording, length, order, formatting, the way numbers are written
and the extra context mentioned all vary. Each was labelled by hand from the question, the
reference, its facts and the paper's rubric alone (Table 6, pass = 6), before any judge ran on
it, by a writer who never read the judge's code, its tests' cases or any earlier set's answers.
Label-fails are wrong by the rubric (a wrong, missing or hedged asked part, a flipped verdict, a
wrong value, entity, series, colour, period, direction, unit, scale or quantity, two conflicting
final answers, the roles of two values swapped), not borderline.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from tests.judge import labelled_sets as ls
from tests.judge import make_offline_questions
from tests.judge.labelled_sets import DATA, PASS, Row


@dataclass(frozen=True)
class HeldOut:
    """One frozen held-out set: its files, seed and pinned digests, and what it must cover."""

    label: str  # "v7"
    seed: int
    digests: dict[str, str]  # questions file, answers file -> SHA-256
    styles: tuple[str, ...]  # at least ``min_per_style`` answers each
    both_ways: tuple[str, ...] = ()  # label-passes and label-fails each
    min_answers: int = 320
    min_questions: int = 40
    pass_share: tuple[float, float] = (0.3, 0.7)  # label-passes among the answers, open bounds
    targets_met: bool = False  # the issue 25 targets hold: a regression guard, no expected failure
    n_docs: int = 30
    n_questions: int = 48
    min_per_style: int = 5  # answers each style in ``styles`` must hold

    @property
    def questions(self) -> str:
        return f"offline_heldout_{self.label}_questions.json"

    @property
    def answers(self) -> str:
        return f"offline_heldout_{self.label}.yaml"


def successor(
    previous: HeldOut,
    label: str,
    seed: int,
    digests: tuple[str, str],
    new_styles: tuple[str, ...],
    *,
    new_both_ways: tuple[str, ...] | None = None,
    **sizes: Any,
) -> HeldOut:
    """The set after ``previous``: its styles and ``new_styles``, both ways as ``previous`` and
    ``new_both_ways`` (all the new styles unless named); ``digests`` are the questions' and the
    answers' SHA-256; ``sizes`` the other :class:`HeldOut` fields."""
    base = HeldOut(label=label, seed=seed, digests={}, styles=())
    return replace(
        base,
        digests=dict(zip((base.questions, base.answers), digests, strict=True)),
        styles=(*previous.styles, *new_styles),
        both_ways=(*previous.both_ways, *(new_styles if new_both_ways is None else new_both_ways)),
        **sizes,
    )


def held_out_tests(s: HeldOut, module_file: str) -> dict[str, Callable[..., Any]]:
    """The set's fixture and tests, by the names pytest collects."""
    mine = {Path(module_file), DATA / s.questions, DATA / s.answers}

    @pytest.fixture(scope="module")
    def judged() -> list[Row]:
        return ls.judged(ls.labelled(s.questions, s.answers))

    @pytest.mark.parametrize("name", sorted(s.digests))
    def test_frozen_files_keep_their_digest(name: str) -> None:
        """Any edit to the frozen set is visible: change the digest only for a new labelling round."""
        digest = ls.sha256_of(name)
        assert digest == s.digests[name], f"{name} changed (sha256 {digest}); the held-out set is frozen"

    def test_questions_file_is_registered_and_never_rewritten() -> None:
        """``make_offline_questions`` knows the file's seed and size, and never rewrites it."""
        assert make_offline_questions.SETS[s.questions] == (s.seed, s.n_docs)
        assert make_offline_questions.TOTALS[s.questions] == s.n_questions
        assert s.questions in make_offline_questions.FROZEN

    def test_seed_is_used_by_no_other_test() -> None:
        """The questions come from the set's seed, which no other test module or test data names."""
        header = json.loads((DATA / s.questions).read_text(encoding="utf-8"))
        assert (header["seed"], header["n_docs"]) == (s.seed, s.n_docs)
        assert all(q["question_id"].startswith(f"sdb-{s.seed}-") for q in header["questions"])
        users = ls.seed_users(s.seed, mine)
        assert not users, f"seed {s.seed} is held out, but {users[0]} names it"

    def test_set_covers_subsets_categories_levels_and_styles() -> None:
        _check_coverage(s)

    @pytest.mark.slow  # judging the set takes 5-10 s
    def test_prints_the_judges_figures(judged: list[Row]) -> None:
        """Prints the figures (always passes: the targets are the next test)."""
        ls.print_figures(f"held-out set {s.label}", judged)
        assert ls.figures(judged).n >= s.min_answers

    @pytest.mark.slow
    def test_meets_the_issue_25_targets(judged: list[Row]) -> None:
        ls.assert_targets(judged)

    if not s.targets_met:
        test_meets_the_issue_25_targets = pytest.mark.xfail(
            strict=False,
            reason=f"issue 25 targets on held-out set {s.label} (first-run figures in the module "
            "docstring); the lead makes this strict when the judge meets them.",
        )(test_meets_the_issue_25_targets)
    return {name: value for name, value in locals().items() if name == "judged" or name.startswith("test_")}


def _check_coverage(s: HeldOut) -> None:
    rows = ls.labelled(s.questions, s.answers)
    assert len(rows) >= s.min_answers and len({q["question_id"] for q, *_ in rows}) >= s.min_questions
    assert ls.schema_problems(rows, s.questions) == []
    styles = Counter(style for _, _, style, _ in rows)
    for style in s.styles:
        assert styles[style] >= s.min_per_style, style
    assert all(0 <= score <= 10 for _, score, _, _ in rows)
    passing = sum(score >= PASS for _, score, _, _ in rows)
    assert s.pass_share[0] < passing / len(rows) < s.pass_share[1]
    for style in s.both_ways:
        labels = {score >= PASS for _, score, st, _ in rows if st == style}
        assert labels == {True, False}, f"{style} answers must hold both passes and fails"
