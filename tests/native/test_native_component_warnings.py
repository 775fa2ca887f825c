"""What the compiled core now tells of two kinds of valid texts that it used to leave to
Python (``native/src/warning_faults.rs``, ``clean.rs``):

* ``not-nfc`` (RFC 3987 5.3.2.2): a userinfo, path, query or fragment out of NFC, in a
  text with no other violation but the 4.2 bidi warnings outside the host;
* a ``file`` IRI (RFC 8089 2) with an authority, or a path that is empty or starts with
  "/": clean, where every ``file`` IRI was left to Python.

Whenever ``violations()`` answers, it is ``check()``'s answer, message for message; these
texts it must answer; the ``check`` column writes them without asking the twin."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from native_twins import check_column, fixed_examples, native, py_rows

_n = native()

RULES = (("IRI_reference", "reject"), ("IRI", "accept"))

#: Base letters, combining marks that compose with some of them (U+0301, U+0308, U+0306)
#: or with none (U+0338 after a letter, U+05B0), precomposed letters, a right-to-left
#: letter, a Hangul jamo pair that composes, and ASCII.
LETTERS = [
    "e",
    "a",
    "i",
    "\u0301",
    "\u0308",
    "\u0306",
    "\u0338",
    "\u05b0",
    "\u00e9",
    "\u00e4",
    "\u05d0",
    "\u1100",
    "\u1161",
    "1",
    "-",
]
part = st.text(alphabet=st.sampled_from(LETTERS), min_size=0, max_size=6)
texts = st.tuples(
    st.sampled_from(["http://", "http://u\u0301@", "", "//h/", "file:", "file://", "mailto:"]),
    part,
    st.sampled_from(["", "/", "?"]),
    part,
    st.sampled_from(["", "#"]),
    part,
).map(lambda t: t[0] + ("x/" if t[0].endswith(("//", "@")) else "") + "".join(t[1:]))


@pytest.mark.parametrize(
    "text",
    [
        "http://example.org/e\u0301",  # the path
        "http://u\u0301@h/p\u0301?q\u0301#f\u0301",  # every component, in order
        "http://example.org/\u05d0\u0301\u05b0x",  # marks out of order, and the 4.2 warnings
        "http://example.org/a\u0306b/c\u0308?x=e\u0301&y=1#\u00e9",
        "a\u0301",  # a relative reference
    ],
)
def test_not_nfc_told(text: str) -> None:
    for rule, zone in RULES:
        got = _n.violations(text, rule if text[0] != "a" else "IRI_reference", zone)
        want = py_rows(text, rule if text[0] != "a" else "IRI_reference", zone)
        assert any(r[0] == "not-nfc" for r in want), want
        assert got == want, (text, got, want)


@pytest.mark.parametrize(
    "text",
    [
        "http://e\u0301.org/",  # the host: the IDNA checks'
        "http://example.org/e\u0301 x",  # another violation beside
        "http://example.org/?\ue000e\u0301",  # a private-use character in the query
        "http://example.org/e\u0301\u200d",  # a joiner
    ],
)
def test_not_nfc_left_to_python(text: str) -> None:
    assert _n.violations(text, "IRI_reference", "reject") is None
    assert any(r[0] == "not-nfc" for r in py_rows(text, "IRI_reference", "reject"))


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        ("file:///home/j\u00fcrgen/a.txt", True),
        ("file://deps/v8/unicode-filename-\U0001f385.js", True),
        ("file:/a", True),
        ("file:", True),
        ("file://", True),
        ("file:a", False),  # file-path-not-absolute
        ("file:c:/x", False),  # a drive letter (RFC 8089 E.2): Python's
        ("file:///C:/x", True),
    ],
)
def test_file_iris(text: str, clean: bool) -> None:
    assert _n.clean(text, "IRI_reference", "reject") is clean
    if clean:
        assert py_rows(text, "IRI_reference", "reject") == []


def test_random_texts_as_check_tells_them() -> None:
    told = {"not-nfc": 0, "file": 0}

    @fixed_examples(3000)
    @given(texts)
    def one(text: str) -> None:
        for rule, zone in RULES:
            got = _n.violations(text, rule, zone)
            want = py_rows(text, rule, zone)
            if got is not None:
                assert got == want, (text, rule, got, want)
                told["not-nfc"] += any(r[0] == "not-nfc" for r in want)
            if text.startswith("file:") and want == []:
                told["file"] += _n.clean(text, rule, zone) is True
            # not-nfc alone, but in a mailto IRI (its scheme's checks are Python's)
            if {r[0] for r in want} == {"not-nfc"} and not text.startswith("mailto:"):
                assert got is not None, (text, rule, want)

    one()
    assert told["not-nfc"] > 300 and told["file"] > 100, told


def test_the_column_writes_them_without_the_twin() -> None:
    values = [
        "http://example.org/e\u0301",
        "file://deps/v8/unicode-filename-\U0001f385.js",
        "file:///a/b",
        None,
    ]
    asked, got, want = check_column(values)
    assert asked == []
    assert got == want
