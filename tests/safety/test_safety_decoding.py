"""Safe URI-to-IRI decoding (issue 11 item 5): invisible characters stay percent-encoded."""

from __future__ import annotations

import pytest

import iri
from iri.syntax.invisible import is_default_ignorable, is_invisible
from iri.syntax.percent import decode, encode_octets


def _pct(c: str) -> str:
    return encode_octets(c.encode("utf-8"))


@pytest.mark.parametrize(
    ("uri", "expected"),
    [
        # The examples: CGJ, VS16 and the Hangul filler used to be decoded.
        ("http://h/%E3%85%A4", "http://h/%E3%85%A4"),
        ("http://h/a%CD%8Fb", "http://h/a%CD%8Fb"),
        ("http://h/%E2%9D%A4%EF%B8%8F", "http://h/❤%EF%B8%8F"),
        ("http://h/%e2%a0%80", "http://h/%E2%A0%80"),  # BRAILLE PATTERN BLANK
        ("http://h/%F3%A0%84%80", "http://h/%F3%A0%84%80"),  # VS17 (tags block)
        ("http://h/?q=%E1%85%9F", "http://h/?q=%E1%85%9F"),  # HANGUL CHOSEONG FILLER
        ("http://h/#%EF%BE%A0", "http://h/#%EF%BE%A0"),  # HALFWIDTH HANGUL FILLER
        ("http://h/D%C3%BCrst", "http://h/Dürst"),  # visible: decoded as before
    ],
)
def test_to_iri_keeps_invisibles_encoded(uri: str, expected: str) -> None:
    assert iri.to_iri(uri) == expected


def test_every_invisible_code_point_stays_encoded() -> None:
    # Every Default_Ignorable_Code_Point and every character the audit calls invisible,
    # in the path and in the query (where iprivate may otherwise be decoded).
    invisible = [
        chr(cp)
        for cp in range(0x110000)
        if not 0xD800 <= cp <= 0xDFFF and (is_default_ignorable(cp) or is_invisible(cp))
    ]
    assert len(invisible) > 4174
    for c in invisible:
        encoded = _pct(c)
        assert decode(encoded) == encoded, hex(ord(c))
        assert decode(encoded, in_query=True) == encoded, hex(ord(c))


def test_audit_flags_encoded_dot_segments_that_to_iri_decodes() -> None:
    # to_iri decodes %2E (unreserved, RFC 3986 6.2.2.2); the audit flags the segment.
    text = "http://h/a/%2e%2e/b"
    assert iri.to_iri(text) == "http://h/a/../b"
    (f,) = [f for f in iri.audit(text) if f.code == "encoded-dot-segment"]
    assert text[f.span[0] : f.span[1]] == "%2e%2e" and f.level == "danger"
