"""The fast path of iri.resolve (default options): same results and errors as the general
algorithm, whatever the order of calls (the last base is cached), and its inlined validating
match (iri.ladder.resolve_fast) agrees with iri.syntax.check.iri_reference_match."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from iri import InvalidIRI, is_valid
from iri.errors import ResolutionError
from iri.ladder.resolve import resolve
from iri.ladder.resolve_fast import valid_match
from iri.syntax.check import iri_reference_match

SETTINGS = settings(
    derandomize=True,
    deadline=None,
    max_examples=600,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

# Pieces that mostly make valid IRI references: delimiters, every kind of dot segment
# (also inside the query and fragment, where no segment is removed), "%" escapes good and
# bad, a colon (scheme or not), "@", non-ASCII letters and a few characters never allowed.
_PIECES = [
    "/", "/", "/", ".", ".", "..", "./", "../", "/.", "/..", "//", ":", "?", "#", "@",
    "%41", "%2e", "%", "a", "b", "g", "x:", ".x", "ü", "納豆", ";", "=", "~", " ", "[",
    "]", "[::1]", "[v1.x]", "[zz]",
]  # fmt: skip
text = st.lists(st.sampled_from(_PIECES), max_size=10).map("".join)
_SCHEMES = ["s", "http", "HTTP", "ä"]


@st.composite
def base(draw: st.DrawFn) -> str:
    """An absolute base, sometimes with an authority, sometimes relative (an error)."""
    prefixes = ["", "//", "//h", "//u@h:1", "//[::1]", "//[::z]", "/", "/.", "./"]
    prefix = draw(st.sampled_from(prefixes))
    scheme = draw(st.sampled_from([*_SCHEMES, ""]))
    return (scheme + ":" if scheme else "") + prefix + draw(text)


@st.composite
def reference(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["relative", "relative", "relative", "network", "absolute"]))
    if kind == "network":
        return "//" + draw(text)
    if kind == "absolute":
        return draw(st.sampled_from(_SCHEMES)) + ":" + draw(text)
    return draw(text)


def _expected(b: str, r: str) -> str | type[Exception]:
    """The general algorithm (validate="skip"; proved against the RFC 3986 oracle in
    test_resolve_properties.py) after the validation that the default does, in its order:
    the base, the reference, then the base's scheme."""
    if not is_valid(b) or not is_valid(r):
        return InvalidIRI
    try:
        return resolve(b, r, validate="skip")
    except ResolutionError:
        return ResolutionError


def _actual(b: str, r: str) -> str | type[Exception]:
    try:
        return resolve(b, r)
    except InvalidIRI as e:
        # The error is about the first invalid argument.
        assert e.text == (b if not is_valid(b) else r)
        return InvalidIRI
    except ResolutionError:
        return ResolutionError


@SETTINGS
@given(b=base(), r=reference())
def test_default_agrees_with_the_general_algorithm(b: str, r: str) -> None:
    assert _actual(b, r) == _expected(b, r)


@SETTINGS
@given(b=base(), r=reference())
def test_valid_pairs_agree(b: str, r: str) -> None:
    # The same on valid pairs only, so that every shortcut is reached often.
    m = iri_reference_match(b)
    assume(m is not None and m["scheme"] is not None and is_valid(r))
    assert resolve(b, r) == resolve(b, r, validate="skip")


@SETTINGS
@given(
    bases=st.lists(base(), min_size=1, max_size=3),
    calls=st.lists(st.tuples(st.integers(0, 2), reference()), min_size=1, max_size=8),
)
def test_any_order_of_calls(bases: list[str], calls: list[tuple[int, str]]) -> None:
    # Repeated and alternating bases: the cached base never leaks into another call.
    for i, r in calls:
        b = bases[i % len(bases)]
        assert _actual(b, r) == _expected(b, r)


@SETTINGS
@given(t=st.one_of(text, st.text(max_size=12), base(), reference()))
def test_inlined_match_agrees_with_iri_reference_match(t: str) -> None:
    ours = valid_match(t)
    theirs = iri_reference_match(t)
    assert (ours is None) == (theirs is None)
    if ours is not None and theirs is not None:
        assert ours.groups() == theirs.groups()


def test_cache_is_keyed_by_the_text() -> None:
    assert resolve("http://a/b/c", "g") == "http://a/b/g"
    assert resolve("http://a/x/y", "g") == "http://a/x/g"
    assert resolve("http://a/b/c", "g") == "http://a/b/g"
    # An equal text from another object; then an invalid base right after a valid one.
    assert resolve("".join(["http://a/", "b/c"]), "../g") == "http://a/g"
    with pytest.raises(InvalidIRI) as e:
        resolve("http://a/b/c d", "g")
    assert e.value.text == "http://a/b/c d"


def test_str_subclass_base_is_not_compared_with_the_cache() -> None:
    class Equal(str):
        def __eq__(self, other: object) -> bool:
            return True

        def __ne__(self, other: object) -> bool:
            return False

        __hash__ = str.__hash__

    assert resolve("http://a/b/c", "g") == "http://a/b/g"
    assert resolve(Equal("http://x/y/z"), "g") == "http://x/y/g"
    assert resolve("http://a/b/c", "g") == "http://a/b/g"


def test_error_order() -> None:
    # An invalid reference comes before the relative base's error, as before the cache.
    with pytest.raises(InvalidIRI) as e:
        resolve("a/b", "%zz")
    assert e.value.text == "%zz"
    with pytest.raises(ResolutionError):
        resolve("a/b", "g")
    assert resolve("s:a/b", "g") == "s:a/g"
    with pytest.raises(InvalidIRI) as e:
        resolve("s:a/b", "%zz")  # a cached base, an invalid reference
    assert e.value.text == "%zz"


@pytest.mark.parametrize(
    ("b", "r", "expected"),
    [
        # Each shortcut of the fast path, and the general path next to it.
        ("http://a/b/c?q#f", "#g", "http://a/b/c?q#g"),
        ("http://a/b/c?q#f", "", "http://a/b/c?q"),
        ("http://a/b/c?q#f", "?y", "http://a/b/c?y"),
        ("http://a/b/c", "//g/./x?/.#/.", "http://g/x?/.#/."),
        ("http://a/b/c", "/g?x/./y", "http://a/g?x/./y"),
        ("http://a/b/c", "/./g/../h", "http://a/h"),
        ("s:/b/c", "/..//g", "s:/.//g"),
        ("http://a/b/c", "g?/./x", "http://a/b/g?/./x"),
        ("http://a/b/c", ".g", "http://a/b/.g"),
        ("http://a/b/./c", "g", "http://a/b/g"),
        ("http://a", "g", "http://a/g"),
        ("http://a", "./g/..", "http://a/"),
        ("s:c", "g", "s:g"),
        ("s:/c", "..//g", "s:/.//g"),
        ("s:./c", "g", "s:g"),
        ("http://a/b/c", "s:g", "s:g"),
        ("http://a/b/c", "http:g", "http:g"),
        ("http://é/ü/c", "../ä", "http://é/ä"),
    ],
)
def test_shortcuts(b: str, r: str, expected: str) -> None:
    assert resolve(b, r) == expected == resolve(b, r, validate="skip")
