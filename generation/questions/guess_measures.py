"""Closed answers a model guesses without the chart's marks (issue guess48).

Every question whose answer (or part of one) is picked from a closed set gets a :class:`Choice`:
its options in the order a reader sees them and the right one. The families:

- the classes of ``measures.FAMILIES`` (verdict, side, direction, stance), in the order the
  question names them ("did it rise, fall or stay flat?"; a class by its own word or, for a
  direction, an alias: ``common.DIRECTION_ALIASES``), else in the family's fixed order;
- ``two years`` / ``two marks``: a question naming two marks (or two series by their legend
  colours) and asking which one, options in the order the question names them;
- ``year``: one of the chart's three or more years (a label answer, or a number read from a mark's
  label), years in order, unless a text fact the question cites states it (the text hop gives it);
- ``item``: one of the chart's other labels (a highlighted bar, the highest item), in the order
  the chart lists them.

A blind strategy (:data:`STRATEGIES`) picks an option from what a reader has without the marks:
the options' order (first, middle, last), a class family's fixed class whatever the order
(``class 1`` to ``class 3`` of :data:`CLASSES`: "rose", "fell", "was broadly flat" for a direction,
the prior the answers carry), the years' places (earlier, later), the metric's known
direction (``Chart.value_trend``: the later year, "rose" or "higher" where it rises), the question
text (the only option it names) and the report's text (the option its facts mention most). Each
is right by chance with ``1 / len(options)`` where answers are uniform; :func:`render` prints, per
(category, level, family), how often each one is right, its 95% Clopper-Pearson interval and that
chance, and flags a strategy whose interval lies above it (a guess that scores) or below it (an
option the answers avoid, a tell too). ``bench/question_measures.py`` prints it. A run asks a few
dozen questions of some kinds, so :func:`drafted_choices` drafts many slots of a builder on one
report (as ``extreme_measures`` does) for the tests.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.stats import binomtest

from generation.charts.colours import unambiguous_colours
from generation.questions.build import draft_to_question
from generation.questions.chart import BUILDERS
from generation.questions.common import DIRECTION_ALIASES, Context
from generation.questions.measures import FAMILIES
from generation.questions.phrasing import is_year, mentions
from synthdocbench_tasks.schema import Chart, Difficulty, DocumentManifest, Question

#: The options of each class family of ``measures.FAMILIES``, in a fixed order, by their classes.
CLASSES: tuple[tuple[str, ...], ...] = (
    ("matches", "contradicts"),
    ("above", "below"),
    ("higher", "lower"),
    ("rose", "fell", "was broadly flat"),
    ("positive", "negative", "mixed"),
)
#: A mark's ``required_data_points`` label: its label, and its series in brackets.
_MARK = re.compile(r"(.+?)(?: \((.+)\))?")
#: The option a known direction ("up", "down") gives among a class family's.
_DIRECTED = {"up": ("rose", "higher"), "down": ("fell", "lower")}


@dataclass(frozen=True)
class Choice:
    """One closed answer of a question: its options as a reader sees them and the right one."""

    kind: str
    options: tuple[str, ...]
    right: str
    #: the chart's metric's known direction ("up", "down", "any")
    trend: str
    question: str
    #: the report's text facts, what a reader sees of the text
    text: tuple[str, ...]
    #: a class family's classes in their fixed order (:data:`CLASSES`); empty for other families
    classes: tuple[str, ...] = ()


def _first(c: Choice) -> str | None:
    return c.options[0]


def _middle(c: Choice) -> str | None:
    return c.options[len(c.options) // 2] if len(c.options) >= 3 else None


def _last(c: Choice) -> str | None:
    return c.options[-1]


def _class(k: int) -> Callable[[Choice], str | None]:
    """The strategy that always answers the ``k``-th class of a class family (its prior)."""

    def pick(c: Choice) -> str | None:
        return c.classes[k] if k < len(c.classes) else None

    return pick


def _years(c: Choice) -> list[int] | None:
    return [int(o) for o in c.options] if all(is_year(o) for o in c.options) else None


def _earlier(c: Choice) -> str | None:
    years = _years(c)
    return str(min(years)) if years else None


def _later(c: Choice) -> str | None:
    years = _years(c)
    return str(max(years)) if years else None


def _known(c: Choice) -> str | None:
    """The option the metric's known direction gives: the later year where it rises, the earlier
    where it falls, "rose" / "higher" or "fell" / "lower"."""
    if c.trend not in _DIRECTED:
        return None
    if _years(c):
        return _later(c) if c.trend == "up" else _earlier(c)
    return next((o for o in _DIRECTED[c.trend] if o in c.options), None)


def _named(c: Choice) -> str | None:
    """The only option the question names (none where it names several or none)."""
    named = [o for o in c.options if re.search(rf"(?<!\w){re.escape(o)}(?!\w)", c.question)]
    return named[0] if len(named) == 1 else None


def _mentioned(c: Choice) -> str | None:
    """The option the report's text facts mention most (none on a tie)."""
    counts = Counter({o: mentions(c.text, o) for o in c.options})
    (top, n), *rest = [*counts.most_common(), ("", 0)]
    return top if n > 0 and rest[0][1] < n else None


#: The blind strategies: (name, the option it picks, or None where it does not apply).
STRATEGIES: tuple[tuple[str, Callable[[Choice], str | None]], ...] = (
    ("first", _first),
    ("middle", _middle),
    ("last", _last),
    ("class 1", _class(0)),
    ("class 2", _class(1)),
    ("class 3", _class(2)),
    ("earlier year", _earlier),
    ("later year", _later),
    ("known direction", _known),
    ("named in question", _named),
    ("most in text", _mentioned),
)


def _word_at(word: str, question: str) -> int | None:
    found = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", question, re.IGNORECASE)
    return found.start() if found else None


def shown_order(classes: tuple[str, ...], question: str) -> tuple[str, ...]:
    """``classes`` in the order ``question`` names them (each by its own word or a direction's
    alias, its first mention), or as given where it does not name every one."""
    at = {}
    for c in classes:
        hits = [i for w in (c, *DIRECTION_ALIASES.get(c, ())) if (i := _word_at(w, question)) is not None]
        if not hits:
            return classes
        at[c] = min(hits)
    return tuple(sorted(classes, key=at.__getitem__))


def _chart(manifest: DocumentManifest, q: Question) -> Chart | None:
    return next((c for c in manifest.charts if c.index == q.chart_index), None)


def _chart_pick(chart: Chart, q: Question, text: tuple[str, ...]) -> tuple[str, tuple[str, ...], str] | None:
    """(family, options, right) of an answer that is one of ``chart``'s labels: a year of three
    or more, or another label; None where there is none, or a cited text fact states it."""
    labels = list(dict.fromkeys(p.label for p in chart.data))
    read = {
        str(round(o.value))
        for d in q.derivations or []
        for s in d.steps
        for o in s.operands
        if o.source == "point" and o.key == "label"
    }
    answers = [v.text for v in q.answer_values if v.kind == "label"] + [
        v.text for v in q.answer_values if v.kind == "number" and v.text in read
    ]
    right = next((a for a in answers if a in labels), None)
    if right is None or any(right in s for s in text):
        return None
    years = [x for x in labels if is_year(x)]
    if is_year(right):
        return ("year", tuple(sorted(years)), right) if len(years) >= 3 else None
    others = tuple(x for x in labels if not is_year(x))
    return ("item", others, right) if len(others) >= 3 else None


def _two(q: Question, labels: list[str]) -> tuple[tuple[str, str], str] | None:
    """(the two marks in the order the question names them, the one answered) of a question
    that reads two marks, names both by what tells them apart (their labels, or their series
    where they share a label: ``"2019 (Rail)"``) and answers one; None otherwise."""
    if len(q.required_data_points) != 2:
        return None
    a, b = (_MARK.fullmatch(r.label) for r in q.required_data_points)
    if a is None or b is None:
        return None
    part = 1 if a[1] != b[1] else 2
    names = [a[part], b[part]]
    if None in names or names[0] == names[1] or not all(n in q.question for n in names):
        return None
    picked = [t for t in labels if t in names]
    if len(picked) != 1:
        return None
    first, second = sorted(names, key=q.question.find)
    return (first, second), picked[0]


def _two_colours(chart: Chart, q: Question, labels: list[str]) -> tuple[tuple[str, str], str] | None:
    """(the two series the question names by their legend colours, in that order, the one
    answered first) of a question asking which of two colours' marks is higher; the legend shows
    a reader which series each colour is (a year, say) without the marks."""
    words = unambiguous_colours(chart)
    at = {k: m.start() for k, w in words.items() if (m := re.search(rf"\b{re.escape(w)}\b", q.question))}
    picked = next((t for t in labels if t in at), None)
    if len(at) != 2 or picked is None:
        return None
    first, second = sorted(at, key=lambda k: at[k])
    return (first, second), picked


def choices(manifest: DocumentManifest, q: Question) -> list[Choice]:
    """The closed answers of ``q`` (see the module)."""
    chart = _chart(manifest, q)
    trend = chart.value_trend if chart is not None else "any"
    facts = tuple(manifest.text_facts[i].sentence for i in q.required_facts)
    text = tuple(f.sentence for f in manifest.text_facts)
    kind = f"{q.category} {q.difficulty}"
    out = []
    labels = [v.text for v in q.answer_values if v.kind == "label"]
    for options in CLASSES:
        right = next((t for t in labels if t in options), None)
        if right is not None:
            shown = shown_order(options, q.question)
            out.append(Choice(f"{kind} {FAMILIES[right]}", shown, right, trend, q.question, text, options))
    two = _two(q, labels) or (_two_colours(chart, q, labels) if chart is not None else None)
    if two:
        named, right = two
        family = "two years" if all(is_year(n) for n in named) else "two marks"
        out.append(Choice(f"{kind} {family}", named, right, trend, q.question, text))
    elif chart is not None and (found := _chart_pick(chart, q, facts)):
        family, options, right = found
        out.append(Choice(f"{kind} {family}", options, right, trend, q.question, text))
    return out


def drafted_choices(
    manifest: DocumentManifest, slots: Sequence[tuple[str, Difficulty]], seed: int, index: int, tries: int
) -> list[Choice]:
    """The closed answers of ``tries`` drafts per chart builder slot of ``slots`` on ``manifest``,
    each slot from a fresh context and stream, try ``k`` taking turn ``index + k`` of the run's
    sequence (``common.wanted``: a slot's drawn direction or verdict, which a run's documents take
    in turn, so the drafts seek each as a run's slots do), each distinct answer once (its kind, its
    options in any order, the right one): slots that draft the same pair or highlight again would
    count one chart's answer many times over, and the rates' intervals assume independent answers
    (a direction counts once per report, where many stretches of one series could go that way)."""
    ctx = Context.of(manifest)
    out: dict[tuple[str, tuple[str, ...], str], Choice] = {}
    for k in range(tries):
        for b, (category, level) in enumerate(slots):
            trial = ctx.fork()
            trial.verdict = index + k
            draft = BUILDERS[category](trial, level, np.random.default_rng([seed, index, k, b]))
            if draft is None:
                continue
            for c in choices(manifest, draft_to_question(ctx, "chart", k, draft)):
                out.setdefault((c.kind, tuple(sorted(c.options)), c.right), c)
    return list(out.values())


@dataclass
class Tally:
    """One strategy's record on one kind: questions it applies to, right guesses, chance sum."""

    asked: int = 0
    right: int = 0
    chance: float = 0.0


def guess_counts(pairs: Iterable[tuple[DocumentManifest, Question]]) -> dict[str, dict[str, Tally]]:
    """(kind -> strategy -> :class:`Tally`) over every closed answer of every question."""
    return tally_choices(c for manifest, q in pairs for c in choices(manifest, q))


def tally_choices(found: Iterable[Choice]) -> dict[str, dict[str, Tally]]:
    """(kind -> strategy -> :class:`Tally`) over closed answers (``"questions"``: all of a kind)."""
    out: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
    for c in found:
        out[c.kind]["questions"].asked += 1
        for name, strategy in STRATEGIES:
            guess = strategy(c)
            if guess is None:
                continue
            tally = out[c.kind][name]
            tally.asked += 1
            tally.right += guess == c.right
            tally.chance += 1 / len(c.options)
    return {k: dict(v) for k, v in out.items()}


def beyond_chance(tally: Tally) -> str:
    """``"above"`` or ``"below"`` where the 95% interval of ``tally``'s rate excludes its chance."""
    low, high = binomtest(tally.right, tally.asked).proportion_ci(0.95)
    chance = tally.chance / tally.asked
    return "above" if chance < low else "below" if chance > high else ""


def render(counts: dict[str, dict[str, Tally]], names: Sequence[str] = ()) -> list[str]:
    """Per kind: its closed answers, then each strategy's right guesses, rate, 95% interval and
    chance rate, flagged ABOVE / below where the interval excludes chance."""
    lines = ["\nblind guesses on closed answers (guess_measures): right / applied, rate [95% CI] vs chance"]
    for kind in sorted(counts):
        tallies = counts[kind]
        parts = []
        for name, _ in STRATEGIES:
            t = tallies.get(name)
            if t is None or not t.asked or (names and name not in names):
                continue
            low, high = binomtest(t.right, t.asked).proportion_ci(0.95)
            flag = {"above": " ABOVE", "below": " below"}.get(beyond_chance(t), "")
            parts.append(
                f"{name} {t.right}/{t.asked} {t.right / t.asked:.2f} [{low:.2f}, {high:.2f}] vs "
                f"{t.chance / t.asked:.2f}{flag}"
            )
        lines.append(f"  {kind} ({tallies['questions'].asked}): " + "; ".join(parts))
    return lines
