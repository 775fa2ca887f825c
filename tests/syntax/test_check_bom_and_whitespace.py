"""A byte order mark and white space around an IRI are reported as what they are."""

from __future__ import annotations

import pytest

from iri import InvalidIRI, check, is_valid, parse
from iri.syntax.check import iri_reference_match


def codes(text: str, **kwargs: object) -> list[str]:
    return [v.code.value for v in check(text, **kwargs)]  # type: ignore[arg-type]


def test_a_byte_order_mark_is_reported_as_what_it_is() -> None:
    assert codes("\ufeffhttp://example.org/") == ["byte-order-mark"]
    assert codes("\ufeffa/b") == ["byte-order-mark"]
    assert not is_valid("\ufeffa/b")
    assert iri_reference_match("\ufeffa/b") is None
    assert codes("\ufeff1a:b") == ["byte-order-mark", "colon-in-first-segment"]
    assert is_valid("a/\ufeff")  # U+FEFF inside a path is a ucschar


def test_leading_and_trailing_white_space_are_reported_as_what_they_are() -> None:
    found = check(" \thttp://example.org/a\r\n")
    assert [(v.code.value, v.span) for v in found] == [
        ("leading-whitespace", (0, 2)),
        ("trailing-whitespace", (22, 24)),
    ]
    assert codes("http://example.org/a b") == ["invalid-character"]
    assert codes("   ") == ["leading-whitespace"]
    assert codes("\ufeff http:x ") == [
        "byte-order-mark",
        "leading-whitespace",
        "trailing-whitespace",
    ]
    assert codes(" //a", rule="IRI") == ["leading-whitespace", "missing-scheme"]
    assert check(" //a", rule="IRI")[1].span == (1, 1)


def test_parse_raises_for_a_byte_order_mark() -> None:
    with pytest.raises(InvalidIRI) as exc:
        parse("\ufeffa/b")
    assert exc.value.errors[0].code == "byte-order-mark"
