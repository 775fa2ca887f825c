# Two commands on a fresh machine: `make demo` and `make test`.
# Every target creates the virtual environment it needs (.venv) first.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# The optional compiled core (native/, iri._native): rebuilt when its sources change. Without
# cargo on PATH (or with IRI_NO_EXTENSIONS set) the pure-Python library is all there is.
NATIVE_SRC   := $(wildcard native/src/*.rs native/src/*/*.rs) native/Cargo.toml native/Cargo.lock setup.py
NATIVE_STAMP := $(VENV)/.native
HAVE_CARGO   := $(shell command -v cargo 2>/dev/null)
# Inputs of `make fuzz` (atheris, differential: native vs Python); FUZZ_RUNS=N for more.
FUZZ_RUNS    ?= 200000

.PHONY: demo test lint bench docs clean native native-test fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,lint]'
	touch $(STAMP)

$(VENV)/.bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,lint,bench]'
	touch $(VENV)/.bench

$(NATIVE_STAMP): $(STAMP) $(NATIVE_SRC)
ifeq ($(HAVE_CARGO),)
	@echo "no cargo on PATH: iri._native is not built, the pure-Python library is used"
else
	$(PY) -m pip install --quiet --no-deps -e .
endif
	touch $@

native: $(NATIVE_STAMP)

# cargo test (the core, no Python) and clippy on the core and on the bindings.
native-test:
ifneq ($(HAVE_CARGO),)
	cd native && cargo test --quiet
	cd native && cargo clippy --quiet --all-targets -- -D warnings
	cd native && cargo clippy --quiet --all-targets --features python -- -D warnings
	cd native && cargo fmt --check
endif

demo: $(STAMP)
	$(PY) -m iri demo

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench tools
	$(VENV)/bin/ruff format --check src
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
	$(MAKE) native-test

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

docs: $(STAMP)
	$(PY) tools/gen_violations_doc.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	rm -rf native/target src/iri/_native*.so
