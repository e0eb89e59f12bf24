"""General answers for the judge23 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v22 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass, the wrong forms must fail (or, for the
classes of :data:`UNCERTAIN`, must not be certain passes).
"""

from __future__ import annotations

import re
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge22 as _judge22

#: every frozen question file up to v22 (their answers are not read here)
SNAPSHOTS = (*_judge22.SNAPSHOTS, "offline_heldout_v22_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
#: a name no question or reference uses
_RIVAL = "Westmarch"
#: a chart title the item quotes: three words or more
_TITLE = re.compile(r"\('(?P<t>[A-Z][^'\n]*?\s[^'\n]*?\s[^'\n]*?)'\)")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
#: lower-case nouns for a misquote (no capitalised name, which the judge doubts already)
_NOUNS = ("firms", "vessels", "permits")


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _title(q: dict[str, Any]) -> str | None:
    """The first title the question or reference quotes, with a lower-case word of four letters
    or more (the one a misquote replaces)."""
    m = _TITLE.search(f"{q['question']} {q['reference']}")
    if m is None or not re.search(r"\b[a-z]{4,}\b", m["t"]):
        return None
    return m["t"]


def title_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    return q if _title(q) is not None else None


def _misquotes(q: dict[str, Any], title: str) -> list[str]:
    """``title`` with its last lower-case word of four letters or more replaced by a noun the item
    does not use ("Number of firms" for "Number of districts"), and, where it has a year, with the
    year moved to one the item does not name."""
    item = f"{q['question']} {q['reference']}"
    noun = next(n for n in _NOUNS if n[:-1] not in item.lower())
    last = list(re.finditer(r"\b[a-z]{4,}\b", title))[-1]
    out = [f"{title[: last.start()]}{noun}{title[last.end() :]}"]
    for m in _YEAR.finditer(title):
        moved = str(int(m.group(0)) - 7)
        if moved not in item:
            out.append(f"{title[: m.start()]}{moved}{title[m.end() :]}")
            break
    return out


def misquoted_title(q: dict[str, Any]) -> list[Case]:
    """The reference with the chart's title quoted as the item gives it passes (single or double
    quotes, a hyphen for the dash); quoted with a word or year the item does not use it is no
    certain pass (rows marked False): labellers part on what a misquote costs."""
    title = _title(q)
    assert title is not None
    ref = q["reference"]
    out = [
        (f"In the chart titled '{title}': {ref}", True),
        (f'In the chart titled "{title.replace("–", "-")}": {ref}', True),
    ]
    out += [(f"In the chart titled '{wrong}': {ref}", False) for wrong in _misquotes(q, title)]
    return out


def unbound_claim(q: dict[str, Any]) -> list[Case]:
    """A right answer that also quotes a source or axis label in words the item never uses: the
    judge cannot check it, so it is no certain pass (rows marked False: not certain-pass)."""
    ref = q["reference"]
    return [
        (f'Source line "{_RIVAL} Statistical Bureau, revised series": {ref}', False),
        (f"On the vertical axis, labelled “number of {_RIVAL} permits issued”: {ref}", False),
        (f"Per the footnote «{_RIVAL} survey data, provisional»: {ref}", False),
    ]


def effect_made_possible(q: dict[str, Any]) -> list[Case]:
    """The credited factor put on the effect side of "made … possible", "enabled", "paved the way
    for", "gave rise to" fails; on the cause side it passes."""
    factor = _judge22._credited(q)
    assert factor is not None
    facts = _judge22._facts_said(q)
    return [
        (f"{facts}. {factor.capitalize()} made that change possible.", True),
        (f"{facts}. {factor.capitalize()} enabled the change.", True),
        (f"{facts}. The change is what made {factor} possible.", False),
        (f"{facts}. The change paved the way for {factor}.", False),
        (f"{facts}. The change enabled {factor}.", False),
        (f"{facts}. The change gave rise to {factor}.", False),
    ]


#: causes in lower case (no capitalised name, which the judge doubts already)
_RIVAL_CAUSES = ("the fuel subsidy reform", "the harbour dredging scheme", "the apprenticeship levy")


def rival_cause(q: dict[str, Any]) -> list[Case]:
    """A right answer that credits, besides the reference's factor, another one as the cause is
    no certain pass (rows marked False); the factor named as the main one alone passes."""
    factor = _judge22._credited(q)
    assert factor is not None
    facts = _judge22._facts_said(q)
    item = f"{q['question']} {q['reference']}".lower()
    rival = next(r for r in _RIVAL_CAUSES if not set(r.split()[1:]) & set(re.findall(r"[a-z]+", item)))
    return [
        (f"{facts}. The report credits {factor}, which it names as the main factor.", True),
        (f"{facts}. The report credits {factor}, but the change was the work of {rival}.", False),
        (f"{facts}. It adds that the change was driven by {rival}.", False),
        (f"{facts}. The report credits {factor}; the main reason, though, was {rival}.", False),
    ]


CLASSES: _judge18.Classes = {
    "misquoted_title": (title_asked, misquoted_title),
    "unbound_claim": (title_asked, unbound_claim),
    "effect_made_possible": (_judge22.credit_asked, effect_made_possible),
    "rival_cause": (_judge22.credit_asked, rival_cause),
}
#: classes whose False rows must not be certain passes (a fail, or an uncertain pass)
UNCERTAIN = frozenset({"misquoted_title", "unbound_claim", "rival_cause"})


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
