"""Offline prose: sentence templates by rhetorical function, filled with topic vocabulary.

The templates are package data (``generation/document/data/prose.yaml``, read by
:func:`generation.document.prose_bank.bank`). Filler
sentences never contain a number other than a year of the topic's range, so the only other
numbers a document prints come from facts, tables, callouts and the fact-table sentences
(:mod:`generation.document.prose_facts`), all drawn through the number registry. Once claims are
attached (:meth:`ProseWriter.attach_claims`), every paragraph states one or two of them in
place of filler. Templates are used from a shuffled bag per function, so a template repeats
only after every other template of its function has been used.

Paragraph plan (issue 24, point 4): a paragraph that states the fact table opens with its
claim, may add evidence (a second claim on the same metric), then gives an interpretation of
the claim (a cause or reading drawn from the report's actors, drivers and risks, by the
claim's direction), then filler of its role, and may close with a transition. No clause is
appended to a finished sentence. A sentence whose masked template (numbers, years, entity
names and metric phrases masked, :func:`generation.document.prose_stats.template_mask`) this report
has already used is redrawn, so few sentences of a report share a template.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np

from generation.charts import registry
from generation.charts.names import in_sentence
from generation.document.prose_bank import FUNCTIONS, INTERPRETATION_OF, bank
from generation.document.prose_facts import Claim, claim_slots, render_claim
from generation.document.prose_stats import names_pattern, repeated_phrase, template_mask
from generation.world.grammar import agreed, fill_agreement, plural_of, with_article, with_the
from generation.world.table import change_metric, share_metric
from generation.world.topics import Topic, in_text

#: Draws before a repeated sentence (or masked template) is accepted.
_MAX_REDRAWS = 40
#: Draws of a data sentence's template and lead-in before a repeated masked template is accepted.
_DATA_REDRAWS = 12
#: Chance that a data sentence starts with a lead-in (``data_openers``).
DATA_OPENER = 0.5
#: Chance that a paragraph stating the fact table closes with a transition.
TRANSITION = 0.25
#: Functions a connective opener ("Moreover, ") may start; a transition already connects.
_OPENER_FUNCTIONS = frozenset({"context", "finding", "caveat", "outlook", "method"})
#: Head nouns of a source that already names data ("central bank trade data"): such a source is
#: itself the data, not something data come from (:func:`source_as_data`).
DATA_NOUNS = frozenset({"data", "statistics", "figures", "estimates", "series"})

#: The one slot of a subheading template ("{Concept} in practice", "Lessons from {entity}").
_SLOT = re.compile(r"\{(\w+)\}")

#: Chance that a paragraph states a second figure of the fact table (it always states one).
DATA_SECOND_SENTENCE = 0.6


def cap(text: str) -> str:
    """Upper-case the first character only (keeps proper nouns and acronyms intact)."""
    return text[:1].upper() + text[1:]


#: :func:`cap` of the slot names and values a writer fills templates with: a document draws a
#: slot dictionary thousands of times from one topic's few hundred words, so each is capitalised once
#: per process (the same strings; a bounded cache, as words of other topics come and go).
_cap_slot = lru_cache(maxsize=65536)(cap)


#: A template slot naming a chart's items by their noun.
_NAMES_KIND = re.compile(r"\{(?:kind|kinds|a_kind)\}")
_YEAR = re.compile(r"\d{4}")


def item_nouns(topic: Topic, items: Sequence[str]) -> tuple[str, str] | None:
    """(singular, plural) noun for a chart's ``items`` by what they are: the topic's entities
    ("country", "countries"), parts of its mix ("sector", "sectors") or years; None for items of
    any other kind (a funnel's stages, a histogram's bins, "2016 level") or of several kinds. No
    items: the entities, as a chart whose items are not known is read."""
    names = set(items)
    if not names or names <= set(topic.entities):
        return topic.entity_kind, topic.entity_kind_plural
    if names <= set(topic.mix.parts):
        return topic.mix.part_kind, plural(topic.mix.part_kind)
    if all(_YEAR.fullmatch(n) for n in names):
        return "year", "years"
    return None


def plural(noun: str) -> str:
    """``category`` -> ``categories``, ``source`` -> ``sources`` (inflect, not a suffix rule)."""
    return plural_of(noun)


def _is_name(text: str, claim: Claim, topic: Topic) -> bool:
    """Whether ``text`` starts with a proper name (an entity keeps its capital after a lead-in)."""
    names = [in_text(topic, e) for e in claim.entities]
    return any(text.startswith(n) and n[:1].isupper() for n in names)


def source_as_data(source: str) -> str:
    """``source`` named as the data it gives ("data from customs records"), or the source alone
    when its own head noun already says so ("central bank trade data", not "data from central
    bank trade data")."""
    return source if source.split()[-1] in DATA_NOUNS else f"data from {source}"


def count_words(text: str) -> int:
    return len(text.split())


_ABSTRACT_SCOPE = (
    "It compares {kinds} on {concept} and {concept2}, and asks how far {driver} <explains:driver> "
    "the differences between them."
)


def topic_mask(topic: Topic) -> Callable[[str], str]:
    """:func:`~generation.document.prose_stats.template_mask` of the topic's entities and metric phrases."""
    entities = {e for e in topic.entities} | {in_text(topic, e) for e in topic.entities}
    metrics: set[str] = set()
    for m in (*topic.metrics, topic.mix.metric, share_metric(topic)):
        metrics |= {m.name, m.unit_label, change_metric(m).name}
    metrics.discard("%")
    return template_mask(sorted(entities), sorted(metrics))


def topic_names(topic: Topic) -> re.Pattern[str] | None:
    """The names a sentence of the topic may print more than once: its entities (as labels and
    as a sentence names them), its mix's parts and its units, a scale lower too
    (:func:`~generation.document.prose_stats.names_pattern`)."""
    labels = (*topic.entities, *topic.mix.parts)
    units = {m.unit_label for m in (*topic.metrics, topic.mix.metric)}
    forms = {x for e in labels for x in (e, in_sentence(e, topic))} | {
        in_text(topic, e) for e in topic.entities
    }
    return names_pattern(forms | units | {u.partition(" ")[2] for u in units})


def _singular_metrics(topic: Topic) -> re.Pattern[str] | None:
    """The topic's singular metric names ("median download speed", not "households with ..."),
    as a pattern matching the start of a phrase."""
    names = {m.name for m in (*topic.metrics, topic.mix.metric, share_metric(topic))}
    names |= {change_metric(m).name for m in topic.metrics}
    single = sorted((n for n in names if n and with_the(n) != n), key=len, reverse=True)
    if not single:
        return None
    return re.compile(rf"(?:{'|'.join(re.escape(n) for n in single)})(?![\w-])", re.I)


class ProseWriter:
    """Writes the sentences of one document; all randomness comes from ``rng``."""

    def __init__(self, rng: np.random.Generator, topic: Topic) -> None:
        self.rng = rng
        self.topic = topic
        self._bags: dict[str, list[int]] = {}
        self._seen: set[str] = set()
        self._mask = topic_mask(topic)
        #: what a sentence may say twice (:meth:`_fresh_template`)
        self._names = topic_names(topic)
        first, last = topic.years
        two = (len(topic.concepts), len(topic.entities), len(topic.actors), len(topic.sources))
        #: the bounds of :meth:`_slots_from`'s draws (the second of a pair skips the first)
        self._slot_low = np.array([0] * 10 + [first])
        self._slot_high = np.array(
            [n - k for n in two for k in (0, 1)] + [len(topic.drivers), len(topic.risks), last - 2]
        )
        #: each source as the data it gives (:func:`source_as_data`)
        self._as_data = [source_as_data(s) for s in topic.sources]
        #: a singular metric of the topic opening a phrase (:meth:`the_metric`)
        self._singular = _singular_metrics(topic)
        #: masked templates of the sentences written so far
        self._masks: set[str] = set()
        #: a data sentence -> the same sentence without its lead-in (for pull quotes and abstracts)
        self._bare: dict[str, str] = {}
        self._claims: list[Claim] = []
        self._data_rng: np.random.Generator | None = None
        #: the data sentences written so far, with the claim each states (for checks and tests)
        self.data_sentences: list[tuple[str, Claim]] = []
        #: the filler finding sentence of the abstract, if one was written
        self.abstract_finding: str | None = None
        #: the subheadings written so far (a report never repeats one)
        self._subheadings: set[str] = set()

    def attach_claims(self, claims: Sequence[Claim], rng: np.random.Generator) -> None:
        """Claims about the report's fact table that later paragraphs state (one or two each).

        ``rng`` is a stream of its own, so the filler sentences stay the draws they were.
        """
        self._claims = list(reversed(claims))
        self._data_rng = rng

    def data_sentence(self, quiet: bool = False, like: Claim | None = None) -> str | None:
        """The next claim about the fact table as a sentence, or None when none is left.

        ``quiet``: the next claim that prints no number (next to a figure or table mention, a
        printed number would read as one of the figure's values). ``like``: prefer a claim on
        the same metric (the evidence of a paragraph's claim).
        """
        claim = self._take_claim(quiet, like)
        if claim is None:
            return None
        return self._write_claim(claim)

    def _take_claim(self, quiet: bool, like: Claim | None = None) -> Claim | None:
        if not self._claims or self._data_rng is None:
            return None
        at = len(self._claims) - 1
        if quiet:
            at = next((i for i in range(at, -1, -1) if not self._claims[i].prints_numbers), -1)
            if at < 0:
                return None
        if like is not None:
            same = (
                i
                for i in range(len(self._claims) - 1, -1, -1)
                if self._claims[i].metric.name == like.metric.name
                and not (quiet and self._claims[i].prints_numbers)
            )
            at = next(same, at)
        return self._claims.pop(at)

    def _write_claim(self, claim: Claim) -> str:
        rng = self._data_rng
        assert rng is not None
        options = bank().data[claim.template]
        slots = self._slots_from(rng)
        drawn: list[tuple[str, str]] = []
        for _ in range(_DATA_REDRAWS):
            bare = cap(render_claim(options[int(rng.integers(len(options)))], claim, self.topic))
            text = bare
            if rng.random() < DATA_OPENER:
                opener = bank().data_openers[int(rng.integers(len(bank().data_openers)))]
                lead = fill_agreement(opener, slots).format(**slots)
                keep = _is_name(bare, claim, self.topic)
                text = cap(lead) + (bare if keep else bare[:1].lower() + bare[1:])
            drawn.append((text, bare))
            if self._fresh_template(text):
                break
        text, bare = self._best(drawn)
        self._note(text)
        self._bare[text] = bare
        self.data_sentences.append((text, claim))
        return text

    def interpretation(self, claim: Claim) -> str:
        """What the paragraph makes of ``claim``: a cause or reading from the report's actors,
        drivers and risks, by the claim's direction (no year, no number)."""
        rng = self._data_rng if self._data_rng is not None else self.rng
        options = bank().interpretations[INTERPRETATION_OF[claim.template]]
        slots = claim_slots(claim, self.topic)
        drawn: list[tuple[str, str]] = []
        for _ in range(_DATA_REDRAWS):
            slots.update(self._slots_from(rng))
            slots.update(claim_slots(claim, self.topic))
            template = options[int(rng.integers(len(options)))]
            drawn.append((cap(fill_agreement(template, slots).format(**slots)), ""))
            if self._fresh_template(drawn[-1][0]):
                break
        text = self._best(drawn)[0]
        self._note(text)
        return text

    def _fresh_template(self, text: str) -> bool:
        """A sentence not written before, of a template not used before, that says no two-word
        phrase twice ("the figures ... the figures": a lead-in and its sentence)."""
        fresh = text not in self._seen and self._mask(text) not in self._masks
        return fresh and repeated_phrase(text, self._names) is None

    def _best(self, drawn: list[tuple[str, str]]) -> tuple[str, str]:
        """The last draw when its template is fresh, else the first that is no exact repeat, else the last."""
        if self._fresh_template(drawn[-1][0]):
            return drawn[-1]
        return next((d for d in drawn if d[0] not in self._seen), drawn[-1])

    def _note(self, text: str) -> None:
        self._seen.add(text)
        self._masks.add(self._mask(text))

    def quotable(self, start: int = 0, used: set[str] | frozenset[str] = frozenset()) -> str | None:
        """A data sentence written since ``data_sentences[start]`` that prints no number, ready to
        be repeated as a pull quote or in an abstract (its connective opener dropped), or None.

        The first one not in ``used`` is taken, so no draw is made and the prose stays as written.
        """
        for text, claim in self.data_sentences[start:]:
            if claim.prints_numbers:
                continue
            bare = self._bare.get(text, text)
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
        return self._slots_from(self.rng)

    def _slots_from(self, rng: np.random.Generator) -> dict[str, str]:
        t = self.topic
        # The eleven indices in one call: numpy draws each bound of an array as it draws a scalar,
        # from the same stream, so these are the numbers eleven scalar draws in this order gave
        # (two distinct concepts, entities, actors and sources, a driver, a risk, a year).
        drawn = rng.integers(self._slot_low, self._slot_high).tolist()
        c, c2, e, e2, a, a2, s, s2, d, r, year = drawn
        slots = {
            "topic": t.phrase,
            "concept": t.concepts[c],
            "concept2": t.concepts[c2 + (c2 >= c)],
            "driver": t.drivers[d],
            "risk": t.risks[r],
            "entity": in_text(t, t.entities[e]),
            "entity2": in_text(t, t.entities[e2 + (e2 >= e)]),
            "actor": t.actors[a],
            "actor2": t.actors[a2 + (a2 >= a)],
            "source": t.sources[s],
            "source2": t.sources[s2 + (s2 >= s)],
            "source_data": self._as_data[s],
            "kind": t.entity_kind,
            "kinds": t.entity_kind_plural,
            "a_kind": with_article(t.entity_kind),
            "year": str(year),
        }
        slots.update({_cap_slot(k): _cap_slot(v) for k, v in list(slots.items())})
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

        ``opener`` allows a connective such as "Moreover," in front (not for stand-alone quotes,
        nor for transitions). A sentence whose masked template this document has already
        used is redrawn; after the first collisions the redraws are more likely to add an opener.
        """
        if function not in bank().templates:
            raise ValueError(f"unknown rhetorical function {function!r}; choose from {', '.join(FUNCTIONS)}")
        drawn: list[tuple[str, str]] = []
        for attempt in range(_MAX_REDRAWS):
            template = self._next_template(function)
            slots = self._slots()
            text = cap(fill_agreement(template, slots).format(**slots))
            lead = text.split(",")[0]
            starts_with_marker = "," in text and len(lead.split()) <= 4
            may_open = (
                opener
                and function in _OPENER_FUNCTIONS
                and not template.startswith("{")
                and not starts_with_marker
            )
            if may_open and self.rng.random() < (0.5 if attempt >= 1 else 0.2):
                text = self._choice(bank().openers) + text[:1].lower() + text[1:]
            drawn.append((text, ""))
            if self._fresh_template(text):
                break
        text = self._best(drawn)[0]
        self._note(text)
        return text

    def paragraph(
        self, role: str, inserts: Sequence[str] = (), n_sentences: int | None = None, quiet: bool = False
    ) -> str:
        """A paragraph of ``role`` with ``inserts`` (text facts) placed inside it.

        Once claims are attached, a paragraph follows the plan of the module docstring (claim,
        evidence, interpretation, filler, transition); ``quiet`` paragraphs (next to a figure
        or table mention) state one or two claims that print no number among filler instead.
        """
        plan = bank().plans.get(role, bank().plans["analysis"])
        n = n_sentences if n_sentences is not None else int(self.rng.integers(4, 7))
        offset = int(self.rng.integers(len(plan)))
        rng = self._data_rng
        if rng is not None and self._claims and not quiet and n >= 3:
            sentences = self._planned(plan, offset, n, rng)
        else:
            sentences = [self.sentence(plan[(offset + i) % len(plan)]) for i in range(n)]
            if rng is not None and self._claims:
                k = min(max(n - 1, 1), 1 + int(rng.random() < DATA_SECOND_SENTENCE))
                for position in sorted(int(i) for i in rng.permutation(n)[:k]):
                    data = self.data_sentence(quiet)
                    if data is not None:
                        sentences[position] = data
        for text in inserts:
            sentences.insert(int(self.rng.integers(1, len(sentences) + 1)), text)
        return " ".join(sentences)

    def _planned(self, plan: Sequence[str], offset: int, n: int, rng: np.random.Generator) -> list[str]:
        """Claim, evidence (sometimes), interpretation, filler of the role, a transition (sometimes)."""
        claim = self._take_claim(False)
        assert claim is not None
        sentences = [self._write_claim(claim)]
        if n >= 4 and rng.random() < DATA_SECOND_SENTENCE:
            evidence = self._take_claim(False, like=claim)
            if evidence is not None:
                sentences.append(self._write_claim(evidence))
        sentences.append(self.interpretation(claim))
        closing = rng.random() < TRANSITION
        rest = n - len(sentences) - int(closing)
        sentences += [self.sentence(plan[(offset + i) % len(plan)]) for i in range(max(rest, 0))]
        if closing:
            sentences.append(self.sentence("transition"))
        return sentences

    def section_title(self, role: str, used: set[str]) -> str:
        options = list(bank().titles[role])
        for i in self.rng.permutation(len(options)):
            slots = self._slots()
            title = cap(fill_agreement(options[int(i)], slots).format(**slots))
            if title not in used:
                return title
        return f"{cap(self._choice(self.topic.concepts))} in focus"

    def subheading(self, under: str = "") -> str:
        """A subheading this report has not used for the paragraph ``under`` it, naming a concept,
        driver or entity that paragraph mentions where one does (its first mention first).

        The draws are those of a free choice (slots, then a template), so the prose after it stays
        as it was; the drawn template comes first, then the others in the bank's order.
        """
        slots, t, text = self._slots(), self.topic, under.lower()
        names = {
            "entity": tuple(in_text(t, e) for e in t.entities),
            "driver": t.drivers,
            "concept": t.concepts,
        }
        options = bank().subheadings
        start = options.index(self._choice(options))
        candidates: list[dict[str, str]] = []
        for template in options[start:] + options[:start]:
            name = _SLOT.findall(template)[0].lower()
            named = sorted((v for v in names[name] if v.lower() in text), key=lambda v: text.index(v.lower()))
            named = [slots[name]] * (slots[name] in named) + named
            candidates += [{**slots, name: v, cap(name): cap(v), "_": template} for v in named]
        candidates.append({**slots, "_": options[start]})
        titles = [cap(fill_agreement(c["_"], c).format(**c)) for c in candidates]
        title = next((title for title in titles if title not in self._subheadings), titles[-1])
        self._subheadings.add(title)
        return title

    # ---------------------------------------------------------------- charts and tables
    def chart_mention(
        self,
        figure: int,
        chart_type: str,
        metric: str,
        subject: str | None = None,
        x_metric: str | None = None,
        highlights: bool = False,
        items: Sequence[str] = (),
    ) -> str:
        """Qualitative sentences about a figure; they name what is plotted, never a value. A
        follow-up pointing to highlighted items is for a chart that ``highlights`` some. ``items``
        are what the chart compares (its bars, or a multi-line chart's series): the noun a
        template calls them (``{kind}``, ``{kinds}``) is what they are (:func:`item_nouns`); a
        chart of items that none names (a funnel's stages, a histogram's bins) takes a template
        naming none."""
        t = self.topic
        family = registry.chart_type(chart_type).mention
        slots = self._slots()
        nouns = item_nouns(t, items)
        kind_of_part = t.mix.by_parts.removeprefix(f"{t.mix.whole} by ")
        slots.update(
            n=str(figure),
            metric=self.the_metric(metric),
            subject=in_text(t, subject or t.entities[0]),
            x_metric=self.the_metric(x_metric or ""),
            mix=self.the_metric(t.mix.whole),  # the templates say the split ("by field") once
            part_kind=kind_of_part,  # "land cover by type", not "by land cover type"
            part_kinds=plural(kind_of_part),
            **(dict(zip(("kind", "kinds"), nouns, strict=True)) if nouns else {}),
        )
        mentions: Sequence[str] = bank().chart_mentions[family]
        generic: Sequence[str] = bank().chart_mentions["generic"]
        if nouns is None:
            generic = [m for m in generic if not _NAMES_KIND.search(m)]
            mentions = [m for m in mentions if not _NAMES_KIND.search(m)] or generic
        # the family's own wording first, a generic one once each of those is used in the report
        first = self._fresh(mentions, slots, [m for m in generic if m not in mentions])
        unused = [
            f for f in bank().chart_follow_ups if f not in self._seen and (highlights or "highlight" not in f)
        ]
        follow_up = self._choice(unused) if unused else self.sentence("finding")
        self._note(follow_up)
        return f"{first} {follow_up}"

    def _fresh(self, options: Sequence[str], slots: dict[str, str], fallback: Sequence[str] = ()) -> str:
        """The first of ``options`` (in a random order) whose masked template is unused and that
        says no phrase twice, else the first such of ``fallback`` (drawn only then), else the
        last of ``options``."""
        last = ""
        for pool in (options, fallback):
            for i in self.rng.permutation(len(pool)) if pool else ():
                text = cap(fill_agreement(pool[int(i)], slots).format(**slots))
                last = last if pool is fallback else text
                if self._mask(text) not in self._masks and repeated_phrase(text, self._names) is None:
                    self._note(text)
                    return text
        self._note(last)
        return last

    def table_mention(self, number: int) -> str:
        slots = self._slots()
        slots["number"] = str(number)
        return self._fresh(bank().table_mentions, slots)

    def the_metric(self, phrase: str) -> str:
        """``phrase`` with "the" before a singular metric that opens it ("the median download
        speed in Kenya"); a plural metric ("households with ...") and any other phrase unchanged.
        A fact's values keep the bare phrase, so questions name it as before."""
        if self._singular is None or not self._singular.match(phrase):
            return phrase
        return f"the {phrase}"

    # ---------------------------------------------------------------- fact sentences
    def metric_fact(self, entity: str, metric: str, year: str, q: str) -> str:
        template = self._choice(bank().metric_facts)
        entity = in_text(self.topic, entity)
        return cap(
            template.format(
                year=year,
                metric=self.the_metric(metric),
                entity=entity,
                Entity=cap(entity),
                q=q,
                source=self._choice(self.topic.sources),
                Source=cap(self._choice(self.topic.sources)),
            )
        )

    def claim_fact(self, relation: str, actor: str, phrase: str, q: str) -> str:
        template = fill_agreement(self._choice(bank().claims[relation]), {"actor": actor})
        return cap(template.format(actor=actor, Actor=cap(actor), phrase=self.the_metric(phrase), q=q))

    def trend_fact(self, phrase: str, direction: str, start: str, end: str) -> str:
        template = self._choice(bank().trend_facts)
        actor = self._choice(self.topic.actors)
        return cap(
            template.format(
                phrase=self.the_metric(phrase),
                Phrase=cap(self.the_metric(phrase)),
                direction=agreed(phrase, direction),
                start=start,
                end=end,
                actor=actor,
            )
        )

    def event_fact(self, year: str, actor: str, event: str) -> str:
        template = self._choice(bank().event_facts)
        return cap(template.format(year=year, actor=actor, Actor=cap(actor), event=event))

    def reason(self, stance: str) -> str:
        """A reason a voice of ``stance`` gives, with ``<verb:subject>`` markers for the policy it
        is about (:func:`generation.world.grammar.fill_agreement` resolves them)."""
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
