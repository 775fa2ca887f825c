"""iri.from_bytes (3987bis 3.1, guidelines 4 step 3) and the charset labels."""

from __future__ import annotations

import pytest

import iri
from iri.convert.charsets import lookup
from iri.liberal.charsets import encode_query

# (octets, label, text, the encoding's name kept for 3.5): the labels people use.
CASES = [
    (b"http://e.org/r\xe9sum\xe9", "iso-8859-1", "http://e.org/résumé", "windows-1252"),
    (b"http://e.org/r\xe9sum\xe9", "latin1", "http://e.org/résumé", "windows-1252"),
    (b"http://e.org/\x93q\x94", "windows-1252", "http://e.org/\u201cq\u201d", "windows-1252"),
    (b"http://e.org/\x80\x81", "us-ascii", "http://e.org/\u20ac\x81", "windows-1252"),
    (b"http://e.org/\x93\xfa\x96{", "shift_jis", "http://e.org/日本", "Shift_JIS"),
    (b"http://e.org/\x93\xfa\x96{", "sjis", "http://e.org/日本", "Shift_JIS"),
    (b"http://e.org/\xc8\xd5\xb1\xbe", "gb18030", "http://e.org/日本", "gb18030"),
    # GBK's decoder is gb18030's (Encoding Standard 10.1.1): four-byte forms decode too
    (b"http://e.org/\x949\xfc6", "gbk", "http://e.org/\U0001f600", "GBK"),
    # its step "If byte is 0x80, return code point U+20AC" (Python's codecs refuse 0x80)
    (b"http://e.org/\x80\xc8\xd5\x80", "gbk", "http://e.org/€日€", "GBK"),
    (b"http://e.org/\x80", "gb18030", "http://e.org/€", "gb18030"),
    (b"http://e.org/\xc7\xd1\xb1\xb9", "euc-kr", "http://e.org/한국", "EUC-KR"),
    (b"http://e.org/\xd0\xc9\xc6", "koi8-r", "http://e.org/пиф", "KOI8-R"),
    (b"http://e.org/\x80\xff", "x-user-defined", "http://e.org/\uf780\uf7ff", "x-user-defined"),
]


@pytest.mark.parametrize(("data", "label", "text", "name"), CASES)
def test_from_bytes(data: bytes, label: str, text: str, name: str) -> None:
    d = iri.from_bytes(data, label)
    assert (d.text, d.charset) == (text, name)
    assert [r.code.value for r in d.repairs] == ["charset-decoded"]
    assert d.repairs[0].span == (0, len(data))


def test_nfc_for_legacy_not_for_unicode() -> None:
    # 3.1: a legacy encoding is normalized to NFC; Unicode input "left as is"
    decomposed = "e\u0301"
    assert iri.from_bytes(decomposed.encode("utf-8"), "utf-8").text == decomposed
    assert iri.from_bytes(decomposed.encode("utf-16-le"), "utf-16le").text == decomposed
    assert iri.from_bytes(b"\xa8\xa6", "gb18030").text == "\u00e9"  # one character
    # windows-1258 (Vietnamese) writes combining marks: decoding composes them
    d = iri.from_bytes(b"e\xec", "windows-1258")
    assert d.text == "\u00e9" and "NFC" in d.repairs[0].message


def test_charset_kept_for_the_query_rule() -> None:
    d = iri.from_bytes(b"http://e.org/\x93\xfa?q=\x93\xfa", "shift_jis")
    assert iri.to_uri(d.text, charset=d.charset) == "http://e.org/%E6%97%A5?q=%93%FA"


def test_errors() -> None:
    with pytest.raises(iri.CharsetError) as info:
        iri.from_bytes(b"\x81\xff", "shift_jis")
    assert info.value.position == 0  # 0x81 0xFF is not a Shift_JIS pair
    assert (info.value.charset, info.value.encoding) == ("shift_jis", "Shift_JIS")
    with pytest.raises(iri.CharsetError) as info:
        iri.from_bytes(b"x", "no-such-charset")
    assert (info.value.charset, info.value.encoding) == ("no-such-charset", None)
    with pytest.raises(TypeError, match="bytes"):
        iri.from_bytes("x", "utf-8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="charset"):
        lookup(None)  # type: ignore[arg-type]
    # the replacement encoding (iso-2022-kr, hz-gb-2312 ...) decodes nothing: an error at 0
    with pytest.raises(iri.CharsetError, match="not valid replacement") as info:
        iri.from_bytes(b"http://e.org/", "iso-2022-kr")
    assert (info.value.position, info.value.encoding) == (0, "replacement")
    assert iri.from_bytes(b"", "iso-2022-kr").text == ""


def test_labels() -> None:
    assert lookup("ISO-8859-1").name == "windows-1252"  # the Encoding Standard folds it
    assert lookup(" utf8 ").name == "UTF-8"
    with pytest.raises(iri.CharsetError, match="'cp437': not a label"):
        lookup("cp437")  # not a WHATWG label: no longer Python's registry (issue 18)


def test_encode_query_stateful() -> None:
    # WPT percent-encoding.json: iso-2022-jp switches to JIS X 0201 Roman and back
    jis = lookup("iso-2022-jp")
    assert encode_query("\u203e\\", jis)[0] == "%1B(J~%1B(B\\"
    assert encode_query("\x0eA", jis)[0] == "%26%2365533%3BA"
