"""iri.to_document, iri.from_local_name, iri.candidate_readings: 3987bis 6.3, 6.4, 8.4, 8.7."""

from __future__ import annotations

import pytest

import iri


def test_bis_6_4_examples() -> None:
    # "for a document with a URI of http://www.example.org/r%C3%A9sum%C3%A9.html, it is
    # possible to construct a corresponding IRI (in XML notation ...):
    # http://www.example.org/r&#xE9;sum&#xE9;.html" -- in a document whose charset has no
    # "é" (KOI8-R); "us-ascii" is windows-1252 for the one resolver (issue 18), which has it
    uri = "http://www.example.org/r%C3%A9sum%C3%A9.html"
    assert iri.to_document(iri.to_iri(uri), "koi8-r", markup="xml") == (
        "http://www.example.org/r&#xE9;sum&#xE9;.html"
    )
    assert iri.to_document(iri.to_iri(uri), "us-ascii", markup="xml") == (
        "http://www.example.org/résumé.html"
    )
    # "for a document with a URI of http://www.example.org/r%E9sum%E9.html, the
    # percent-encoding octets cannot be converted to actual characters in an IRI"
    latin = "http://www.example.org/r%E9sum%E9.html"
    assert iri.to_iri(latin) == latin
    # "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9" -> in XML notation
    # "http://www.example.org/r%E9sum%E9.xml#r&#xE9;sum&#xE9;"
    mixed = "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9"
    assert iri.to_document(iri.to_iri(mixed), "koi8-r", markup="xml") == (
        "http://www.example.org/r%E9sum%E9.xml#r&#xE9;sum&#xE9;"
    )


def test_bis_6_3_document_charsets() -> None:
    text = "http://example.org/résumé/日本?a=1&b=2"
    # characters the charset holds stay; the others become references; "&" is escaped
    assert iri.to_document(text, "windows-1252") == (
        "http://example.org/résumé/&#x65E5;&#x672C;?a=1&amp;b=2"
    )
    assert iri.to_document(text, "shift_jis") == (
        "http://example.org/r&#xE9;sum&#xE9;/日本?a=1&amp;b=2"  # Shift_JIS has no "é"
    )
    assert iri.to_document(text, "utf-8", markup="xml") == (
        "http://example.org/résumé/日本?a=1&amp;b=2"
    )
    # no escaping convention: percent-encoding (3.6)
    assert iri.to_document(text, "latin1", markup="none") == (
        "http://example.org/résumé/%E6%97%A5%E6%9C%AC?a=1&b=2"
    )
    # HTML reads labels with the Encoding Standard: us-ascii is windows-1252 there
    assert iri.to_document("http://e.org/é", "us-ascii", markup="html") == "http://e.org/é"
    with pytest.raises(iri.InvalidIRI):
        iri.to_document("http://e.org/a b", "utf-8")
    with pytest.raises(iri.CharsetError):
        iri.to_document("http://e.org/", "no-such", markup="xml")


def test_bis_8_4_generation() -> None:
    # "if a file system contains a file named résumé.html, a server should expose this as
    # r%C3%A9sum%C3%A9.html in a URI, which allows use of résumé.html in an IRI, even if
    # locally the file name is kept in a character encoding other than UTF-8"
    name = "résumé.html".encode("iso-8859-1")
    assert iri.from_local_name(name, "iso-8859-1") == "résumé.html"
    assert iri.from_local_name(name, "iso-8859-1", form="uri") == "r%C3%A9sum%C3%A9.html"
    assert iri.from_local_name("日本 1/2?.txt".encode("shift_jis"), "shift_jis") == (
        "日本%201%2F2%3F.txt"
    )
    with pytest.raises(iri.CharsetError):
        iri.from_local_name(b"\x81", "shift_jis")


def test_bis_8_7_readings() -> None:
    # "software for Japanese may accept URIs in Shift_JIS and/or EUC-JP in addition to UTF-8"
    sjis = "/" + "".join(f"%{b:02X}" for b in "日本".encode("shift_jis"))
    euc = "/" + "".join(f"%{b:02X}" for b in "日本".encode("euc-jp"))
    assert [r.charset for r in iri.candidate_readings(sjis, ("shift_jis", "euc-jp"))] == [
        "Shift_JIS"  # the Encoding Standard's name, whatever label was given (issue 18)
    ]
    found = iri.candidate_readings(euc, ("sjis", "x-euc-jp"))
    assert ("EUC-JP", "/日本") in found and found[0].charset != "UTF-8"
    utf8 = iri.candidate_readings("/%E6%97%A5", ("shift_jis",))
    assert utf8[0] == ("UTF-8", "/日")
    assert iri.candidate_readings("/plain", ()) == [("UTF-8", "/plain")]
