"""The exception types (iri.errors): one root, data as attributes, readable messages."""

from __future__ import annotations

import pytest

import iri
from iri.errors import CharsetError, IDNAError, InvalidIRI, IRIError, ResolutionError


@pytest.mark.parametrize("cls", [InvalidIRI, IDNAError, CharsetError, ResolutionError])
def test_every_error_is_an_iri_error_and_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, IRIError)
    assert issubclass(cls, ValueError)


def test_invalid_iri_carries_all_violations_and_shows_the_first_error() -> None:
    text = "HTTP://example.org/a b%zz"
    with pytest.raises(InvalidIRI) as info:
        iri.parse(text, rule="IRI")
    exc = info.value
    assert exc.text == text
    assert exc.rule == "IRI"
    assert list(exc.violations) == iri.check(text, rule="IRI")
    assert [v.code for v in exc.errors] == ["invalid-character", "invalid-percent-encoding"]
    first_line = str(exc).split("\n")[0]
    assert first_line.startswith("invalid IRI: U+0020 SPACE")
    assert "(and 1 more error)" in first_line


def test_invalid_iri_does_not_undercount_capped_violations() -> None:
    # 100 bad escapes: check() keeps 10 and a violations-omitted summary; the message must
    # not claim that only 9 more errors exist.
    with pytest.raises(InvalidIRI) as info:
        iri.parse("http://x/" + "%zz" * 100)
    first_line = str(info.value).split("\n")[0]
    assert "(and 9 more error" not in first_line
    assert "more left out" in first_line
    assert info.value.violations[-1].code == "violations-omitted"


def test_invalid_iri_without_violations_still_renders() -> None:
    assert str(InvalidIRI("x", [])) == "invalid IRI: 'x'"


def test_idna_error_data() -> None:
    with pytest.raises(IDNAError) as info:
        iri.to_uri("http://é.-bad-.example/")
    exc = info.value
    assert exc.host == "é.-bad-.example"
    assert exc.label == "-bad-"
    assert exc.position == 2
    assert exc.reason
    assert "-bad-" in str(exc) and "position 2" in str(exc)


def test_resolution_error_for_a_base_without_scheme() -> None:
    with pytest.raises(ResolutionError):
        iri.resolve("//example.org/", "a")


def test_charset_error_data() -> None:
    exc = CharsetError("message", "latin-1", "\u017f", 3)
    assert (exc.charset, exc.character, exc.position) == ("latin-1", "\u017f", 3)
