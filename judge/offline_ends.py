"""The two ends of a comparison (:func:`roles_swapped`, moved from :mod:`judge.offline_roles` in
the judge32 round): "A is 1.33 times B" or "A is above B" bound the other way round ("B is 1.33
times larger than A") contradicts the reference; "B is below A" is the same claim.
"""

from __future__ import annotations

import re

from judge import claims
from judge.offline_context import _Context
from judge.offline_facts import _Text

_HIGH = r"times|higher|larger|greater|bigger|more|above|exceeds?|exceeded|ahead\s+of|outstrips|tops"
_LOW = r"lower|smaller|less|fewer|below|behind|short\s+of|trails|lags"
_COMPARE = re.compile(rf"(?<![\w-])(?:(?P<high>{_HIGH})|(?P<low>{_LOW}))(?![\w-])", re.IGNORECASE)
_NOT_IDS = frozenset(
    [
        "times",
        "higher",
        "larger",
        "greater",
        "bigger",
        "more",
        "above",
        "exceeds",
        "ahead",
        "lower",
        "smaller",
        "less",
        "fewer",
        "below",
        "behind",
        "short",
        "than",
        "which",
        "what",
        "how",
        "many",
        "much",
        "chart",
        "figure",
        "series",
        "value",
        "values",
        "mark",
        "plotted",
        "titled",
        "ratio",
    ]
)
Comparison = tuple[frozenset[str], frozenset[str], int]


def _ids(ctx: _Context) -> set[str]:
    """Words that name a compared thing: the question's content words, the label facts' words
    and the years of the question and reference."""
    if "ids" not in ctx.memo:
        words = claims.content_words(ctx.question.text) | set(claims.YEAR.findall(ctx.reference.text))
        for f in ctx.facts:
            if f.kind == "label":
                words |= f.surface_words()
        ctx.memo["ids"] = {w for w in words if w not in _NOT_IDS}
    ids: set[str] = ctx.memo["ids"]
    return ids


def _comparisons(ctx: _Context, text: str) -> list[tuple[Comparison, str]]:
    """(left ids, right ids, polarity) of each sentence with a comparison cue, split at its
    first cue (a parenthesis after it is an aside)."""
    ids = _ids(ctx)
    out = []
    for a, b in claims.sentence_bounds(text):
        sentence = text[a:b]
        m = _COMPARE.search(sentence)
        if m is None:
            continue
        right = re.split(r"[(;]", sentence[m.end() :])[0]
        before = sentence[: m.start()]
        # "A leads: B comes out lower": the cue's own clause after a colon or semicolon (judge8)
        own = re.split(r"[:;]\s", before)[-1]
        left = claims.words(own) & ids or claims.words(before) & ids
        right_ids = claims.words(right) & ids
        only_left, only_right = frozenset(left - right_ids), frozenset(right_ids - left)
        if only_left and only_right:
            out.append(((only_left, only_right, 1 if m["high"] else -1), sentence.strip()))
    return out


def roles_swapped(ctx: _Context, text: _Text) -> str | None:
    """A comparison of the answer whose ends are the reference's the other way round."""
    refs = [c for c, _ in _comparisons(ctx, ctx.reference.text)]
    if not refs:
        return None
    for (left, right, sign), said in _comparisons(ctx, text.text):
        for r_left, r_right, r_sign in refs:
            same, crossed = (left & r_left and right & r_right), (left & r_right and right & r_left)
            if (sign == r_sign and crossed and not same) or (sign != r_sign and same and not crossed):
                return said
    return None
