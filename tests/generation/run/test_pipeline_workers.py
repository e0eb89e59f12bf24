"""How a pool run is fed: the fork server's preload (generation.run.warm) and the longest-first order."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from generation.document.targets import document_targets
from generation.plan.config import load_config
from generation.plan.workers import GENERATION_PRELOAD
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


def test_generate_starts_the_fork_server_before_it_imports_the_generator(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from generation.plan import workers\n"
        "def start(preload):\n"
        "    print(preload == workers.GENERATION_PRELOAD, 'generation.run.pipeline' in sys.modules)\n"
        "    raise SystemExit(0)\n"
        "workers.start_server = start\n"
        "from synthdocbench_tasks.cli import app\n"
        "app(['generate', '--config', 'configs/paper.yaml', '--n-docs', '2', '--workers', '2',"
        f" '--out', {str(tmp_path / 'out')!r}, '--no-progress'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split() == ["True", "False"]
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_the_warm_module_fills_the_caches_a_document_needs() -> None:
    code = (
        "from generation.world import entities, space; import generation.run.warm;"
        "print(space.pairs.cache_info().currsize, entities.countries.cache_info().currsize)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.split() == ["1", "1"]


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
