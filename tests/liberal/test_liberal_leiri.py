"""iri.from_leiri: 3987bis 7.1, and the groups of 7.3 (characters LEIRI allows, IRIs not)."""

from __future__ import annotations

import pytest

import iri
from iri.liberal.leiri import from_leiri_repairs

# leiri-ucschar = " " / "<" / ">" / '"' / "{" / "}" / "|" / "\" / "^" / "`" / %x0-1F
#                 / %x7F-D7FF / %xE000-FFFD / %x10000-10FFFF
# Each character allowed in leiri-ucschar but not in ucschar is percent-encoded (UTF-8).
LEIRI_ONLY = [
    (" ", "%20"),
    ("<", "%3C"),
    (">", "%3E"),
    ('"', "%22"),
    ("{", "%7B"),
    ("}", "%7D"),
    ("|", "%7C"),
    ("\\", "%5C"),
    ("^", "%5E"),
    ("`", "%60"),
    ("\x00", "%00"),
    ("\x1f", "%1F"),
    ("\x7f", "%7F"),
    ("\x80", "%C2%80"),
    ("\x9f", "%C2%9F"),
    # 7.3 groups: specials, private use (outside the query), tags, non-characters
    ("\ufff0", "%EF%BF%B0"),
    ("\ufffd", "%EF%BF%BD"),
    ("\ue000", "%EE%80%80"),
    ("\U000f0000", "%F3%B0%80%80"),
    ("\U000e0001", "%F3%A0%80%81"),
    ("\ufdd0", "%EF%B7%90"),
    ("\U0001fffe", "%F0%9F%BF%BE"),
    ("\U0010ffff", "%F4%8F%BF%BF"),
    # bidi formatting characters, which LEIRI processors "did not enforce" (4.1)
    ("\u200e", "%E2%80%8E"),
    ("\u200f", "%E2%80%8F"),
    ("\u202a", "%E2%80%AA"),
    ("\u202e", "%E2%80%AE"),
]


@pytest.mark.parametrize(("char", "encoded"), LEIRI_ONLY)
def test_leiri_only_characters_are_encoded(char: str, encoded: str) -> None:
    assert iri.from_leiri(f"http://example.org/a{char}b") == f"http://example.org/a{encoded}b"
    assert iri.from_leiri(f"http://example.org/#{char}") == f"http://example.org/#{encoded}"


@pytest.mark.parametrize(
    "char", ["\u00a0", "\u00e9", "\ud7ff", "\uf900", "\U00010000", "\U000e1000"]
)
def test_ucschar_is_kept(char: str) -> None:
    text = f"http://example.org/{char}?{char}#{char}"
    assert iri.from_leiri(text) == text


def test_iprivate_kept_in_the_query() -> None:
    # identity on valid IRIs: iprivate is allowed in the query (docs/rationale.md)
    assert iri.from_leiri("http://e.org/\ue000?\ue000#\ue000") == (
        "http://e.org/%EE%80%80?\ue000#%EE%80%80"
    )


@pytest.mark.parametrize(
    "valid", ["http://user@résumé.example.org:8080/東京?q=ü\ue000#frag", "", "a", "%41"]
)
def test_identity_on_valid(valid: str) -> None:
    assert iri.from_leiri(valid) == valid
    assert from_leiri_repairs(valid).repairs == ()


def test_xml_system_identifier_examples() -> None:
    # XML 1.0 4.2.2 / XML Base / XLink: the characters they escape
    assert iri.from_leiri("file:///C:/My Documents/{draft}.xml") == (
        "file:///C:/My%20Documents/%7Bdraft%7D.xml"
    )
    r = from_leiri_repairs("a b\tc")
    assert [(x.span, x.original, x.replacement, x.severity.value) for x in r.repairs] == [
        ((1, 2), " ", "%20", "info"),
        ((3, 4), "\t", "%09", "info"),
    ]


@pytest.mark.parametrize("bad", ["http://h/100%", "http://h/#a#b", "http://h:x/", "a\ud800"])
def test_not_a_leiri(bad: str) -> None:
    with pytest.raises(iri.InvalidIRI):
        iri.from_leiri(bad)


def test_type() -> None:
    with pytest.raises(TypeError, match="str"):
        iri.from_leiri(1)  # type: ignore[arg-type]
