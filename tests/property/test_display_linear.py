"""to_display and audit stay linear on the inputs of issue 19 (tests/property/growth.py:
process CPU time against a linear reference, no wall-clock bound)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import iri


def _load(name: str) -> ModuleType:
    # Loaded by path, under the key test_linear_time.py uses (one module for both).
    key = f"iri_tests_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


growth = _load("growth")

SMALL = 5_000


def _repeat(unit: str, prefix: str = "", suffix: str = "") -> Callable[[int], str]:
    def make(n: int) -> str:
        return prefix + unit * ((n - len(prefix) - len(suffix)) // len(unit)) + suffix

    return make


INPUTS: dict[str, Callable[[int], str]] = {
    "path-lookalikes": _repeat("a\uff0f\uff1f", prefix="http://h/"),
    "query-lookalikes": _repeat("\uff03b", prefix="http://h/?"),
    "host-full-stops": _repeat("a\u3002", prefix="http://", suffix="/"),
    "userinfo-ats": _repeat("\uff20u", prefix="http://", suffix="@h/"),
    "first-segment-colons": _repeat("\uff1a\uff0f"),
    "line-separators": _repeat("a\u2028\u2029", prefix="http://h/"),
    "surrogates": _repeat("\ud800", prefix="http://h/"),
    "spaces": _repeat("a b", prefix="http://h/"),
    "bad-port": _repeat("9", prefix="http://h:9x", suffix="/\u202e"),
}
FUNCTIONS: dict[str, Callable[[str], object]] = {
    "to_display": iri.to_display,
    "audit": iri.audit,
}


@pytest.mark.slow
@pytest.mark.parametrize("function", FUNCTIONS)
@pytest.mark.parametrize("name", INPUTS)
def test_linear(function: str, name: str) -> None:
    make, fn = INPUTS[name], FUNCTIONS[function]
    small, large = make(SMALL), make(growth.FACTOR * SMALL)
    ratio = growth.relative_growth(fn, small, large)
    assert ratio <= growth.BOUND, f"{function} on {name}: grows {ratio:.2f}x the reference"
