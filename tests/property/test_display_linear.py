"""to_display and audit stay linear on the inputs of issue 19 (tests/property/growth.py:
process CPU time against a linear reference, no wall-clock bound)."""

from __future__ import annotations

from collections.abc import Callable

import growth  # type: ignore[import-not-found]  # a sibling module of tests/property
import pytest

import iri

SMALL = 5_000


INPUTS: dict[str, Callable[[int], str]] = {
    "path-lookalikes": growth.repeated("a\uff0f\uff1f", prefix="http://h/"),
    "query-lookalikes": growth.repeated("\uff03b", prefix="http://h/?"),
    "host-full-stops": growth.repeated("a\u3002", prefix="http://", suffix="/"),
    "userinfo-ats": growth.repeated("\uff20u", prefix="http://", suffix="@h/"),
    "first-segment-colons": growth.repeated("\uff1a\uff0f"),
    "line-separators": growth.repeated("a\u2028\u2029", prefix="http://h/"),
    "surrogates": growth.repeated("\ud800", prefix="http://h/"),
    "spaces": growth.repeated("a b", prefix="http://h/"),
    "bad-port": growth.repeated("9", prefix="http://h:9x", suffix="/\u202e"),
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
