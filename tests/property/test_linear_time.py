"""Linear time of every public function on adversarial inputs, without wall-clock time.

Each function runs on inputs of SMALL and FACTOR * SMALL characters; its growth in process
CPU time, relative to a linear reference measured in the same run, must stay under
``growth.BOUND`` (linear ~1, quadratic ~4): see tests/property/growth.py. The wall-clock
growth table t(4n)/t(n) lives in ``make bench`` (bench/bench_linear.py), which imports
INPUTS and FUNCTIONS from here: add new public functions to FUNCTIONS.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import growth  # type: ignore[import-not-found]  # a sibling module of tests/property
import pytest

import iri
from iri import IRIError

SMALL = 5_000


INPUTS: dict[str, Callable[[int], str]] = {
    "percent": growth.repeated("%"),
    "open-bracket": growth.repeated("["),
    "colon": growth.repeated(":"),
    "at": growth.repeated("@"),
    "dot-dot-slash": growth.repeated("../"),
    "percent-2": growth.repeated("%2"),
    "bracket-colons": growth.repeated("[::"),
    "rlo": growth.repeated("\u202e"),
    "a-then-nul": lambda n: "a" * (n - 1) + "\x00",
    "http-brackets": growth.repeated("[", prefix="http://"),
    "http-ats": growth.repeated("@", prefix="http://"),
    "http-bad-percent": growth.repeated("%zz", prefix="http://a/"),
    "http-ipv6-groups": growth.repeated("1:", prefix="http://[", suffix="]/"),
    "http-colons-port": growth.repeated(":", prefix="http://a"),
    "scheme-like": growth.repeated("a", suffix=":"),
    "query-private": growth.repeated("\ue000", prefix="http://a/?"),
    "path-joiners": growth.repeated("a\u200d", prefix="http://a/"),
    "pct-utf8-truncated": growth.repeated("%E6%97", prefix="http://a/"),
    "non-nfc": growth.repeated("e\u0301", prefix="http://a/"),
    # Issue 8: a port of any length, and long valid IRIs (the conversions' own work).
    "http-port-digits": growth.repeated("9", prefix="http://h:", suffix="/"),
    "http-valid-path": growth.repeated("a/", prefix="http://h/"),
    "http-unicode-path": growth.repeated("ü/", prefix="http://h/"),
    "http-pct-utf8": growth.repeated("%C3%BC", prefix="http://h/"),
    "pct-dot-dot-slash": growth.repeated("%2e%2E/"),
}


def _quiet(fn: Callable[[str], object]) -> Callable[[str], object]:
    """Call ``fn``; the library's own errors are results too (invalid input is the point)."""

    def call(text: str) -> object:
        try:
            return fn(text)
        except IRIError as exc:
            return exc

    return call


BASE = "http://a/b/c/d;p?q"


def _equivalent_both_ways(text: str) -> list[object]:
    """iri.equivalent with ``text`` second (after a valid first argument), then first (against
    a different string). Never ``equivalent(text, text)``: it takes the ``a == b`` shortcut
    and times one normalization (the "key" case again), never the second one nor the
    comparison."""
    results: list[object] = []
    for a, b in ((BASE, text), (text, text + "#")):
        try:
            results.append(iri.equivalent(a, b))
        except IRIError as exc:
            results.append(exc)
    return results


FUNCTIONS: dict[str, Callable[[str], object]] = {
    "check": iri.check,
    "is_valid": iri.is_valid,
    "parse": _quiet(iri.parse),
    "split": iri.split,
    "to_uri": _quiet(iri.to_uri),
    "to_iri": _quiet(iri.to_iri),
    "normalize": _quiet(iri.normalize),
    "equivalent": _equivalent_both_ways,
    "key": _quiet(iri.key),
    # Then another base: iri.resolve keeps the last valid base, and repeating one text would
    # measure only the comparison with it, not the base's validation and use.
    "resolve-base": _quiet(lambda text: (iri.resolve(text, "../g"), iri.resolve(BASE, "g"))),
    "resolve-reference": _quiet(lambda text: iri.resolve(BASE, text)),
    "resolve-options": _quiet(
        lambda text: iri.resolve(
            BASE, text, parser="non-strict", dot_segments="decoded", normalize_base="syntax"
        )
    ),
    "relativize": _quiet(lambda text: iri.relativize(BASE, text)),
}

# (function, input) -> why it is not linear (or raises) today. Each entry is an xfail(strict):
# it must fail, so the entry goes away with the fix.
EXPECTED_FAILURES: dict[tuple[str, str], str] = {}


def _cases() -> list[object]:
    cases: list[object] = []
    for function in FUNCTIONS:
        for name in INPUTS:
            reason = EXPECTED_FAILURES.get((function, name))
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            cases.append(pytest.param(function, name, marks=marks, id=f"{function}-{name}"))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize(("function", "name"), _cases())
def test_linear_time(function: str, name: str) -> None:
    make, fn = INPUTS[name], FUNCTIONS[function]
    small, large = make(SMALL), make(growth.FACTOR * SMALL)
    assert abs(len(small) - SMALL) < 10 and abs(len(large) - growth.FACTOR * SMALL) < 10
    ratio = growth.relative_growth(fn, small, large)
    assert ratio <= growth.BOUND, f"{function} on {name}: grows {ratio:.2f}x the linear reference"


def test_every_text_function_of_the_core_is_timed() -> None:
    core = {"check", "is_valid", "parse", "split", "to_uri", "to_iri", "normalize", "key"}
    assert core | {"equivalent", "relativize"} <= set(FUNCTIONS)
    assert {name.split("-")[0] for name in FUNCTIONS} <= set(iri.__all__)


@pytest.mark.parametrize("name", INPUTS)
def test_the_equivalent_case_normalizes_the_long_text(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The case must reach the code it times: iri.equivalent's second normalization (after
    # the first one, of BASE) runs on the long text, whatever the input, valid or not.
    import iri.ladder.normalize as normalize_module

    seen: list[int] = []
    real_key = normalize_module.key

    def spy(text: str, *args: object, **kwargs: object) -> str:
        seen.append(len(text))
        return real_key(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(normalize_module, "key", spy)
    text = INPUTS[name](SMALL)
    _equivalent_both_ways(text)
    assert seen[:2] == [len(BASE), len(text)], seen


def _quadratic(text: str) -> int:
    # A deliberately quadratic function: a scan of the text so far every 64 characters, as
    # a renderer that re-reads the line for each violation would do.
    return sum(text.count("%", 0, i) for i in range(0, len(text), 64))


def _quadratic_objects(text: str) -> int:
    # Quadratic in a linear function's clothes: one object per character (like one
    # Violation per character), plus a scan of the text so far per 2 of them.
    pieces = _ANY.findall(text)
    return len(pieces) + sum(text.count("%", 0, i) for i in range(0, len(text), 2))


_ANY = re.compile(".", re.DOTALL)


@pytest.mark.parametrize("fn", [_quadratic, _quadratic_objects])
def test_the_measure_catches_quadratic(fn: Callable[[str], object]) -> None:
    # The measure must be able to fail: quadratic work grows about 4x the reference (2.9-4.9
    # in single runs here, idle or beside two busy processes). The median of three runs
    # decides, not relative_growth: that keeps the smallest of its attempts, which is right
    # for the linear verdicts above (a noisy run can only fail them) and wrong here, where a
    # single noisy-low run (2.11 once in CI, 2026-11-27) would fail the test alone.
    make = INPUTS["http-bad-percent"]
    small, large = make(2 * SMALL), make(growth.FACTOR * 2 * SMALL)
    runs = sorted(growth.measure_growth(fn, small, large) for _ in range(3))
    assert runs[1] > growth.BOUND, runs


def test_the_measure_passes_linear() -> None:
    make = INPUTS["http-bad-percent"]
    ratio = growth.relative_growth(_ANY.findall, make(SMALL), make(growth.FACTOR * SMALL))
    assert ratio <= growth.BOUND, ratio
