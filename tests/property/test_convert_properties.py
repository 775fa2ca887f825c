"""Properties of IRI -> URI and URI -> IRI on generated valid references.

* to_uri: output is a valid URI_reference, idempotent, the identity on URIs;
* to_iri: output is a valid IRI_reference, idempotent;
* round trip: to_uri(to_iri(u)) == u up to hex case and percent-encoded unreserved
  (RFC 3987 3.2, 3987bis 4.1);
* on any text, InvalidIRI exactly for invalid text, IDNAError only from to_uri, nothing else.
"""

from __future__ import annotations

import re

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from iri import is_valid
from iri.convert.uri import to_iri, to_uri
from iri.errors import IDNAError, InvalidIRI, IRIError
from iri.syntax.grammar import UNRESERVED
from iri.syntax.percent import encode_octets

SETTINGS = settings(derandomize=True, deadline=None, max_examples=150)

_PCT = re.compile(r"%[0-9A-Fa-f]{2}")

# Interesting non-ASCII: Latin, CJK, RTL letters, combining marks, non-BMP, private use,
# tags, invisible format characters (which must never be decoded back).
_NON_ASCII = st.one_of(
    st.sampled_from("éüßÆ納豆ا\u05d0\u0301\u00a0\u200d\ue000\U000e0041\U00010300\U0001f600"),
    st.characters(min_codepoint=0xA0, max_codepoint=0x10FFFD, exclude_categories=("Cs",)),
)
_PCT_ENCODED = st.one_of(
    st.binary(min_size=1, max_size=4).map(encode_octets),
    st.text(alphabet=_NON_ASCII, min_size=1, max_size=2).map(
        lambda t: encode_octets(t.encode("utf-8")).lower()
    ),
    st.sampled_from(["%2F", "%25", "%41", "%7e", "%C0%AF", "%ED%A0%80", "%E2%80%AE", "%20"]),
)


def _chars(ascii_chars: str, *, uri: bool = False) -> st.SearchStrategy[str]:
    if uri:
        piece = st.one_of(st.sampled_from(ascii_chars), _PCT_ENCODED)
    else:
        piece = st.one_of(st.sampled_from(ascii_chars), _NON_ASCII, _PCT_ENCODED)
    return st.lists(piece, max_size=6).map("".join)


_HOSTS = st.one_of(
    _chars(UNRESERVED + "!$&'()*+,;="),
    st.sampled_from(
        [
            "example.org",
            "EXAMPLE.org",
            "xn--99zt52a.example.org",
            "xn--fa-hia.de",
            "résumé.example.org",
            "納豆.例え",
            "r%C3%A9sum%C3%A9.example",
            "[::1]",
            "127.0.0.1",
            "",
        ]
    ),
)

_URI_HOSTS = st.one_of(
    _chars(UNRESERVED + "!$&'()*+,;=", uri=True),
    st.sampled_from(["example.org", "xn--99zt52a.example.org", "r%C3%A9sum%C3%A9.ex", "[::1]"]),
)


@st.composite
def iri_references(draw: st.DrawFn, *, uri: bool = False) -> str:
    """Valid IRI references (only URI references with ``uri``)."""
    scheme = draw(st.sampled_from([None, "http", "https", "ftp", "foo", "mailto"]))
    out = f"{scheme}:" if scheme else ""
    has_authority = draw(st.booleans())
    if has_authority:
        out += "//"
        if draw(st.booleans()):
            out += draw(_chars(UNRESERVED + "!$&'()*+,;=:", uri=uri)) + "@"
        out += draw(_URI_HOSTS if uri else _HOSTS)
        if draw(st.booleans()):
            out += ":" + draw(st.sampled_from(["", "80", "8080"]))
    segment = _chars(UNRESERVED + "!$&'()*+,;=:@", uri=uri)
    segments = draw(st.lists(segment, max_size=4))
    path = "/".join(segments)
    if has_authority and path:
        path = "/" + path
    out += path
    if draw(st.booleans()):
        out += "?" + draw(_chars(UNRESERVED + "!$&'()*+,;=:@/?", uri=uri))
    if draw(st.booleans()):
        out += "#" + draw(_chars(UNRESERVED + "!$&'()*+,;=:@/?", uri=uri))
    assume(is_valid(out))
    return out


def up_to_hex_case_and_unreserved(uri: str) -> str:
    def fix(m: re.Match[str]) -> str:
        char = chr(int(m.group()[1:], 16))
        return char if char in UNRESERVED else m.group().upper()

    return _PCT.sub(fix, uri)


def _to_uri_or_none(text: str, **options: str) -> str | None:
    try:
        return to_uri(text, **options)
    except IRIError:
        return None  # e.g. an IDNAError: the only failures allowed on valid input


@SETTINGS
@given(iri_references(), st.sampled_from(["auto", "idna", "percent"]))
def test_to_uri_valid_and_idempotent(text: str, host: str) -> None:
    uri = _to_uri_or_none(text, host=host)
    if host == "percent":
        assert uri is not None  # percent-encoding never fails
    if uri is None:
        return
    assert is_valid(uri, rule="URI_reference"), uri
    assert to_uri(uri, host=host) == uri


@SETTINGS
@given(iri_references(), st.sampled_from([None, "iso-8859-1", "shift_jis", "gb18030"]))
def test_to_uri_with_charset_is_a_uri(text: str, charset: str | None) -> None:
    try:
        uri = to_uri(text, charset=charset, host="percent")
    except IRIError:
        return
    assert is_valid(uri, rule="URI_reference"), uri
    assert to_uri(uri, charset=charset, host="percent") == uri


@SETTINGS
@given(iri_references(uri=True))
def test_to_uri_is_identity_on_uris(text: str) -> None:
    assert is_valid(text, rule="URI_reference")
    assert to_uri(text) == text
    assert to_uri(text, host="percent") == text


@SETTINGS
@given(iri_references(), st.sampled_from(["auto", "idna", "percent"]))
def test_to_iri_valid_and_idempotent(text: str, host: str) -> None:
    result = to_iri(text, host=host)
    assert is_valid(result, rule="IRI_reference"), result
    assert to_iri(result, host=host) == result


@SETTINGS
@given(st.one_of(iri_references(), iri_references(uri=True)), st.sampled_from(["never", "http"]))
def test_round_trip(text: str, keep: str) -> None:
    uri = _to_uri_or_none(text)
    assume(uri is not None)
    assert uri is not None
    back = to_uri(to_iri(uri, keep_query_encoded=keep))
    assert up_to_hex_case_and_unreserved(back) == up_to_hex_case_and_unreserved(uri)


@SETTINGS
@given(st.text(st.characters(exclude_categories=()), max_size=40))
def test_on_any_text_conversion_fails_exactly_on_invalid_text(text: str) -> None:
    # Any text (lone surrogates too): InvalidIRI exactly when check() finds an error, an
    # IDNAError only from to_uri for a valid reference whose host IDNA rejects, and nothing
    # else escapes; a result is ASCII (to_uri) or a valid IRI reference (to_iri).
    valid = is_valid(text)
    for call in (to_uri, to_iri):
        try:
            result = call(text)
        except InvalidIRI:
            assert not valid
        except IDNAError:
            assert valid and call is to_uri
        else:
            assert valid
            assert result.isascii() if call is to_uri else is_valid(result), result
