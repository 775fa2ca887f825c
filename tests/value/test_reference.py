"""Unit tests of iri.value.reference (IRIReference, parse) and iri.errors (InvalidIRI)."""

from __future__ import annotations

import copy
import pickle

import pytest

from iri import InvalidIRI, IRIError, IRIReference, parse
from iri.errors import IDNAError, ResolutionError
from iri.syntax.report import cells
from iri.syntax.report import visible as shown_char

FIELDS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
# The component texts: the port as written (``.port`` is the number).
TEXT_FIELDS = ("scheme", "userinfo", "host", "port_text", "path", "query", "fragment")


def comps(text: str, rule: str = "IRI_reference") -> tuple[str | None, ...]:
    ref = parse(text, rule=rule)
    return tuple(getattr(ref, name) for name in TEXT_FIELDS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://h?#", ("http", None, "h", None, "", "", "")),
        ("http://h", ("http", None, "h", None, "", None, None)),
        ("http://@h:", ("http", "", "h", "", "", None, None)),
        ("http://u@h:1", ("http", "u", "h", "1", "", None, None)),
        ("s:", ("s", None, None, None, "", None, None)),
        ("s:?", ("s", None, None, None, "", "", None)),
        ("s:#", ("s", None, None, None, "", None, "")),
        ("s://", ("s", None, "", None, "", None, None)),
        ("//", (None, None, "", None, "", None, None)),
        ("", (None, None, None, None, "", None, None)),
        ("?", (None, None, None, None, "", "", None)),
        ("#", (None, None, None, None, "", None, "")),
        ("a", (None, None, None, None, "a", None, None)),
        ("http://[::1]:80/p", ("http", None, "[::1]", "80", "/p", None, None)),
    ],
)
def test_absent_vs_empty(text: str, expected: tuple[str | None, ...]) -> None:
    assert comps(text) == expected
    assert str(parse(text)) == text


def test_authority_and_components() -> None:
    ref = parse("http://u@h:1/p?q#f")
    assert ref.authority == "u@h:1"
    assert ref.components() == dict(
        zip(FIELDS, ("http", "u", "h", "1", "/p", "q", "f"), strict=True)
    )
    assert parse("a").authority is None
    assert parse("//").authority == ""
    assert ref.is_absolute and not parse("/a").is_absolute


def test_str_and_repr() -> None:
    text = "http://résumé.example.org/東京?q=ü#f"
    ref = parse(text)
    assert str(ref) == text
    assert repr(ref) == f"IRIReference({text!r})"


def test_immutable() -> None:
    ref = parse("http://a/b")
    with pytest.raises(AttributeError):
        ref.scheme = "ftp"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        ref.path = "/c"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        ref.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        del ref.host  # type: ignore[misc]
    assert not hasattr(ref, "__dict__")


def test_hash_and_equality() -> None:
    a, b = parse("http://a/b"), parse("http://a/b")
    assert a == b and hash(a) == hash(b)
    assert not (a != b)  # noqa: SIM202 (tests __ne__ itself)
    assert a != parse("http://a/c")
    assert a != parse("HTTP://a/b")  # simple string comparison (RFC 3987 5.3.1)
    assert a != "http://a/b"
    assert a != ("http://a/b",)
    assert len({a, b, parse("http://a/c")}) == 2


def test_pickle_and_copy_round_trip() -> None:
    ref = parse("http://u@h:1/p?q#f")
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(ref, protocol=proto))
        assert back == ref and type(back) is IRIReference
        assert back.components() == ref.components()
    assert copy.copy(ref) == ref
    assert copy.deepcopy(ref) == ref


def test_replace() -> None:
    ref = parse("http://u@h:1/p?q#f")
    assert str(ref.replace(port=None)) == "http://u@h/p?q#f"
    assert str(ref.replace(query=None, fragment=None)) == "http://u@h:1/p"
    assert str(ref.replace(query="", fragment="")) == "http://u@h:1/p?#"
    assert str(ref.replace(scheme="https", host="例え.jp")) == "https://u@例え.jp:1/p?q#f"
    assert str(ref.replace(userinfo=None, port=None, host=None)) == "http:/p?q#f"
    assert str(ref.replace(scheme=None)) == "//u@h:1/p?q#f"
    assert ref.replace() == ref
    assert ref.replace(path="/x").path == "/x"
    assert str(ref) == "http://u@h:1/p?q#f"  # the original is untouched


def test_replace_errors() -> None:
    ref = parse("http://u@h:1/p")
    with pytest.raises(TypeError):
        ref.replace(port_number="80")
    with pytest.raises(ValueError):
        ref.replace(host=None)  # the userinfo and port need a host
    with pytest.raises(ValueError):
        parse("/a").replace(port="80")
    with pytest.raises(ValueError):
        parse("/a").replace(userinfo="u")
    with pytest.raises(InvalidIRI):
        ref.replace(path="/a b")
    with pytest.raises(InvalidIRI):
        ref.replace(port="x")
    with pytest.raises(InvalidIRI):
        ref.replace(fragment="\u202e")


def test_replace_rootless_path_with_authority() -> None:
    with pytest.raises(ValueError):
        parse("http://h/p").replace(path="x")


def test_replace_path_starting_with_two_slashes_without_authority() -> None:
    with pytest.raises(ValueError):
        parse("http://h//x").replace(host=None)


def test_replace_path_that_reads_as_scheme() -> None:
    with pytest.raises(ValueError):
        parse("x").replace(path="a:b")


def test_matches() -> None:
    ref = parse("http://a/b?q")
    assert ref.matches("absolute_IRI") and ref.matches("IRI") and ref.matches("URI")
    assert not ref.matches("irelative_ref")
    assert not parse("http://a/#f").matches("absolute_URI")
    assert not parse("http://a/é").matches("URI")
    assert parse("a").matches("irelative_ref") and not parse("a").matches("IRI")


def test_parse_rules() -> None:
    assert parse("http://a/", rule="URI").scheme == "http"
    with pytest.raises(InvalidIRI):
        parse("a", rule="IRI")
    with pytest.raises(InvalidIRI):
        parse("http://a/é", rule="URI")
    with pytest.raises(InvalidIRI):
        parse("http://[fe80::1%25x]/")
    assert parse("http://[fe80::1%25x]/", zone_id="accept").host == "[fe80::1%25x]"


def test_parse_trailing_newline() -> None:
    with pytest.raises(InvalidIRI):
        parse("http://a/\n")


# -- InvalidIRI ------------------------------------------------------------------------


def test_error_hierarchy() -> None:
    assert issubclass(InvalidIRI, IRIError) and issubclass(IRIError, ValueError)
    assert issubclass(IDNAError, IRIError) and issubclass(ResolutionError, IRIError)


def test_invalid_iri_carries_violations() -> None:
    with pytest.raises(InvalidIRI) as info:
        parse("http://example.org/a\u202eb c", rule="IRI")
    exc = info.value
    assert exc.text == "http://example.org/a\u202eb c"
    assert exc.rule == "IRI"
    assert [str(v.code) for v in exc.errors] == ["bidi-formatting-character", "invalid-character"]
    assert all(v.severity == "error" for v in exc.errors)
    message = str(exc)
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in message
    assert "bidi-formatting-character" in message and "RFC 3987 4.1" in message
    assert "(and 1 more error)" in message


def _caret_column(message: str) -> tuple[str, int, int]:
    lines = message.split("\n")
    shown, caret = lines[-2], lines[-1]
    start = caret.index("^")
    return shown, start - 4, len(caret) - start


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("http://example.org/a b", (20, 21)),
        ("http://example.org/\u202e", (19, 20)),
        ("http://a/\tb", (9, 10)),
        ("http://a/%zz", (9, 10)),
        ("http://a/%2g", (9, 11)),
        ("http://[1:::2]/", (7, 14)),
        ("\x00\x01http://a/", (0, 1)),
    ],
)
def test_caret_under_first_error(text: str, span: tuple[int, int]) -> None:
    with pytest.raises(InvalidIRI) as info:
        parse(text)
    assert info.value.errors[0].span == span
    shown, column, width = _caret_column(str(info.value))
    # Printable characters as they are; C0 controls as one-cell Control Pictures; other
    # hidden characters as their code point, <U+202E> (issue 19): the caret counts cells.
    assert shown == "    " + "".join(
        c if c.isprintable() and c != "\u202e" else shown_char(c) for c in text
    )
    assert shown_char("\u202e") == "<U+202E>" and shown_char("\t") == "\u2409"
    assert len(shown) - 4 == cells(text)
    assert column == cells(text[: span[0]])
    assert width == max(1, cells(text[span[0] : span[1]]))
    if text.isascii():  # one cell per character: the caret is at the span itself
        assert (column, width) == (span[0], max(1, span[1] - span[0]))


def test_caret_for_empty_span() -> None:
    with pytest.raises(InvalidIRI) as info:
        parse("//a", rule="IRI")
    _, column, width = _caret_column(str(info.value))
    assert (column, width) == (0, 1)


def test_invalid_iri_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="invalid IRI_reference"):
        parse("a b")
