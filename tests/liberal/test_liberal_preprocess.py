"""iri.preprocess / split_references: IRI guidelines draft section 4, step by step."""

from __future__ import annotations

import pytest

import iri
from iri.liberal.preprocess import preprocess_repairs

# (input, options, expected output): every example and rule of guidelines section 4.
CASES = [
    # step 1: only SPACE, CR, LF, TAB are trimmed, at both ends
    (" \t\r\nhttp://example.org/\r\n \t", {}, "http://example.org/"),
    # "Unicode has many more characters that are considered whitespace, none of which are
    # affected or considered in this rule."
    ("\u00a0http://example.org/\u3000", {}, "\u00a0http://example.org/\u3000"),
    ("\x0bhttp://example.org/\x0c", {}, "\x0bhttp://example.org/\x0c"),
    # step 2, one reference: each SPACE -> %20, or runs removed
    ("http://example.org/a  b", {}, "http://example.org/a%20%20b"),
    ("http://example.org/a  b c", {"spaces": "remove"}, "http://example.org/abc"),
    # step 4: the draft's example (with its "#" restored; see docs/rationale.md)
    (
        "http://www.example.com/foobar;foo&#x003f;bar",
        {"references": "decode"},
        "http://www.example.com/foobar;foo?bar",
    ),
    (
        "http://www.example.com/foobar;foo&#x003f;bar",
        {},
        "http://www.example.com/foobar;foo&#x003f;bar",
    ),
    # the draft's alternative: only iunreserved
    ("http://e.org/&#x41;&#x3f;&#233;", {"references": "iunreserved"}, "http://e.org/A&#x3f;é"),
    (
        "http://e.org/&#65;&#0;&#xD800;&#x110000;",
        {"references": "decode"},
        "http://e.org/A&#0;&#xD800;&#x110000;",
    ),
]


@pytest.mark.parametrize(("text", "options", "expected"), CASES)
def test_preprocess(text: str, options: dict[str, str], expected: str) -> None:
    assert iri.preprocess(text, **options) == expected


def test_repairs_point_into_the_input() -> None:
    text = " \thttp://e.org/a b&#x41; \n"
    r = preprocess_repairs(text, references="decode")
    assert r.text == "http://e.org/a%20bA"
    codes = [x.code.value for x in r.repairs]
    assert codes == [
        "whitespace-trimmed",
        "whitespace-trimmed",
        "space-encoded",
        "character-reference-decoded",
    ]
    for x in r.repairs:
        assert text[x.span[0] : x.span[1]] == x.original
    assert r.repairs[0].severity == "info" and r.repairs[2].severity == "warning"


def test_split_references() -> None:
    text = "  a.html   b&#x41;.html\tc.html "
    pieces = iri.split_references(text, references="decode")
    assert [p.text for p in pieces] == ["a.html", "bA.html\tc.html"]
    assert pieces[0].repairs[0].span == (0, 2)
    assert pieces[-1].repairs[-1].span == (len(text) - 1, len(text))
    assert iri.split_references("   ") == []


def test_errors() -> None:
    with pytest.raises(TypeError, match="str"):
        iri.preprocess(b"x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="spaces"):
        iri.preprocess("x", spaces="split")
    assert iri.preprocess("") == ""
