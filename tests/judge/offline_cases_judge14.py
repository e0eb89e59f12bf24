"""General answers for the judge14 round's unit fixes (issue 25), built from generated
questions: every frozen question snapshot up to v13 (questions only, never their labelled
answers). Each builder reads a question's reference and facts, never its id, and rewrites the
reference into answers: the right forms must pass and the wrong forms must fail.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from tests.judge.offline_cases import DATA
from tests.judge.offline_cases_judge12 import SNAPSHOTS as _JUDGE12_SNAPSHOTS

#: every frozen question file up to v13 (their answers are not read here)
SNAPSHOTS = (*_JUDGE12_SNAPSHOTS, "offline_heldout_v13_questions.json")
Case = tuple[str, bool]  # (answer, whether it must pass)
_NUMBER = r"(?<![\d.,])(-?\d[\d,]*(?:\.\d+)?)"
_COUNTED = ("people", "households", "passengers", "vouchers")


def questions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in SNAPSHOTS:
        out += json.loads((DATA / name).read_text(encoding="utf-8"))["questions"]
    return out


def _units(q: dict[str, Any]) -> set[str]:
    return {str(f.get("unit") or "") for f in q["answer_values"] if f["kind"] == "number"}


def _swap(reference: str, unit: str, new: Callable[[str], str]) -> str:
    """``reference`` with every "<number> <unit>" rewritten by ``new`` (given the number)."""
    return re.sub(rf"{_NUMBER}\s+{re.escape(unit)}(?![\w²³])", lambda m: new(m.group(1)), reference)


def scale_noun(q: dict[str, Any]) -> list[Case]:
    """The asked values with the right scale word but a counted noun for the currency or the
    physical unit ("327.07 million people" for million USD, "5.3 million households" for
    million tonnes) fail; the reference's own unit, or its currency in words, passes."""
    scaled = re.compile(r"(?:thousand|million|billion) (?:USD|tonnes)")
    unit = next((u for u in sorted(_units(q)) if scaled.fullmatch(u)), "")
    if not unit or not re.search(rf"\d\s+{unit}", q["reference"]):
        return []
    scale, noun = unit.split()
    out = [(q["reference"], True)]
    if noun == "USD":
        out.append((_swap(q["reference"], unit, lambda v: f"{v} {scale} US dollars"), True))
    counted = _COUNTED[len(q["question"]) % len(_COUNTED)]
    out += [
        (_swap(q["reference"], unit, lambda v: f"{v} {scale} {counted}"), False),
        (_swap(q["reference"], unit, lambda v: f"{v} {scale} people"), False),
    ]
    return out


def _converted(value: str, factor: float) -> str:
    return f"{float(value.replace(',', '')) * factor:,.6g}"


#: a fact unit, then (right symbol, factor into it), (wrong symbol: the same digits)
_MASS = {
    "million tonnes": (("Mt", 1.0), ("kt", 1000.0), "kt"),
    "thousand tonnes": (("kt", 1.0), ("Mt", 0.001), "Mt"),
    "gCO₂ per kWh": (("gCO₂/kWh", 1.0), ("kgCO₂ per kWh", 0.001), "tCO₂ per kWh"),
    "kg per hectare": (("kg/ha", 1.0), ("t per hectare", 0.001), "t per hectare"),
    "GWh": (("GWh", 1.0), ("MWh", 1000.0), "MWh"),
}


def prefixed_mass(q: dict[str, Any]) -> list[Case]:
    """A mass (or energy) symbol with another prefix (``5.3 kt`` for 5.3 million tonnes, ``624
    tCO₂ per kWh`` for 624 gCO₂ per kWh, ``815 t per hectare`` for 815 kg) fails; the value
    converted into the symbol (``5,300 kt``, ``0.624 kgCO₂ per kWh``) passes."""
    unit = next((u for u in sorted(_units(q)) if u in _MASS), "")
    if not unit or not re.search(rf"\d\s+{re.escape(unit)}", q["reference"]):
        return []
    same, converted, wrong = _MASS[unit]
    return [
        (_swap(q["reference"], unit, lambda v: f"{v} {same[0]}"), True),
        (_swap(q["reference"], unit, lambda v: f"{_converted(v, converted[1])} {converted[0]}"), True),
        (_swap(q["reference"], unit, lambda v: f"{v} {wrong}"), False),
    ]


_RELATIVE_PCT = re.compile(rf"(?:\b(?:change|difference|growth) of\s+|which is\s+){_NUMBER}%")


def relative_percent(q: dict[str, Any]) -> list[Case]:
    """A relative change or a share of another value ("a change of -87.5%", "96.3% of the
    target") said in percentage points fails; in percent or "per cent" it passes."""
    m = _RELATIVE_PCT.search(q["reference"])
    if m is None or "%" not in _units(q):
        return []
    ref, at = q["reference"], m.start(1)
    end = m.end()
    return [
        (ref, True),
        (f"{ref[:at]}{m.group(1)} per cent{ref[end:]}", True),
        (f"{ref[:at]}{m.group(1)} percentage points{ref[end:]}", False),
        (f"{ref[:at]}{m.group(1)} pp{ref[end:]}", False),
    ]


_POINTS = re.compile(rf"{_NUMBER} percentage points")


def points_as_percent(q: dict[str, Any]) -> list[Case]:
    """Percentage points said as a percent the answer calls relative ("a relative change of
    2.5%", "2.5% of its earlier level") fail; as "%p", "pp" or a gap in "%" between two printed
    percentages, they pass. Where the reference prints no percentage (the quantity itself is in
    points), see :func:`points_quantity`."""
    asked = {str(f["text"]) for f in q["answer_values"] if f.get("unit") in ("pp", "percentage points")}
    m = next((n for n in _POINTS.finditer(q["reference"]) if n.group(1) in asked), None)
    if m is None:
        return []
    ref, v = q["reference"], m.group(1)
    before, after = ref[: m.start()], ref[m.end() :]
    out = [
        (ref, True),
        (f"{before}{v} pp{after}", True),
        (f"{before}{v}%p{after}", True),
        (f"{before}a relative change of {v}%{after}", False),
        (f"{before}{v}% of its earlier level{after}", False),
    ]
    return out


_SIDE = re.compile(
    rf"{_NUMBER} percentage points (above|below|higher|lower)( (?:than )?(?:that|it|the \w+))?"
)
_LEVEL = re.compile(rf"{_NUMBER}%")


def in_points(q: dict[str, Any]) -> dict[str, Any]:
    """``q`` for a chart whose quantity is itself in percentage points: its reference's
    percentages and its facts in percent written in points (``at 36.5%`` -> ``at 36.5
    percentage points``); a question with a relative change or share in percent is left as is."""
    if _RELATIVE_PCT.search(q["reference"]) or re.search(r"%\s+of\b", q["reference"]):
        return q
    facts = [{**f, "unit": "percentage points"} if f.get("unit") == "%" else f for f in q["answer_values"]]
    reference = _LEVEL.sub(lambda n: f"{n.group(1)} percentage points", q["reference"])
    return {**q, "reference": reference, "answer_values": facts}


def points_quantity(q: dict[str, Any]) -> list[Case]:
    """A quantity itself in percentage points (the reference prints no percentage; a question
    whose reference prints percentage levels is tried with them in points, :func:`in_points`): a
    gap of it said as a percent change ("0.508% above that", "above that by 0.508%") fails; said
    in points ("0.508 points above", "0.508 pp above") it passes."""
    asked = {str(f["text"]) for f in q["answer_values"] if f.get("unit") in ("pp", "percentage points")}
    ref = q["reference"]
    m = next((n for n in _SIDE.finditer(ref) if n.group(1) in asked), None)
    if m is None or "%" in ref:
        return []
    before, after, v, side, that = ref[: m.start()], ref[m.end() :], m.group(1), m.group(2), m.group(3) or ""
    return [
        (ref, True),
        (f"{before}{v} points {side}{that}{after}", True),
        (f"{before}{v} pp {side}{that}{after}", True),
        (f"{before}{v}% {side}{that}{after}", False),
        (f"{before}{side}{that} by {v}%{after}", False),
        (f"{before}{v} per cent {side}{that}{after}", False),
    ]


CLASSES: dict[str, Callable[[dict[str, Any]], list[Case]]] = {
    "scale_noun": scale_noun,
    "prefixed_mass": prefixed_mass,
    "relative_percent": relative_percent,
    "points_as_percent": points_as_percent,
    "points_quantity": points_quantity,
}


def cases(name: str) -> Iterator[tuple[dict[str, Any], str, bool]]:
    for q in questions():
        q = in_points(q) if name == "points_quantity" else q
        for answer, passes in CLASSES[name](q):
            yield q, answer, passes
