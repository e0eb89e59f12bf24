"""Timestamps for ``bench/ray_generation.py --timeline``: on the ``PYTHONPATH`` of a traced
command, every Python process it starts (the command, pool workers, Ray's own processes and
workers) writes ``<epoch seconds> <pid> <event>`` lines to ``$SYNTHDOC_TRACE_DIR/<pid>.log``:
when it was created, when ``ray`` and ``generation.run.pipeline`` finished importing, and the
start and end of ``ray.init``, ``ray.shutdown``, each Chromium launch and each document."""

from __future__ import annotations

import functools
import importlib.abc
import importlib.util
import os
import sys
import time
from collections.abc import Callable
from typing import Any

_DIR = os.environ.get("SYNTHDOC_TRACE_DIR")


def _created() -> float:
    """This process's creation time (epoch seconds) from /proc: its start, before the interpreter's."""
    with open(f"/proc/{os.getpid()}/stat", encoding="ascii") as stat:
        ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
    with open("/proc/stat", encoding="ascii") as proc:
        boot = next(int(line.split()[1]) for line in proc if line.startswith("btime"))
    return boot + ticks / os.sysconf("SC_CLK_TCK")


def _event(what: str, at: float | None = None) -> None:
    with open(os.path.join(str(_DIR), f"{os.getpid()}.log"), "a", encoding="utf-8") as log:
        log.write(f"{time.time() if at is None else at:.3f} {os.getpid()} {what}\n")


def _wrap(owner: Any, name: str, label: str, arg: int | None = None) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def traced(*args: Any, **kwargs: Any) -> Any:
        tag = label if arg is None else f"{label} {args[arg]}"
        _event(f"start {tag}")
        try:
            return original(*args, **kwargs)
        finally:
            _event(f"end {tag}")

    setattr(owner, name, traced)


def _ray(module: Any) -> None:
    _wrap(module, "init", "ray.init")
    _wrap(module, "shutdown", "ray.shutdown")


_PATCHES: dict[str, Callable[[Any], None]] = {
    "generation.run.pipeline": lambda m: _wrap(m, "generate_document", "document", 1),
    "generation.document.render": lambda m: _wrap(m.Renderer, "__enter__", "chromium"),
    "ray": _ray,
}


class _Finder(importlib.abc.MetaPathFinder):
    """Patches a module of ``_PATCHES`` right after it is first imported."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name not in _PATCHES:
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return None
        run = spec.loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            _event(f"imported {name}")
            _PATCHES[name](module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if _DIR:
    _event(f"created {os.path.basename(sys.argv[0] if sys.argv else '?') or 'python'}", _created())
    sys.meta_path.insert(0, _Finder())
