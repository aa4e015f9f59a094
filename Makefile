# Everyday commands. `make run` and `make test` work on a fresh clone (Python 3.11).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run prod test conformance check lint typecheck bench bench-quick bench-live budget worker beat check-content clean

# `make run HOST=127.0.0.1` keeps the server on this machine only.
HOST ?= 0.0.0.0
PORT ?= 8000

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

## Serve the table on port 8000 of every interface, for the phones on the local network
## (SQLite, Celery eager, no other service); prints the join address and its QR code.
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) -m dotr_companion.serve --host $(HOST) --port $(PORT)

## Many tables: web processes, a Celery worker and Celery beat on DATABASE_URL and REDIS_URL.
prod: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) -m dotr_companion.serve --prod --host $(HOST) --port $(PORT)

# The suite runs in parallel (pytest-xdist): XDIST workers, `auto` one per core; each worker has
# its own test database, Redis database and server ports (docs/testing.md). `XDIST=0`: one
# process, as before. `worksteal`: a worker that is done takes tests queued for a busy one.
XDIST ?= auto
PARALLEL = -n $(XDIST) --dist worksteal

## Run the whole test suite (on DATABASE_URL/REDIS_URL when set, else SQLite in memory),
## the schema conformance included; `PYTEST_ARGS="-m 'not slow'"` leaves that out.
test: $(STAMP)
	$(PY) -m pytest $(PARALLEL) $(PYTEST_ARGS)

## Every response checked against the OpenAPI schema by schemathesis (a few minutes).
conformance: $(STAMP)
	$(PY) -m pytest $(PARALLEL) -m slow $(PYTEST_ARGS)

# The fast tests: the engine's rules and the catalogues' and settings' checks (no database
# server, browser, started process or fuzzing); `make test` runs them with the rest.
FAST_TESTS ?= tests/engine tests/test_i18n_catalogues.py tests/test_settings.py tests/test_page_budget_logic.py

## The edit-test loop, under a minute: lint, types, import floors, both catalogues and the fast
## tests.
check: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy deck_tracker api dotr_companion frontend
	$(VENV)/bin/lint-imports
	$(PY) scripts/check_imports.py
	$(PY) scripts/check_i18n.py
	$(PY) -m pytest $(PARALLEL) -m "not slow and not browser" $(FAST_TESTS) $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) scripts/check_imports.py
	$(PY) scripts/check_i18n.py

typecheck: $(STAMP)
	$(VENV)/bin/mypy deck_tracker api dotr_companion frontend

bench: $(STAMP)
	$(PY) scripts/bench_api.py

bench-live: $(STAMP)
	$(PY) scripts/bench_live.py

## Every scripts/bench_*.py once in its quick mode (a few seconds each): that each still runs.
bench-quick: $(STAMP)
	set -e; for bench in scripts/bench_*.py; do echo "== $$bench --quick"; $(PY) $$bench --quick; done

## What a phone receives, measured at the wire (Chromium through a byte-counting proxy in front
## of the shipped server); exits 1 over budget. Needs /usr/bin/chromium.
budget: $(STAMP)
	$(PY) scripts/page_budget.py

worker: $(STAMP)
	$(VENV)/bin/celery -A dotr_companion worker --loglevel=info

beat: $(STAMP)
	$(VENV)/bin/celery -A dotr_companion beat --loglevel=info

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles test-artifacts celerybeat-schedule
