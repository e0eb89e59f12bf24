"""What a theme needs of a country and the places a title names, read from ``settings.yaml``.

A theme's ``needs`` names an entry of ``settings.yaml``'s ``needs``: tags (a country's groupings
in country-converter's table, "OECD", and its regions in the converter's model tables,
"MESSAGE:WEU") of which a fitting country holds one (``any``) and none (``none``); a theme with
a metric that needs a sea coast (``coast: true``) fits no landlocked country. ``places``
maps a place a setting's ``where`` may name to the groupings its countries lie in.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Any

from generation.plan.yaml_data import load_yaml
from generation.world.entities import LANDLOCKED, Entity


class RegionDataError(ValueError):
    """``settings.yaml``'s needs or places do not fit: one line naming the entry."""


@functools.cache
def _settings() -> dict[str, Any]:
    source = resources.files("generation.world") / "data" / "settings.yaml"
    data = load_yaml(source.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else {}


@functools.cache
def needs() -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Need name -> (tags a fitting country holds one of, empty for any; tags it holds none of),
    from ``settings.yaml``'s ``needs``."""
    out = {}
    for name, rec in (_settings().get("needs") or {}).items():
        if not isinstance(rec, dict) or set(rec) - {"any", "none"}:
            raise RegionDataError(
                f"generation/world/data/settings.yaml: need {name!r} must map 'any' and 'none' to tag lists"
            )
        out[str(name)] = (frozenset(rec.get("any", [])), frozenset(rec.get("none", [])))
    return out


@functools.cache
def _places() -> tuple[dict[str, frozenset[str]], re.Pattern[str]]:
    """``settings.yaml``'s ``places`` (place -> the groupings its countries lie in) and a pattern
    finding them in a title, the longest first, none inside a name: after "of" (the Council of
    Europe) or before a capitalised word (the Pacific Alliance)."""
    table = {str(k): frozenset(v) for k, v in (_settings().get("places") or {}).items()}
    names = "|".join(re.escape(p) for p in sorted(table, key=len, reverse=True)) or r"(?!x)x"
    return table, re.compile(rf"(?<!\bof )\b({names})\b(?! [A-Z])")


def named_places(title: str) -> frozenset[str]:
    """The groupings (continents, UN regions) of the places ``title`` names ("across the
    Asia-Pacific": Asia and Oceania); empty when it names none."""
    table, pattern = _places()
    return frozenset().union(*(table[m.group(1)] for m in pattern.finditer(title)))


def coast_parts(theme: dict[str, Any]) -> tuple[str, ...]:
    """The parts of ``theme``'s mix that need a sea coast (its mix's ``coast_parts``: coastal
    shipping of inland freight), which no landlocked country carries."""
    return tuple(theme["mix"].get("coast_parts", ()))


def needs_coast(theme: dict[str, Any]) -> bool:
    """True when a metric of ``theme`` needs a sea coast (``coast: true``: port container
    throughput) or a part of its mix does (:func:`coast_parts`), which no landlocked country is
    given."""
    return any(r.get("coast") for r in [*theme["metrics"], theme["mix"]["metric"]]) or bool(
        coast_parts(theme)
    )


def fits(theme: dict[str, Any], entity: Entity, coast: bool = True) -> bool:
    """True when ``entity`` is what ``theme`` needs (its ``needs``; with ``coast``, a sea coast
    for a metric that needs one): a theme without a need, or an entity that is no country, fits."""
    need = theme.get("needs")
    if not entity.tags:
        return True
    if coast and LANDLOCKED in entity.tags and needs_coast(theme):
        return False
    if need is None:
        return True
    wanted, barred = needs()[need]
    return (not wanted or bool(entity.tags & wanted)) and not entity.tags & barred
