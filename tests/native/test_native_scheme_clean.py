"""The schemes with checks of their own in the compiled core (``native/src/scheme_clean.rs``):
``clean`` reads ``urn`` (RFC 8141), ``mailto`` (RFC 6068, an ASCII path without escapes) and
``data`` (RFC 2397, without escapes) as their Python modules do, beside ``file``. Whenever
``clean()`` says True, ``check()`` finds nothing; whenever ``violations()`` answers, it is
``check()``'s answer (a ``mailto`` or ``data`` text with a faulty character stays Python's:
their checks read what the stand-ins change); and the common forms of linked data
(``urn:uuid:``, ``urn:isbn:``, ``mailto:`` addresses) and of ``data:`` are answered without
Python.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from native_twins import check_column, fixed_examples, native, py_rows

_n = native()

RULES = (("IRI_reference", "reject"), ("IRI", "accept"), ("URI", "reject"))

COMMON = [
    "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
    "urn:isbn:0451450523",
    "urn:ietf:rfc:2648",
    "urn:nbn:de:bvb:19-146642",
    "urn:example:a123,z456?+abc?=xyz#789",
    "mailto:alice@example.org",
    "mailto:a.b+tag@example.org,c@d.example?subject=hi&cc=e@f",
    "mailto:",
    "data:,Hello",
    "data:text/plain;charset=utf-8,h\u00e9llo",
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYAAAAAMAASsJTYQAAAAASUVORK5CYII=",
]


@pytest.mark.parametrize("text", COMMON)
def test_common_forms_are_clean(text: str) -> None:
    assert py_rows(text, "IRI_reference", "reject") == []
    assert _n.clean(text, "IRI_reference", "reject") is True


def test_the_column_asks_python_for_none_of_them() -> None:
    asked, got, want = check_column([*COMMON, "URN:ISBN:1", "urn:isbn:1 2"])
    assert asked == []
    assert got == want


#: Pieces of urn and mailto texts: NIDs good and bad, NSS, queries of every shape, and
#: characters that break them or their address parts (a faulty space, an escape, a
#: non-ASCII letter, a quote, an "@", a comma, dots).
URN_PIECES = [
    "urn:",
    "URN:",
    "isbn",
    "a",
    "a-b",
    "-a",
    "a_b",
    "x" * 33,
    ":",
    "0451",
    "/",
    "?",
    "?+",
    "?=",
    "+r",
    "=q",
    "#",
    "f",
    " ",
    "%41",
    "%7e",
    "é",
    ".",
    "..",
]
DATA_PIECES = [
    "data:",
    "DATA:",
    "text",
    "/",
    "plain",
    ";",
    "charset=utf-8",
    "base64",
    ";base64",
    ";BASE64",
    ",",
    "YQ==",
    "YWJj",
    "YQ",
    "=",
    "+/",
    "-",
    "%41",
    "?",
    "#f",
    " ",
    "é",
    "a",
    "//h",
]
MAILTO_PIECES = [
    "mailto:",
    "MAILTO:",
    "a",
    "b.c",
    "@",
    "example.org",
    ",",
    ".",
    "..",
    "?",
    "subject=x",
    "&",
    "=",
    "%61",
    "é",
    '"q"',
    " ",
    "<",
    "+",
    "!",
    "/",
    "#f",
]


def _texts(pieces: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), min_size=1, max_size=9).map("".join)


@fixed_examples(3000)
@given(st.one_of(_texts(URN_PIECES), _texts(MAILTO_PIECES), _texts(DATA_PIECES)))
def test_clean_and_violations_agree_with_check(text: str) -> None:
    for rule, zone in RULES:
        want = py_rows(text, rule, zone)
        if _n.clean(text, rule, zone):
            assert want == [], (text, rule)
        got = _n.violations(text, rule, zone)
        if got is not None:
            assert got == want, (text, rule, got, want)


def test_a_faulty_mailto_is_pythons() -> None:
    # "a b" is no dot-atom, "a~b" (its stand-in) is: the core must not read the latter
    text = "mailto:a b@example.org"
    assert {r[0] for r in py_rows(text, "IRI_reference", "reject")} >= {"mailto-invalid-address"}
    assert _n.violations(text, "IRI_reference", "reject") is None
