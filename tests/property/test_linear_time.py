"""Linear time: check(), is_valid() and parse() on adversarial inputs of 50,000 and
200,000 characters. Best of 3 timings per size; linear growth is 4x, we allow 8x plus a
50 ms allowance for timer noise on a shared machine, and 5 s for any single call.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from iri import InvalidIRI, check, is_valid, parse

SMALL = 50_000
LARGE = 200_000


def _repeat(unit: str, prefix: str = "", suffix: str = "") -> Callable[[int], str]:
    def make(n: int) -> str:
        body = n - len(prefix) - len(suffix)
        return prefix + unit * (body // len(unit)) + suffix

    return make


INPUTS: dict[str, Callable[[int], str]] = {
    "percent": _repeat("%"),
    "open-bracket": _repeat("["),
    "colon": _repeat(":"),
    "at": _repeat("@"),
    "dot-dot-slash": _repeat("../"),
    "percent-2": _repeat("%2"),
    "bracket-colons": _repeat("[::"),
    "rlo": _repeat("\u202e"),
    "a-then-nul": lambda n: "a" * (n - 1) + "\x00",
    "http-brackets": _repeat("[", prefix="http://"),
    "http-ats": _repeat("@", prefix="http://"),
    "http-bad-percent": _repeat("%zz", prefix="http://a/"),
    "http-ipv6-groups": _repeat("1:", prefix="http://[", suffix="]/"),
    "http-colons-port": _repeat(":", prefix="http://a"),
    "scheme-like": _repeat("a", suffix=":"),
    "query-private": _repeat("\ue000", prefix="http://a/?"),
    "path-joiners": _repeat("a\u200d", prefix="http://a/"),
    "pct-utf8-truncated": _repeat("%E6%97", prefix="http://a/"),
    "non-nfc": _repeat("e\u0301", prefix="http://a/"),
}


def _parse(text: str) -> object:
    try:
        return parse(text)
    except InvalidIRI as exc:
        return exc


FUNCTIONS: dict[str, Callable[[str], object]] = {
    "check": check,
    "is_valid": is_valid,
    "parse": _parse,
}


def _best_of_3(fn: Callable[[str], object], text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn(text)
        elapsed = time.perf_counter() - start
        assert elapsed < 5.0, f"one call took {elapsed:.2f} s on {len(text)} characters"
        best = min(best, elapsed)
    return best


@pytest.mark.slow
@pytest.mark.parametrize("function", list(FUNCTIONS))
@pytest.mark.parametrize("name", list(INPUTS))
def test_linear_time(name: str, function: str) -> None:
    make, fn = INPUTS[name], FUNCTIONS[function]
    small, large = make(SMALL), make(LARGE)
    assert abs(len(small) - SMALL) < 10 and abs(len(large) - LARGE) < 10
    t_small = _best_of_3(fn, small)
    t_large = _best_of_3(fn, large)
    assert t_large <= 8 * t_small + 0.05, (
        f"{function} on {name}: {t_small:.4f} s at {SMALL}, {t_large:.4f} s at {LARGE}"
    )
