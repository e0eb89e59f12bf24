"""The template bank of the offline prose (:mod:`generation.document.prose`): its sections, read
once per process from ``generation/document/data/prose.yaml`` and checked, with one clear line for
a file that is missing a section or holds something other than lists of sentences."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from generation.plan.yaml_data import load_yaml

FUNCTIONS: tuple[str, ...] = ("context", "method", "finding", "caveat", "outlook", "transition")

#: A claim kind's family in the bank's ``interpretations``.
INTERPRETATION_OF = {
    "value": "value",
    "change_up": "up",
    "change_values_up": "up",
    "change_down": "down",
    "change_values_down": "down",
    "compare_higher": "higher",
    "compare_lower": "lower",
    "rank_highest": "highest",
    "rank_lowest": "lowest",
    "ratio": "ratio",
}


#: The template bank: ``generation/document/data/prose.yaml`` (package data).
BANK_FILE = "data/prose.yaml"

Bank = dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class ProseBank:
    """The sentence and paragraph templates of the offline prose, as read from :data:`BANK_FILE`."""

    templates: Bank
    openers: tuple[str, ...]
    plans: Bank
    titles: Bank
    subheadings: tuple[str, ...]
    table_mentions: tuple[str, ...]
    reasons: Bank
    reception: Bank
    claims: Bank
    metric_facts: tuple[str, ...]
    trend_facts: tuple[str, ...]
    event_facts: tuple[str, ...]
    chart_mentions: Bank
    chart_follow_ups: tuple[str, ...]
    #: Sentences that read the report's fact table (:mod:`generation.document.prose_facts`), by claim kind.
    data: Bank
    #: Lead-ins a data sentence may start with.
    data_openers: tuple[str, ...]
    #: What a paragraph makes of its claim, by :data:`INTERPRETATION_OF` family.
    interpretations: Bank


class ProseBankError(ValueError):
    """The template file is missing a section or holds something other than lists of strings."""


def _strings(name: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise ProseBankError(
            f"{BANK_FILE}: {name} must be a non-empty list of sentences; fix the file or reinstall"
        )
    return tuple(value)


def parse_bank(data: object) -> ProseBank:
    """A :class:`ProseBank` from the parsed YAML; one :class:`ProseBankError` line names what is wrong."""
    if not isinstance(data, dict):
        raise ProseBankError(f"{BANK_FILE} must be a mapping of sections; fix the file or reinstall")
    fields: dict[str, object] = {}
    for f in ProseBank.__dataclass_fields__.values():
        if f.name not in data:
            raise ProseBankError(f"{BANK_FILE} has no {f.name!r} section; fix the file or reinstall")
        value = data[f.name]
        if f.type == "Bank":
            if not isinstance(value, dict) or not value:
                raise ProseBankError(
                    f"{BANK_FILE}: {f.name} must map names to lists of sentences; fix the file"
                )
            fields[f.name] = {str(k): _strings(f"{f.name}.{k}", v) for k, v in value.items()}
        else:
            fields[f.name] = _strings(f.name, value)
    bank = ProseBank(**fields)  # type: ignore[arg-type]
    missing = [f for f in FUNCTIONS if f not in bank.templates]
    if missing:
        raise ProseBankError(f"{BANK_FILE}: templates lacks the functions {missing}; fix the file")
    families = sorted(set(INTERPRETATION_OF.values()) - set(bank.interpretations))
    if families:
        raise ProseBankError(f"{BANK_FILE}: interpretations lacks {families}; fix the file")
    return bank


@cache
def bank() -> ProseBank:
    """The template bank, read once per process from the package data."""
    text = resources.files("generation.document").joinpath(BANK_FILE).read_text(encoding="utf-8")
    return parse_bank(load_yaml(text))
