"""General answers in other languages and with bound units and periods, built from generated
questions (the frozen snapshots of seeds 11 and 23, as in :mod:`tests.judge.offline_cases`).

Each builder reads a question's reference and facts, never its id, and returns answers with
the verdict a careful grader gives them (pass: score >= 6). Answers in another language that
should pass may instead be marked uncertain (``certain: false``): they must never be a
certain fail; answers that should fail must fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tests.judge.offline_cases import Builder, Case, numbers, questions, restate

__all__ = ["CLASSES", "cases", "numbers", "questions"]

#: scale word of a fact unit -> (German, Spanish, French, Portuguese) words, and its factor
FOREIGN_SCALES = {
    "thousand": (("Tausend", "mil", "milliers de", "mil"), 1e3),
    "million": (("Millionen", "millones de", "millions de", "milhões de"), 1e6),
    "billion": (("Milliarden", "mil millones de", "milliards de", "bilhões de"), 1e9),
}
#: English pole of a label -> words for it (German, Spanish, French, Japanese, Chinese, Korean)
POLES = {
    "matches": ("stimmt mit dem Text überein", "coincide con el texto", "confirme le texte",
                "本文と一致しています", "与文本一致", "본문과 일치합니다"),
    "contradicts": ("widerspricht dem Text", "contradice el texto", "contredit le texte",
                    "本文と矛盾しています", "与文本不一致", "본문과 모순됩니다"),
    "rose": ("stieg", "subió", "a augmenté", "上昇しました", "上升了", "상승했습니다"),
    "fell": ("fiel", "bajó", "a baissé", "減少しました", "下降了", "감소했습니다"),
    "above": ("liegt darüber", "está por encima", "se situe au-dessus",
              "上回っています", "高于目标", "더 높습니다"),
    "below": ("liegt darunter", "está por debajo", "se situe en dessous",
              "下回っています", "低于目标", "더 낮습니다"),
}  # fmt: skip
OPPOSITE = {"matches": "contradicts", "contradicts": "matches", "rose": "fell", "fell": "rose",
            "above": "below", "below": "above"}  # fmt: skip


def _comma(text: str) -> str:
    return str(text).replace(".", ",")


def _cjk(value: float) -> str:
    """``value`` in 万 or 亿 (two decimals at most)."""
    if abs(value) >= 1e8:
        return f"{value / 1e8:.4g}亿"
    return f"{value / 1e4:.4g}万"


def _written(fact: dict[str, Any], lang: int, scale: str | None = None) -> str:
    """``fact`` written in language ``lang`` (German, Spanish, French, Portuguese): a decimal
    comma and that language's scale word (or the one of ``scale``)."""
    unit = str(fact["unit"] or "")
    word = unit.split()[0] if unit else ""
    if word not in FOREIGN_SCALES:
        return f"{_comma(fact['text'])} {unit}".strip()
    rest = unit[len(word) :].strip()
    return f"{_comma(fact['text'])} {FOREIGN_SCALES[scale or word][0][lang]} {rest}"


_LEADS = (
    "Laut Diagramm: {}.",
    "Según el gráfico: {}.",
    "D'après le graphique : {}.",
    "Segundo o gráfico: {}.",
)
_WRONG_SCALE = {"thousand": "million", "million": "billion", "billion": "million"}


def foreign_scales(q: dict[str, Any]) -> list[Case]:
    """The reference's values, and nothing else, in another language with its scale words or
    in 万/亿 (pass); the same with the asked value's digits under the next scale's word (fail)."""
    nums = numbers(q)
    if len(nums) != len(q["answer_values"]) or len(nums) > 3:
        return []
    scaled = [
        n for n in nums if str(n["unit"] or "").split()[:1] and str(n["unit"]).split()[0] in FOREIGN_SCALES
    ]
    if not scaled:
        return []
    out: list[Case] = []
    for lang, lead in enumerate(_LEADS):
        out.append((lead.format("; ".join(_written(n, lang) for n in nums)), True))
    for lang in (0, 1):
        wrong = [
            _written(n, lang, _WRONG_SCALE[str(n["unit"]).split()[0]])
            if n is scaled[0]
            else _written(n, lang)
            for n in nums
        ]
        out.append((_LEADS[lang].format("; ".join(wrong)), False))
    if len(nums) == 1:
        fact = scaled[0]
        value = float(fact["value"]) * FOREIGN_SCALES[str(fact["unit"]).split()[0]][1]
        if value >= 1e4:
            out.append((f"根据图表，该数值约为{_cjk(value)}。", True))
    return out


def foreign_verdicts(q: dict[str, Any]) -> list[Case]:
    """The reference's verdict or direction in another language, with its numbers (pass), and
    the opposite one with the same numbers (fail)."""
    poles = [str(v["text"]) for v in q["answer_values"] if v["kind"] == "label" and str(v["text"]) in POLES]
    others = [v for v in q["answer_values"] if v["kind"] == "label" and str(v["text"]) not in POLES]
    if len(poles) != 1 or others:
        return []
    pole = poles[0]
    values = " ".join(_comma(n["text"]) + ("%" if n["unit"] == "%" else "") for n in numbers(q))
    cjk_values = " ".join(str(n["text"]) + ("%" if n["unit"] == "%" else "") for n in numbers(q))
    out: list[Case] = []
    for i, lead in enumerate(
        ("Werte: {v}. Die Reihe {w}.", "Valores: {v}. La serie {w}.", "Valeurs : {v}. La série {w}.")
    ):
        out.append((lead.format(v=values, w=POLES[pole][i]), True))
        out.append((lead.format(v=values, w=POLES[OPPOSITE[pole]][i]), False))
    for i in (3, 4, 5):
        out.append((f"{cjk_values}：{POLES[pole][i]}", True))
        out.append((f"{cjk_values}：{POLES[OPPOSITE[pole]][i]}", False))
    return out


#: fact unit -> a unit of the same kind that states another amount with the same digits
WRONG_UNITS = {
    "million wafers": "thousand wafers",
    "billion USD": "million USD",
    "million USD": "thousand USD",
    "million tonnes": "thousand tonnes",
    "kg per hectare": "g per hectare",
    "tonnes per hectare": "kg per hectare",
    "%": "per thousand",
    "km²": "m²",
    "days": "hours",
}


def wrong_units(q: dict[str, Any]) -> list[Case]:
    """The reference with one value's digits in a unit or scale of the same kind that is not
    the fact's (``4.7 thousand tonnes`` for 4.7 million tonnes), and the value alone so: wrong."""
    out: list[Case] = []
    for fact in numbers(q):
        unit = str(fact["unit"] or "")
        if unit not in WRONG_UNITS:
            continue
        wrong = f"{fact['text']} {WRONG_UNITS[unit]}"
        near = [
            n
            for n in numbers(q)
            if n is not fact
            and abs(float(n["value"]) - float(fact["value"])) <= 0.05 * abs(float(fact["value"]))
        ]
        ref = None if near else restate(q, fact, wrong)  # (a near value would state this fact too)
        if ref is not None:
            out.append((ref, False))
        if len(q["answer_values"]) == 1:
            out += [(f"The chart shows {wrong}.", False), (f"**Answer:** {wrong}", False)]
    return out


def wrong_year(q: dict[str, Any]) -> list[Case]:
    """A read value the reference writes "in YEAR", said of another year the reference names:
    a wrong period, wrong however right the digits."""
    ref = q["reference"]
    years = set(re.findall(r"\b(?:19|20)\d\d\b", ref))
    for fact in numbers(q):
        if fact["abs_tol"] and not fact["rel_tol"]:
            continue  # a computed result has no year of its own
        unit = str(fact["unit"] or "")
        m = re.search(
            rf"(?<![\d.,]){re.escape(str(fact['text']))}\s*{re.escape(unit)}\s+in\s+((?:19|20)\d\d)\b", ref
        )
        others = sorted(years - {m.group(1)}) if m else []
        if m and others:
            said = f"{fact['text']} {unit}".strip()
            return [(f"In {others[0]} it was {said}.", False), (f"{said} in {others[-1]}.", False)]
    return []


def foreign_hedged(q: dict[str, Any]) -> list[Case]:
    """Two alternatives for the one asked value, in another language: neither is committed to."""
    nums = numbers(q)
    if len(nums) != 1 or len(q["answer_values"]) != 1 or re.fullmatch(r"(?:19|20)\d\d", str(nums[0]["text"])):
        return []
    fact = nums[0]
    unit = str(fact["unit"] or "")
    v, w = str(fact["text"]), f"{float(fact['value']) * 1.3:.1f}"
    return [
        (f"Vielleicht {_comma(v)} {unit}, oder {_comma(w)} {unit}.", False),
        (f"Entweder {_comma(v)} oder {_comma(w)} {unit}.", False),
        (f"Quizás {_comma(v)} {unit}, o tal vez {_comma(w)} {unit}.", False),
        (f"大概是{v}{unit}，或者{w}{unit}。", False),
        (f"たぶん{v}{unit}、または{w}{unit}です。", False),
    ]


CLASSES: dict[str, Builder] = {
    "foreign_hedged": foreign_hedged,
    "foreign_scales": foreign_scales,
    "foreign_verdicts": foreign_verdicts,
    "wrong_units": wrong_units,
    "wrong_year": wrong_year,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    for q in questions():
        for answer, ok in CLASSES[name](q):
            yield q, answer, ok
