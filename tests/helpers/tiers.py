"""The test tiers and the checks that keep tests in the right one.

A plain ``pytest`` runs the unit tier: tests with none of the markers below. ``make test`` runs
every tier (``-m ""``). A test belongs to a tier by what it needs:

- ``browser``: launches Chromium or generates / renders documents (which launches it);
- ``lmms_eval``: runs the lmms-eval CLI (or ``synthdocbench eval``) or builds lmms-eval's
  ``TaskManager`` over task folders (importing ``lmms_eval.tasks`` alone takes seconds);
- ``slow``: anything else that takes more than about :data:`SLOW_SECONDS`.

The tiers do not drift because the conftest checks every test that runs:

- at collection, a test that requests a fixture which generates documents or opens Chromium
  (:data:`FIXTURE_TIERS`) without the marker fails before the fixture runs;
- while it runs, every read of D3.js from node_modules (none in a fresh clone before
  ``npm install``: browser tier), every process started through :class:`subprocess.Popen`
  (Playwright starts its driver that way, in this process or a forked one) and every
  ``TaskManager`` built is recorded, and a test that needed a marker it lacks fails with one
  line naming the marker to add;
- an unmarked test that took longer than :data:`SLOW_SECONDS` is listed at the end of the run
  (a warning, not a failure: timings depend on the machine's load).

Not seen: Chromium launched by a ``spawn`` multiprocessing worker of a parent that launches
none itself (such a test also takes far longer than :data:`SLOW_SECONDS`, so it is listed).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

#: The markers of the tiers above the unit tier, with what each means (registered in
#: pyproject.toml; the unit tier is ``not browser and not lmms_eval and not slow``).
TIER_MARKERS: dict[str, str] = {
    "browser": "launches Chromium or generates / renders documents",
    "lmms_eval": "runs the lmms-eval CLI or builds lmms-eval's TaskManager over task folders",
    "slow": "takes more than about 5 s for another reason",
}

#: The xdist group of every test that launches Chromium or lmms-eval (``make test`` runs
#: ``pytest -n 2 --dist loadgroup``): they run one after another in one worker, in collection
#: order, so the shared document fixtures are built once and two Chromiums never compete.
SERIAL_GROUP = "browser-and-lmms-eval"


def worker_group(nodeid: str, markers: Iterable[str]) -> str:
    """The xdist group of a test: :data:`SERIAL_GROUP` for the browser and lmms_eval tiers, its
    module for the rest (a module's fixtures are then built in one worker, once)."""
    if {"browser", "lmms_eval"} & set(markers):
        return SERIAL_GROUP
    return nodeid.split("::", 1)[0]


def without_group(nodeid: str) -> str:
    """A node id without the ``@group`` suffix xdist's loadgroup adds to it."""
    return re.sub(r"@[^@\[\]:]+$", "", nodeid)


#: An unmarked test slower than this (setup + call, in seconds) is listed after the run.
SLOW_SECONDS = 5.0

#: Shared fixtures and the markers a test that requests them needs.
FIXTURE_TIERS: dict[str, tuple[str, ...]] = {
    "generated_dir": ("browser",),
    "dataset_dir": ("browser",),
    "sample_pdf": ("browser",),
    "synthdoc_env": ("browser",),
    "browser": ("browser",),
    "page": ("browser",),
    "renderer": ("browser",),
    "dummy_run": ("browser", "lmms_eval"),
}

#: ``synthdocbench`` commands that launch Chromium or lmms-eval when run as a subprocess.
_CLI_TIERS = {"generate": "browser", "demo": "browser", "eval": "lmms_eval"}
_HELP = {"-h", "--help", "--version"}
_LMMS_EVAL_CODE = ("TaskManager(", "lmms_eval.tasks", "cli_evaluate", "simple_evaluate")


def tiers_of_command(argv: Sequence[str]) -> set[str]:
    """The markers a test needs that starts a process with this command line."""
    args = [str(a) for a in argv]
    names = [os.path.basename(a) for a in args]
    needed: set[str] = set()
    if _HELP & set(args):
        return needed  # a command's help or version starts nothing
    if "run-driver" in args or any("chrom" in n.lower() for n in names[:1]):
        needed.add("browser")  # Playwright's driver, or a browser started directly
    if any(n in ("lmms-eval", "lmms_eval") for n in names):
        needed.add("lmms_eval")
    code = args[args.index("-c") + 1] if "-c" in args[:-1] else ""
    if any(marker in code for marker in _LMMS_EVAL_CODE):
        needed.add("lmms_eval")
    for i, arg in enumerate(args):
        if arg == "synthdocbench_tasks.cli" or names[i] == "synthdocbench":
            command = next((a for a in args[i + 1 :] if not a.startswith("-")), "")
            if command in _CLI_TIERS:
                needed.add(_CLI_TIERS[command])
    return needed


def missing(needed: Iterable[str], markers: Iterable[str]) -> list[str]:
    have = set(markers)
    return sorted(set(needed) - have)


def fixture_tiers(fixturenames: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The fixtures among ``fixturenames`` that need a tier, with the markers they need."""
    return {name: FIXTURE_TIERS[name] for name in fixturenames if name in FIXTURE_TIERS}


def message(nodeid: str, needs: list[str], why: str) -> str:
    marks = " and ".join(f"@pytest.mark.{m}" for m in needs)
    return (
        f"{nodeid} {why} but is not marked {', '.join(needs)}: add {marks} to it (or "
        f"`pytestmark = [...]` at the top of its module) so the unit tier stays fast (docs/testing.md)"
    )


class LaunchRecorder:
    """Records what the running test starts; installed once per session."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: dict[str, str] = {}  # marker -> first reason
        self._popen_init: Any = None

    def reset(self) -> None:
        with self._lock:
            self._seen = {}

    def seen(self) -> dict[str, str]:
        with self._lock:
            return dict(self._seen)

    def note(self, marker: str, why: str) -> None:
        with self._lock:
            self._seen.setdefault(marker, why)

    def install(self) -> None:
        original = subprocess.Popen.__init__
        self._popen_init = original
        recorder = self

        def popen_init(self: subprocess.Popen[Any], args: Any, *a: Any, **kw: Any) -> None:
            try:
                argv = [args] if isinstance(args, (str, bytes, os.PathLike)) else list(args)
                words = [os.fsdecode(x) if isinstance(x, (str, bytes, os.PathLike)) else str(x) for x in argv]
                for marker in tiers_of_command(words):
                    recorder.note(marker, f"started {' '.join(words)[:120]!r}")
            except Exception:  # the check must never break the process the test starts
                pass
            original(self, args, *a, **kw)

        subprocess.Popen.__init__ = popen_init  # type: ignore[method-assign]
        sys.meta_path.insert(0, _TaskManagerWatch(self))
        for name, wrap in _WATCHED.items():
            if name in sys.modules:
                wrap(sys.modules[name], self)

    def uninstall(self) -> None:
        if self._popen_init is not None:
            subprocess.Popen.__init__ = self._popen_init  # type: ignore[method-assign]
        sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _TaskManagerWatch)]


def _wrap_task_manager(module: ModuleType, recorder: LaunchRecorder) -> None:
    cls = getattr(module, "TaskManager", None)
    if cls is None or getattr(cls.__init__, "_tier_watched", False):
        return
    original = cls.__init__

    def init(self: Any, *a: Any, **kw: Any) -> None:
        recorder.note("lmms_eval", "built lmms-eval's TaskManager")
        original(self, *a, **kw)

    init._tier_watched = True  # type: ignore[attr-defined]
    cls.__init__ = init


def _wrap_find_d3(module: ModuleType, recorder: LaunchRecorder) -> None:
    """D3 comes from ``npm install``: a fresh clone's unit tier has none, so a test that reads it
    from node_modules belongs to the browser tier (an explicit path to a stand-in does not)."""
    original = getattr(module, "find_d3", None)
    if original is None or getattr(original, "_tier_watched", False):
        return

    def find_d3(explicit: Any = None, *a: Any, **kw: Any) -> Any:
        if explicit is None and kw.get("cwd") is None:
            recorder.note("browser", "read D3.js from node_modules (npm install)")
        return original(explicit, *a, **kw)

    find_d3._tier_watched = True  # type: ignore[attr-defined]
    module.find_d3 = find_d3


#: Modules whose first import wraps what a tier needs.
_WATCHED = {"lmms_eval.tasks": _wrap_task_manager, "generation.charts.d3": _wrap_find_d3}


class _TaskManagerWatch(importlib.abc.MetaPathFinder):
    """Wraps ``lmms_eval.tasks.TaskManager`` and ``generation.charts.d3.find_d3`` when their
    modules are first imported."""

    def __init__(self, recorder: LaunchRecorder) -> None:
        self.recorder = recorder

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname not in _WATCHED:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return None
        loader = spec.loader
        recorder = self.recorder
        exec_module = loader.exec_module

        def exec_and_wrap(module: ModuleType) -> None:
            exec_module(module)
            _WATCHED[fullname](module, recorder)

        loader.exec_module = exec_and_wrap  # type: ignore[method-assign]
        return spec
