"""Unit and property tests of the scheme-specific values and checks (iri.schemes.*)."""

from __future__ import annotations

from pathlib import PurePosixPath, PureWindowsPath

import pytest
from hypothesis import given
from hypothesis import strategies as st

import iri
from iri import CharsetError, IDNAError, InvalidIRI, IRIError
from iri.schemes.data import DataURL
from iri.schemes.file import from_path, to_path
from iri.schemes.mailto import Mailto
from iri.schemes.urn import URN
from iri.syntax.schemes import SPECIFIC_SCHEMES, scheme_violations
from iri.syntax.split import split_with_spans

# -- check(): each scheme's warnings, with spans --------------------------------------------

CHECK_CASES = [
    # (text, expected codes)
    ("mailto:joe@example.org", []),
    ("mailto:joe@example.org,ann@example.net?cc=x@example.org&subject=Hi", []),
    ("mailto:?to=joe@example.org", []),  # RFC 6068 6.1: addresses may all be in hfields
    ("mailto:info@bücher.example", []),
    ("mailto:%22not%40me%22@example.org", []),  # quoted-string local part (6068 6.2)
    ("mailto:joe", ["mailto-invalid-address"]),
    ("mailto:@example.org", ["mailto-invalid-address"]),
    ("mailto:a..b@example.org", ["mailto-invalid-address"]),
    ("mailto:joe@exa%20mple.org", ["mailto-invalid-domain"]),
    ("mailto:joe@xn--a.example", []),  # ASCII domains are not run through IDNA
    ("mailto:joe@ab--c\u00fc.example", ["mailto-invalid-domain"]),  # UTS #46 hyphens
    ("mailto:joe@[192.0.2.1]".replace("[", "%5B").replace("]", "%5D"), []),
    ("mailto:joe@example.org?subject", ["mailto-invalid-header"]),
    ("mailto:a@b.example?x=1&y", ["mailto-invalid-header"]),
    ("data:,A%20brief%20note", []),
    ("data:text/plain;charset=iso-8859-7,%BE%D3%BE", ["percent-encoded-invalid-utf8"]),
    ("data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw", []),
    ("data:text/plain;base64", ["data-missing-comma"]),
    ("data:text;charset=utf-8,hello", ["data-invalid-media-type"]),
    ("data:text/plain;charset,hello", ["data-invalid-media-type"]),
    ("data:;base64,aGVsbG8*", ["data-invalid-base64"]),
    ("data:;base64,aGVsbG8", ["data-invalid-base64"]),  # missing padding
    ("data:text/html,a?b#frag", []),  # "?" is data; the fragment is not
    ("file:///etc/hosts", []),
    ("file://localhost/etc/hosts", []),
    ("file:/etc/hosts", []),
    ("file:///C:/Windows", []),
    ("file:C:/Windows", []),  # RFC 8089 E.2
    ("file:c%7C/Windows", []),  # RFC 8089 E.2.2 ("|" itself is not allowed in an IRI)
    ("file://server/share/x", []),
    ("file:notes/todo.txt", ["file-path-not-absolute"]),
    ("urn:isbn:0-395-36341-1", []),
    ("urn:example:a123,z456?+abc?=xyz#789", []),
    ("urn:example:weather?=op=map&lat=39.56", []),
    ("urn:x:foo", ["urn-invalid-nid"]),
    ("urn:-ex:foo", ["urn-invalid-nid"]),
    ("urn:" + "a" * 33 + ":foo", ["urn-invalid-nid"]),
    ("urn:example:", ["urn-invalid-nss"]),
    ("urn:example:/a", ["urn-invalid-nss"]),
    ("urn:example:a?b", ["urn-invalid-rq-components"]),
    ("urn:example:a?", ["urn-invalid-rq-components"]),
    ("urn:example:a?+", ["urn-invalid-rq-components"]),
    ("URN:EXAMPLE:a", ["uppercase-scheme"]),
    ("http://example.org/joe", []),  # other schemes: nothing scheme-specific
]


@pytest.mark.parametrize(("text", "codes"), CHECK_CASES)
def test_check_reports_scheme_specific_warnings(text: str, codes: list[str]) -> None:
    found = iri.check(text)
    assert [v.code.value for v in found] == codes
    for v in found:
        assert v.severity == "warning"
        assert 0 <= v.span[0] <= v.span[1] <= len(text)
    assert iri.is_valid(text)  # scheme-specific problems never make a generic IRI invalid


def test_fast_path_does_not_hide_scheme_warnings() -> None:
    from iri.syntax.check import explain

    for text, _codes in CHECK_CASES:
        assert iri.check(text) == explain(text), text


@given(st.sampled_from(sorted(SPECIFIC_SCHEMES)), st.text(max_size=40))
def test_scheme_violations_are_warnings_inside_the_text_that_check_reports(
    scheme: str, rest: str
) -> None:
    text = f"{scheme}:{rest}"
    comps, spans = split_with_spans(text)
    found = scheme_violations(text, comps, spans)
    for v in found:
        assert v.severity == "warning"
        assert 0 <= v.span[0] <= v.span[1] <= len(text)
    if iri.is_valid(text):  # check() adds them to its own for a text without errors
        checked = iri.check(text, limit=None)
        assert all(v in checked for v in found), (found, checked)


# -- mailto (RFC 6068) ----------------------------------------------------------------------


def test_mailto_rfc6068_examples() -> None:
    # RFC 6068 6.1 and 6.2 examples
    m = Mailto.parse("mailto:chris@example.com")
    assert m.to == ("chris@example.com",) and m.headers == ()
    m = Mailto.parse("mailto:infobot@example.com?subject=current-issue")
    assert m.subject == "current-issue"
    m = Mailto.parse("mailto:infobot@example.com?body=send%20current-issue")
    assert m.body == "send current-issue"
    m = Mailto.parse("mailto:joe@example.com?cc=bob@example.com&body=hello")
    assert m.header("CC") == "bob@example.com" and m.body == "hello"
    assert m.recipients == ("joe@example.com", "bob@example.com")
    m = Mailto.parse("mailto:?to=addr1@an.example,addr2@an.example")
    assert m.to == () and m.recipients == ("addr1@an.example", "addr2@an.example")
    m = Mailto.parse("mailto:gorby%25kremvax@example.com")
    assert m.to == ("gorby%kremvax@example.com",)
    m = Mailto.parse("mailto:user@example.org?subject=caf%C3%A9")
    assert m.subject == "café"
    # 6.3: IDN domain, percent-encoded UTF-8 or A-label
    m = Mailto.parse("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO")
    assert m.to == ("user@納豆.example.org",)
    assert m.to_uri() == "mailto:user@xn--99zt52a.example.org?subject=Test&body=NATTO"


def test_mailto_builds_iri_and_uri() -> None:
    m = Mailto(to=("ann@bücher.example", "b.c@x.example"), headers=(("subject", "1&2=3?"),))
    assert m.to_iri() == "mailto:ann@bücher.example,b.c@x.example?subject=1%262%3D3%3F"
    assert Mailto.parse(m.to_iri()) == m
    assert Mailto.parse(m.to_uri()) == Mailto(
        to=("ann@xn--bcher-kva.example", "b.c@x.example"), headers=(("subject", "1&2=3?"),)
    )


def test_mailto_errors() -> None:
    with pytest.raises(InvalidIRI) as info:
        Mailto.parse("mailto:joe")
    assert info.value.violations[0].code == "mailto-invalid-address"
    with pytest.raises(InvalidIRI):
        Mailto.parse("http://example.org/")
    with pytest.raises(InvalidIRI):
        Mailto.parse("mailto:a b@example.org")
    with pytest.raises(TypeError, match="expects str"):
        Mailto.parse(None)  # type: ignore[arg-type]
    with pytest.raises(IDNAError):
        Mailto(to=("a@ab--c\u00fc.example",)).to_uri()


# dot-atom-text local parts (RFC 5322 3.2.3 atext, RFC 6532 non-ASCII letters)
_atom = st.text(
    st.sampled_from("abcXYZ019!#$%&'*+-/=?^_`{|}~")
    | st.characters(min_codepoint=0xC0, categories=("Ll", "Lo")),
    min_size=1,
    max_size=6,
)
_local = st.lists(_atom, min_size=1, max_size=3).map(".".join)


@given(st.lists(_local, max_size=3), st.lists(st.tuples(_local, st.text(max_size=12)), max_size=3))
def test_mailto_round_trip(locals_: list[str], headers: list[tuple[str, str]]) -> None:
    m = Mailto(to=tuple(f"{x}@example.org" for x in locals_), headers=tuple(headers))
    text = m.to_iri()
    assert iri.is_valid(text), text
    assert Mailto.parse(text).to == m.to
    assert Mailto.parse(text).headers == m.headers


# -- data (RFC 2397) ------------------------------------------------------------------------


def test_data_rfc2397_examples() -> None:
    d = DataURL.parse("data:,A%20brief%20note")
    assert (d.mime_type, d.charset, d.data) == ("text/plain", "US-ASCII", b"A brief note")
    d = DataURL.parse("data:text/plain;charset=iso-8859-7,%be%d3%be")
    assert d.text() == "ΎΣΎ"
    d = DataURL.parse("data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw")
    assert d.base64 and d.data.startswith(b"GIF87a")
    d = DataURL.parse("data:text/html,a?b#frag")
    assert d.data == b"a?b"


def test_data_builds_and_round_trips() -> None:
    d = DataURL.from_bytes(
        b"caf\xc3\xa9 & co", media_type="text/plain", parameters=(("charset", "utf-8"),)
    )
    assert DataURL.parse(str(d)) == d
    assert DataURL.parse(str(d)).text() == "café & co"
    printable = DataURL.from_bytes(b"a b/c")
    assert str(printable) == "data:,a%20b/c" and not printable.base64


@given(st.binary(max_size=64), st.booleans())
def test_data_round_trip(data: bytes, b64: bool) -> None:
    d = DataURL.from_bytes(data, media_type="application/octet-stream", base64=b64)
    assert iri.is_valid(str(d))
    assert DataURL.parse(str(d)) == d


def test_data_errors() -> None:
    with pytest.raises(InvalidIRI):
        DataURL.parse("data:;base64,@@@")
    with pytest.raises(CharsetError):
        DataURL.parse("data:text/plain;charset=rot13,abc").text()
    with pytest.raises(CharsetError):
        DataURL.parse("data:text/plain;charset=no-such-charset,abc").text()
    with pytest.raises(CharsetError):
        DataURL.parse("data:text/plain;charset=utf-8,%FF").text()
    with pytest.raises(TypeError):
        DataURL.from_bytes("text")  # type: ignore[arg-type]


# -- file (RFC 8089) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "flavour", "path"),
    [
        ("file:///path/to/file", "posix", PurePosixPath("/path/to/file")),  # RFC 8089 B
        ("file:/path/to/file", "posix", PurePosixPath("/path/to/file")),
        ("file://localhost/path/to/file", "posix", PurePosixPath("/path/to/file")),
        ("file:///c:/path/to/file", "windows", PureWindowsPath("c:/path/to/file")),  # E.2
        ("file:c:/path/to/file", "windows", PureWindowsPath("c:/path/to/file")),
        ("file:///c%7C/path/to/file", "windows", PureWindowsPath("c:/path/to/file")),  # E.2.2
        (
            "file://host.example.com/Share/path/to/file.txt",
            "windows",
            PureWindowsPath("//host.example.com/Share/path/to/file.txt"),
        ),  # E.3.1
        (
            "file:////host.example.com/Share/path/to/file.txt",
            "windows",
            PureWindowsPath("//host.example.com/Share/path/to/file.txt"),
        ),  # E.3.2
        ("file:///home/j%C3%BCrgen/a%20b", "posix", PurePosixPath("/home/jürgen/a b")),
        ("file:///home/jürgen/%FF", "posix", PurePosixPath("/home/jürgen/\udcff")),
    ],
)
def test_to_path(text: str, flavour: str, path: PurePosixPath | PureWindowsPath) -> None:
    assert to_path(text, flavour=flavour) == path


def test_from_path() -> None:
    assert from_path(PureWindowsPath("C:/Program Files/é")) == "file:///C:/Program%20Files/é"
    assert from_path(PurePosixPath("/a/b%c?d#e")) == "file:///a/b%25c%3Fd%23e"
    assert from_path("/tmp/\u202eevil") == "file:///tmp/%E2%80%AEevil"  # RFC 3987 4.1
    for bad in ("relative/x", "C:relative"):
        with pytest.raises(IRIError):
            from_path(bad, flavour="windows" if ":" in bad else "posix")
    with pytest.raises(IRIError, match="POSIX"):
        to_path("file://server/share/x")
    with pytest.raises(InvalidIRI):
        to_path("http://example.org/")
    with pytest.raises(TypeError):
        from_path(None)  # type: ignore[arg-type]


_segment = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="/\x00"),
    min_size=1,
    max_size=10,
)


@given(st.lists(_segment, min_size=1, max_size=4))
def test_posix_path_round_trip(segments: list[str]) -> None:
    path = PurePosixPath("/" + "/".join(segments))
    text = from_path(path)
    assert iri.is_valid(text), text
    assert to_path(text) == path


@given(st.lists(_segment.filter(lambda s: not set(s) & set('\\<>:"|?*')), min_size=1, max_size=4))
def test_windows_path_round_trip(segments: list[str]) -> None:
    path = PureWindowsPath("C:\\" + "\\".join(segments))
    text = from_path(path)
    assert iri.is_valid(text), text
    assert to_path(text, flavour="windows") == path


# -- urn (RFC 8141) -------------------------------------------------------------------------


def test_urn_values() -> None:
    u = URN.parse("urn:example:a123,z456?+abc?=xyz#789")
    assert (u.nid, u.nss, u.r_component, u.q_component, u.f_component) == (
        "example",
        "a123,z456",
        "abc",
        "xyz",
        "789",
    )
    assert str(u) == "urn:example:a123,z456?+abc?=xyz#789"
    # RFC 8141 3.2: these are URN-equivalent ...
    same = [
        "urn:example:a123,z456",
        "URN:example:a123,z456",
        "urn:EXAMPLE:a123,z456",
        "urn:example:a123,z456?+abc",
        "urn:example:a123,z456?=xyz",
        "urn:example:a123,z456#789",
    ]
    assert len({URN.parse(s).equivalence_key() for s in same}) == 1
    # ... and these are not equivalent to them or to each other
    different = [
        "urn:example:a123,z456/foo",
        "urn:example:a123,z456/bar",
        "urn:example:a123,z456/baz",
        "urn:example:A123,z456",
        "urn:example:a123,Z456",
        "urn:example:%D0%B0123,z456",
        "urn:example:a123%2Cz456",
    ]
    keys = {URN.parse(s).equivalence_key() for s in different}
    assert len(keys) == len(different)
    assert URN.parse(same[0]).equivalence_key() not in keys
    assert URN.parse("urn:example:a%2cb").equivalence_key() == "urn:example:a%2Cb"


def test_urn_errors() -> None:
    with pytest.raises(InvalidIRI):
        URN.parse("urn:x:foo")
    with pytest.raises(InvalidIRI):
        URN.parse("urn:example:a?b")
    with pytest.raises(InvalidIRI):
        URN.parse("http://example.org/")
    with pytest.raises(TypeError):
        URN.parse(b"urn:a:b")  # type: ignore[arg-type]
