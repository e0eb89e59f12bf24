"""Why the offline judge is unsure of its reading of one answer: the doubts of
:mod:`judge.certainty` weighed against what the checks found (a rival value is no doubt once
every value is stated; another unit none once every value was converted from it), and the
entity labels an answer in another language writes in its own words, neither right nor missing."""

from __future__ import annotations

import re

from judge import certainty, claims, foreign
from judge import offline_roles as roles
from judge.base import JudgeItem
from judge.offline_checks import _is_year, _Verdict
from judge.offline_context import _Context, _unknown_name, unquoted
from judge.offline_facts import _Fact, _is_entity, _Text, roughly_stated
from judge.offline_unchecked import swappable_values

_CAPITALISED = re.compile(r"(?<![\w-])[A-Z][^\W\d_]{2,}")


#: the options of a question ("Spain or Netherlands", "X versus Y"): names next to "or"
_OPTION = re.compile(r"[^,;:?]{0,40}\b(?:or|versus|vs\.?)\s+[^,;:?]{0,40}", re.IGNORECASE)


def _unread_names_dropped(
    ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: _Text
) -> tuple[list[_Fact], list[_Verdict]]:
    """An answer in another language names entities in its own words ("Syrien", "シリア"): an
    entity label it does not write is not read, neither right nor missing (the verdict is
    uncertain anyway); a year label is digits in any language and still counts, and so does a
    label where the answer writes another name of the question instead ("Yemen está por delante")."""
    asked = set(_CAPITALISED.findall(" ".join(_OPTION.findall(ctx.question.text))))
    labels = {
        w for f in facts if f.kind == "label" for n in (f.text, *f.names) for w in _CAPITALISED.findall(n)
    }
    other = set(_CAPITALISED.findall(text.text)) & asked - labels
    keep = [
        i
        for i, (f, v) in enumerate(zip(facts, verdicts, strict=True))
        if v.hit or v.why or not _is_entity(f) or f.text.strip().isdigit() or other
    ]
    if not keep:
        return facts, verdicts
    return [facts[i] for i in keep], [verdicts[i] for i in keep]


def _roles_by_order(ctx: _Context, facts: list[_Fact], text: _Text) -> bool:
    """Two entity labels the reference ties to nothing but their order ("the first was A; the
    second, B") come in the other order in the answer: their roles may be swapped."""
    spans = []
    for f in facts:  # not a contradiction the judge adds (the direction an answer's opposite stands in for)
        if f.index >= len(ctx.anchors) or not _is_entity(f) or ctx.anchors[f.index]:
            continue
        mine = claims.find_all(claims.phrase_pattern(f.text), text.text)
        ref = claims.find_all(claims.phrase_pattern(f.text), ctx.reference.text)
        if mine and ref:
            spans.append((ref[0].start, mine[0].start))
    order = [b for _, b in sorted(spans)]
    return len(order) >= 2 and order != sorted(order)


def _units_resolved(facts: list[_Fact], verdicts: list[_Verdict]) -> bool:
    """Every number fact with a unit was read in the answer's unit (converted) or found bound to
    a unit it cannot be: the answer's other unit is no doubt."""
    numbers = [(f, v) for f, v in zip(facts, verdicts, strict=True) if f.kind == "number" and not _is_year(f)]
    return bool(numbers) and all(
        f.unit and (v.hit or v.why.endswith("in another unit or scale")) for f, v in numbers
    )


def _doubts(
    item: JudgeItem,
    ctx: _Context,
    facts: list[_Fact],
    verdicts: list[_Verdict],
    read: tuple[str, _Text, str | None],
    hedged: bool,
    committed: bool,
) -> list[str]:
    """Why the verdict on the answer (``read``: its text, as read, and its language doubt) is
    uncertain (:mod:`judge.certainty`); empty when it is certain."""
    candidate, text, language = read
    missing_facts = [f for f, v in zip(facts, verdicts, strict=True) if not v.hit and not v.why]
    doubts = certainty.doubts(
        candidate,
        hedged=hedged,
        committed=committed,
        missing_labels=sum(1 for f in missing_facts if f.kind == "label"),
        conflicting=sum(1 for v in verdicts if v.conflict),
        numbers_missing_without_numbers=any(f.kind == "number" for f in missing_facts)
        and not text.numbers
        and certainty.says_numbers_in_words(candidate),
    )
    if language and language not in doubts:
        doubts.insert(0, language)
    if any(
        not v.hit and (not v.why or v.why.startswith("says")) and roughly_stated(f, text)
        for f, v in zip(facts, verdicts, strict=True)
    ):
        doubts.append(certainty.ROUNDED)
    doubts += certainty.reading_doubts(
        candidate,
        item.reference,
        item.question,
        [t for f in facts if f.kind == "number" for t, _ in f.targets],
        " | ".join(f"{f.text} {f.unit}" for f in facts if f.kind == "number"),
    )
    if _roles_by_order(ctx, facts, text) and certainty.SWAPPED not in doubts:
        doubts.append(certainty.SWAPPED)
    if all(v.hit for f, v in zip(facts, verdicts, strict=True) if f.kind == "number"):
        doubts = [d for d in doubts if d != certainty.RIVAL]  # no rival stands next to a stated value
    if _units_resolved(facts, verdicts):
        doubts = [d for d in doubts if d != certainty.OTHER_UNIT]
    if not language:
        unknown = [
            n
            for n in roles.names_in(ctx, unquoted(text.text))
            if _unknown_name(ctx, n) and not re.match(r"I\b", n)
        ]
        if unknown:  # a name the item never gives may be a wrong entity the checks cannot bind
            doubts.append(certainty.UNKNOWN_NAME.format(unknown[0]))
    return doubts


def bound_roles(ctx: _Context) -> bool:
    """The item binds values or verdicts to roles an answer in another language states in words
    the judge does not read: two receptions of two actors, or a ratio or share whose two ends
    may be swapped ("越南2022年约为2015年的1.23倍"), or (judge27) two values of one unit
    in a script the gloss table has no word of."""
    stances = [f for f in ctx.facts if f.pole is not None and f.pole[0] == "stance"]
    return (
        len(stances) >= 2
        or any(f.pivot is not None for f in ctx.facts)
        or (swappable_values(ctx.facts) and foreign.unglossed_script(ctx.memo["answer"]))
    )
