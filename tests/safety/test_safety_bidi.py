"""RFC 3987 4.2 bidi structure through iri.check, on every example of RFC 3987 4.4."""

from __future__ import annotations

import pytest
from bidi_examples import ARABIC, EXAMPLES, HEBREW, to_script

import iri
from iri.syntax.bidi import bidi_violations, may_have_rtl

_BIDI_CODES = {"bidi-mixed-direction", "bidi-component-edge", "bidi-rule"}


def _structure(text: str) -> list[tuple[str, str]]:
    return [
        (v.code.value, text[v.span[0] : v.span[1]])
        for v in iri.check(text)
        if v.code.value in _BIDI_CODES - {"bidi-rule"}
    ]


@pytest.mark.parametrize("table", [HEBREW, ARABIC], ids=["hebrew", "arabic"])
@pytest.mark.parametrize(("number", "logical", "visual", "allowed"), EXAMPLES)
def test_rfc3987_4_4_structure(
    number: int, logical: str, visual: str, allowed: bool, table: dict[str, str]
) -> None:
    text = to_script(logical, table)
    found = _structure(text)
    if allowed:
        assert found == [], number
    else:
        # Examples 8 and 9: digits (or their escapes) at the edge of rtl components.
        pieces = {to_script(p, table) for p in ("GH1", "2IJ", "GH%31", "%32IJ")}
        assert found and {code for code, _ in found} == {"bidi-component-edge"}
        assert {piece for _, piece in found} <= pieces


def test_example_10_breaks_the_bidi_rule_for_its_all_digit_label() -> None:
    # "allowed but not recommended" by RFC 3987; RFC 5893 2 rule 1 rejects a label
    # starting with a digit in a domain that has a right-to-left label.
    text = to_script(EXAMPLES[9][1], HEBREW)
    rule = [text[v.span[0] : v.span[1]] for v in iri.check(text) if v.code == "bidi-rule"]
    assert rule == ["123"]


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("http://example.org/\u05d0\u05d1c\u05d2", ["bidi-mixed-direction"]),
        ("http://example.org/\u05d0b", ["bidi-component-edge", "bidi-mixed-direction"]),
        ("http://example.org/-\u05d0", ["bidi-component-edge"]),
        ("http://example.org/\u05d0\u05b0", []),  # trailing NSM belongs to the letter
        ("http://\u05d0@example.org/", []),
        ("http://x@\u05d0a.example/", ["bidi-component-edge", "bidi-mixed-direction", "bidi-rule"]),
        ("http://example.org/?\u05d0=1", []),
        ("http://example.org/?q=1\u05d0", ["bidi-component-edge"]),
        ("http://example.org/#\u05d01", ["bidi-component-edge"]),
        ("http://example.org/\u0627\u0644\u0639\u0631\u0628\u064a\u0629.html", []),
    ],
)
def test_components(text: str, codes: list[str]) -> None:
    assert sorted(v.code.value for v in iri.check(text) if v.code.value in _BIDI_CODES) == codes


def test_pre_test_and_sections() -> None:
    assert not may_have_rtl("http://例え.テスト/ü")
    assert bidi_violations("http://example.org/abc", [("path", 18, 22)]) == []
    (v,) = [v for v in iri.check("http://example.org/\u05d0b") if v.code == "bidi-mixed-direction"]
    assert v.section == "RFC 3987 4.2" and v.severity == "warning" and v.component == "path"
