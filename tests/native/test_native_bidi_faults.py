"""The 4.2 bidi warnings the compiled core tells itself (``native/src/faults.rs``,
``bidi_faults``): ``bidi-mixed-direction`` and ``bidi-component-edge`` of the userinfo,
path, query and fragment, when a valid text draws no other violation. Whenever
``violations()`` answers, it is ``check()``'s answer, message for message; it answers
every text whose violations are such warnings alone, but for a right-to-left host (the
Bidi Rule's messages are the idna package's) and a smaller component that ``repr`` does not
write as itself (a format or space character: ``'\\u0600'``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from native_twins import check_column, fixed_examples, native, py_rows

_n = native()

BIDI = {"bidi-mixed-direction", "bidi-component-edge"}

#: Right-to-left letters (R, AL), left-to-right ones (L), marks (NSM), numbers (EN, AN),
#: neutral ASCII, a quote, and characters ``repr`` escapes (Cf U+0600, Zs U+00A0, Cf
#: U+200C ZWNJ, Cf U+00AD): every class the 4.2 checks tell apart.
LETTERS = [
    "\u05d0",
    "\u05d1",
    "\u0627",
    "\u0644",
    "\u06cc",
    "a",
    "Z",
    "\u00e9",
    "\u4e2d",
    "\u05b0",
    "\u064b",
    "1",
    "\u0661",
    "-",
    "_",
    "~",
    "'",
    "!",
    "\u0600",
    "\u00a0",
    "\u200c",
    "\u00ad",
]
SEPARATORS = ["/", ".", "&", ";", "=", ""]

piece = st.text(alphabet=st.sampled_from(LETTERS), min_size=0, max_size=6)
part = st.lists(st.tuples(piece, st.sampled_from(SEPARATORS)), min_size=1, max_size=4).map(
    lambda xs: "".join(p + s for p, s in xs)
)
texts = st.tuples(
    st.sampled_from(["http://", "http://u\u05d0@", "http://\u05d0\u05d1.example/", "", "//h/"]),
    part,
    st.sampled_from(["", "?"]),
    part,
    st.sampled_from(["", "#"]),
    part,
).map(lambda t: t[0] + ("x/" if t[0] == "http://" else "") + t[1] + t[2] + t[3] + t[4] + t[5])


def _bidi_alone(rows: list[tuple[object, ...]]) -> bool:
    return bool(rows) and all(r[0] in BIDI for r in rows)


def _rtl_host(text: str) -> bool:
    from iri.scale.tasks import split_row
    from iri.syntax.bidi import may_have_rtl

    host = split_row(text)["host"]
    return host is not None and may_have_rtl(host)


def test_spec_examples() -> None:
    # RFC 3987 4.2: a path segment mixing directions draws both warnings, the edge one
    # first at the same position (check() orders by position, then by code); each
    # smaller component on its own ("." in a path); the quote repr picks for a "'"
    for text in (
        "http://example.org/\u05d0\u05d1c/d",
        "http://example.org/a\u05d0.\u05d1",
        "http://example.org/x?q=\u05d0'1&r=\u05d0",
        "http://\u05d0@example.org/#\u05d0a",
    ):
        got = _n.violations(text, "IRI_reference", "reject")
        assert got == py_rows(text, "IRI_reference", "reject"), text
        assert got and {r[0] for r in got} <= BIDI, got
    got = _n.violations("http://example.org/x?q=\u05d0'1", "IRI_reference", "reject")
    assert got is not None and got[0][6].startswith('"\u05d0\'1" ')


@pytest.mark.parametrize(
    "text",
    [
        "http://example.org/\u0600\u05d0b",  # repr escapes U+0600 (Cf): Python's to write
        "http://example.org/\u05d0\u00a0b",  # and U+00A0 (Zs)
        "http://\u05d0\u05d1.example/a\u05d0",  # a right-to-left host: the Bidi Rule's
        "http://example.org/a b/\u05d0c",  # another violation beside: Python's
        "http://example.org/" + "/".join(["\u05d0a"] * 11),  # 11 of one code: omitted
    ],
)
def test_left_to_python(text: str) -> None:
    assert _n.violations(text, "IRI_reference", "reject") is None
    assert any(r[0] in BIDI for r in py_rows(text, "IRI_reference", "reject"))


def test_random_texts_as_check_tells_them() -> None:
    answered = [0, 0]  # answered, texts whose violations are bidi warnings alone

    @fixed_examples(3000)
    @given(texts)
    def one(text: str) -> None:
        for rule, zone in (("IRI_reference", "reject"), ("IRI", "accept")):
            got = _n.violations(text, rule, zone)
            want = py_rows(text, rule, zone)
            if got is not None:
                assert got == want, (text, rule, got, want)
                answered[0] += _bidi_alone(want)
            alone = _bidi_alone(want) and not any(c in text for c in "\u0600\u00a0\u200c\u00ad")
            if alone and not _rtl_host(text):
                answered[1] += 1
                assert got is not None, (text, rule, want)

    one()
    assert answered[1] > 100 and answered[0] >= answered[1], answered


def test_the_column_writes_them_without_the_twin() -> None:
    # the check kernel answers these rows in its threads: the twin is never asked
    values = ["http://example.org/\u05d0\u05d1c/d", "http://x/\u05d0b?q=\u0627\u0644a", None]
    asked, got, want = check_column(values)
    assert asked == []
    assert got == want


#: Faults in right-to-left pieces (``faults.stand_in_for``): a faulty character, and a
#: faulty triplet, outside the authority stand in by bytes of their own 4.2 classes, so a
#: piece whose structure they leave sound is told, and one they break is Python's.
RIGHT_TO_LEFT_FAULTS = [
    ("http://h/\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645", True),
    ("http://h/\u05d0|\u05d1/x", True),
    ("http://h/?q=\u0627%41\u0628", True),  # %41 is neither L nor R: no warning
    ("http://h/#\u05d0%80\u05d1", True),  # not UTF-8: its stand-ins keep the classes
    ("http://h/#\u05d0%C0%AF\u05d1", None),  # "C", "A", "F" are L
    ("http://h/\u05d0 b", None),  # the piece mixes directions: both warnings, Python's
    ("http://h/\u0627%7E\u0628", None),  # "E" is L: the piece mixes them
    ("http://h/ \u05d0", None),  # the piece starts with neither R nor AL
]


@pytest.mark.parametrize(("text", "told"), RIGHT_TO_LEFT_FAULTS)
def test_faults_in_right_to_left_pieces(text: str, told: bool | None) -> None:
    want = py_rows(text, "IRI_reference", "reject")
    got = _n.violations(text, "IRI_reference", "reject")
    assert want
    if got is not None:
        assert got == want
    if told:
        assert got is not None and not {r[0] for r in want} & BIDI
    else:
        assert got is None
