"""Offline prose: sentence templates by rhetorical function, filled with topic vocabulary.

The templates are package data (``generation/document/data/prose.yaml``, :func:`bank`). Filler
sentences never contain a number other than a year of the topic's range, so the only other
numbers a document prints come from facts, tables, callouts and the fact-table sentences
(:mod:`generation.document.prose_facts`), all drawn through the number registry. Once claims are
attached (:meth:`ProseWriter.attach_claims`), every paragraph states one or two of them in
place of filler. Templates are used from a shuffled bag per function, so a template repeats
only after every other template of its function has been used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
import yaml

from generation.charts import registry
from generation.document.grammar import fill_agreement, plural_of, with_article
from generation.document.prose_facts import Claim, render_claim
from generation.world.topics import Topic, in_text

FUNCTIONS: tuple[str, ...] = ("context", "method", "finding", "caveat", "outlook", "transition")

#: Draws before a repeated sentence is accepted (practically never reached).
_MAX_REDRAWS = 40

#: Chance that a paragraph states a second figure of the fact table (it always states one).
DATA_SECOND_SENTENCE = 0.6

#: The template bank: ``generation/document/data/prose.yaml`` (package data).
BANK_FILE = "data/prose.yaml"

Bank = dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class ProseBank:
    """The sentence and paragraph templates of the offline prose, as read from :data:`BANK_FILE`."""

    templates: Bank
    openers: tuple[str, ...]
    tails: tuple[str, ...]
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
    return bank


@cache
def bank() -> ProseBank:
    """The template bank, read once per process from the package data."""
    text = resources.files("generation.document").joinpath(BANK_FILE).read_text(encoding="utf-8")
    return parse_bank(yaml.safe_load(text))


def cap(text: str) -> str:
    """Upper-case the first character only (keeps proper nouns and acronyms intact)."""
    return text[:1].upper() + text[1:]


def plural(noun: str) -> str:
    """``category`` -> ``categories``, ``source`` -> ``sources`` (inflect, not a suffix rule)."""
    return plural_of(noun)


def count_words(text: str) -> int:
    return len(text.split())


_ABSTRACT_SCOPE = (
    "It compares {kinds} on {concept} and {concept2}, and asks how far {driver} <explains:driver> "
    "the differences between them."
)


def _without_opener(text: str) -> str:
    """A data sentence without the connective a paragraph gave it ("In the underlying data, ...")."""
    for opener in bank().data_openers:
        if text.startswith(opener):
            rest = text[len(opener) :]
            return rest[:1].upper() + rest[1:]
    return text


class ProseWriter:
    """Writes the sentences of one document; all randomness comes from ``rng``."""

    def __init__(self, rng: np.random.Generator, topic: Topic) -> None:
        self.rng = rng
        self.topic = topic
        self._bags: dict[str, list[int]] = {}
        self._seen: set[str] = set()
        self._claims: list[Claim] = []
        self._data_rng: np.random.Generator | None = None
        #: the data sentences written so far, with the claim each states (for checks and tests)
        self.data_sentences: list[tuple[str, Claim]] = []
        #: the filler finding sentence of the abstract, if one was written
        self.abstract_finding: str | None = None

    def attach_claims(self, claims: Sequence[Claim], rng: np.random.Generator) -> None:
        """Claims about the report's fact table that later paragraphs state (one or two each).

        ``rng`` is a stream of its own, so the filler sentences stay the draws they were.
        """
        self._claims = list(reversed(claims))
        self._data_rng = rng

    def data_sentence(self, quiet: bool = False) -> str | None:
        """The next claim about the fact table as a sentence, or None when none is left.

        ``quiet``: the next claim that prints no number (next to a figure or table mention, a
        printed number would read as one of the figure's values).
        """
        rng = self._data_rng
        if not self._claims or rng is None:
            return None
        at = len(self._claims) - 1
        if quiet:
            at = next((i for i in range(at, -1, -1) if not self._claims[i].prints_numbers), -1)
            if at < 0:
                return None
        claim = self._claims.pop(at)
        options = bank().data[claim.template]
        template = options[int(rng.integers(len(options)))]
        text = render_claim(template, claim, self.topic)
        if not template.startswith(("{", "In ")) and rng.random() < 0.15:
            opener = bank().data_openers[int(rng.integers(len(bank().data_openers)))]
            text = opener + text[:1].lower() + text[1:]
        self._seen.add(text)
        self.data_sentences.append((text, claim))
        return text

    def quotable(self, start: int = 0, used: set[str] | frozenset[str] = frozenset()) -> str | None:
        """A data sentence written since ``data_sentences[start]`` that prints no number, ready to
        be repeated as a pull quote or in an abstract (its connective opener dropped), or None.

        The first one not in ``used`` is taken, so no draw is made and the prose stays as written.
        """
        for text, claim in self.data_sentences[start:]:
            if claim.prints_numbers:
                continue
            bare = _without_opener(text)
            if bare not in used:
                return bare
        return None

    # ---------------------------------------------------------------- helpers
    def _choice(self, items: Sequence[str]) -> str:
        return items[int(self.rng.integers(len(items)))]

    def _two(self, items: Sequence[str]) -> tuple[str, str]:
        # Two distinct indices from two integer draws (rng.choice without replacement is ~20x slower).
        i = int(self.rng.integers(len(items)))
        j = int(self.rng.integers(len(items) - 1))
        return items[i], items[j + (j >= i)]

    def _slots(self) -> dict[str, str]:
        t = self.topic
        concept, concept2 = self._two(t.concepts)
        entity, entity2 = (in_text(t, e) for e in self._two(t.entities))
        actor, actor2 = self._two(t.actors)
        source, source2 = self._two(t.sources)
        first, last = t.years
        slots = {
            "topic": t.phrase,
            "concept": concept,
            "concept2": concept2,
            "driver": self._choice(t.drivers),
            "risk": self._choice(t.risks),
            "entity": entity,
            "entity2": entity2,
            "actor": actor,
            "actor2": actor2,
            "source": source,
            "source2": source2,
            "kind": t.entity_kind,
            "kinds": t.entity_kind_plural,
            "a_kind": with_article(t.entity_kind),
            "year": str(int(self.rng.integers(first, last - 2))),
        }
        slots.update({cap(k): cap(v) for k, v in list(slots.items())})
        return slots

    def _next_template(self, function: str) -> str:
        bag = self._bags.get(function)
        if not bag:
            bag = [int(i) for i in self.rng.permutation(len(bank().templates[function]))]
            self._bags[function] = bag
        return bank().templates[function][bag.pop()]

    # ---------------------------------------------------------------- filler
    def sentence(self, function: str, opener: bool = True) -> str:
        """One filler sentence of a rhetorical function (no numbers other than a topic year).

        ``opener`` allows a connective such as "Moreover," in front (not for stand-alone quotes).
        A sentence already written in this document is redrawn; after the first collisions the
        redraws also add a closing clause and an opener, so long documents stay free of repeats.
        """
        if function not in bank().templates:
            raise ValueError(f"unknown rhetorical function {function!r}; choose from {', '.join(FUNCTIONS)}")
        text = ""
        for attempt in range(_MAX_REDRAWS):
            template = self._next_template(function)
            slots = self._slots()
            text = cap(fill_agreement(template, slots).format(**slots))
            if attempt >= 2 or self.rng.random() < 0.12:
                text = self._with_tail(text, slots)
            lead = text.split(",")[0]
            starts_with_marker = "," in text and len(lead.split()) <= 4
            may_open = opener and not template.startswith("{") and not starts_with_marker
            if may_open and self.rng.random() < (0.6 if attempt >= 1 else 0.2):
                text = self._choice(bank().openers) + text[:1].lower() + text[1:]
            if text not in self._seen:
                break
        self._seen.add(text)
        return text

    def _with_tail(self, text: str, slots: dict[str, str]) -> str:
        if not text.endswith(".") or text.count(",") >= 2:
            return text
        return text[:-1] + fill_agreement(self._choice(bank().tails), slots).format(**slots) + "."

    def paragraph(
        self, role: str, inserts: Sequence[str] = (), n_sentences: int | None = None, quiet: bool = False
    ) -> str:
        """A paragraph following the role's rhetorical plan, with ``inserts`` placed inside it.

        Once claims are attached, one or two of its sentences state figures of the fact table;
        ``quiet`` keeps those to claims that print no number (see :meth:`data_sentence`).
        """
        plan = bank().plans.get(role, bank().plans["analysis"])
        n = n_sentences if n_sentences is not None else int(self.rng.integers(4, 7))
        offset = int(self.rng.integers(len(plan)))
        sentences = [self.sentence(plan[(offset + i) % len(plan)]) for i in range(n)]
        if self._data_rng is not None and self._claims:
            # Every paragraph states one or two figures of the fact table in place of filler.
            rng = self._data_rng
            k = min(max(n - 1, 1), 1 + int(rng.random() < DATA_SECOND_SENTENCE))
            for position in sorted(int(i) for i in rng.permutation(n)[:k]):
                data = self.data_sentence(quiet)
                if data is not None:
                    sentences[position] = data
        for text in inserts:
            sentences.insert(int(self.rng.integers(1, len(sentences) + 1)), text)
        return " ".join(sentences)

    def section_title(self, role: str, used: set[str]) -> str:
        options = list(bank().titles[role])
        for i in self.rng.permutation(len(options)):
            title = cap(options[int(i)].format(**self._slots()))
            if title not in used:
                return title
        return f"{cap(self._choice(self.topic.concepts))} in focus"

    def subheading(self) -> str:
        return cap(self._choice(bank().subheadings).format(**self._slots()))

    # ---------------------------------------------------------------- charts and tables
    def chart_mention(
        self,
        figure: int,
        chart_type: str,
        metric: str,
        subject: str | None = None,
        x_metric: str | None = None,
    ) -> str:
        """Qualitative sentences about a figure; they name what is plotted, never a value."""
        t = self.topic
        family = registry.chart_type(chart_type).mention
        slots = self._slots()
        slots.update(
            n=str(figure),
            metric=metric,
            subject=in_text(t, subject or t.entities[0]),
            x_metric=x_metric or "",
            mix=t.mix.name,
            part_kind=t.mix.part_kind,
            part_kinds=plural(t.mix.part_kind),
        )
        mentions = bank().chart_mentions[family]
        first = cap(self._choice(mentions).format(**slots))
        unused = [f for f in bank().chart_follow_ups if f not in self._seen]
        follow_up = self._choice(unused) if unused else self.sentence("finding")
        self._seen.add(follow_up)
        return f"{first} {follow_up}"

    def table_mention(self, number: int) -> str:
        template = self._choice(bank().table_mentions)
        return template.format(number=number, kinds=self.topic.entity_kind_plural)

    # ---------------------------------------------------------------- fact sentences
    def metric_fact(self, entity: str, metric: str, year: str, q: str) -> str:
        template = self._choice(bank().metric_facts)
        entity = in_text(self.topic, entity)
        return cap(
            template.format(
                year=year,
                metric=metric,
                entity=entity,
                Entity=cap(entity),
                q=q,
                source=self._choice(self.topic.sources),
                Source=cap(self._choice(self.topic.sources)),
            )
        )

    def claim_fact(self, relation: str, actor: str, phrase: str, q: str) -> str:
        template = fill_agreement(self._choice(bank().claims[relation]), {"actor": actor})
        return cap(template.format(actor=actor, Actor=cap(actor), phrase=phrase, q=q))

    def trend_fact(self, phrase: str, direction: str, start: str, end: str) -> str:
        template = self._choice(bank().trend_facts)
        actor = self._choice(self.topic.actors)
        return cap(
            template.format(
                phrase=phrase, Phrase=cap(phrase), direction=direction, start=start, end=end, actor=actor
            )
        )

    def event_fact(self, year: str, actor: str, event: str) -> str:
        template = self._choice(bank().event_facts)
        return cap(template.format(year=year, actor=actor, Actor=cap(actor), event=event))

    def reception_fact(self, actor: str, stance: str, subject: str, reason: str) -> str:
        template = self._choice(bank().reception[stance])
        return cap(template.format(actor=actor, Actor=cap(actor), subject=subject, reason=reason))

    def reason(self, stance: str) -> str:
        return self._choice(bank().reasons[stance])

    # ---------------------------------------------------------------- callouts
    def abstract(self) -> str:
        """The abstract of an academic report; its finding sentence is :attr:`abstract_finding`,
        a placeholder that :meth:`ground_abstract` replaces by a finding of the report once its
        prose is written."""
        t = self.topic
        first, last = t.years
        source = self._choice(t.sources)
        concept, concept2 = self._two(t.concepts)  # two distinct ones (two draws, as before)
        slots = {"kinds": t.entity_kind_plural, "concept": concept, "concept2": concept2}
        slots["driver"] = self._choice(t.drivers)
        parts = [
            f"This report examines {t.phrase} from {first} to {last}, drawing on {source}.",
            fill_agreement(_ABSTRACT_SCOPE, slots).format(**slots),
            self.sentence("finding", opener=False),
            f"It closes with the main risks, notably {self._choice(t.risks)}, and the choices they imply.",
        ]
        self.abstract_finding = parts[2]
        return " ".join(parts)

    def ground_abstract(self, text: str, finding: str | None) -> str:
        """``text`` (from :meth:`abstract`) stating ``finding``, a data sentence of the report,
        in place of its filler finding; unchanged when there is none."""
        if finding is None or self.abstract_finding is None or self.abstract_finding not in text:
            return text
        return text.replace(self.abstract_finding, finding, 1)
