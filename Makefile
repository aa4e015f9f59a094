# Everyday commands. `make run` and `make test` work on a fresh clone (Python 3.11).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test conformance lint typecheck bench worker check-content clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

## Run the app on http://127.0.0.1:8000 (SQLite, Celery eager, no other service).
run: $(STAMP)
	mkdir -p staticfiles
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

## Run the whole test suite (on DATABASE_URL/REDIS_URL when set, else SQLite in memory),
## but the slow schema conformance (`make conformance`).
test: $(STAMP)
	$(PY) -m pytest -m "not slow" $(PYTEST_ARGS)

## Every response checked against the OpenAPI schema by schemathesis (a few minutes).
conformance: $(STAMP)
	$(PY) -m pytest -m slow $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) scripts/check_imports.py

typecheck: $(STAMP)
	$(VENV)/bin/mypy deck_tracker api dotr_companion frontend

bench: $(STAMP)
	$(PY) scripts/bench_api.py

worker: $(STAMP)
	$(VENV)/bin/celery -A dotr_companion worker --beat --loglevel=info

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles test-artifacts
