"""iri.href_steps (3987bis 7.2 steps 1-5) and iri.from_href (WHATWG URL through ada-url)."""

from __future__ import annotations

import pytest

import iri
from iri.liberal.href import from_href_repairs, href_steps

STEPS = [
    # 1. leading and trailing SPACE, CR, LF, TAB removed
    (" \r\n\thttp://e.org/ \r\n\t", "http://e.org/", ["whitespace-trimmed"] * 2),
    # 2. href-strip: TAB, LF, CR inside
    ("http://e.\norg/a\tb", "http://e.org/ab", ["href-character-stripped"] * 2),
    # 3. href-ucschar not in ucschar: percent-encoded
    (
        "http://e.org/a b<c>\u202e",
        "http://e.org/a%20b%3Cc%3E%E2%80%AE",
        ["href-character-encoded"] * 3,
    ),
    # 4. "%" not followed by two hex digits
    ("http://e.org/100%", "http://e.org/100%25", ["percent-sign-encoded"]),
    # 5. backslashes (href-path-sep) to "/"; in the query and fragment they are encoded
    (
        "http:\\\\e.org\\a?b\\c#d\\e",
        "http://e.org/a?b%5Cc#d%5Ce",
        ["href-backslash-converted"] * 3 + ["href-character-encoded"] * 2,
    ),
]


@pytest.mark.parametrize(("text", "expected", "codes"), STEPS)
def test_href_steps(text: str, expected: str, codes: list[str]) -> None:
    r = href_steps(text)
    assert r.text == expected
    assert [x.code.value for x in r.repairs] == codes
    for x in r.repairs:
        assert text[x.span[0] : x.span[1]] == x.original
    assert iri.is_valid(r.text)


def test_href_steps_identity_on_valid() -> None:
    text = "http://user@résumé.example.org:8080/東京?q=ü\ue000#frag"
    assert href_steps(text).text == text
    assert href_steps(text).repairs == ()


HREFS = [
    ("http://example.org/a b", None, "http://example.org/a%20b"),
    ("  HTTP://EXAMPLE.org\\a\\..\\b c?q=é ", None, "http://example.org/b%20c?q=%C3%A9"),
    ("http://résumé.example/", None, "http://xn--rsum-bpad.example/"),
    ("../d?q", "http://example.org/a/b/c", "http://example.org/a/d?q"),
    ("//h/x", "https://e.org/", "https://h/x"),
    ("#f", "http://e.org/p?q", "http://e.org/p?q#f"),
    ("http://e.org:80/", None, "http://e.org/"),
]


@pytest.mark.parametrize(("text", "base", "expected"), HREFS)
def test_from_href(text: str, base: str | None, expected: str) -> None:
    assert iri.from_href(text, base=base) == expected


def test_failures() -> None:
    with pytest.raises(iri.HrefError) as info:
        iri.from_href("http://[::1", base=None)
    assert isinstance(info.value, ValueError)
    assert info.value.text == "http://[::1"
    with pytest.raises(iri.HrefError):
        iri.from_href("a", base=None)  # relative without a base
    with pytest.raises(TypeError, match="base"):
        iri.from_href("a", base=b"http://e.org/")  # type: ignore[arg-type]
    with pytest.raises(iri.CharsetError):
        iri.from_href("http://e.org/?é", charset="no-such-charset")


def test_legacy_charset_and_references() -> None:
    r = from_href_repairs("http://e.org/?q=é€", charset="iso-8859-2")
    assert r.text == "http://e.org/?q=%E9%26%238364%3B"
    refs = [x for x in r.repairs if x.code == "query-character-reference"]
    assert [(x.span, x.original, x.replacement) for x in refs] == [((17, 18), "€", "%26%238364%3B")]
    # Python's gb18030 writes U+E5E5 as A3 A0; the Encoding Standard (WPT) cannot encode it
    assert iri.from_href("http://e.org/?\ue5e5", charset="gb18030") == (
        "http://e.org/?%26%2358853%3B"
    )
    # Encoding Standard fixes beyond WPT: Shift_JIS U+00A5 -> 0x5C, windows-1252 C1
    # (0x5C is "\\", which no IRI allows in a query: 3987bis 7.2 step 3, issue 19 case 6)
    assert iri.from_href("http://e.org/?\u00a5", charset="shift_jis") == "http://e.org/?%5C"
    assert iri.from_href("http://e.org/?\x81", charset="windows-1252") == "http://e.org/?%81"
    assert iri.from_href("http://e.org/?\u20ac", charset="gbk") == "http://e.org/?%80"


def test_iri_form() -> None:
    assert iri.from_href("http://résumé.example/été?a|b", form="iri") == (
        "http://résumé.example/été?a%7Cb"
    )
    assert iri.from_href("HTTP://e.org/%7e", form="iri") == "http://e.org/~"


def test_serialized_repair() -> None:
    r = from_href_repairs("HTTP://e.org/a/../b")
    assert [(x.code.value, x.span, x.replacement) for x in r.repairs] == [
        ("href-serialized", (0, 19), "http://e.org/b")
    ]
    assert from_href_repairs("http://e.org/b").repairs == ()


def test_reference_spans_skip_stripped_characters() -> None:
    text = "http://e.org/?\tq=\n€"
    r = from_href_repairs(text, charset="iso-8859-2")
    assert r.text == "http://e.org/?q=%26%238364%3B"
    refs = [x for x in r.repairs if x.code == "query-character-reference"]
    assert [x.span for x in refs] == [(18, 19)]
    assert text[18] == "€"


#: Hosts browsers accept, and what they map them to (the URL Standard's domain to ASCII).
BROWSER_HOSTS = [
    "\U0001f355.ws",
    "EXAMPLE.\u00c9.org",
    "Fa\u00df.de",
    "a\u3002b\uff0ec",
    "-x-.example",
    "ab--c.example",
    "xn--vi8h.ws",
    "XN--ZCA.example",
    "\u01c5.example",
    "a\u094d\u200d.example",
    "\uff45\uff58.example",
    "x\uff0e",
]


@pytest.mark.parametrize("host", BROWSER_HOSTS)
def test_from_href_and_to_uri_with_uts46_agree_on_the_host(host: str) -> None:
    # issue 19 case 7: from_href("http://🍕.ws/") worked where to_uri raised; asked for
    # UTS #46, to_uri maps a host exactly as the browser engine does
    text = f"http://{host}/"
    assert iri.to_uri(text, host="uts46") == iri.from_href(text)


@pytest.mark.parametrize("host", ["a\u200db.example", "\u0645A.example", "\u00ad"])
def test_from_href_and_to_uri_with_uts46_both_refuse(host: str) -> None:
    text = f"http://{host}/"
    with pytest.raises(iri.HrefError):
        iri.from_href(text)
    with pytest.raises(iri.IDNAError):
        iri.to_uri(text, host="uts46")
