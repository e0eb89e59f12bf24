PYTHON ?= python3
DEMO ?= runs/demo

.PHONY: setup test lint demo clean

setup:
	PYTHON=$(PYTHON) bash scripts/setup.sh

## Run the whole test suite (unit, integration and the lmms-eval end-to-end test).
test: setup
	$(PYTHON) -m pytest -q -p no:cacheprovider

lint: setup
	$(PYTHON) -m ruff check . && $(PYTHON) -m ruff format --check . && $(PYTHON) -m mypy

## Generate 3 documents, export them, evaluate a CPU model with lmms-eval, print the results.
demo: setup
	PYTHON=$(PYTHON) bash scripts/demo.sh $(DEMO)

clean:
	rm -rf runs .pytest_cache .mypy_cache .ruff_cache
