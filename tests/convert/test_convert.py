"""IRI -> URI and URI -> IRI: spec examples and rule tables (tests/cases/convert_cases.toml)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from iri import is_valid
from iri.convert.uri import HostMapping, KeepQuery, Unencodable, to_iri, to_uri
from iri.errors import CharsetError, IDNAError, InvalidIRI, IRIError
from iri.syntax.grammar import UNRESERVED

CASES: dict[str, list[dict[str, Any]]] = tomllib.loads(
    (Path(__file__).parent.parent / "cases" / "convert_cases.toml").read_text(encoding="utf-8")
)
_TO_URI_OPTIONS = ("host", "charset", "errors")
_TO_IRI_OPTIONS = ("host", "keep_query_encoded")


@pytest.mark.parametrize("case", CASES["to_uri"], ids=lambda c: c["source"])
def test_to_uri_case(case: dict[str, Any]) -> None:
    options = {k: case[k] for k in _TO_URI_OPTIONS if k in case}
    result = to_uri(case["input"], **options)
    assert result == case["expected"]
    assert is_valid(result, rule="URI_reference")
    assert to_uri(result, **options) == result  # idempotent


@pytest.mark.parametrize("case", CASES["to_iri"], ids=lambda c: c["source"])
def test_to_iri_case(case: dict[str, Any]) -> None:
    options = {k: case[k] for k in _TO_IRI_OPTIONS if k in case}
    result = to_iri(case["input"], **options)
    assert result == case["expected"]
    assert is_valid(result, rule="IRI_reference")
    assert to_iri(result, **options) == result  # idempotent


def test_enum_and_string_options_agree() -> None:
    text = "http://résumé.example.org/?q=é"
    assert to_uri(text, host=HostMapping.PERCENT) == to_uri(text, host="percent")
    assert to_uri(text, charset="latin1", errors=Unencodable.STRICT) == to_uri(
        text, charset="latin1", errors="strict"
    )
    uri = "http://a/?q=%C3%A9"
    assert to_iri(uri, keep_query_encoded=KeepQuery.HTTP) == uri
    with pytest.raises(ValueError):
        to_uri(text, host="punycode")


@pytest.mark.parametrize("text", ["http://a/b c", "http://a/%zz", "http://a/\u202e", "a:b\n"])
def test_invalid_input_raises_invalid_iri(text: str) -> None:
    with pytest.raises(InvalidIRI) as info:
        to_uri(text)
    assert info.value.errors
    with pytest.raises(InvalidIRI):
        to_iri(text)


def test_idna_failure_names_host_label_position() -> None:
    with pytest.raises(IDNAError) as info:
        to_uri("http://ok.a\u200db.example/")
    err = info.value
    assert (err.host, err.label, err.position) == ("ok.a\u200db.example", "a\u200db", 4)
    assert "joiner" in err.reason.lower()  # the idna package words it per version


@pytest.mark.parametrize(
    "text",
    [
        "http://r%FCsum\u00e9.example.org/",  # 3.4.2: %-octets not UTF-8 next to non-ASCII
        "http://ab--\u00e9.example/",  # CheckHyphens
        "http://\u0308a.example/",  # leading combining mark
        "http://\uff1c\u00e9.example/",  # maps to "<", not allowed in a host
        "http://\u00e9\u2665.example/",  # IDNA2008: U+2665 is not PVALID
    ],
)
def test_idna_failures(text: str) -> None:
    with pytest.raises(IDNAError):
        to_uri(text)


def test_percent_host_mapping_writes_escaped_utf8() -> None:
    assert to_uri("http://r\u00e9sum\u00e9.example/", host="percent") == (
        "http://r%C3%A9sum%C3%A9.example/"
    )
    assert to_uri("foo://\u00e9\u2665.example/", host="percent") == (
        "foo://%C3%A9%E2%99%A5.example/"
    )


def test_percent_host_mapping_refuses_what_would_be_no_uri() -> None:
    # draft-duerst-idn-uri 3: a DNS host percent-encoded must be a valid IDN; U+2665 is not
    assert not is_valid("http://%C3%A9%E2%99%A5.example/")
    with pytest.raises(IDNAError, match="draft-duerst-idn-uri 3"):
        to_uri("http://\u00e9\u2665.example/", host="percent")


def test_strict_charset_raises_charset_error() -> None:
    with pytest.raises(CharsetError) as info:
        to_uri("http://example.org/?q=a\u017f", charset="latin1", errors="strict")
    assert isinstance(info.value, IRIError)
    error = info.value
    assert (error.charset, error.encoding, error.character, error.position) == (
        "latin1",  # the label as given
        "windows-1252",  # the one name it resolves to (issue 18)
        "\u017f",
        3,
    )
    assert "position 3" in str(error) and "windows-1252" in str(error)


def test_unknown_charset_raises_charset_error() -> None:
    with pytest.raises(CharsetError) as info:
        to_uri("http://example.org/?q=\u00e9", charset="no-such-charset")
    assert info.value.charset == "no-such-charset"
    assert info.value.encoding is None
    assert info.value.position is None
    with pytest.raises(CharsetError):
        to_uri("http://example.org/", charset="no-such-charset")


def test_ascii_fast_path_is_identity() -> None:
    uri = "http://EXAMPLE.org/a%2fb?c=%e9#x"
    assert to_uri(uri) is uri
    assert to_iri("http://example.org/a/b?c#d") == "http://example.org/a/b?c#d"


_PCT = re.compile(r"%[0-9A-Fa-f]{2}")


def up_to_hex_case_and_unreserved(uri: str) -> str:
    """RFC 3987 3.2: "except for potential case differences in percent-encoding and for
    potential percent-encoded unreserved characters"."""

    def fix(m: re.Match[str]) -> str:
        char = chr(int(m.group()[1:], 16))
        return char if char in UNRESERVED else m.group().upper()

    return _PCT.sub(fix, uri)


def test_round_trip_of_spec_examples() -> None:
    for case in CASES["to_iri"]:
        uri = case["input"]
        if case.get("host") or case.get("keep_query_encoded") or not uri.isascii():
            continue
        back = to_uri(to_iri(uri))
        assert up_to_hex_case_and_unreserved(back) == up_to_hex_case_and_unreserved(uri)
