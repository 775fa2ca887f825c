"""Unit tests of iri.syntax.grammar: character sets, Rule, reference_pattern."""

from __future__ import annotations

import re

import pytest

from iri import Rule, ZoneID
from iri.syntax.grammar import (
    ALPHA,
    BIDI_FORMATTING,
    DIGIT,
    GEN_DELIMS,
    HEXDIG,
    IPRIVATE,
    IPV4ADDRESS,
    IPV6ADDRESS,
    IPVFUTURE,
    RESERVED,
    SUB_DELIMS,
    UCSCHAR,
    UNRESERVED,
    char_class,
    ip_literal,
    is_iprivate,
    is_ucschar,
    reference_pattern,
)
from iri.syntax.percent import BAD_PERCENT  # moved: the one percent module


def test_ascii_sets() -> None:
    assert len(ALPHA) == 52 and ALPHA.isalpha() and ALPHA.isascii()
    assert DIGIT == "0123456789"
    assert set(HEXDIG) == set("0123456789ABCDEFabcdef")
    assert set(UNRESERVED) == set(ALPHA + DIGIT + "-._~")
    assert GEN_DELIMS == ":/?#[]@"
    assert SUB_DELIMS == "!$&'()*+,;="
    assert set(RESERVED) == set(GEN_DELIMS + SUB_DELIMS)
    assert not set(UNRESERVED) & set(RESERVED)


def test_ucschar_ranges_match_rfc3987() -> None:
    expected = [(0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF)]
    expected += [(p << 16, (p << 16) | 0xFFFD) for p in range(1, 14)]
    expected += [(0xE1000, 0xEFFFD)]
    assert list(UCSCHAR) == expected


def test_iprivate_includes_3987bis_tags() -> None:
    assert list(IPRIVATE) == [
        (0xE000, 0xF8FF),
        (0xE0000, 0xE0FFF),
        (0xF0000, 0xFFFFD),
        (0x100000, 0x10FFFD),
    ]


@pytest.mark.parametrize(
    ("cp", "ucs", "private"),
    [
        (0x9F, False, False),
        (0xA0, True, False),
        (0xD7FF, True, False),
        (0xD800, False, False),
        (0xDFFF, False, False),
        (0xE000, False, True),
        (0xF8FF, False, True),
        (0xF900, True, False),
        (0xFDCF, True, False),
        (0xFDD0, False, False),
        (0xFDEF, False, False),
        (0xFDF0, True, False),
        (0xFFEF, True, False),
        (0xFFF0, False, False),
        (0xFFFD, False, False),
        (0x10000, True, False),
        (0x1FFFD, True, False),
        (0x1FFFE, False, False),
        (0xDFFFD, True, False),
        (0xE0000, False, True),
        (0xE0001, False, True),
        (0xE0FFF, False, True),
        (0xE1000, True, False),
        (0xEFFFD, True, False),
        (0xEFFFE, False, False),
        (0xF0000, False, True),
        (0xFFFFD, False, True),
        (0xFFFFE, False, False),
        (0x100000, False, True),
        (0x10FFFD, False, True),
        (0x10FFFF, False, False),
    ],
)
def test_is_ucschar_is_iprivate(cp: int, ucs: bool, private: bool) -> None:
    assert is_ucschar(cp) is ucs
    assert is_iprivate(cp) is private


def test_bidi_formatting_set() -> None:
    rfc3987 = {0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E}
    assert rfc3987 <= BIDI_FORMATTING
    assert {0x061C, 0x2066, 0x2067, 0x2068, 0x2069} <= BIDI_FORMATTING
    assert len(BIDI_FORMATTING) == 12
    # Every one of them is a ucschar: cutting them out is what makes them errors.
    assert all(is_ucschar(cp) for cp in BIDI_FORMATTING)


def test_rule_properties() -> None:
    assert {r for r in Rule if r.is_iri} == {
        Rule.IRI,
        Rule.IRI_REFERENCE,
        Rule.ABSOLUTE_IRI,
        Rule.IRELATIVE_REF,
    }
    assert {r for r in Rule if r.needs_scheme} == {
        Rule.IRI,
        Rule.ABSOLUTE_IRI,
        Rule.URI,
        Rule.ABSOLUTE_URI,
    }
    assert {r for r in Rule if r.forbids_scheme} == {Rule.IRELATIVE_REF, Rule.RELATIVE_REF}
    assert {r for r in Rule if r.forbids_fragment} == {Rule.ABSOLUTE_IRI, Rule.ABSOLUTE_URI}
    assert Rule("IRI_reference") is Rule.IRI_REFERENCE
    assert Rule.URI == "URI"
    assert ZoneID("accept") is ZoneID.ACCEPT
    with pytest.raises(ValueError):
        Rule("iri")


def test_char_class_escapes_every_character() -> None:
    cls = char_class("]^-\\", ((0x100, 0x101),))
    rx = re.compile(cls)
    for ch in "]^-\\\u0100\u0101":
        assert rx.fullmatch(ch)
    for ch in "a[\u0102":
        assert not rx.fullmatch(ch)
    neg = re.compile(char_class("a", negate=True))
    assert neg.fullmatch("b") and not neg.fullmatch("a")


def test_char_class_exclude() -> None:
    rx = re.compile(char_class("", ((0x200D, 0x2010),), exclude=frozenset({0x200E, 0x2010})))
    assert [hex(cp) for cp in range(0x200C, 0x2012) if rx.fullmatch(chr(cp))] == [
        "0x200d",
        "0x200f",
    ]


@pytest.mark.parametrize("text", ["%", "%2", "%zz", "%2g", "a%", "%%41"])
def test_bad_percent_finds(text: str) -> None:
    assert BAD_PERCENT.search(text)


@pytest.mark.parametrize("text", ["", "%25", "%aF", "a%41b%7e"])
def test_bad_percent_accepts(text: str) -> None:
    assert BAD_PERCENT.search(text) is None


@pytest.mark.parametrize(
    "addr",
    [
        "1:2:3:4:5:6:7:8",
        "::2:3:4:5:6:7:8",
        "1::3:4:5:6:7:8",
        "::",
        "::1",
        "1::",
        "1:2:3:4:5:6:1.2.3.4",
        "::1.2.3.4",
        "::0:0:0:0:0.0.0.0",
        "ffff::ffff:255.255.255.255",
    ],
)
def test_ipv6address_matches(addr: str) -> None:
    assert re.fullmatch(IPV6ADDRESS, addr)


@pytest.mark.parametrize(
    "addr",
    [
        "",
        ":",
        ":::",
        "1:2:3:4:5:6:7:8:9",
        "1::2::3",
        "12345::",
        ":1::",
        "1::2:",
        "::1.2.3.256",
        "::1.2.3.01",
        "1:2:3:4:5:6:7:1.2.3.4",
        "g::",
        "::1.2.3",
        "1.2.3.4",
    ],
)
def test_ipv6address_rejects(addr: str) -> None:
    assert not re.fullmatch(IPV6ADDRESS, addr)


@pytest.mark.parametrize(
    ("octets", "ok"),
    [
        ("0.0.0.0", True),
        ("255.255.255.255", True),
        ("249.250.199.100", True),
        ("256.0.0.0", False),
        ("01.0.0.0", False),
        ("1.2.3", False),
        ("1.2.3.4.5", False),
    ],
)
def test_ipv4address(octets: str, ok: bool) -> None:
    assert bool(re.fullmatch(IPV4ADDRESS, octets)) is ok


def test_ipvfuture() -> None:
    assert re.fullmatch(IPVFUTURE, "v1.x")
    assert re.fullmatch(IPVFUTURE, "VaF.:!")
    for bad in ["v1", "v.x", "v1.", "w1.x", "v1.%41"]:
        assert not re.fullmatch(IPVFUTURE, bad), bad


def test_ip_literal_zone_option() -> None:
    assert not re.fullmatch(ip_literal(ZoneID.REJECT), "[fe80::1%25eth0]")
    assert re.fullmatch(ip_literal(ZoneID.ACCEPT), "[fe80::1%25eth0]")
    assert re.fullmatch(ip_literal(ZoneID.ACCEPT), "[fe80::1]")


@pytest.mark.parametrize("rule", list(Rule))
def test_reference_pattern_groups(rule: Rule) -> None:
    pattern = reference_pattern(rule)
    assert list(pattern.groupindex) == [
        "scheme",
        "authority",
        "userinfo",
        "host",
        "port",
        "path",
        "query",
        "fragment",
    ]
    assert pattern is reference_pattern(rule)  # cached
    assert "$" not in pattern.pattern.replace("\\$", "")  # never "$" (RFC text: use \\Z)


@pytest.mark.parametrize("rule", list(Rule))
def test_reference_pattern_no_trailing_newline(rule: Rule) -> None:
    text = "http://a/" if rule.needs_scheme or not rule.forbids_scheme else "//a/"
    assert reference_pattern(rule).fullmatch(text)
    assert not reference_pattern(rule).fullmatch(text + "\n")


def test_reference_pattern_groups_values() -> None:
    m = reference_pattern(Rule.IRI).fullmatch("http://u@h:1/p?q#f")
    assert m is not None
    assert m.groups() == ("http", "u@h:1", "u", "h", "1", "/p", "q", "f")
    m = reference_pattern(Rule.IRELATIVE_REF).fullmatch("")
    assert m is not None
    assert m.groups() == (None, None, None, None, None, "", None, None)


_EVERY_CODE_POINT = "".join(map(chr, range(0x110000)))


def _members(
    ascii_chars: str, *ranges: tuple[tuple[int, int], ...], exclude: frozenset[int]
) -> set[int]:
    out = {ord(c) for c in ascii_chars}
    for group in ranges:
        for lo, hi in group:
            out.update(cp for cp in range(lo, hi + 1) if cp not in exclude)
    return out


@pytest.mark.parametrize(
    ("ascii_chars", "ranges", "exclude"),
    [
        ("-._~%!$&'()*+,;=:@/", (UCSCHAR,), BIDI_FORMATTING),  # an IRI path class
        ("-._~%!$&'()*+,;=:@/?", (UCSCHAR, IPRIVATE), BIDI_FORMATTING),  # an IRI query class
        ("-._~%!$&'()*+,;=", (), frozenset()),  # an ASCII-only class
        ("", (IPRIVATE,), frozenset()),
    ],
)
@pytest.mark.parametrize("negate", [False, True])
def test_char_class_is_exactly_its_set(
    ascii_chars: str,
    ranges: tuple[tuple[tuple[int, int], ...], ...],
    exclude: frozenset[int],
    negate: bool,
) -> None:
    # The rendered class (escapes, ranges, exclusions, negation) is exactly the set.
    pattern = re.compile(char_class(ascii_chars, *ranges, negate=negate, exclude=exclude))
    found = {ord(c) for c in pattern.findall(_EVERY_CODE_POINT)}
    expected = _members(ascii_chars, *ranges, exclude=exclude)
    if negate:
        expected = set(range(0x110000)) - expected
    assert found == expected
