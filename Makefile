PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: run test bench sizes screenshots lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q --disable-pip-version-check -e .
	touch $@

$(TEST_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[test]'
	touch $@ $(STAMP)

$(BENCH_STAMP): $(TEST_STAMP)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[test,bench]'
	touch $@

run: $(STAMP)
	$(BIN)/hitledger

# issue 22: the layer contracts (pyproject's [tool.importlinter]) run before the tests
test: $(TEST_STAMP)
	$(BIN)/ruff check core saves tui tests
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy core saves
	$(BIN)/python -m pytest

bench: $(BENCH_STAMP)
	$(BIN)/python -m pytest tests/bench -q -s --override-ini addopts=

sizes: $(TEST_STAMP)
	$(BIN)/python tests/bench/code_report.py
	$(BIN)/mypy core saves

screenshots: $(TEST_STAMP)
	$(BIN)/python -m tui.screenshots screenshots

lint: $(TEST_STAMP)
	$(BIN)/ruff check core saves tui tests

clean:
	rm -rf $(VENV) build *.egg-info
