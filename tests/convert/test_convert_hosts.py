"""to_uri and hosts (issue 19 cases 4, 5, 7): one label stays one non-empty label, escaped
letters and digits are kept, and host="uts46" maps a host as browsers do."""

from __future__ import annotations

import pytest

import iri


@pytest.mark.parametrize("host", ["idna", "auto"])
def test_to_uri_refuses_a_host_whose_escapes_would_make_an_empty_label(host: str) -> None:
    # was "http://.x.example/"
    with pytest.raises(iri.InvalidIRI) as info:
        iri.to_uri("http://%E3%80%82x.example/", host=host)
    assert info.value.errors[0].code == "percent-encoded-host-not-idn"


@pytest.mark.parametrize("text", ["http://a.\u00ad.b/", "http://a\u2024b.example/"])
def test_to_uri_never_makes_an_empty_or_new_label_from_a_label(text: str) -> None:
    # U+00AD maps to nothing, U+2024 ONE DOT LEADER to "."; check warns of both
    assert any(v.code == "host-not-idn" for v in iri.check(text))
    for mode in ("auto", "idna", "uts46"):
        with pytest.raises(iri.IDNAError):
            iri.to_uri(text, host=mode)


def test_to_uri_keeps_a_full_width_full_stop_one_separator() -> None:
    # the empty labels are kept as written (check warns: reg-name-not-dns), none is made
    assert iri.to_uri("http://\uff0e/", host="idna") == "http://./"
    assert iri.to_uri("http://a\u3002b/", host="idna") == "http://a.b/"


def test_to_uri_auto_keeps_an_escaped_digit_in_an_ascii_host() -> None:
    # a URI host already (RFC 3987 3.1: the mapping is the identity on URIs); "auto" runs
    # no IDNA on an ASCII host
    assert iri.to_uri("http://www.w%33.org") == "http://www.w%33.org"
    assert iri.to_uri("http://www.w%33.org", host="percent") == "http://www.w%33.org"


@pytest.mark.parametrize(
    ("text", "mode", "expected"),
    [
        # 3987bis 3.4.2, draft-duerst-idn-uri 3: escaped letters, digits and hyphens of a DNS
        # host are decoded before IDNA, in every mode that runs it (the seed row)
        ("http://www.w%33.org/", "idna", "http://www.w3.org/"),
        ("http://www.w%33.org/", "uts46", "http://www.w3.org/"),
        ("http://w%33.r\u00e9sum\u00e9.org/", "auto", "http://w3.xn--rsum-bpad.org/"),
        ("http://w%33.r\u00e9sum\u00e9.org/", "idna", "http://w3.xn--rsum-bpad.org/"),
        ("http://w%33.r\u00e9sum\u00e9.org/", "uts46", "http://w3.xn--rsum-bpad.org/"),
        ("http://r%C3%A9sum%C3%A9.%77ww/", "auto", "http://r%C3%A9sum%C3%A9.%77ww/"),  # ASCII
    ],
)
def test_escaped_label_characters_are_decoded_before_idna(
    text: str, mode: str, expected: str
) -> None:
    assert iri.to_uri(text, host=mode) == expected


def test_an_escaped_label_converts_as_its_decoded_spelling() -> None:
    for mode in ("auto", "idna", "uts46"):
        decoded = iri.to_uri("http://Ab-c\u00e9.example/", host=mode)
        assert iri.to_uri("http://%41b%2dc\u00e9.example/", host=mode) == decoded
        if mode != "auto":  # "auto" keeps an ASCII host as it is (a URI host already)
            assert iri.to_uri("http://%41b%2Dc%C3%A9.example/", host=mode) == decoded


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # draft-duerst-idn-uri 3: case folding (UTS #46 mapping) before a DNS host is escaped
        ("http://R\u00c9SUM\u00c9.example/", "http://r%C3%A9sum%C3%A9.example/"),
        ("http://R\u00c9SUM\u00c9.Example.ORG:8/", "http://r%C3%A9sum%C3%A9.example.org:8/"),
        ("http://\uff21\uff22.\u65e5\u672c/", "http://ab.%E6%97%A5%E6%9C%AC/"),
        ("http://R%C3%89sum\u00e9.example/", "http://r%C3%A9sum%C3%A9.example/"),
        # not a DNS scheme: no domain name, escaped as written (3987bis 3.4.1)
        ("foo://R\u00c9SUM\u00c9.example/", "foo://R%C3%89SUM%C3%89.example/"),
        # an ASCII host is no escaped host: kept
        ("http://\u00fc@EXAMPLE.org/", "http://%C3%BC@EXAMPLE.org/"),
    ],
)
def test_percent_mode_maps_a_dns_host_before_escaping_it(text: str, expected: str) -> None:
    assert iri.to_uri(text, host="percent") == expected
    assert iri.is_valid(expected)


def test_the_idna2008_error_names_the_rule_and_how_to_ask_for_uts46() -> None:
    with pytest.raises(iri.IDNAError) as info:
        iri.to_uri("http://\U0001f355.ws/")
    err = info.value
    assert (err.host, err.label, err.position) == ("\U0001f355.ws", "\U0001f355", 0)
    assert "RFC 5892" in err.reason and "DISALLOWED" in err.reason
    assert "host='uts46'" in str(err)


def test_the_idna2008_error_names_the_bidi_rule() -> None:
    with pytest.raises(iri.IDNAError) as info:
        iri.to_uri("http://\u0645A.example/")
    assert "RFC 5893" in info.value.reason


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://\U0001f355.ws/", "http://xn--vi8h.ws/"),
        ("HTTP://EXAMPLE.\u00c9.org/", "HTTP://example.xn--9ca.org/"),
        ("http://Fa\u00df.de/", "http://xn--fa-hia.de/"),
        ("http://a\u3002b\uff0ec/", "http://a.b.c/"),
        ("http://www.w%33.org/", "http://www.w3.org/"),
        ("http://-x-.example/", "http://-x-.example/"),  # CheckHyphens=false
    ],
)
def test_to_uri_with_uts46_maps_a_host_as_browsers_do(text: str, expected: str) -> None:
    assert iri.to_uri(text, host="uts46") == expected


def test_an_escaped_host_idna2008_rejects_is_invalid_in_every_mode() -> None:
    # draft-duerst-idn-uri 3 reads escapes with IDNA (an error in check), so to_uri refuses
    # it before any mapping; lenient(host="uts46") is the liberal step that maps it.
    text = "http://%F0%9F%8D%95.ws/x"
    with pytest.raises(iri.InvalidIRI):
        iri.to_uri(text, host="uts46")
    assert str(iri.lenient(text, host="uts46")) == "http://xn--vi8h.ws/x"


def test_to_uri_with_uts46_still_refuses_what_browsers_refuse() -> None:
    for text in ("http://a\u200db.example/", "http://\u0645A.example/", "http://xn--a.example/"):
        with pytest.raises(iri.IDNAError):
            iri.to_uri(text, host="uts46")


def test_to_iri_reads_the_uts46_option_like_idna() -> None:
    assert (
        iri.to_iri("http://xn--rsum-bpad.example/", host="uts46")
        == "http://r\u00e9sum\u00e9.example/"
    )


def test_percent_mode_refuses_a_dns_host_that_is_no_idn() -> None:
    # draft-duerst-idn-uri 3: its escaped form would be no URI (percent-encoded-host-not-idn)
    text = "ftp://com.w9.\u248e.example/"
    assert [v.code for v in iri.check(text) if v.component == "host"] == ["host-not-idn"]
    with pytest.raises(iri.IDNAError, match="draft-duerst-idn-uri 3"):
        iri.to_uri(text, host="percent")
    assert iri.to_uri("ftp://r\u00e9sum\u00e9.example/", host="percent") == (
        "ftp://r%C3%A9sum%C3%A9.example/"
    )
    # a scheme without DNS: escaped UTF-8, a valid URI (RFC 3986 3.2.2)
    uri = iri.to_uri("foo://\u248e/", host="percent")
    assert uri == "foo://%E2%92%8E/" and iri.is_valid(uri)
