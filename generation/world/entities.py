"""Entities a report compares, with the attributes their values scale with.

Countries come from well-kept data: names, ISO codes and groupings (UN regions, continents,
EU, OECD, G20, APEC, the euro area, the Council of Europe) and the regions of its model tables
(MESSAGE, IMAGE) from the table `country-converter` ships (read with :mod:`csv`, so the table
loads whatever pandas is installed), population and land area from `countryinfo`
(looked up by ISO code, `pycountry` resolving a name that code misses). Organisation and place
names (firms, sites, programmes) come from `faker`, seeded by the setting's key, so the same
setting always names the same entities. A country without a sea coast is tagged
``landlocked`` from ``data/landlocked.yaml`` (no package here tells). Age groups, sectors and
products are setting data.

Every entity carries ``population`` (people), ``area`` (km²) and ``size`` (a relative size
class: 1 for a medium firm or site): extensive metrics scale with one of them
(:mod:`generation.world.space`), and the plausibility rule bounds counts by ``population`` and
extents by ``area``. GDP is not in any offline package here; economic totals scale with
population.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import importlib.util
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from generation.plan.yaml_data import load_yaml

#: Size of each class of firm or site, relative to a medium one.
SIZE_CLASSES: dict[str, float] = {"small": 0.35, "medium": 1.0, "large": 2.8}
#: Reference attribute values: a metric's per-entity range in the theme data is the range of
#: an entity of this size; a larger entity's range scales in proportion.
REFERENCE: dict[str, float] = {"population": 50e6, "area": 500e3, "size": 1.0}


class EntityDataError(ValueError):
    """An entity source cannot be used: one line naming it and what to do."""


@dataclass(frozen=True)
class Entity:
    name: str
    kind: str
    population: float = 0.0
    area: float = 0.0
    size: float = 1.0
    size_class: str = ""
    #: What a theme may need of the entity (:func:`generation.world.space.fits`): a country's
    #: groupings and its regions in country-converter's model tables ("MESSAGE:WEU").
    tags: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    def attribute(self, name: str) -> float:
        """``population``, ``area`` or ``size`` of the entity."""
        value = {"population": self.population, "area": self.area, "size": self.size}.get(name)
        if value is None:
            raise KeyError(f"unknown entity attribute {name!r}; use population, area or size")
        return value


@dataclass(frozen=True)
class Country:
    name: str
    iso3: str
    population: float
    area: float
    groups: frozenset[str]
    #: ``groups`` and the country's regions in the converter's model tables ("IMAGE:Japan").
    tags: frozenset[str] = frozenset()

    def entity(self) -> Entity:
        return Entity(self.name, "country", self.population, self.area, 1.0, tags=self.tags)


#: Short names that read better than the converter's (used in titles and sentences); no name
#: holds a full stop or a comma, which would end or split a sentence of the prose
#: ("... with Micronesia, Fed. Sts. and Australia" read as two sentences).
_NAMES: dict[str, str] = {
    "Viet Nam": "Vietnam",
    "Turkey": "Türkiye",
    "DR Congo": "DR Congo",
    "Micronesia, Fed. Sts.": "Micronesia",
    "St. Kitts and Nevis": "Saint Kitts and Nevis",
    "St. Lucia": "Saint Lucia",
    "St. Vincent and the Grenadines": "Saint Vincent and the Grenadines",
}


#: The converter's regional model tables a country's tags name ("MESSAGE:WEU", "IMAGE:Japan"):
#: the regions energy and climate models group countries by, read as what a country is like.
_REGION_TABLES = ("MESSAGE", "IMAGE")


def _package_file(package: str, name: str) -> Path:
    """A data file shipped inside ``package``, found without importing it (``country_converter``
    imports pandas, 0.25 s of CPU, for a table read here with ``csv``)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"No module named {package!r}")
    return Path(next(iter(spec.submodule_search_locations))) / name


@functools.cache
def countries() -> tuple[Country, ...]:
    """UN member states with population and area, in the converter's order."""
    from countryinfo import CountryInfo

    try:
        table = _package_file("country_converter", "country_data.tsv")
        with table.open(encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh, delimiter="\t"))
    except (ModuleNotFoundError, OSError) as exc:
        raise EntityDataError(
            f"country-converter's table cannot be read ({exc}); pip install 'synthdocbench[generation]'"
        ) from None
    out = []
    for row in rows:
        if not row["UNmember"] or row["obsolete"]:
            continue
        info = _info(CountryInfo, row)
        if not info or not info.get("population") or not info.get("area"):
            continue
        groups = {row["UNregion"], row["continent"], row["Continent_7"]}
        groups |= {g for g in ("EU27", "G20", "APEC", "G7", "BRIC", "EURO", "CoE") if row[g]}
        if row["OECD"]:
            groups.add("OECD")
        name = _NAMES.get(row["name_short"], row["name_short"])
        groups -= {""}
        tags = groups | {f"{col}:{row[col]}" for col in _REGION_TABLES if row[col]}
        tags |= {LANDLOCKED} if row["ISO3"] in _landlocked() else set()
        population, area = float(info["population"]), float(info["area"])
        out.append(Country(name, row["ISO3"], population, area, frozenset(groups), frozenset(tags)))
    return tuple(out)


#: The tag of a country without a sea coast (``data/landlocked.yaml``).
LANDLOCKED = "landlocked"


@functools.cache
def _landlocked() -> frozenset[str]:
    """ISO3 codes of the countries ``data/landlocked.yaml`` lists (no installed package tells)."""
    source = resources.files("generation.world") / "data" / "landlocked.yaml"
    data = load_yaml(source.read_text(encoding="utf-8"))
    codes = data.get("landlocked") if isinstance(data, dict) else None
    if not isinstance(codes, list):
        raise EntityDataError(
            "generation/world/data/landlocked.yaml: expected a 'landlocked' list of ISO3 codes"
        )
    return frozenset(str(c) for c in codes)


def _info(country_info: type, row: dict[str, str]) -> dict[str, Any] | None:
    import pycountry
    from countryinfo.exceptions import CountryNotFoundError

    names = [row["ISO3"], row["name_short"], row["name_official"]]
    found = pycountry.countries.get(alpha_3=row["ISO3"])
    if found is not None:
        names += [found.name, getattr(found, "common_name", found.name)]
    for name in names:
        try:
            info: dict[str, Any] = country_info(name).info()
        except (CountryNotFoundError, ValueError, KeyError):
            continue
        return info
    return None


def group(name: str) -> list[Country]:
    """Countries of one grouping (a UN region, a continent, EU27, OECD, G20, APEC, G7, BRIC, EURO
    (the euro area), CoE (the Council of Europe))."""
    return [c for c in countries() if name in c.groups]


def _seed(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("\x1f".join(parts).encode()).digest()[:4], "big")


def faker_names(key: str, n: int, kind: str) -> list[str]:
    """``n`` distinct organisation or place names for setting ``key`` (faker, seeded by the key).

    ``kind`` is ``firm`` (company names), ``site`` (a town's name) or ``programme`` (a
    place's name, the programme is named after)."""
    from faker import Faker

    fake = Faker("en_GB")
    fake.seed_instance(_seed("entities", key, kind))
    out: list[str] = []
    for _ in range(50 * n):
        if len(out) == n:
            break
        name = fake.company() if kind == "firm" else fake.city()
        name = name.replace(" and ", " & ")
        if name not in out and len(name) <= 26 and not any(c in name for c in ".,;"):
            out.append(name)
    if len(out) < n:
        raise EntityDataError(f"faker gave too few distinct {kind} names for {key}")
    return out


def size_classes(key: str, n: int) -> list[str]:
    """A size class per entity of setting ``key``: at least one of each, the rest seeded."""
    import numpy as np

    rng = np.random.default_rng(_seed("sizes", key))
    names = list(SIZE_CLASSES)
    drawn = [names[i % 3] for i in range(min(n, 3))] + [names[int(rng.integers(3))] for _ in range(n - 3)]
    return [drawn[int(i)] for i in rng.permutation(n)]
