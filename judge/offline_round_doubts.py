"""The doubts of the judge20 to judge25 rounds' checks, weighed after the verdict (split from
:mod:`judge.offline`): a cause said both ways (:data:`offline_causes.UNTOLD`), a wrong path that
alone fails the answer (:data:`offline_support.WRONG_PATH`), an assertion of a pass the judge
cannot bind (:mod:`judge.offline_unbound`, judge25: a claim beyond the item), a shape of the
answer it reads only in part (:mod:`judge.offline_shapes`); judge27: a claim it reads but cannot
check (:mod:`judge.offline_unchecked`)."""

from __future__ import annotations

from judge import offline_shapes
from judge.offline_causes import UNTOLD
from judge.offline_checks import _Verdict
from judge.offline_context import _Context
from judge.offline_facts import _Fact
from judge.offline_support import WRONG_PATH, path_doubt
from judge.offline_unbound import UNBOUND, extra_claim, rival_cause, unbound
from judge.offline_unchecked import unchecked_claims


def round_doubts(
    ctx: _Context, facts: list[_Fact], verdicts: list[_Verdict], text: str, passes: bool
) -> list[str]:
    """Why a verdict on ``text`` (the answer as read) is uncertain, by these rounds' checks."""
    q, r = ctx.memo["raw"]
    unbound_claim = passes and (
        unbound(text, q, r, ctx.facts)
        or rival_cause(facts, verdicts, text, q, r)
        or bool(extra_claim(text, q, r))
    )
    return (
        [
            d
            for d, on in (
                (UNTOLD, ctx.memo["untold_cause"]),
                (WRONG_PATH, path_doubt(facts, verdicts)),
                (UNBOUND, unbound_claim),
            )
            if on
        ]
        + (offline_shapes.shape_doubts(ctx.memo["answer"], q, r) if passes else [])
        + unchecked_claims(facts, verdicts, text, r, passes)
    )
