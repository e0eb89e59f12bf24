"""The answer's committed reading: each fact's verdict in the text, in a reasoning answer's
conclusion (:mod:`judge.conclusion`) with facts it leaves unsaid taken from the reasoning, and an
answer's last statement of an asked value (split from :mod:`judge.offline`)."""

from __future__ import annotations

import re

from judge import claims, conclusion
from judge.numbers import FoundNumber
from judge.offline_assign import unshared
from judge.offline_binding import (
    event_order_conflict,
    one_pole_for_all,
    qualifier_misbound,
    stance_holders_swapped,
)
from judge.offline_checks import _check, _is_year, _states_a_fact, _Verdict, _wrong_value
from judge.offline_conflicts import misscaled_reference_value, rank_denied, year_rebound
from judge.offline_context import _Context
from judge.offline_conversions import restating
from judge.offline_ends import roles_swapped
from judge.offline_facts import _Fact, _is_entity, _number_hits, _Text, half_digit, transposed
from judge.offline_lists import list_misbound
from judge.offline_poles import _reversed
from judge.offline_roles import figures_swapped, side_against_values
from judge.offline_winner import colour_winner_conflict, reference_winner_conflict
from judge.quantities import readings_for, stated_unit


def _assess(ctx: _Context, facts: list[_Fact], text: _Text) -> tuple[list[_Fact], list[_Verdict]]:
    """Each fact's verdict in ``text``, and the reference's direction when only its opposite is said."""
    verdicts = [_check(ctx, f, text) for f in facts]
    for i in unshared(facts, [v.hit for v in verdicts], text):
        verdicts[i] = _Verdict(False, "")  # its only number states another fact
    for i, (fact, v) in enumerate(zip(facts, verdicts, strict=True)):
        wrong = None if v.hit or v.why else _wrong_value(ctx, fact, text)
        if wrong is None and not v.why:
            wrong = _transposed_in(ctx, fact, text)
        if wrong is not None:
            verdicts[i] = _Verdict(False, f"says '{wrong.text}' instead", soft=not fact.derived)
    flipped = (
        _reversed(ctx, text)
        or side_against_values(ctx, text)
        or roles_swapped(ctx, text)
        or figures_swapped(ctx, text)
        or reference_winner_conflict(ctx, text)
        or colour_winner_conflict(ctx, text)
        or list_misbound(ctx, text)
        or qualifier_misbound(ctx, text)
        or event_order_conflict(ctx, text)
        or one_pole_for_all(ctx, text)
        or stance_holders_swapped(ctx, text)
        or misscaled_reference_value(ctx, text)
        or rank_denied(ctx, text)
        or year_rebound(ctx, text)
    )
    if flipped is not None and all(v.why == "" or v.hit for v in verdicts):
        verdicts.append(_Verdict(False, f"says '{flipped}' where the reference says the opposite"))
        facts = [*facts, _Fact(len(facts), "label", "the reference's direction")]
    return facts, verdicts


def _transposed_in(ctx: _Context, fact: _Fact, text: _Text) -> FoundNumber | None:
    """judge24: a number of ``text`` that writes a fact's printed digits in another order within
    the fact's tolerance ("73.1" for 71.3 ± 2) and is no number the item states: the fact misread,
    even where another of the answer's numbers lies within its tolerance and was matched to it (a
    clause the item's own words make read as negated, "people without sanitation", does not hide
    it). Numbers a correction takes back ("31.3 — no, 33.1") are not read."""
    if fact.kind != "number" or _is_year(fact):
        return None
    kept = len(text.text) - len(conclusion.corrected(text.text))
    for found in text.numbers:
        if found.start < kept or not transposed(fact.text, found.text):
            continue
        if not any(abs(found.readings[0] - t) <= tol for t, tol in fact.targets):
            continue
        if not any(abs(r - k) <= 1e-9 * max(1.0, abs(k)) for r in found.readings for k in ctx.known_numbers):
            return found
    return None


def _list_read_whole(
    ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text
) -> tuple[list[_Fact], list[_Verdict]]:
    """The verdicts with a contradiction added where a list anywhere in the answer gives a
    fact's value to another label (:mod:`judge.offline_lists`)."""
    listed = list_misbound(ctx, text)
    if listed is None or not all(v.why == "" or v.hit for v in verdicts):
        return facts, verdicts
    said = _Verdict(False, f"says '{listed}' where the reference says otherwise")
    return [*facts, _Fact(len(facts), "label", "the reference's binding")], [*verdicts, said]


def _concludes_other(ctx: _Context, fact: _Fact, found: FoundNumber, tail: _Text) -> bool:
    """The conclusion states ``found`` for ``fact``: an unknown number in its unit, or for a
    computed fact a known one written in its share unit ("so the difference is 12.7 points")."""
    if not readings_for(fact.quantity, found, tail.text):
        return False
    if fact.quantity.share == "pct" and not fact.derived and stated_unit(found, tail.text).share == "pp":
        return False  # "0.3 points below it" is a gap, no level in percent
    if _states_a_fact(ctx, found, tail):
        return False  # "26.4 hours" is the gap of 1.1 days
    if _gap_of_known(ctx, found):
        return False  # "the chart sits 0.9 below it": the gap of 43 and 42.1, not asked
    if operand(found, tail.text):
        return False  # "the marks sum to 21.4 → 21.4/5 = 4.28%": a step of the working, no value
    if not ctx.explained(found):
        return True
    said = stated_unit(found, tail.text)
    return fact.derived and fact.quantity.share is not None and said.share == fact.quantity.share


#: what makes a number a step of a computation: an operator or "over k" after it, ...
_OPERATOR_AFTER = re.compile(r"\s*(?:[/÷×*+]|over\s+\d|divided\s+by\b)")
#: ... or a sum or total it is said to be ("sum of 4 marks = 1.492", "sum ≈ 145.2")
_SUM_BEFORE = re.compile(
    r"\b(?:sum|summed|sums|total|totals|adds?\s+up)\b[^.;:\d]{0,24}(?:[=≈:]|to|is|of)?\s*$", re.I
)


def operand(found: FoundNumber, text: str) -> bool:
    """``found`` is a step of the answer's working, not a value it states: an operand of an
    operator, a sum it divides, or the same number written again as an operand further on
    ("sum = 21.4 → 21.4/5 = 4.28")."""
    if _OPERATOR_AFTER.match(text, found.end) or _SUM_BEFORE.search(
        text[max(0, found.start - 40) : found.start]
    ):
        return True
    digits = re.escape(text[found.start : found.end].strip())
    return bool(re.search(rf"(?<![\d.,]){digits}(?![\d])\s*[/÷×*]\s*\d", text[found.end :]))


def _gap_of_known(ctx: _Context, found: FoundNumber) -> bool:
    """``found`` is the difference of two read values the facts give (within half its last digit)."""
    values = [
        t
        for f in ctx.facts
        if f.kind == "number" and not f.derived and not _is_year(f)
        for t, _ in f.targets[:1]
    ]
    slack = half_digit(found)
    return any(
        abs(abs(a - b) - abs(r)) <= slack
        for r in found.readings[:1]
        for i, a in enumerate(values)
        for b in values[i + 1 :]
    )


def _conclusion_rival(ctx: _Context, fact: _Fact, tail: _Text) -> str | None:
    """Another candidate for a label's slot that the conclusion names: another year for a year,
    the question's other option for an entity."""
    labels = {f.text.lower() for f in ctx.facts if f.kind == "label"}
    if re.fullmatch(r"(?:19|20)\d\d", fact.text.strip()):
        for m in claims.YEAR.finditer(tail.text):
            if m.group(0) not in labels and not tail.negated(claims.Span(m.start(), m.end())):
                return m.group(0)
    elif _is_entity(fact):
        for name in ctx.distractors:
            for span in claims.find_all(claims.phrase_pattern(name), tail.text):
                if not tail.negated(span):
                    return name
    return None


def _assess_committed(
    ctx: _Context, facts: list[_Fact], text: _Text, tail: _Text, parts: conclusion.Split | None
) -> tuple[list[_Fact], list[_Verdict], bool]:
    """The verdicts of the answer's conclusion (:mod:`judge.conclusion`), facts it leaves
    unsaid taken from the reasoning's clean statements and wrong read values; False when the answer commits to
    nothing it can be scored on (then the whole answer's verdicts, or none for a bare list).
    A number the conclusion states in a fact's unit that is no known value answers that fact wrongly."""
    if parts is None:
        scored, verdicts = _assess(ctx, facts, text)
        return scored, _last_word(ctx, scored, verdicts, text), True
    scored, said = _assess(ctx, facts, tail)
    for i, v in enumerate(said):
        fact = scored[i]
        if v.soft:  # the conclusion commits to a wrong value
            said[i] = _Verdict(False, f"the conclusion {v.why}")
        if v.hit or v.why:
            continue
        if fact.kind == "label":
            rival = _conclusion_rival(ctx, fact, tail)
            if rival is not None:
                said[i] = _Verdict(False, f"the conclusion says '{rival}'")
            continue
        other = [n for n in tail.numbers if _concludes_other(ctx, fact, n, tail)]
        if other and not _is_year(fact):
            said[i] = _Verdict(False, f"the conclusion says '{other[0].text}'")
    if parts.kind == "comma":  # "..., so it fell": one statement; the conclusion adds what it contradicts
        whole, overall = _assess(ctx, facts, text)
        wrong = [said[i] if i < len(said) and said[i].why else v for i, v in enumerate(overall)]
        return whole, wrong, True
    if not any(v.hit or v.why for v in said):
        if parts.kind == "readings":
            return scored, said, False
        return (*_assess(ctx, facts, text), False)
    _, before = _assess(ctx, facts, _Text.of(parts.reasoning))
    merged = [
        before[i] if not (v.hit or v.why) and i < len(before) and _carries(before[i], parts.kind) else v
        for i, v in enumerate(said)
    ]
    return scored, merged, True


def _last_word(ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text) -> list[_Verdict]:
    """In an answer of several sentences with no marker that asks one value, the last sentence
    that states a number in the value's unit commits to it: another value there answers the
    value wrongly, however right an earlier reading ("…median ≈ 17.85 … The value asked for is
    the upper quartile, 20.4")."""
    asked = [i for i, f in enumerate(facts[: len(ctx.facts)]) if f.kind == "number" and not _is_year(f)]
    if len(asked) != 1 or not verdicts[asked[0]].hit:
        return verdicts
    fact = facts[asked[0]]
    sentences = [
        (m.start(), m.end())
        for m in re.finditer(
            r"(?:[^.!?\n]|\b(?:i\.e|e\.g|vs|approx|ca)\.|\.(?=\S))+", text.text, re.IGNORECASE
        )
    ]
    same = restating(text)  # "-0.38 hours (i.e. 0 h -23 min)": the value again, no other one
    stating = [
        (a, b)
        for a, b in sentences
        if any(
            a <= n.start < b and n.start not in same and readings_for(fact.quantity, n, text.text)
            for n in text.numbers
        )
    ]
    if len(stating) < 2:
        return verdicts
    last = _Text.of(text.text[slice(*stating[-1])])
    if _number_hits(fact, last) or _about_another(text, stating, fact):
        return verdicts
    wrong = _wrong_value(ctx, fact, last)
    if wrong is None or stated_unit(wrong, last.text).share != fact.quantity.share:
        return verdicts  # "1.8 points, i.e. about 71% above": a share of another kind restates it
    out = list(verdicts)
    out[asked[0]] = _Verdict(False, f"its last statement says '{wrong.text}'")
    return out


#: a name (not a sentence's first word unless a label's "Name:") or a year
_NAMED = re.compile(r"(?<=[\w,;(]\s)[A-Z][a-z]{2,}\b|^\s*[A-Z][a-z]{2,}(?=:)|\b(?:19|20)\d\d\b", re.MULTILINE)


def _about_another(text: _Text, stating: list[tuple[int, int]], fact: _Fact) -> bool:
    """judge10: the last sentence that states a value names a thing or year the sentence that
    states the asked value does not ("Syria: 54.8% / Lebanon: 96.3%", "… Italy itself is plotted
    at 95% back in 2010"): a value of something else, no last word on the asked one."""
    first = next((t for t in (_Text.of(text.text[a:b]) for a, b in stating) if _number_hits(fact, t)), None)
    if first is None:
        return False
    own = {n.strip() for n in _NAMED.findall(first.text)}
    return bool({n.strip() for n in _NAMED.findall(text.text[slice(*stating[-1])])} - own)


def _carries(before: _Verdict, kind: str) -> bool:
    """A reasoning's verdict on a fact its conclusion leaves unsaid stands: a clean statement or
    a wrong read value."""
    return before.hit or before.soft


#: a marker that what follows says the answer again ("Put differently: ...")
_RESTATED = re.compile(
    r"\b(?:put\s+differently|in\s+other\s+words|to\s+put\s+it\s+(?:another\s+way|differently)|said\s+differently"
    r"|to\s+rephrase|that\s+is\s+to\s+say|equivalently|restated)\s*[:,]?",
    re.IGNORECASE,
)


def restated_otherwise(
    ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text
) -> tuple[list[_Fact], list[_Verdict]]:
    """judge10: an answer that says itself again ("Put differently: ...") commits to both
    statements: the verdicts with a contradiction added where the restatement, read alone,
    contradicts the reference, or states all the answer's values again with a label it gave left out."""
    m = _RESTATED.search(text.text)
    if m is None or not all(v.why == "" or v.hit for v in verdicts):
        return facts, verdicts
    again = _Text.of(text.text[m.end() :])
    scored, said = _assess(ctx, facts[: len(ctx.facts)], again)
    wrong = next((v.why for v in said if not v.hit and v.why), None)
    values = [i for i, f in enumerate(scored) if f.kind == "number" and not _is_year(f) and verdicts[i].hit]
    if wrong is None and values and all(said[i].hit for i in values):  # the whole answer said again
        dropped = [
            f.text
            for f, before, now in zip(scored, verdicts, said, strict=False)
            if f.kind == "label" and before.hit and not now.hit
        ]
        wrong = f"leaves out {dropped[0]}" if dropped else None
    if wrong is None:
        return facts, verdicts
    out = _Verdict(False, f"its restatement {wrong}")
    return [*facts, _Fact(len(facts), "label", "the answer's restatement")], [*verdicts, out]
