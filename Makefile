# Set-up and everyday commands. `make play` and `make test` work on a fresh machine with
# Python 3.11+: they create .venv and install the project into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: play test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(STAMP)

play: $(STAMP)
	$(BIN)/meeple play phase10

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict src

unit: $(DEV_STAMP)
	$(BIN)/pytest -n auto

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
