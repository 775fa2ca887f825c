"""iri.lenient: IRI guidelines draft section 5, step by step (and 3987bis 8.2)."""

from __future__ import annotations

import pytest

import iri
from iri.liberal.lenient import lenient_repairs, lenient_steps

# (input, expected output): one row per step of section 5.
CASES = [
    # 5.1 no ":" -> relative reference
    ("a/b c", "a/b%20c"),
    # 5.1 first character not ALPHA -> relative; its ":" is encoded (RFC 3986 4.2)
    ("1a:b", "1a%3Ab"),
    ("-x:y/z:w", "-x%3Ay/z:w"),
    # 5.1 other characters than ALPHA / DIGIT / "+" / "-" / "." -> relative
    ("a b:c", "a%20b%3Ac"),
    ("a_b://h/", "a_b%3A//h/"),
    # 5.1 a scheme; "/" before the first ":" means no scheme
    ("web+x.y-z:p q", "web+x.y-z:p%20q"),
    ("a/b:c", "a/b:c"),
    # 5.2 authority up to "/", "?", "#"
    ("http://h\u00e9/?#", "http://h\u00e9/?#"),
    # 5.2.1 userinfo up to the first "@" (a later one belongs to the host: see
    # test_clear_errors, as an ASCII character a host cannot hold even encoded)
    ("http://a b@h/", "http://a%20b@h/"),
    # 5.2.2 host up to the last ":"; a reg-name is repaired, an IP literal kept
    ("http://[::1]:80/", "http://[::1]:80/"),
    ("http://[v7.x]/", "http://[v7.x]/"),
    # 5.2.3 empty port is digits (*DIGIT)
    ("http://h:/", "http://h:/"),
    # 5.3 path: characters not allowed are encoded; ucschar kept (IRI form)
    ("http://h/\u00fc ber/<x>", "http://h/\u00fc%20ber/%3Cx%3E"),
    ("http://h/a\u202eb", "http://h/a%E2%80%AEb"),
    ("http://h/\ue000", "http://h/%EE%80%80"),
    ("http://h/100%", "http://h/100%25"),
    ("http://h/%41%zz", "http://h/%41%25zz"),
    ("http://h/a\\b", "http://h/a%5Cb"),
    # 5.4 query: iprivate allowed
    ("http://h/?q=\ue000 x", "http://h/?q=\ue000%20x"),
    ("http://h/?a?b/c", "http://h/?a?b/c"),
    # 5.5 fragment: a second "#" is encoded
    ("http://h/#a#b", "http://h/#a%23b"),
    ("#\ue000", "#%EE%80%80"),
    # controls
    ("http://h/a\tb\x00", "http://h/a%09b%00"),
    ("", ""),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_lenient(text: str, expected: str) -> None:
    result = iri.lenient(text)
    assert str(result) == expected
    assert [v for v in iri.check(expected) if v.severity == "error"] == []


@pytest.mark.parametrize(
    "valid",
    [
        "http://user@résumé.example.org:8080/東京?q=ü\ue000#frag",
        "//h",
        "a:b",
        "?",
        "#",
        "../a/./b",
        "mailto:a@b",
        "http://[fe80::1]/",
        "HTTP://Example.ORG:80/%7e",
    ],
)
def test_identity_on_valid(valid: str) -> None:
    assert iri.lenient(valid) == iri.parse(valid)
    assert lenient_repairs(valid).repairs == ()
    assert lenient_steps(valid).text == valid and lenient_steps(valid).repairs == ()


def test_uri_form() -> None:
    assert str(iri.lenient("http://h\u00e9/\u00fc?\u00e9", form="uri")) == (
        "http://h%C3%A9/%C3%BC?%C3%A9"
    )


def test_uts46_host() -> None:
    r = lenient_repairs("http://EXAMPLE.\u00c9.org/", host="uts46")
    assert r.text == "http://example.xn--9ca.org/"
    assert [x.code.value for x in r.repairs] == ["host-mapped"]
    assert r.repairs[0].span == (7, 20)
    with pytest.raises(iri.IDNAError):
        iri.lenient("http://xn--a.example/", host="uts46")


@pytest.mark.parametrize(
    ("text", "code", "span"),
    [
        ("http://h:8o/", "invalid-port", (9, 11)),
        ("http://h:\u0663/", "invalid-port", (9, 10)),
        ("http://[1::2::3]/", "invalid-ip-literal", (7, 16)),
        ("http://[::1]x/", "invalid-ip-literal", (7, 13)),
        ("http://h/\ud800", "invalid-character", (9, 10)),
        # RFC 3986 3.2.2: a host holds percent-encoded UTF-8 only, so these cannot be repaired
        ("http://u@v@h/", "invalid-character", (10, 11)),
        ("http://h o:80/", "invalid-character", (8, 9)),
        ("http://a:1:2/", "invalid-character", (8, 9)),
        ("http://h%zz/", "invalid-character", (8, 9)),
    ],
)
def test_clear_errors(text: str, code: str, span: tuple[int, int]) -> None:
    with pytest.raises(iri.InvalidIRI) as info:
        iri.lenient(text)
    assert info.value.violations[0].code == code
    assert info.value.violations[0].span == span


def test_repairs() -> None:
    text = "1a:b c/%x#y#z"
    r = lenient_repairs(text)
    assert r.text == "1a%3Ab%20c/%25x#y%23z"
    assert [(x.code.value, x.span, x.replacement) for x in r.repairs] == [
        ("scheme-not-recognized", (2, 3), "%3A"),
        ("character-encoded", (4, 5), "%20"),
        ("percent-sign-encoded", (7, 8), "%25"),
        ("character-encoded", (11, 12), "%23"),
    ]
    for x in r.repairs:
        assert text[x.span[0] : x.span[1]] == x.original


def test_type_and_options() -> None:
    with pytest.raises(TypeError, match="str"):
        iri.lenient(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="form"):
        iri.lenient("x", form="url")


def test_uts46_host_maps_a_percent_encoded_host_too() -> None:
    # issue 19 case 4: host="uts46" left percent-encoded hosts alone; it now maps them as
    # the URL Standard's host parser does (percent-decode, then UTS #46), like to_uri
    r = lenient_repairs("http://%F0%9F%8D%95.ws/", host="uts46")
    assert r.text == "http://xn--vi8h.ws/"
    assert [x.code.value for x in r.repairs] == ["host-mapped"]
    assert str(iri.lenient("http://www.w%33.org/", host="uts46")) == "http://www.w3.org/"


def test_lenient_refuses_a_host_check_refuses() -> None:
    # the one host decision: an escaped full stop would make an empty label
    with pytest.raises(iri.InvalidIRI) as info:
        iri.lenient("http://%E3%80%82x.example/")
    assert info.value.errors[0].code == "percent-encoded-host-not-idn"
