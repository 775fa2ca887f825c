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


def test_to_uri_keeps_an_escaped_digit_in_a_host() -> None:
    # a URI host already (RFC 3987 3.1: the mapping is the identity on URIs)
    assert iri.to_uri("http://www.w%33.org") == "http://www.w%33.org"
    assert iri.to_uri("http://www.w%33.org", host="idna") == "http://www.w%33.org"


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
