"""Imported by the generation workers' fork server (``generation.plan.workers.GENERATION_PRELOAD``),
never by a run's own process: it fills the per-process caches every document needs before any
worker is forked, so each worker inherits them instead of filling its own (once per run, not once per worker).

The topic space (:func:`generation.world.space.pairs`, every theme crossed with every setting)
and the country table (:func:`generation.world.entities.countries`, read from
``country_converter``'s data file and ``countryinfo``) cost a worker's first document about
0.5 s of CPU. Both are pure functions cached by ``functools.cache``: what a worker reads from
them is what it would have computed itself.
"""

from __future__ import annotations

from generation.world import entities, space

space.pairs()
entities.countries()
