"""Percent-encoding over UTF-8 and the URI-to-IRI decoding rule (iri.syntax.percent)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iri.errors import IRIError
from iri.syntax.grammar import RESERVED, UNRESERVED
from iri.syntax.percent import (
    ALL_CHARACTERS,
    INAPPROPRIATE,
    IUNRESERVED,
    NON_ASCII,
    decode,
    decode_utf8,
    encode,
    encode_octets,
    may_decode,
)


def test_encode_octets_uppercase() -> None:
    assert encode_octets(b"\xc3\xa9\x0a") == "%C3%A9%0A"
    assert encode_octets(b"") == ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("abc", "abc"),
        ("é", "%C3%A9"),
        ("a%2fé", "a%2f%C3%A9"),
        ("\U00010300", "%F0%90%8C%80"),
        ("\ue000\U000e0041", "%EE%80%80%F3%A0%81%81"),
    ],
)
def test_encode_non_ascii(text: str, expected: str) -> None:
    assert encode(text, NON_ASCII) == expected


def test_encode_with_explicit_safe_set() -> None:
    # (the safe set, once a string: now the named set "unreserved" (URI form) plus "/")
    assert encode("a b/é%41%zz", IUNRESERVED.uri.remove("/"), keep_escapes=True) == (
        "a%20b/%C3%A9%41%25zz"
    )
    assert encode("%41", IUNRESERVED.uri, keep_escapes=False) == "%2541"
    # A lone surrogate: never ill-formed octets such as %ED%A0%80 (docs/rationale.md,
    # "Lone surrogates when encoding"), never a UnicodeEncodeError: an IRIError, or the
    # octet that U+DC80-DCFF escapes.
    with pytest.raises(IRIError, match="U\\+D800"):
        encode("\ud800", ALL_CHARACTERS)
    assert encode("\udcff", ALL_CHARACTERS) == "%FF"


@pytest.mark.parametrize(
    ("octets", "expected"),
    [
        (b"\xc3\xa9", "é"),
        (b"\xf0\x90\x8c\x80", "\U00010300"),
        (b"\xc0\xaf", None),  # overlong "/"
        (b"\xe0\x80\xaf", None),  # overlong
        (b"\xed\xa0\x80", None),  # surrogate
        (b"\xf4\x90\x80\x80", None),  # above U+10FFFF
        (b"\xe2\x82", None),  # truncated
        (b"\x80", None),  # lone continuation
    ],
)
def test_decode_utf8_is_strict(octets: bytes, expected: str | None) -> None:
    assert decode_utf8(octets) == expected


@pytest.mark.parametrize("char", [*RESERVED, "%", " ", "\x00", "\x7f", "<", "\\"])
def test_ascii_outside_unreserved_never_decoded(char: str) -> None:
    assert not may_decode(char)
    assert not may_decode(char, in_query=True)


@pytest.mark.parametrize("char", list(UNRESERVED))
def test_unreserved_decoded(char: str) -> None:
    assert may_decode(char)


@pytest.mark.parametrize(
    ("char", "outside", "in_query"),
    [
        ("é", True, True),
        ("\U0001f600", True, True),
        ("\u202e", False, False),  # RLO
        ("\u061c", False, False),  # ALM
        ("\u2066", False, False),  # LRI
        ("\u200d", False, False),  # ZWJ (Cf)
        ("\u00a0", False, False),  # NBSP (Zs)
        ("\u2028", False, False),  # LINE SEPARATOR (Zl)
        ("\ufeff", False, False),  # BOM (Cf)
        ("\ufffd", False, False),  # specials: not ucschar
        ("\ufdd0", False, False),  # non-character
        ("\U0001fffe", False, False),  # non-character
        ("\x85", False, False),  # C1 control
        ("\ue000", False, True),  # private use
        ("\U000f0000", False, True),  # supplementary private use
        ("\U000e0041", False, False),  # TAG LATIN CAPITAL LETTER A (Cf)
        ("\U000e0100", False, False),  # VARIATION SELECTOR-17: Default_Ignorable, never decoded
    ],
)
def test_may_decode_table(char: str, outside: bool, in_query: bool) -> None:
    assert may_decode(char) is outside
    assert may_decode(char, in_query=True) is in_query


def test_inappropriate_ranges_sorted_and_disjoint() -> None:
    previous = -1
    for lo, hi in INAPPROPRIATE:
        assert previous < lo <= hi
        previous = hi


@pytest.mark.parametrize(
    ("text", "query", "expected"),
    [
        ("D%C3%BCrst", False, "Dürst"),
        ("D%FCrst", False, "D%FCrst"),
        ("%e2%80%ae", False, "%E2%80%AE"),
        ("%2f%2F%25", False, "%2f%2F%25"),
        ("%41%42", False, "AB"),
        ("%C3", False, "%C3"),
        ("%c3%a9%c3", False, "é%C3"),
        ("%EE%80%80", False, "%EE%80%80"),
        ("%EE%80%80", True, "\ue000"),
        ("100%", False, "100%"),
        ("no escapes", False, "no escapes"),
    ],
)
def test_decode(text: str, query: bool, expected: str) -> None:
    assert decode(text, in_query=query) == expected


@settings(derandomize=True, deadline=None)
@given(st.text())
def test_decode_agrees_with_per_character_rule(text: str) -> None:
    """The fast path (one regex over a decoded run) agrees with may_decode()."""
    encoded = encode_octets(text.encode("utf-8", "surrogatepass"))
    for query in (False, True):
        expected = "".join(c if may_decode(c, in_query=query) else _encoded(c) for c in text)
        assert decode(encoded, in_query=query) == expected


@settings(derandomize=True, deadline=None)
@given(st.binary())
def test_decode_never_loses_octets(octets: bytes) -> None:
    """Re-encoding the result gives the octets back (decoding is lossless)."""
    result = decode(encode_octets(octets), in_query=True)
    assert _octets_of(result) == octets


def _octets_of(text: str) -> bytes:
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "%":
            out.append(int(text[i + 1 : i + 3], 16))
            i += 3
        else:
            out += text[i].encode("utf-8")
            i += 1
    return bytes(out)


def _encoded(char: str) -> str:
    return encode_octets(char.encode("utf-8", "surrogatepass"))
