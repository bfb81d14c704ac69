# Set-up and everyday commands. `make play` and `make test` work on a fresh machine with
# Python 3.11+: they create .venv and install the project into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
SERVER_STAMP := $(VENV)/.installed-server
NODE_STAMP := node_modules/.installed

.PHONY: play serve postgres redis chromium node test lint typecheck weblint unit bench playthroughs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(STAMP)

$(SERVER_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[server]'
	touch $@ $(STAMP)

play: $(STAMP)
	$(BIN)/meeple play phase10

# The game server on http://127.0.0.1:8000 (SQLite store in ./var/; see docs/server.md).
serve: $(SERVER_STAMP)
	$(BIN)/meeple serve --host 127.0.0.1 --port 8000

# The server tests start their own PostgreSQL on loopback from Debian's binaries
# (initdb, pg_ctl); install them when missing (as root, as in CI).
postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	else echo "PostgreSQL binaries not found: the PostgreSQL server tests will be skipped"; fi

# The multi-instance server tests start their own Redis on loopback from Debian's
# redis-server; install it when missing (as root, as in CI).
redis:
	@if command -v redis-server >/dev/null || [ -x /usr/bin/redis-server ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; \
	else echo "redis-server not found: the multi-instance server tests will be skipped"; fi

# The browser tests drive Debian's Chromium (tests/web/); install it when missing (as
# root, as in CI). Playwright itself comes from the dev extra: never `playwright install`.
chromium:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; \
	else echo "/usr/bin/chromium not found: the browser tests will be skipped"; fi

# The web client's lint and type check (eslint, tsc with checkJs; see docs/web.md) run on
# Node: install Debian's nodejs and npm when missing (as root, as in CI). The tools come
# from the npm registry at the versions package-lock.json pins, into ./node_modules.
node:
	@if command -v npm >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	else echo "npm not found: install Node.js and npm (Debian: nodejs npm)"; exit 1; fi

$(NODE_STAMP): package.json package-lock.json | node
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

weblint: $(NODE_STAMP)
	node_modules/.bin/eslint
	node_modules/.bin/tsc --noEmit -p jsconfig.json

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict src

unit: $(DEV_STAMP) postgres redis chromium
	$(BIN)/pytest -n auto

test: lint typecheck weblint unit

# Rewrite the golden playthroughs (tests/games/*/golden) from their own headers, after a
# deliberate change of how a game plays or what a seat sees: review the diff before committing.
playthroughs: $(STAMP)
	$(BIN)/meeple playthrough $(foreach f,$(wildcard tests/games/*/golden/*.txt),--update $(f))

bench: $(STAMP)
	$(BIN)/python benchmarks/speed.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache node_modules
