"""Conversion and comparison at their edges (the defects of issue 8, one test each): the
charset gate, hosts mapped label by label, DNS lengths after IDNA, a TypeError for non-str
input, ports of any length."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from iri.convert.charsets import lookup
from iri.convert.uri import to_iri, to_uri
from iri.errors import CharsetError, IDNAError
from iri.ladder.normalize import equivalent, key, normalize
from iri.syntax import hosts as idna

# -- charset limited to the Encoding Standard's labels ------------------------------------

NOT_CHARSETS = [
    "rot13", "rot_13", "hex", "base64", "zlib", "bz2", "quopri", "uu",  # bytes/str transforms
    "idna", "punycode", "unicode_escape", "raw_unicode_escape", "undefined", "charmap",
    "no-such-charset", "", "utf-8\x00", "\udc80",
    # Python codec names that are no Encoding Standard label (issue 18)
    "latin-1", "utf_8", "utf-8-sig", "utf-32", "cp437", "mbcs", "\u212aoi8-r",
]  # fmt: skip


@pytest.mark.parametrize("name", NOT_CHARSETS)
def test_charset_that_is_not_a_text_encoding_is_a_charset_error(name: str) -> None:
    for text in ("http://example.org/?q=\u00e9", "http://example.org/?q=e"):
        with pytest.raises(CharsetError) as info:
            to_uri(text, charset=name)
        assert info.value.charset == name
        assert repr(name) in str(info.value)
        assert info.value.character is None
    assert info.value.encoding is None
    with pytest.raises(CharsetError):
        lookup(name)


def test_charset_idna_no_longer_rewrites_the_query_silently() -> None:
    # Issue 8: charset="idna" turned "?é" into "?xn--9ca", unicode_escape into "?%5Cxe9".
    # Issue 18: they are not Encoding Standard labels, and never reach Python's codecs.
    with pytest.raises(CharsetError, match="'idna': not a label of the Encoding Standard"):
        to_uri("http://example.org/?\u00e9", charset="idna")
    with pytest.raises(CharsetError, match="'rot13': not a label of the Encoding Standard"):
        to_uri("http://example.org/?\u00e9", charset="rot13")


def test_a_python_spelling_gets_a_hint_naming_the_encoding() -> None:
    with pytest.raises(CharsetError, match=r"did you mean 'latin1' \(windows-1252\)\?"):
        to_uri("http://example.org/?\u00e9", charset="latin-1")


def test_a_huge_label_is_refused_with_a_short_message() -> None:
    name = "x" * 10_000_000
    with pytest.raises(CharsetError) as info:
        to_uri("http://example.org/?\u00e9", charset=name)
    assert info.value.charset is name
    assert "10,000,000 characters" in str(info.value) and len(str(info.value)) < 300


@pytest.mark.parametrize(
    ("label", "name", "query"),
    [
        ("latin1", "windows-1252", "q=%E9"),
        ("ISO-8859-1", "windows-1252", "q=%E9"),
        ("windows-1252", "windows-1252", "q=%E9"),
        # not in Shift_JIS: the URL query's HTML fallback, "&#233;" percent-encoded (WHATWG URL)
        ("shift_jis", "Shift_JIS", "q=%26%23233%3B"),
        ("utf-8", "UTF-8", "q=%C3%A9"),
    ],
)
def test_real_labels_resolve(label: str, name: str, query: str) -> None:
    assert lookup(label).name == name
    assert lookup(label) is lookup(name.lower())
    assert to_uri("http://example.org/?q=\u00e9", charset=label) == f"http://example.org/?{query}"


@pytest.mark.parametrize("name", [b"latin-1", 1, ["utf-8"]])  # None: no charset
def test_charset_name_that_is_not_a_str_is_a_type_error(name: Any) -> None:
    with pytest.raises(TypeError, match="charset must be a str"):
        to_uri("http://example.org/?q=\u00e9", charset=name)
    with pytest.raises(TypeError, match="charset must be a str"):
        to_uri("http://example.org/", charset=name)


@pytest.mark.parametrize("text", ["http://a b/", "\ud800", "%"])
def test_the_charset_is_judged_before_the_text(text: str) -> None:
    # a text that is no IRI reference does not hide a bad charset (the options first)
    import iri

    for convert in (to_uri, iri.to_uri):  # the Python function and the public (native) one
        with pytest.raises(CharsetError):
            convert(text, charset="no-such-codec")
        with pytest.raises(TypeError, match="charset must be a str"):
            convert(text, charset=1)  # type: ignore[arg-type]


# -- host conversion label by label --------------------------------------------------------


@pytest.mark.parametrize(
    "uri",
    [
        "http://xn--zca.%c3%a9x/",
        "http://xn--zca.%C3%A9x/",
        "https://fa%C3%9F.xn--zca.de/",
        "http://xn--99zt52a.EXAMPLE.org/",
        "http://xn--zca.%FCx/",
        "http://xn--zca." + "a" * 64 + "/",
    ],
)
def test_round_trip_with_mixed_labels(uri: str) -> None:
    assert to_uri(to_iri(uri)) == uri


def test_round_trip_keeps_an_a_label_beside_an_escaped_label() -> None:
    iri = to_iri("http://xn--zca.%c3%a9x/")
    assert iri == "http://ß.%c3%a9x/"
    assert to_uri(iri) == "http://xn--zca.%c3%a9x/"  # was http://xn--zca.xn--x-9fa/


def test_non_ascii_label_with_non_utf8_escape_is_an_idna_error() -> None:
    with pytest.raises(IDNAError) as info:
        to_uri("http://ex.\u00e9%FC.org/")
    assert (info.value.label, info.value.position) == ("\u00e9%FC", 4)


# -- DNS length limits after IDNA ----------------------------------------------------------


def test_label_longer_than_63_octets_is_an_idna_error() -> None:
    with pytest.raises(IDNAError) as info:
        to_uri("http://" + "\u00e9" * 70 + ".com/")
    err = info.value
    assert err.label == "\u00e9" * 70
    assert err.position == 0
    assert "76 octets" in err.reason and "63" in err.reason
    assert "76 octets" in str(err)


def test_label_of_exactly_63_octets_passes() -> None:
    label = "a" * 54 + "\u00e9"  # xn-- + 54 a + "-" + 3 => 62 or 63 octets
    result = to_uri(f"http://{label}.com/")
    a_label = result[len("http://") : -len(".com/")]
    assert len(a_label) <= 63
    assert idna.to_ascii(label) == a_label


def test_name_longer_than_253_octets_is_an_idna_error() -> None:
    host = "aa" + ".".join(["a" * 60] * 4) + ".\u00e9"  # 62+1+60+1+60+1+60 + 1 + 7 = 253
    assert len(to_uri(f"http://{host}/")) - len("http:///") == 253
    # A trailing dot (the root label) does not count.
    assert to_uri(f"http://{host}./").endswith(".xn--9ca./")
    longer = "a" + host
    with pytest.raises(IDNAError) as info:
        to_uri(f"http://{longer}/")
    assert "254 octets" in info.value.reason and "253" in info.value.reason
    assert info.value.label == longer


def test_ascii_uri_hosts_are_not_length_checked() -> None:
    # to_uri is the identity on URIs (RFC 3987 3.1): an over-long ASCII label is the URI's.
    uri = "http://" + "a" * 70 + ".com/"
    assert to_uri(uri) == uri


# -- TypeError for non-str input ------------------------------------------------------------

CALLS: list[tuple[str, Callable[[Any], object]]] = [
    ("to_uri", to_uri),
    ("to_iri", to_iri),
    ("normalize", normalize),
    ("key", key),
    ("key", lambda v: key(v, "simple")),
    ("key", lambda v: key(v, "scheme")),
    ("equivalent", lambda v: equivalent(v, "http://a/")),
    ("equivalent", lambda v: equivalent("http://a/", v)),
    ("equivalent", lambda v: equivalent(v, v, level="simple")),
]


@pytest.mark.parametrize(("name", "call"), CALLS)
@pytest.mark.parametrize("value", [None, b"http://a/", 1, ["http://a/"], bytearray(b"x")])
def test_non_str_input_is_a_type_error_naming_str(
    name: str, call: Callable[[Any], object], value: object
) -> None:
    with pytest.raises(TypeError) as info:
        call(value)
    message = str(info.value)
    assert message.startswith(f"{name}() expects a str")
    assert type(value).__name__ in message


def test_key_none_simple_does_not_return_none() -> None:
    with pytest.raises(TypeError):
        key(None, "simple")  # type: ignore[arg-type]


# -- ports of any length --------------------------------------------------------------------


@pytest.mark.parametrize("digits", [4300, 4301, 10_000])
def test_ports_of_any_length(digits: int) -> None:
    text = "http://h:" + "9" * digits + "/"
    assert to_uri(text) == text
    assert to_iri(text) == text
    assert normalize(text) == text
    assert normalize(text, level="scheme") == text
    assert normalize("http://h:" + "0" * digits + "80/", level="scheme") == "http://h/"


# -- the comparison ladder's other options ---------------------------------------------------


@pytest.mark.parametrize("value", ["no", "false", None, 0, 1, 2.5, [True]], ids=repr)
@pytest.mark.parametrize("text", ["http://a/x#f", "http://a b/"])  # valid, and not
def test_ignore_fragment_that_is_not_a_bool_is_a_type_error(value: object, text: str) -> None:
    # any value was read as true or false: ignore_fragment="no" left the fragment out
    import iri

    for function in (key, iri.key):
        with pytest.raises(TypeError, match=r"key\(\) expects ignore_fragment as a bool, got"):
            function(text, ignore_fragment=value)  # type: ignore[arg-type]
    for compare in (equivalent, iri.equivalent):
        with pytest.raises(TypeError, match=r"equivalent\(\) expects ignore_fragment as a bool"):
            compare(text, text, ignore_fragment=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["x", 3, ["f"]], ids=repr)
@pytest.mark.parametrize("text", ["http://a/x", "http://a b/"])
def test_equivalences_that_are_not_callable_are_a_type_error(value: object, text: str) -> None:
    # it was "'str' object is not callable", and only once the text had passed
    import iri

    for name, function in (("normalize", normalize), ("key", key), ("normalize", iri.normalize)):
        with pytest.raises(TypeError, match=rf"{name}\(\) expects equivalences as a callable"):
            function(text, equivalences=value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"equivalent\(\) expects equivalences as a callable"):
        equivalent(text, text, equivalences=value)  # type: ignore[arg-type]


def test_a_bool_ignore_fragment_and_a_callable_hook_still_work() -> None:
    assert key("http://a/x#f", ignore_fragment=True) == "http://a/x"
    assert key("http://a/x#f", ignore_fragment=False) == "http://a/x#f"
    assert normalize("http://a/X", equivalences=str.lower) == "http://a/x"
