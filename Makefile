# paiju: `make run` serves the lobby in the browser, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium-headless-shell
# Compiled bytecode is kept (a shell that sets PYTHONDONTWRITEBYTECODE would have every test worker, server and
# `paiju` subprocess compile the package and rewrite the test modules again).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run play test test-fast lint typecheck bench load chromium postgres redis clean

$(STAMP): pyproject.toml setup.py $(wildcard paiju/*/*.c paiju/*/*.h)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip "setuptools>=77"
	# The learn extra's PyTorch, pinned to its CPU build (an unpinned torch pulls a CUDA build of several GB).
	$(BIN)/python -m pip install --quiet torch==2.13.0
	$(BIN)/python -m pip install --quiet -e '.[test,reference,plot,cluster,rl,redis,learn]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/paiju serve

play: $(STAMP)
	$(BIN)/paiju play

# Debian packages the whole suite needs, installed when missing (as root, or with sudo): $(1) is a file
# (or a glob) the package provides, $(2) the packages.
define apt_install
	@ls $(1) >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO="sudo -n"; \
	  else echo "$(2) is missing and neither root nor sudo is available" >&2; exit 1; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(2); }
endef

# The browser tests drive Debian's headless Chromium, the headless shell Playwright itself runs headless (a third less
# CPU than the whole browser), and a CJK font for the screenshots.
chromium:
	$(call apt_install,$(CHROMIUM),chromium-headless-shell fonts-wqy-zenhei)

# The server tests also run on PostgreSQL: a throwaway cluster from Debian's binaries (tests/server/conftest.py).
postgres:
	$(call apt_install,/usr/lib/postgresql/*/bin/pg_ctl,postgresql)

# Rooms leased through Redis, several servers on one database: a throwaway redis-server (tests/server/conftest.py).
redis:
	$(call apt_install,/usr/bin/redis-server,redis-server)

# ruff: unused and undefined names, syntax errors, import order, bugbear.
lint: $(STAMP)
	$(BIN)/ruff check paiju tests benchmarks

typecheck: $(STAMP)
	$(BIN)/python -m mypy paiju

# Test workers (pytest-xdist): two more than the cores. Measured on a 2-core machine: 26:17 of tests with 4 workers,
# 28:46 with 2 (the cores sat 12 % idle while workers waited on Chromium, sockets and timers); later, with 3,521 tests,
# 19:44 with 4 and 21:04 with 6, where two browser tests ran out of time. A worker that runs out of tests takes some
# of another's queue (worksteal), so no worker is left alone with a long queue at the end.
WORKERS ?= $(shell echo $$(( $$(nproc) + 2 )))

test: $(STAMP) chromium postgres redis
	$(BIN)/python -m pytest -q -n $(WORKERS) --dist worksteal

test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -n $(WORKERS) --dist worksteal -m "not slow and not browser"

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

load: $(STAMP)
	$(BIN)/python benchmarks/load.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
