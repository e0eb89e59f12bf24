PYTHON ?= python3
## Test worker processes for `make test` (pytest-xdist): the browser and lmms_eval tiers run in
## one of them, in order, the rest in any (docs/testing.md). WORKERS=0 runs everything in one.
WORKERS ?= 2
DEMO ?= runs/demo

.PHONY: setup test test-fast lint demo clean

setup:
	PYTHON=$(PYTHON) bash scripts/setup.sh

## Run every test tier: unit, browser (Chromium), lmms_eval (the CLI end to end) and slow.
## What CI runs (.ci/run). `-m ""` replaces the unit-tier filter of pyproject's addopts.
test: setup
	$(PYTHON) -m pytest -q -p no:cacheprovider -m "" -n $(WORKERS) --dist loadgroup

## The unit tier only, what a plain `pytest` runs (no Chromium, no lmms-eval, nothing slow).
test-fast:
	$(PYTHON) -m pytest -q -p no:cacheprovider

lint: setup
	$(PYTHON) -m ruff check . && $(PYTHON) -m ruff format --check . && $(PYTHON) -m mypy

## Generate 3 documents, export them, evaluate a CPU model with lmms-eval, print the results.
demo: setup
	PYTHON=$(PYTHON) bash scripts/demo.sh $(DEMO)

clean:
	rm -rf runs .pytest_cache .mypy_cache .ruff_cache
