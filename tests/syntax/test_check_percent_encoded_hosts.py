"""Percent-encoded hosts (draft-duerst-idn-uri 3, RFC 3986 3.2.2): an escaped US-ASCII octet
that cannot form a label, or escapes that do not decode to an IDN, are errors; an escaped
letter, digit or hyphen is a warning; escaped IDNs and other escapes are valid."""

from __future__ import annotations

import pytest

from iri import InvalidIRI, check, is_valid, parse
from iri.syntax.check import iri_reference_match


@pytest.mark.parametrize(
    ("text", "code", "span"),
    [
        ("http://%2A.example.org/", "percent-encoded-ascii-in-host", (7, 10)),
        ("http://%C3%A9%2E.example/", "percent-encoded-ascii-in-host", (13, 16)),
        ("http://%E2%80%AE.example/", "percent-encoded-host-not-idn", (7, 24)),
        ("http://-%C3%A9.example/", "percent-encoded-host-not-idn", (7, 22)),
    ],
)
def test_escapes_in_a_host(text: str, code: str, span: tuple[int, int]) -> None:
    found = [v for v in check(text) if v.code == code]
    assert [v.span for v in found] == [span]
    assert found[0].severity == "error"
    assert not is_valid(text)
    assert iri_reference_match(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "http://%C3%A9.example/",
        "http://b%C3%BCcher.example/",
        "http://%E6%9D%B1%E4%BA%AC.jp/",
        "http://[fe80::1%25eth0]/",  # a zone id is not a reg-name
        "http://a/%2A",  # escapes outside the host are not concerned
        "http://r%E9sum%E9.example.org/",  # not UTF-8: a warning (3987bis 3.4.2, as is)
        "http://%C3.example/",
    ],
)
def test_escaped_idns_and_other_escapes_stay_valid(text: str) -> None:
    zone = "accept" if "[" in text else "reject"
    assert is_valid(text, zone_id=zone)
    assert not [v for v in check(text, zone_id=zone) if v.severity == "error"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("http://%2A.example.org/", "percent-encoded-ascii-in-host"),
        ("http://%2E.example.org/", "percent-encoded-ascii-in-host"),
    ],
)
def test_parse_raises_for_escaped_ascii_in_a_host(text: str, code: str) -> None:
    with pytest.raises(InvalidIRI) as exc:
        parse(text)
    assert exc.value.errors[0].code == code
    assert parse("http://%C3%A9.example/").host == "%C3%A9.example"


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("http://www.w%33.org", (12, 15)),  # draft-duerst-idn-uri 3 gives it as legal
        ("http://w%33.example/", (8, 11)),
        ("http://ex%41mple.org/", (9, 12)),
        ("http://a%2Db.example/", (8, 11)),
    ],
)
def test_an_escaped_letter_digit_or_hyphen_in_a_host_is_a_warning(
    text: str, span: tuple[int, int]
) -> None:
    # RFC 3986 3.2.2 tells producers not to write it; the IDN-in-URI draft reads it as legal
    # ("escaped ASCII that forms a legal label"): a warning, not an error.
    found = [v for v in check(text) if v.code == "percent-encoded-label-character-in-host"]
    assert [(v.span, v.severity) for v in found] == [(span, "warning")]
    assert "3.2.2" in found[0].section
    assert is_valid(text)
    assert parse(text).host is not None
