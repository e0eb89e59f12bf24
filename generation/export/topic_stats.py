"""Topic spread and plausibility of a corpus, for ``synthdocbench stats``.

:class:`TopicTally` counts distinct titles, (title, entity set) combinations and domains over
the documents read, and the bounds their fact tables break
(:func:`generation.validate.plausibility.manifest_problems`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from generation.validate.plausibility import manifest_problems
from synthdocbench_tasks.schema import DocumentManifest


@dataclass
class TopicTally:
    documents: int = 0
    titles: Counter[str] = field(default_factory=Counter)
    domains: Counter[str] = field(default_factory=Counter)
    combinations: set[tuple[str, frozenset[str]]] = field(default_factory=set)
    #: Violations per bound (range, cap, shares, parts).
    violations: Counter[str] = field(default_factory=Counter)

    def add(self, manifest: DocumentManifest) -> None:
        self.documents += 1
        self.titles[manifest.topic] += 1
        self.domains[manifest.domain] += 1
        entities = frozenset(f.entity for f in manifest.world.facts)
        self.combinations.add((manifest.topic, entities))
        self.violations.update(p.split(":", 1)[0] for p in manifest_problems(manifest))

    def line(self) -> str:
        """``topics: 200 distinct titles in 200 documents (most repeated 1), 17 domains; ...``"""
        top = max(self.titles.values(), default=0)
        bounds = ", ".join(f"{k} {v}" for k, v in sorted(self.violations.items())) or "none"
        return (
            f"topics: {len(self.titles)} distinct titles in {self.documents} documents "
            f"(most repeated {top}), {len(self.domains)} domains; "
            f"plausibility violations: {sum(self.violations.values())} ({bounds})"
        )
