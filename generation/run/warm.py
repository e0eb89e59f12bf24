"""Imported by the generation workers' fork server (``generation.plan.workers.GENERATION_PRELOAD``,
where the pool forks from a server: not on Linux, where workers are forked from the run's own
process after :func:`generation.run.pipeline.fill_caches`), never by a run's own process: it fills
the per-process caches every document needs before any worker is forked, so each worker inherits
them instead of filling its own (once per run, not once per worker). What the server holds then
is left out of its workers' garbage collections (:func:`gc.freeze`, as
:func:`generation.run.pipeline.frozen_heap` does where workers fork from the run's own process).
"""

from __future__ import annotations

import gc

from generation.run.pipeline import fill_caches

fill_caches()
gc.freeze()
