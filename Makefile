# paiju: `make run` serves the lobby in the browser, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium

.PHONY: run play test test-fast bench load chromium postgres clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,reference]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/paiju serve

play: $(STAMP)
	$(BIN)/paiju play

# The browser tests drive Debian's Chromium; install it when it is missing (root, or sudo).
chromium:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO="sudo -n"; \
	  else echo "chromium is missing and neither root nor sudo is available" >&2; exit 1; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-wqy-zenhei; }

# The server tests also run on PostgreSQL: a throwaway cluster from Debian's binaries (tests/server/conftest.py).
postgres:
	@ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO="sudo -n"; \
	  else echo "postgresql is missing and neither root nor sudo is available" >&2; exit 1; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql; }

test: $(STAMP) chromium postgres
	$(BIN)/python -m pytest -q

test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow and not browser"

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

load: $(STAMP)
	$(BIN)/python benchmarks/load.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
