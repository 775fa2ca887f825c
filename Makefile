# Two commands on a fresh machine: `make demo` and `make test`.
# Every target creates the virtual environment it needs (.venv) first.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip --disable-pip-version-check
# The stamps: BASE is a .venv of a Python the project supports with a pip that reads
# dependency groups; DEMO adds the package and its `cli` extra (all `make demo` needs);
# STAMP adds every extra and the `test` and `lint` groups (what `make test` needs).
BASE   := $(VENV)/.base
DEMO   := $(VENV)/.demo
STAMP  := $(VENV)/.installed
# Every extra of the library, so that the tests run the real integrations.
EXTRAS := jsonschema,pydantic,arrow,pandas,dask,href,cli,bidi,polars,duckdb,spark

# The compiled core (native/, iri._native): rebuilt when its sources change. Without
# cargo on PATH (or with IRI_NO_EXTENSIONS set) the pure-Python library is all there is.
NATIVE_SRC   := $(wildcard native/src/*.rs native/src/*/*.rs) native/Cargo.toml native/Cargo.lock setup.py
NATIVE_STAMP := $(VENV)/.native
HAVE_CARGO   := $(shell command -v cargo 2>/dev/null)
ifeq ($(HAVE_CARGO),)
BUILD_NOTE := no Rust toolchain (cargo) on PATH: installing the pure-Python library
else ifneq ($(IRI_NO_EXTENSIONS),)
BUILD_NOTE := IRI_NO_EXTENSIONS is set: installing the pure-Python library
else
BUILD_NOTE := building the compiled core iri._native (Rust, release mode: a few minutes the first time)
endif
# Inputs of `make fuzz` (atheris, differential: native vs Python); FUZZ_RUNS=N for more.
FUZZ_RUNS    ?= 200000

.PHONY: demo test lint bench docs docs-check charts clean native native-test fuzz dist-check

# The Python is checked before .venv is made, and a .venv without the BASE stamp (a run
# that failed or was stopped half-way, or one made by another Python) is removed first:
# a failed `make demo` never poisons the next one.
$(BASE):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "iri needs Python >= 3.11; '$(PYTHON)' is $$($(PYTHON) --version 2>&1)." >&2; \
	  echo "Run: make $(MAKECMDGOALS) PYTHON=python3.11 (or any newer python3.N)" >&2; exit 1; }
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade 'pip>=25.1'
	touch $@

$(DEMO): $(BASE) pyproject.toml setup.py
	@echo "iri: installing the package and its cli extra into $(VENV); $(BUILD_NOTE)"
	$(PIP) install --progress-bar off -e '.[cli]'
	touch $@

$(STAMP): $(BASE) pyproject.toml setup.py
	@echo "iri: installing every extra and the test and lint tools into $(VENV); $(BUILD_NOTE)"
	$(PIP) install --quiet -e '.[$(EXTRAS)]' --group test --group lint
	touch $@ $(NATIVE_STAMP)

$(VENV)/.bench: $(STAMP)
	$(PIP) install --quiet --group bench
	touch $@

$(NATIVE_STAMP): $(STAMP) $(NATIVE_SRC)
	@echo "iri: $(BUILD_NOTE)"
	$(PIP) install --quiet --no-deps -e .
	touch $@

native: $(NATIVE_STAMP)

# cargo test (the core, no Python), clippy on the core and on the bindings, and the core's
# API docs without a warning (a broken or private intra-doc link fails).
native-test:
ifneq ($(HAVE_CARGO),)
	cd native && cargo test --quiet
	cd native && cargo clippy --quiet --all-targets -- -D warnings
	cd native && cargo clippy --quiet --all-targets --features python -- -D warnings
	cd native && cargo fmt --check
	cd native && RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet
endif

demo: $(DEMO)
	$(PY) -m iri demo

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench tools
	$(VENV)/bin/ruff format --check src tests bench tools
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-cache

# The suite twice, both passes at once (one per core): with the compiled core (when built)
# and pure Python (IRI_NO_EXTENSIONS=1, where tests/native skip). Each pass writes its log;
# both logs are printed when both are done, and the target fails if either pass failed.
# Then the Rust tests. PYTEST_ARGS adds options to both passes (e.g. --durations=30).
PYTEST_ARGS ?=
TEST_LOGS   := $(VENV)/test-logs
test: $(NATIVE_STAMP) lint
	$(PY) tools/gen_violations_doc.py --check
	$(PY) tools/gen_link_tables.py --check
	$(PY) tools/gen_native_tables.py --check
	$(PY) tools/gen_encoding_labels.py --check
	@mkdir -p $(TEST_LOGS); echo "pytest: two passes at once (native core, pure Python)..."; \
	PYTEST="$(PY) -m pytest -q -p no:cacheprovider $(PYTEST_ARGS)"; \
	HYPOTHESIS_PROFILE=ci $$PYTEST > $(TEST_LOGS)/native.log 2>&1 & native=$$!; \
	IRI_NO_EXTENSIONS=1 HYPOTHESIS_PROFILE=ci $$PYTEST > $(TEST_LOGS)/pure.log 2>&1 & pure=$$!; \
	wait $$native; native_status=$$?; wait $$pure; pure_status=$$?; \
	echo "=== pytest, native core (exit $$native_status)"; cat $(TEST_LOGS)/native.log; \
	echo "=== pytest, pure Python: IRI_NO_EXTENSIONS=1 (exit $$pure_status)"; \
	cat $(TEST_LOGS)/pure.log; \
	test $$native_status -eq 0 && test $$pure_status -eq 0
	$(MAKE) dist-check
	$(MAKE) native-test

# What a user gets from `pip install` (tests/dist/test_distribution.py): the sdist, the native
# wheel (cp311-abi3, repaired to manylinux) and the pure wheel (py3-none-any, cargo hidden)
# built from it, each installed in a fresh venv of every CPython >= 3.11 on this machine, the
# README's examples run there. Artifacts under build/dist-check/.
dist-check: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -m dist tests/dist

# Fuzzing, with a count each part prints: the native core against its Python twin
# (atheris, coverage-guided, FUZZ_RUNS inputs), the display, from_href and host invariants of
# issue 19 on FUZZ seeded hostile texts (and FUZZ/10 drawn token by token), and the surface
# invariants on FUZZ_SURFACE each, with a random seed each run (make test runs 20,000 of each
# with a fixed one).
FUZZ ?= 200000
# The surface invariants of issue 19 (to_iri(to_uri(x)) equivalent to x, normalize idempotent
# and valid, every public function raising only what it documents): FUZZ_SURFACE inputs per
# invariant and per public function (make test: 20,000 with a fixed seed).
FUZZ_SURFACE ?= 100000
fuzz: $(NATIVE_STAMP)
	$(PY) -m pip install --quiet 'atheris==3.0.0'
	$(PY) tests/native/fuzz_native.py -runs=$(FUZZ_RUNS) -max_len=512 -seed=1 -dict=tests/native/fuzz.dict
	IRI_FUZZ_EXAMPLES=$(FUZZ) HYPOTHESIS_PROFILE=dev $(PY) -m pytest -q -p no:cacheprovider \
		tests/property/test_display_invariants.py tests/property/test_href_invariants.py \
		tests/property/test_host_conversion_invariant.py
	@echo "surface invariants (round trip, normalize, exception contract): $(FUZZ_SURFACE) inputs each"
	IRI_FUZZ_EXAMPLES=$(FUZZ_SURFACE) HYPOTHESIS_PROFILE=dev $(PY) -m pytest -q -s -p no:cacheprovider \
		tests/property/test_surface_invariants.py

bench: $(VENV)/.bench $(NATIVE_STAMP)
	$(PY) bench/run.py
	IRI_NO_EXTENSIONS=1 $(PY) bench/run.py --output bench/results/latest-pure.md
	$(PY) bench/bench_native.py
	$(PY) bench/bench_extract.py

# The documentation site (docs/conf.py): build/html from docs/ and the docstrings. The docs
# dependency group (pyproject.toml) goes into .venv. Strict: -W turns every warning into a
# failure, -n every broken cross-reference; the violations page is regenerated first.
DOCS_STAMP := $(VENV)/.docs
$(DOCS_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet --group docs
	touch $@

docs: $(DOCS_STAMP)
	$(PY) tools/gen_violations_doc.py
	$(PY) -m sphinx -b html -W --keep-going -n -q -d build/doctrees docs build/html

# The built site in a real browser (tools/check_site.py): headless Chromium from the
# machine's package manager, installed when missing (CI: root on Debian 12), with a small CJK
# font so that the screenshots show the pages' Chinese and Japanese examples. Fails on a
# console error, a broken internal link or anchor, an image that does not load; leaves
# screenshots in build/screenshots/.
CHROMIUM ?= /usr/bin/chromium
docs-check: docs
	@test -x $(CHROMIUM) && fc-list :lang=zh | grep -q . || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	   apt-get install -y -qq --no-install-recommends chromium fonts-wqy-microhei)
	$(PY) tools/check_site.py build/html --chromium $(CHROMIUM) --screenshots build/screenshots

# The benchmark charts of docs/performance.md (docs/_static/bench/*.svg) from the results
# `make bench` wrote (bench/results/*.json); the charts are committed.
charts: $(DOCS_STAMP)
	$(PY) tools/plot_bench.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	rm -rf native/target src/iri/_native*.so
