# Two commands on a fresh machine: `make demo` and `make test`.
# Every target creates the virtual environment it needs (.venv) first.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test lint bench docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lint]'
	touch $(STAMP)

$(VENV)/.bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,lint,bench]'
	touch $(VENV)/.bench

demo: $(STAMP)
	$(PY) -m iri demo

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench tools
	$(VENV)/bin/ruff format --check src
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

test: $(STAMP) lint
	$(PY) tools/gen_violations_doc.py --check
	$(PY) tools/gen_link_tables.py --check
	$(PY) tools/gen_encoding_labels.py --check
	HYPOTHESIS_PROFILE=ci $(PY) -m pytest -q

bench: $(VENV)/.bench
	$(PY) bench/run.py
	$(PY) bench/bench_extract.py

docs: $(STAMP)
	$(PY) tools/gen_violations_doc.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
