"""``synthdocbench eval`` hands the model its requests document by document, and judges the
answers of every task at once.

lmms-eval 0.7.3 builds the requests of every task, task after task, and passes all of them to
the model in one ``generate_until`` call (``lmms_eval.evaluator.evaluate``); the model may
reorder them (``qwen2_5_vl`` sorts them by prompt). A ``--tasks synthdoc`` run therefore asks
for each document once per subset, far apart, and a model that reads pixels would decode a
document's strips once per subset unless every document's pixels stayed in memory. While
:func:`grouped_requests` is active, the model's ``generate_until`` instead:

* orders the requests by document (documents in the order lmms-eval first asks for them; a
  document's requests in lmms-eval's order), requests of other tasks after them in their own
  order;
* hands them to the model's own ``generate_until`` in consecutive slices of at least one model
  batch (:func:`slice_size`), so whatever order the model visits a slice in, only the
  documents of that slice are in flight;
* holds the strip pixels of a slice's documents (:meth:`~.strip_cache.StripCache.hold`) and
  releases each document after the slice that holds its last request: each document is
  decoded at most once per run, and the decoded pixels in memory at any time are those of the
  documents of one slice;
* once the model has answered every request, hands all ``synthdoc`` answers of every task to
  the judge at once (:func:`~.judging.prefetch`, ``process_docs_parallel`` requests in flight
  across tasks, where lmms-eval's ``process_results`` pool works task by task and waits for
  each task's last answer), and ``process_results`` picks up the verdicts;
* returns the responses in lmms-eval's order.

A plain ``lmms-eval`` run gets none of this (the hooks cannot see the requests): it decodes a
document once per subset when more documents than the decoded budget holds sit between two
subsets (docs/performance.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

#: The fewest requests handed to the model at once (unless fewer are left).
MIN_SLICE = 16


def document_name(lm: Any, request: Any) -> str | None:
    """The ``doc_id`` of the SynthDocBench document a request asks about, or None (another task,
    or a request whose row cannot be found)."""
    args = tuple(getattr(request, "arguments", None) or ())
    if len(args) < 3:
        return None
    doc_id, task, split = args[-3], args[-2], args[-1]
    if not isinstance(task, str) or not task.startswith("synthdoc"):
        return None
    try:
        doc = lm.task_dict[task][split][doc_id]
    except Exception:  # no row: the request keeps its place among the others
        return None
    name = doc.get("doc_id") if isinstance(doc, dict) else None
    return name if isinstance(name, str) else None


def slice_size(lm: Any) -> int:
    """Requests per slice: at least :data:`MIN_SLICE`, a model batch (``batch_size``,
    ``batch_size_per_gpu``) and four rounds of an API model's ``num_concurrent``."""
    sizes = [MIN_SLICE]
    for name, factor in (("batch_size", 1), ("batch_size_per_gpu", 1), ("num_concurrent", 4)):
        value = getattr(lm, name, None)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            sizes.append(value * factor)
    return max(sizes)


def plan(names: Sequence[str | None]) -> list[int]:
    """The order to ask in: request indices grouped by document (first appearance), then the
    requests of no document in their order."""
    first: dict[str, int] = {}
    for i, name in enumerate(names):
        if name is not None:
            first.setdefault(name, i)
    own = sorted((i for i, n in enumerate(names) if n is not None), key=lambda i: (first[names[i]], i))  # type: ignore[index]
    return own + [i for i, n in enumerate(names) if n is None]


def grouped(
    lm: Any,
    generate: Callable[[list[Any]], list[Any]],
    on_done: Callable[[list[Any], list[Any]], None] | None = None,
) -> Callable[[list[Any]], list[Any]]:
    """``generate`` (a model's bound ``generate_until``) asked in :func:`plan` order, slice by
    slice; ``on_done(requests, responses)`` runs once all are answered."""
    from .hooks import hold_strips, release_strips

    def run(requests: list[Any]) -> list[Any]:
        names = [document_name(lm, r) for r in requests]
        if not any(names):
            return generate(requests)
        order = plan(names)
        last = {names[i]: position for position, i in enumerate(order)}
        size = slice_size(lm)
        responses: list[Any] = [None] * len(requests)
        for start in range(0, len(order), size):
            part = order[start : start + size]
            held = {n for n in (names[i] for i in part) if n is not None}
            hold_strips(held)
            answers = generate([requests[i] for i in part])
            if len(answers) != len(part):
                raise RuntimeError(f"the model returned {len(answers)} responses for {len(part)} requests")
            for i, answer in zip(part, answers, strict=True):
                responses[i] = answer
            release_strips({n for n in held if last[n] < start + size})
        if on_done is not None:
            on_done(requests, responses)
        return responses

    return run


def _prefetch(lm: Any, requests: list[Any], responses: list[Any]) -> None:
    import gc

    from . import judging
    from .hooks import begin_doc, finish_doc, process_results

    # the objects of lmms-eval, torch and the model are there to stay: a full collection
    # walking them all stops every judge thread for a second or more on a loaded machine
    gc.freeze()

    answers: list[tuple[dict[str, Any], str]] = []
    for request, response in zip(requests, responses, strict=True):
        if document_name(lm, request) is None:
            continue
        doc_id, task, split = request.arguments[-3], request.arguments[-2], request.arguments[-1]
        task_obj = getattr(lm, "_synthdoc_tasks", {}).get(task)
        if task_obj is None or getattr(task_obj.config, "process_results", None) is not process_results:
            continue
        text = getattr(response, "text", response)
        if isinstance(text, str):
            answers.append((lm.task_dict[task][split][doc_id], text))
    judging.prefetch_all(answers, begin_doc, finish_doc)


def _tasks(task_dict: Any) -> dict[str, Any]:
    """Task name → task object, through nested groups."""
    found: dict[str, Any] = {}
    for value in task_dict.values() if isinstance(task_dict, dict) else ():
        if isinstance(value, dict):
            found.update(_tasks(value))
        elif hasattr(value, "config") and isinstance(getattr(value.config, "task", None), str):
            found[value.config.task] = value
    return found


@contextlib.contextmanager
def grouped_requests(judge_concurrency: int) -> Iterator[None]:
    """While active, every ``lmms_eval.evaluator.evaluate`` call asks its model through
    :func:`grouped` and prefetches judging with ``judge_concurrency`` requests at once."""
    import lmms_eval.evaluator as evaluator

    from . import judging

    original = evaluator.evaluate

    def evaluate(lm: Any, *args: Any, **kwargs: Any) -> Any:
        task_dict = kwargs.get("task_dict", args[0] if args else None)
        lm._synthdoc_tasks = _tasks(task_dict)
        generate = lm.generate_until
        lm.generate_until = grouped(lm, generate, lambda reqs, resps: _prefetch(lm, reqs, resps))
        try:
            return original(lm, *args, **kwargs)
        finally:
            lm.generate_until = generate

    evaluator.evaluate = evaluate
    judging.start_prefetch(judge_concurrency)
    try:
        yield
    finally:
        evaluator.evaluate = original
        judging.stop_prefetch()
