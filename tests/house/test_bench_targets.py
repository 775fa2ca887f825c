"""The verdicts `make bench` gives on issue 26's targets (bench/column_targets.py): every
target is fed by the bench that measures it, and a verdict reads the ratios as the issue
states the target (every corpus, every task)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import bench_engines  # noqa: E402
import bench_scale  # noqa: E402
import column_targets  # noqa: E402
from column_targets import TARGETS, Target, column_target  # noqa: E402


def test_every_target_has_a_bench_that_records_it() -> None:
    fed = {
        column_target(task, options, peer)
        for task, options, peers in bench_scale.COLUMN_TASKS
        for peer in (None, *peers)
    } - {None}
    fed |= {f"{e} time / bare kernel" for e in bench_engines.ENGINES}
    fed.add(column_targets.SPARK_HOST)
    assert fed == set(TARGETS)


def test_the_columns_without_a_target() -> None:
    assert column_target("resolve", {"base": "http://a/"}) is None
    assert column_target("split", {}) is None  # against its Python loop: no target
    assert column_target("is_valid", {}, "can_ada.can_parse") is None
    assert column_target("normalize", {"level": "scheme"}) in TARGETS


def test_a_verdict_needs_every_ratio() -> None:
    at_least = Target("x", 3, True, {"web": 3.6, "iri": 3.0})
    assert at_least.met() is True
    at_least.seen["mixed"] = 2.99
    assert at_least.met() is False
    at_most = Target("y", 1.3, False, {"is_valid": 1.3, "to_uri": 1.1})
    assert at_most.met() is True
    at_most.seen["normalize"] = 1.31
    assert at_most.met() is False
    assert Target("z", 1, True).met() is None


def test_the_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = {k: Target(t.what, t.bound, t.at_least) for k, t in TARGETS.items()}
    monkeypatch.setattr(column_targets, "TARGETS", fresh)
    assert column_targets.summary(native=True) == []
    column_targets.record("`check` column / loop", "web", 3.5)
    column_targets.record("`check` column / loop", "iri", 2.6)
    column_targets.record("DuckDB time / bare kernel", "is_valid", 1.2)
    lines = column_targets.summary(native=True)
    assert "| `check` column / loop ≥ 3× | web 3.50×, iri 2.60× | FAIL |" in lines
    assert "| DuckDB time / bare kernel ≤ 1.3× | is_valid 1.20× | PASS |" in lines
    assert "| `key` column / loop ≥ 3× | not measured | -- |" in lines
    assert column_targets.any_missed(native=True)
    # the pure-Python core: the ratios, no verdict
    assert not column_targets.any_missed(native=False)
    pure = column_targets.summary(native=False)
    assert "| `check` column / loop ≥ 3× | web 3.50×, iri 2.60× | -- |" in pure
    assert not any("PASS" in line or "FAIL" in line for line in pure)


def test_a_floor_is_shown_and_never_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = {k: Target(t.what, t.bound, t.at_least) for k, t in TARGETS.items()}
    monkeypatch.setattr(column_targets, "TARGETS", fresh)
    column_targets.record("DuckDB time / bare kernel", "is_valid", 1.2)
    column_targets.floor("DuckDB time / bare kernel", "is_valid", 1.6)
    lines = column_targets.summary(native=True)
    row = "| DuckDB time / bare kernel ≤ 1.3× | is_valid 1.20× (the engine's own function: "
    assert row + "is_valid 1.60×) | PASS |" in lines
    with pytest.raises(KeyError):
        column_targets.floor("no such target", "is_valid", 1.0)
