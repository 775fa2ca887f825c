"""Properties of the liberal-input functions (iri.liberal) on hypothesis text:

- the output is a valid IRI reference (strict ``iri.check``: no error) or the function
  raises one of the library's exceptions (documented in docs/liberal.md);
- each function is the identity on valid IRI references;
- every repair's span points into the input and holds its ``original``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.property.strategies import mutated, reference

import iri
from iri import Rule
from iri.liberal import Repaired
from iri.liberal.href import from_href_repairs, href_steps
from iri.liberal.leiri import from_leiri_repairs
from iri.liberal.lenient import lenient_repairs, lenient_steps
from iri.liberal.preprocess import preprocess_repairs

# Text people paste: URL-ish ASCII, spaces, controls, non-ASCII, bidi, private use.
_ALPHABET = st.sampled_from(
    [
        *"htp:/?#[]@%!$&'()*+,;=-._~abcXYZ0129 \t\r\n\\<>\"{}|^`",
        *["\x00", "\x7f", "\x85", "\u00e9", "\u202e", "\ue000", "\ufffd", "\U0001f600"],
    ]
)
LIBERAL_TEXT = st.one_of(
    st.text(_ALPHABET, max_size=40),
    st.builds(
        lambda a, b: "http://" + a + b, st.text(_ALPHABET, max_size=20), st.text(max_size=10)
    ),
    mutated(),
    st.text(max_size=30),
)
VALID = reference(Rule.IRI_REFERENCE)


def _no_error(text: str) -> bool:
    return not [v for v in iri.check(text) if v.severity == "error"]


def _spans_ok(text: str, result: Repaired) -> None:
    for r in result.repairs:
        start, end = r.span
        assert 0 <= start <= end <= len(text)
        assert text[start:end] == r.original


@given(VALID)
def test_identity_on_valid(text: str) -> None:
    assert iri.lenient(text) == iri.parse(text)
    # the readable transcription (no fast path) is the identity too
    assert lenient_steps(text) == lenient_repairs(text) == Repaired(text)
    assert iri.from_leiri(text) == text
    assert href_steps(text).text == text.strip(" \t\r\n")


@given(LIBERAL_TEXT)
def test_lenient_valid_or_library_error(text: str) -> None:
    try:
        result = lenient_repairs(text)
    except (iri.InvalidIRI, iri.IDNAError):
        return
    assert lenient_steps(text) == result  # the fast path agrees
    assert _no_error(result.text), result.text
    _spans_ok(text, result)
    # idempotent: the output is valid, so a second pass changes nothing
    assert lenient_repairs(result.text).text == result.text


@given(LIBERAL_TEXT)
def test_lenient_uri_form_is_ascii(text: str) -> None:
    try:
        out = str(iri.lenient(text, form="uri"))
    except iri.InvalidIRI:
        return
    assert out.isascii() and not [
        v for v in iri.check(out, rule="URI_reference") if v.severity == "error"
    ]


@given(LIBERAL_TEXT)
def test_leiri(text: str) -> None:
    try:
        result = from_leiri_repairs(text)
    except iri.InvalidIRI:
        return
    assert _no_error(result.text)
    _spans_ok(text, result)


@given(LIBERAL_TEXT)
def test_preprocess(text: str) -> None:
    for options in ({}, {"spaces": "remove", "references": "decode"}):
        result = preprocess_repairs(text, **options)
        _spans_ok(text, result)
        assert " " not in result.text


@given(LIBERAL_TEXT, st.sampled_from([None, "http://e.org/a/b?q#f", "sc://h/p", "file:///C:/"]))
def test_href(text: str, base: str | None) -> None:
    try:
        steps = href_steps(text)
    except iri.InvalidIRI:
        return  # lone surrogates
    _spans_ok(text, steps)
    try:
        result = from_href_repairs(text, base=base, charset="shift_jis")
    except iri.HrefError:
        return
    except iri.InvalidIRI as exc:  # a host no IRI can carry (see test_wpt_href.NO_IRI_FORM)
        assert exc.errors[0].component == "host"
        return
    _spans_ok(text, result)
    assert result.text.isascii() and iri.is_valid(result.text)  # issue 19 case 6
    try:
        form = iri.from_href(text, base=base, form="iri")
    except iri.InvalidIRI as exc:  # a host no IRI can carry (see test_wpt_href.NO_IRI_FORM)
        assert exc.errors[0].component == "host"
        return
    assert iri.is_valid(form)


@pytest.mark.slow
def test_ten_megabytes() -> None:
    """10 MB inputs are fine (no timing here: `make bench` measures; this proves they end
    and that nothing is built per character beyond the output)."""
    big = "http://example.org/" + ("abcdefghij/\u00e9" * 100 + " <\ue000") * 8_400
    assert len(big) > 10_000_000
    assert str(iri.lenient(big)).count("%20%3C%EE%80%80") == 8_400
    assert iri.from_leiri(big).count("%20%3C%EE%80%80") == 8_400
    assert iri.preprocess(big).count("%20") == 8_400
    assert href_steps(big).text.count("%20%3C%EE%80%80") == 8_400
