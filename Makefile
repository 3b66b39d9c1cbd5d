PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
BENCH_STAMP := $(VENV)/.installed-bench
MUTATE_STAMP := $(VENV)/.installed-mutate

.PHONY: run test suite typecheck warm-tests bench sizes screenshots lint mutate clean locale readme-keys format-table

# The virtual environment is filled by uv, not pip: on a fresh clone pip 23 took
# 23 s of the run (most of it matching thousands of PyPI file names against this Python's
# tags), uv takes 3-5 s for the same versions. uv is a tool of the Makefile, installed into
# the environment by the interpreter's own pip; the environment itself has no pip
# (`.venv/bin/uv pip install ...` adds to it).
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)

$(BIN)/uv: $(BIN)/python
	$(PYTHON) -m pip --python $(BIN)/python install -q --disable-pip-version-check 'uv>=0.5,<1'

UV_INSTALL := $(BIN)/uv pip install -q --python $(BIN)/python

# `make run` starts faster with every module compiled; the test install leaves that to the
# tests' first collection (warm-tests), which compiles only what is imported
$(STAMP): $(BIN)/uv pyproject.toml
	$(UV_INSTALL) --compile-bytecode -e .
	touch $@

$(TEST_STAMP): $(BIN)/uv pyproject.toml
	$(UV_INSTALL) -e '.[test]'
	touch $@ $(STAMP)

$(BENCH_STAMP): $(TEST_STAMP)
	$(UV_INSTALL) -e '.[test,bench]'
	touch $@

# `make run ARGS="--new pf2e"`: the app's own arguments (the README's first fight)
run: $(STAMP)
	$(BIN)/hitledger $(ARGS)

# The layer contracts (pyproject's [tool.importlinter]) run before the tests; mypy
# runs beside the tests (-j2): beside a first collection of the tests, which writes the
# bytecode of the packages and pytest's rewritten test modules once (without it, each of
# pytest's workers rewrote and compiled all of them at the same moment on a fresh clone),
# then beside the suite. The collection's own errors, if any, are reported by the suite.
test: $(TEST_STAMP)
	$(BIN)/ruff check core saves tui tests
	$(BIN)/lint-imports --no-cache
	$(MAKE) --no-print-directory -j2 typecheck suite

suite: warm-tests
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest

typecheck: $(TEST_STAMP)
	$(BIN)/mypy core saves tui
	$(BIN)/python tests/typecheck_tests.py

warm-tests: $(TEST_STAMP)
	-env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest --collect-only -q -n 0 \
		-p no:cacheprovider >/dev/null 2>&1

bench: $(BENCH_STAMP)
	$(BIN)/python -m pytest tests/bench -q -s --override-ini addopts=

sizes: $(TEST_STAMP)
	$(BIN)/python tests/bench/code_report.py
	$(BIN)/mypy core saves

# mutmut is a tool of the developer, not of the app: installed here, not a dependency
$(MUTATE_STAMP): $(TEST_STAMP)
	$(UV_INSTALL) 'mutmut>=3.3,<4'
	touch $@

# mutation testing of core/ and saves/ as [tool.mutmut] in pyproject.toml says, one child at a
# time and niced (a shared machine): `make mutate` runs every module (hours: ~20,000 mutants),
# `make mutate MODULE=core.dice.expression` one, `MODULE="saves.codec saves.store"` several; `SAMPLE=30`
# runs a seeded sample of 30 mutants a file instead (tests/bench/mutation_sample.py: the first
# mutmut run, given a name no mutant has, only generates the mutants and maps tests to functions,
# then stops on its assert); then the kill rate of each file; `.venv/bin/mutmut show NAME` shows what a survivor changed
mutate: $(MUTATE_STAMP)
ifdef SAMPLE
	-nice -n 10 $(BIN)/mutmut run --max-children 1 'generate.only' >/dev/null 2>&1
	$(BIN)/python tests/bench/mutation_sample.py $(SAMPLE) $(MODULE) >mutants/sample.txt
	nice -n 10 xargs -a mutants/sample.txt -d '\n' $(BIN)/mutmut run --max-children 1
else
	nice -n 10 $(BIN)/mutmut run --max-children 1 $(foreach module,$(MODULE),'$(module).*')
endif
	$(BIN)/python tests/bench/mutation_report.py $(MODULE)

screenshots: $(TEST_STAMP)
	$(BIN)/python -m tui.screenshots screenshots

# README.md's key tables, from the screens' bindings (tests/tui/test_readme_keys.py: not stale)
readme-keys: $(TEST_STAMP)
	$(BIN)/python tools/readme_keys.py

# The messages of core/ and tui/ into core/locale/hitledger.pot, each language's .po
# updated from it (new ids untranslated, which the catalogue test refuses), then compiled to
# the .mo the package ships (--use-fuzzy: a .po without a header reads as fuzzy as a whole and
# would not compile; a fuzzy message is refused by tests/core/test_i18n_catalogue.py instead)
# saves/FORMAT.md's table of a creature's fields, made from core/creature/fields.py (a test refuses a stale one)
format-table: $(TEST_STAMP)
	$(BIN)/python tests/saves/test_format_field_table.py

locale: $(TEST_STAMP)
	$(BIN)/pybabel extract --no-default-keywords -k tr -k ntr:1,2 -k ptr:1c,2 -k N_ --no-location \
		--omit-header --sort-output -o core/locale/hitledger.pot core saves tui
	$(BIN)/pybabel update --no-fuzzy-matching --ignore-pot-creation-date -w 100 -i core/locale/hitledger.pot \
		-d core/locale -D hitledger
	$(BIN)/pybabel compile -d core/locale -D hitledger

lint: $(TEST_STAMP)
	$(BIN)/ruff check core saves tui tests

clean:
	rm -rf $(VENV) build *.egg-info
