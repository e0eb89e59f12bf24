"""General answers for the judge24 round's fixes (issue 25), built from generated questions:
every frozen question snapshot up to v23 (questions only, never their labelled answers). Each
builder reads a question's question text, reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass, the wrong forms must fail (or, for the
classes of :data:`UNCERTAIN`, must not be certain passes).
"""

from __future__ import annotations

import re
from typing import Any

from tests.judge import offline_cases_judge18 as _judge18
from tests.judge import offline_cases_judge23 as _judge23

#: every frozen question file up to v23 (their answers are not read here)
SNAPSHOTS = (*_judge23.SNAPSHOTS, "offline_heldout_v23_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
_SCALED = re.compile(r"\b(?P<n>\d[\d,]*(?:\.\d+)?)\s(?P<s>million|billion)\b")
_NUM = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.])")
_POSITIVE_VERDICTS = ("matches", "confirms", "consistent", "bears out", "in line with")


def questions() -> list[dict[str, Any]]:
    return [q for name in SNAPSHOTS for q in _judge18.questions_of(name)]


def _numbers(q: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in q["answer_values"] if f["kind"] == "number"]


def _labels(q: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in q["answer_values"] if f["kind"] == "label"]


def scale_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose number facts are all in millions or billions, each written in the
    reference with its scale word."""
    facts = _numbers(q)
    if not facts or not all(str(f["unit"] or "").split()[:1] in (["million"], ["billion"]) for f in facts):
        return None
    return q if all(f"{f['text']} {f['unit'].split()[0]}" in q["reference"] for f in facts) else None


def scale_letter(q: dict[str, Any]) -> list[Case]:
    """Values in millions or billions written with their scale's letter ("0.82M", "1.4 bn") pass;
    written with "k" (thousands) they fail: the letter is the value's scale."""
    ref = q["reference"]
    short = {"million": "M", "billion": "bn"}
    return [
        (_SCALED.sub(lambda m: f"{m['n']}{short[m['s']]}", ref), True),
        (_SCALED.sub(lambda m: f"{m['n']} {short[m['s']]}", ref), True),
        (_SCALED.sub(lambda m: f"{m['n']} k", ref), False),
        (_SCALED.sub(lambda m: f"{m['n']}k", ref), False),
    ]


def _gap(q: dict[str, Any]) -> tuple[dict[str, Any], str, str] | None:
    """A positive computed gap fact and two numbers of the reference it is the difference of."""
    ref = q["reference"]
    for f in _numbers(q):
        if not (f["abs_tol"] and not f["rel_tol"] and f["value"] > 0 and "." in f["text"]):
            continue
        decimals = len(f["text"].split(".")[1])
        nums = [n for n in dict.fromkeys(_NUM.findall(ref)) if n != f["text"]]
        for a in nums:
            for b in nums:
                if a != b and f"{float(a) - float(b):.{decimals}f}" == f["text"]:
                    return f, a, b
    return None


def gap_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question whose reference states an unsigned positive gap and the two values it comes
    from, and states no signed change."""
    if re.search(r"\bchang|[-−]\d", q["reference"]) or any(f["value"] < 0 for f in _numbers(q)):
        return None
    return q if _gap(q) is not None else None


def _rest(q: dict[str, Any], gap: dict[str, Any]) -> str:
    """The question's other facts, as a terse answer writes them ("Uganda; 2012; 4.7 million
    tonnes")."""
    said = [
        f["text"] if f["kind"] == "label" or not f["unit"] else f"{f['text']} {f['unit']}"
        for f in q["answer_values"]
        if f is not gap
    ]
    return "; ".join(said) or "Gap"


def accounting_equation(q: dict[str, Any]) -> list[Case]:
    """A terse answer that writes the gap as an equation ("Uganda: 4.7 − 1.3 = (3.4) million
    tonnes"): the result in accounting brackets is a negative gap and fails; without brackets it
    passes."""
    found = _gap(q)
    assert found is not None
    f, a, b = found
    unit = f" {f['unit']}" if f["unit"] else ""
    rest, gap = _rest(q, f), f["text"]
    return [
        (f"{rest}: {a} − {b} = {gap}{unit}", True),
        (f"{rest}. Difference = {gap}{unit}.", True),
        (f"{rest}: {a} − {b} = ({gap}){unit}", False),
        (f"{rest}. Difference = ({gap}){unit}.", False),
    ]


def _off_by(f: dict[str, Any], a: str, b: str) -> str | None:
    """The gap's printed value moved within its tolerance but beyond what the rounding of ``a``,
    ``b`` and the gap allows, at its printing; None when the tolerance leaves no such value."""
    decimals = len(f["text"].split(".")[1])
    step = 10.0**-decimals
    rounding = sum(0.5 * 10.0 ** -(len(t.split(".")[1]) if "." in t else 0) for t in (a, b, f["text"]))
    move = round(min(f["abs_tol"], 0.1 * f["value"]) * 0.9 / step) * step
    return f"{f['value'] + move:.{decimals}f}" if move > rounding + 1e-9 else None


def wrong_gap_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A :func:`gap_asked` question whose gap's tolerance holds a value its operands rule out."""
    found = _gap(q) if gap_asked(q) is not None else None
    return q if found is not None and _off_by(*found) is not None else None


def wrong_arithmetic(q: dict[str, Any]) -> list[Case]:
    """An answer that works the gap out with a wrong result and concludes with it fails, though
    the wrong result lies within the gap's tolerance; worked out right it passes."""
    found = _gap(q)
    assert found is not None
    f, a, b = found
    wrong = _off_by(f, a, b)
    assert wrong is not None
    ref = q["reference"]
    return [
        (f"Working: {a} − {b} = {f['text']}. {ref}", True),
        (f"Working: {a} − {b} = {wrong}. {ref.replace(f['text'], wrong)}", False),
        (f"{ref.replace(f['text'], wrong)} (Step: {a} − {b} = {wrong}.)", False),
        (f"Step 1: {a} − {b} = {wrong}.\nFinal answer: {ref.replace(f['text'], wrong)}", False),
    ]


def _value(q: dict[str, Any]) -> dict[str, Any] | None:
    """The first number fact, no year, whose printed value the reference writes."""
    return next(
        (
            f
            for f in _numbers(q)
            if f["text"] in q["reference"] and not re.fullmatch(r"(?:19|20)\d\d", f["text"])
        ),
        None,
    )


def value_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a number fact, no year, whose printed value the reference writes."""
    return q if _value(q) is not None else None


def _far(f: dict[str, Any]) -> str:
    """The fact's printed value made far off (half as large again), printed alike."""
    decimals = len(f["text"].split(".")[1]) if "." in f["text"] else 0
    return f"{f['value'] * 1.5 + 1:.{decimals}f}"


def reasoning_block(q: dict[str, Any]) -> list[Case]:
    """A reasoning block (``<think>…</think>``) is no part of the answer: what follows it is
    scored. A right answer after a wrong reasoning passes; a wrong one after a right reasoning
    fails."""
    f = _value(q)
    assert f is not None
    ref = q["reference"]
    wrong = ref.replace(f["text"], _far(f))
    return [
        (f"<think>{wrong}</think>\n{ref}", True),
        (f"<think>\nLet me read the chart. {wrong}\n</think>\n\n{ref}", True),
        (f"<think>{ref}</think>\n{wrong}", False),
        (f"<thinking>Reading the figure: {ref}</thinking>\nAnswer: {wrong}", False),
    ]


def verdict_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question that asks whether the chart bears the text out, with number facts."""
    verdicts = [f for f in _labels(q) if f["text"] in (*_POSITIVE_VERDICTS, "contradicts")]
    return q if len(verdicts) == 1 and _numbers(q) else None


def yaml_verdict(q: dict[str, Any]) -> list[Case]:
    """An answer written as a YAML mapping is read as its values: the verdict key's ``true`` or
    ``false`` is the verdict, never the key's own word ("matches: false" contradicts)."""
    verdict = next(f for f in _labels(q) if f["text"] in (*_POSITIVE_VERDICTS, "contradicts"))
    agrees = verdict["text"] != "contradicts"
    values = "\n".join(
        f"value_{i}: {f['text']}{' ' + f['unit'] if f['unit'] else ''}" for i, f in enumerate(_numbers(q), 1)
    )
    out = []
    for key in ("matches", "consistent_with_text"):
        for said in (True, False):
            body = f"{key}: {'true' if said else 'false'}\n{values}"
            out.append((f"```yaml\n{body}\n```", said == agrees))
    return out


def template_leak(q: dict[str, Any]) -> list[Case]:
    """A right answer followed by a chat template's tokens is no certain pass (rows marked False):
    the reply ran past its end, and labellers fail most such replies."""
    ref = q["reference"]
    return [
        (f"{ref}<|im_end|>\n<|im_start|>assistant", False),
        (f"{ref}<|eot_id|>", False),
        (f"{ref} [/INST]", False),
    ]


def counted_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a number fact in millions or thousands of people."""
    return (
        q if any(re.fullmatch(r"(?:thousand|million) people", str(f["unit"])) for f in _numbers(q)) else None
    )


def unbound_noun(q: dict[str, Any]) -> list[Case]:
    """A right value counted in a noun the item never uses ("0.821 million households" for people)
    is no certain pass (rows marked False); counted in people it passes."""
    ref = q["reference"]
    nouns = [n for n in ("households", "vehicles", "firms") if n[:-1] not in f"{q['question']} {ref}".lower()]
    out = [(ref, True)]
    out += [(re.sub(r"\b(thousand|million) people\b", rf"\1 {noun}", ref), False) for noun in nouns[:2]]
    return out


def cut_off(q: dict[str, Any]) -> list[Case]:
    """A reply cut off mid-sentence ("…, so the chart is the") is no certain pass (rows marked
    False): it never reached its conclusion."""
    ref = q["reference"].rstrip(".")
    return [
        (f"{ref}, so on balance the", False),
        (f"{ref}; comparing the two, the larger of them is", False),
    ]


def _transposed(text: str) -> str | None:
    """``text`` with its last two digits swapped ("71.3" → "73.1"), or None when they are alike."""
    at = [i for i, c in enumerate(text) if c.isdigit()][-2:]
    if len(at) < 2 or text[at[0]] == text[at[1]]:
        return None
    chars = list(text)
    chars[at[0]], chars[at[1]] = chars[at[1]], chars[at[0]]
    return "".join(chars)


def _close_pair(q: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """A read value (relative tolerance) of three digits or more whose transposed printing the
    item never writes, beside another number fact within its tolerance."""
    facts = _numbers(q)
    item = f"{q['question']} {q['reference']}"
    for f in facts:
        swapped = _transposed(f["text"])
        if not f["rel_tol"] or len(re.sub(r"\D", "", f["text"])) < 3 or swapped is None or swapped in item:
            continue
        tol = max(f["abs_tol"], f["rel_tol"] * abs(f["value"]))
        if any(g is not f and abs(g["value"] - f["value"]) <= tol for g in facts):
            return f, swapped
    return None


def transposed_asked(q: dict[str, Any]) -> dict[str, Any] | None:
    """A question with a :func:`_close_pair` fact the reference writes once."""
    found = _close_pair(q)
    return q if found is not None and q["reference"].count(found[0]["text"]) == 1 else None


def transposed_beside(q: dict[str, Any]) -> list[Case]:
    """A read value written with two digits swapped ("73.1" for 71.3) fails, even where another of
    the answer's values lies within its tolerance; written right it passes."""
    found = _close_pair(q)
    assert found is not None
    f, swapped = found
    ref = q["reference"]
    out = [(ref, True), (ref.replace(f["text"], swapped), False)]
    shift = float(swapped) - f["value"]
    for g in _numbers(q):
        tol = max(g["abs_tol"], g["rel_tol"] * abs(g["value"]))
        decimals = len(g["text"].split(".")[1]) if "." in g["text"] else 0
        moved = f"{g['value'] + shift:.{decimals}f}"
        if g is not f and abs(shift) <= tol and ref.count(g["text"]) == 1 and moved not in ref:
            out.append((ref.replace(f["text"], swapped).replace(g["text"], moved), False))  # misread alike
    return out


def retraction_in_words(q: dict[str, Any]) -> list[Case]:
    """A value taken back in words ("5.38% — sorry, 5.83%", "42, I mean 45") is withdrawn: what
    follows is the answer. The right value after the retraction passes; a wrong one fails."""
    f = _value(q)
    assert f is not None
    ref, right, wrong = q["reference"], f["text"], _far(f)
    return [
        (ref.replace(right, f"{wrong} — sorry, {right}", 1), True),
        (ref.replace(right, f"{wrong}, I mean {right},", 1), True),
        (ref.replace(right, f"{right} — sorry, {wrong}", 1), False),
        (ref.replace(right, f"{right}, I mean {wrong},", 1), False),
    ]


CLASSES: _judge18.Classes = {
    "scale_letter": (scale_asked, scale_letter),
    "accounting_equation": (gap_asked, accounting_equation),
    "wrong_arithmetic": (wrong_gap_asked, wrong_arithmetic),
    "reasoning_block": (value_asked, reasoning_block),
    "yaml_verdict": (verdict_asked, yaml_verdict),
    "template_leak": (value_asked, template_leak),
    "unbound_noun": (counted_asked, unbound_noun),
    "cut_off": (value_asked, cut_off),
    "transposed_beside": (transposed_asked, transposed_beside),
    "retraction_in_words": (value_asked, retraction_in_words),
}
#: classes whose False rows must not be certain passes (a fail, or an uncertain pass)
UNCERTAIN = frozenset({"template_leak", "unbound_noun", "cut_off"})


def cases(name: str) -> _judge18.Generated:
    return _judge18.cases_of(CLASSES, name, questions())
