"""How a pool run is fed: workers forked from the run's process (Linux) or the fork server's preload
(generation.run.warm), and the longest-first order."""

from __future__ import annotations

import importlib
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from generation.document.targets import document_targets
from generation.plan.config import load_config
from generation.plan.workers import GENERATION_PRELOAD, forks_from_run, generation_context
from generation.run.pipeline import longest_first

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
def test_every_preloaded_module_imports() -> None:
    # the fork server skips a preload name that fails to import without a word: check them here
    for name in GENERATION_PRELOAD:
        importlib.import_module(name)
    assert GENERATION_PRELOAD[-1] == "generation.run.warm"


@pytest.mark.slow
def test_an_early_fork_server_is_the_one_the_pool_forks_from() -> None:
    # started before the caller imports the generator, so the two imports overlap
    code = (
        "import concurrent.futures as cf, os, sys\n"
        "from multiprocessing import forkserver\n"
        "from generation.plan.workers import GENERATION_PRELOAD, start_server, worker_context\n"
        "assert start_server(GENERATION_PRELOAD)\n"
        "server = forkserver._forkserver._forkserver_pid\n"
        "assert server and not {'inflect', 'generation.document.content'} & set(sys.modules)\n"
        "with cf.ProcessPoolExecutor(1, mp_context=worker_context(GENERATION_PRELOAD)) as pool:\n"
        "    print(pool.submit(os.getppid).result() == server)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split() == ["True"]


@pytest.mark.slow  # about 6 s: it runs the real command
@pytest.mark.skipif(not forks_from_run(), reason="the pool forks from a server on this platform")
def test_generate_forks_its_workers_from_its_own_process_with_the_caches_filled(tmp_path: Path) -> None:
    # no fork server (it would import the generator a second time): the workers are children
    # of the command's process, forked after it filled the caches and imported Playwright (a
    # worker here starts no browser, so it finds Playwright only if it inherited it), with what
    # it holds frozen (left out of their garbage collections) and unfrozen in the command once
    # the pool is done
    code = (
        "import gc, os, sys\n"
        "from multiprocessing import forkserver\n"
        "from generation.run import pipeline\n"
        "from generation.document import layout\n"
        "from generation.world import entities, space\n"
        "def fake(config, index, out_dir, d3_js, renderer, planner):\n"
        "    compiled = len(layout._environment().cache)  # the template Jinja compiled, inherited\n"
        "    loaded = int('playwright.sync_api' in sys.modules)\n"
        "    filled = space.pairs.cache_info().currsize, entities.countries.cache_info().currsize,"
        " compiled, loaded\n"
        "    frozen = gc.get_freeze_count() > 0\n"
        "    (out_dir / f'{index}.txt').write_text(f'{os.getppid()} {filled} {frozen}')\n"
        "pipeline._worker_renderer = lambda: None\n"
        "pipeline.try_document = fake\n"
        "from synthdocbench_tasks.cli import app\n"
        "try:\n"
        "    app(['generate', '--config', 'configs/paper.yaml', '--n-docs', '3', '--workers', '2',"
        f" '--out', {str(tmp_path)!r}])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(os.getpid(), forkserver._forkserver._forkserver_pid, gc.get_freeze_count())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    pid, server, frozen_after = done.stdout.split()[-3:]
    assert server == "None" and frozen_after == "0"
    seen = {(tmp_path / f"{i}.txt").read_text() for i in range(3)}
    assert seen == {f"{pid} (1, 1, 1, 1) True"}


def test_a_process_running_another_thread_forks_from_the_server() -> None:
    # a fork copies the caller's thread alone: with another running, the pool uses the fork server
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not forks_from_run()
        assert generation_context().get_start_method() in ("forkserver", "spawn")
    finally:
        stop.set()
        other.join()
    if sys.platform.startswith("linux"):  # a fresh process (this one may hold other tests' threads)
        code = (
            "from generation.plan.workers import forks_from_run, generation_context\n"
            "print(forks_from_run(), generation_context().get_start_method())"
        )
        fresh = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
        )
        assert fresh.stdout.split() == ["True", "fork"]


@pytest.mark.slow
def test_the_warm_module_fills_the_caches_a_document_needs() -> None:
    code = (
        "import gc, sys; from generation.world import entities, space; import generation.run.warm;"
        "from generation.document import layout;"
        "print(space.pairs.cache_info().currsize, entities.countries.cache_info().currsize,"
        " len(layout._environment().cache), gc.get_freeze_count() > 0, 'playwright.sync_api' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split() == ["1", "1", "1", "True", "True"]


def test_documents_go_longest_first_and_none_is_lost() -> None:
    config = load_config(ROOT / "configs" / "paper.yaml", n_docs=12)
    assert len({document_targets(config, i).target_pages for i in range(12)}) > 3
    todo = [i for i in range(12) if i != 4]
    order = longest_first(config, todo)
    assert sorted(order) == todo
    pages = [document_targets(config, i).target_pages for i in order]
    assert pages == sorted(pages, reverse=True)
    ties = [(p, i) for p, i in zip(pages, order, strict=True)]
    assert ties == sorted(ties, key=lambda t: (-t[0], t[1]))


def test_the_heap_is_frozen_while_documents_are_made_and_given_back_after() -> None:
    code = (
        "import gc\n"
        "from generation.run.pipeline import frozen_heap\n"
        "with frozen_heap():\n"
        "    print(gc.get_freeze_count() > 0)\n"
        "print(gc.get_freeze_count())\n"
        # a process that froze objects of its own keeps them frozen
        "gc.freeze(); before = gc.get_freeze_count()\n"
        "with frozen_heap():\n"
        "    pass\n"
        "print(gc.get_freeze_count() >= before)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split() == ["True", "0", "True"]
