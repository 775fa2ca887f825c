"""iri.visual_order (UBA via python-bidi) and iri.to_display (RFC 3987 4.1, 3987bis 8.6)."""

from __future__ import annotations

import pytest
from bidi_examples import ARABIC, ARABIC_EX9, EXAMPLES, HEBREW, RFC3987_EX9, to_script

import iri

pytest.importorskip("bidi")


@pytest.mark.parametrize(("number", "logical", "visual", "allowed"), EXAMPLES)
def test_rfc3987_4_4_visual_order_hebrew(
    number: int, logical: str, visual: str, allowed: bool
) -> None:
    assert iri.visual_order(to_script(logical, HEBREW)) == to_script(visual, HEBREW)


@pytest.mark.parametrize(("number", "logical", "visual", "allowed"), EXAMPLES)
def test_rfc3987_4_4_visual_order_arabic(
    number: int, logical: str, visual: str, allowed: bool
) -> None:
    # Example 9 differs by script: with Arabic letters (AL) the digits become AN (UAX #9
    # W2) and the "%" stays neutral (W5 applies to EN only): docs/rationale.md SF4.
    expected = ARABIC_EX9 if number == 9 else visual
    assert iri.visual_order(to_script(logical, ARABIC)) == to_script(expected, ARABIC)


def test_rfc3987_example_9_as_printed_is_not_what_the_uba_gives() -> None:
    logical = EXAMPLES[8][1]
    hebrew, arabic = RFC3987_EX9
    assert iri.visual_order(to_script(logical, HEBREW)) != to_script(hebrew, HEBREW)
    assert iri.visual_order(to_script(logical, ARABIC)) != to_script(arabic, ARABIC)


def test_visual_order_is_ltr_paragraph_and_type_checked() -> None:
    assert iri.visual_order("http://example.org/") == "http://example.org/"
    # An RTL first strong character must not turn the paragraph right-to-left.
    assert iri.visual_order("\u05d0\u05d1/cd") == "\u05d1\u05d0/cd"
    with pytest.raises(TypeError, match="str"):
        iri.visual_order(b"x")  # type: ignore[arg-type]


def test_visual_order_of_lone_surrogates_orders_them_as_strong_left_to_right() -> None:
    # A surrogate code point has Bidi_Class L (its UCD default), like "a": it is ordered as
    # "a" would be, and kept (python-bidi itself cannot take it: no UTF-8 form).
    assert iri.visual_order("\u05d0\u05d1\ud800/cd") == "\u05d1\u05d0\ud800/cd"
    assert iri.visual_order("\u05d0\u05d1a/cd") == "\u05d1\u05d0a/cd"
    assert iri.visual_order("\u05d0\udfff\u05d1") == "\u05d0\udfff\u05d1"
    # the stand-in is a private-use character the text does not hold
    assert iri.visual_order("\U000f0000\ud800\u05d0\u05d1") == "\U000f0000\ud800\u05d1\u05d0"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # URI-to-IRI decoding where safe; U-labels for hosts.
        ("http://xn--99zt52a.example.org/D%C3%BCrst", "http://納豆.example.org/Dürst"),
        # A percent-encoded RLO stays encoded (RFC 3987 3.2 example).
        ("http://example.org/%E2%80%AEgnp.exe", "http://example.org/%E2%80%AEgnp.exe"),
        # Raw invisibles are encoded for display.
        ("http://example.org/a\u200bb", "http://example.org/a%E2%80%8Bb"),
        ("http://example.org/a%E3%85%A4b", "http://example.org/a%E3%85%A4b"),
        # Spoofing hosts stay A-labels (input in either form).
        ("http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/"),
        ("http://аррӏе.com/", "http://xn--80ak6aa92e.com/"),
        ("http://xn--paypl-g9d.com/", "http://xn--paypl-g9d.com/"),
        ("http://bücher.de/", "http://bücher.de/"),
        # Password masked.
        ("ftp://joe:secret@example.org/", "ftp://joe:****@example.org/"),
        ("ftp://joe@example.org/", "ftp://joe@example.org/"),
    ],
)
def test_to_display(text: str, expected: str) -> None:
    assert iri.to_display(text, wrap="none") == expected


def test_wrappers() -> None:
    text = "http://example.org/\u05d0"
    assert iri.to_display(text) == "\u2066" + text + "\u2069"
    assert iri.to_display(text, wrap="embedding") == "\u202a" + text + "\u202c"
    assert iri.to_display(text, wrap=iri.Wrap.NONE) == text
    # Pasted into Hebrew text, the isolate keeps the IRI whole (UAX #9 6.3).
    shown = iri.visual_order("\u05d0 " + iri.to_display("http://ab.cd/\u05d2\u05d3") + " \u05d1")
    assert "http://ab.cd/" in shown


def test_protected_and_password_options() -> None:
    assert iri.to_display("http://еxample.com/", wrap="none").startswith("http://xn--")
    # Cyrillic under a Cyrillic TLD passes the whole-script check; a protected domain
    # with the same skeleton still keeps it in A-label form.
    assert iri.to_display("http://аррӏе.рф/", wrap="none") == "http://аррӏе.рф/"
    masked = iri.to_display("http://аррӏе.рф/", wrap="none", protected=["apple.рф"])
    assert masked == "http://xn--80ak6aa92e.xn--p1ai/"
    shown = iri.to_display("ftp://joe:secret@h/", wrap="none", password="show")
    assert shown == "ftp://joe:secret@h/"


def test_charset_and_showable() -> None:
    text = "http://h.example/日本é"
    assert iri.to_display(text, wrap="none", charset="latin1") == (
        "http://h.example/%E6%97%A5%E6%9C%ACé"
    )
    # latin1 is windows-1252 (issue 18): "€" and "Œ" can be shown, "ſ" cannot
    assert iri.to_display("http://h.example/€Œſ", wrap="none", charset="latin1") == (
        "http://h.example/€Œ%C5%BF"
    )
    only_ascii = iri.to_display(text, wrap="none", showable=lambda c: False)
    assert only_ascii == "http://h.example/%E6%97%A5%E6%9C%AC%C3%A9"


def test_to_display_errors() -> None:
    # Issue 19 case 3: total. An invalid IRI (a raw RLO) is shown with it percent-encoded
    # (it raised InvalidIRI before); only bad options raise.
    assert iri.to_display("http://h/\u202e", wrap="none") == "http://h/%E2%80%AE"
    with pytest.raises(TypeError, match="str"):
        iri.to_display(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Wrap"):
        iri.to_display("http://h/", wrap="sideways")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # issue 19 case 4: the host does not convert, so it is not shown as if it did
        ("http://\U0001f355.ws/", "http://%F0%9F%8D%95.ws/"),
        ("http://%E3%80%82x.example/", "http://%E3%80%82x.example/"),
        ("http://\uff0e/", "http://%EF%BC%8E/"),
    ],
)
def test_display_shows_a_host_that_will_not_convert_encoded(text: str, shown: str) -> None:
    assert iri.to_display(text) == "\u2066" + shown + "\u2069"
