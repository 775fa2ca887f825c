"""The whole-text warning passes (iri.syntax.should), called directly with component spans."""

from __future__ import annotations

from iri.syntax.should import character_warnings, percent_encoding_warnings


def test_percent_encoding_warnings_name_the_component() -> None:
    text = "/a%7e?q=%c0%af#%E9"
    spans = [("path", 0, 5), ("query", 6, 14), ("fragment", 15, 18)]
    found = [(v.code.value, v.component, v.span) for v in percent_encoding_warnings(text, spans)]
    assert found == [
        ("lowercase-percent-encoding", "path", (2, 5)),
        ("percent-encoded-unreserved", "path", (2, 5)),
        ("lowercase-percent-encoding", "query", (8, 11)),
        ("lowercase-percent-encoding", "query", (11, 14)),
        ("percent-encoded-overlong-utf8", "query", (8, 14)),
        ("percent-encoded-invalid-utf8", "fragment", (15, 18)),
    ]


def test_well_formed_encodings_draw_nothing() -> None:
    assert percent_encoding_warnings("/%C3%A9%2F%25", [("path", 0, 13)]) == []


def test_character_warnings() -> None:
    text = "/e\u0301?\ue000"
    spans = [("path", 0, 3), ("query", 4, 5)]
    found = [(v.code.value, v.span) for v in character_warnings(text, spans, iri=True)]
    assert found == [("not-nfc", (0, 3)), ("private-use-character", (4, 5))]
    # URI rules: a private-use character is already an error there, not a warning.
    found_uri = [v.code.value for v in character_warnings(text, spans, iri=False)]
    assert found_uri == ["not-nfc"]


def test_joiners_in_and_out_of_context() -> None:
    virama_zwj = "\u0915\u094d\u200d\u0937"  # क्‍ष: ZWJ after a virama (RFC 5892 A.2)
    assert character_warnings(virama_zwj, [("path", 0, 4)], iri=True) == []
    found = character_warnings("a\u200db", [("path", 0, 3)], iri=True)
    assert [(v.code.value, v.span) for v in found] == [("joiner-out-of-context", (1, 2))]
