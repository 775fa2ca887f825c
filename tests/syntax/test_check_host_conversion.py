"""check reports every host of a DNS scheme that will not convert (issue 19 case 4).

draft-duerst-idn-uri 3: a percent-encoded host is legal iff its decoded name is IDNA-valid;
3987bis 3.4.2: a DNS name must convert. One function decides (iri.syntax.host_validity).
"""

from __future__ import annotations

import pytest

from iri import check, is_valid
from iri.syntax import host_validity


def _host_codes(text: str) -> list[tuple[str, str]]:
    return [(v.code.value, v.severity.value) for v in check(text) if v.component == "host"]


def test_an_escaped_ideographic_full_stop_in_a_host_is_an_error() -> None:
    # it would become an empty label: "%E3%80%82x" -> ".x"
    text = "http://%E3%80%82x.example/"
    (v,) = [v for v in check(text) if v.code == "percent-encoded-host-not-idn"]
    assert v.severity == "error" and v.span == (7, 25)
    assert "not one non-empty label" in v.message
    assert not is_valid(text)


def test_an_escaped_no_break_space_in_a_host_is_an_error() -> None:
    text = "http://a%C2%A0b.example/"
    (v,) = [v for v in check(text) if v.code == "percent-encoded-host-not-idn"]
    assert "'a b'" in v.message  # UTS #46 maps U+00A0 to a space, which no host holds
    assert not is_valid(text)


@pytest.mark.parametrize("host", ["\uff0e", "a\u3002\u3002b", "\uff61x.example"])
def test_an_empty_label_in_a_non_ascii_host_is_a_warning(host: str) -> None:
    # as for ASCII names (reg-name-not-dns): only the root label after a final dot may be empty
    assert ("reg-name-not-dns", "warning") in _host_codes(f"http://{host}/")
    assert is_valid(f"http://{host}/")


def test_a_final_ideographic_full_stop_is_the_root_label() -> None:
    assert _host_codes("http://\u00e9.example\u3002/") == []


def test_a_host_of_a_dns_scheme_that_will_not_convert_gets_a_warning_saying_why() -> None:
    text = "http://\U0001f355.ws/"
    (v,) = [v for v in check(text) if v.component == "host"]
    assert (v.code, v.severity, v.section) == ("host-not-idn", "warning", "3987bis 3.4.2")
    assert v.span == (7, 11)
    assert "RFC 5892" in v.message  # which rule rejected the label
    assert "host='uts46'" in v.message  # and how to map it as browsers do
    assert is_valid(text)  # RFC 3987's ABNF allows it


def test_the_conversion_warning_says_when_browsers_reject_the_host_too() -> None:
    (v,) = [v for v in check("http://a\u200db.example/") if v.code == "host-not-idn"]
    assert "uts46" not in v.message


def test_a_host_of_a_scheme_without_dns_is_not_asked_to_convert() -> None:
    assert _host_codes("foo://\U0001f355.ws/") == []


def test_ascii_hosts_never_reach_the_conversion(monkeypatch: pytest.MonkeyPatch) -> None:
    # the hot path of check and is_valid: no conversion for a plain ASCII name
    def fail(host: str) -> None:
        raise AssertionError(host)

    monkeypatch.setattr(host_validity, "conversion_failure", fail)
    monkeypatch.setattr(host_validity, "_faults", fail)
    for text in ("http://www.example.org/", "http://EXAMPLE.org:8080/a?b#c", "http://a..b/"):
        check(text)
        assert is_valid(text)


def test_check_and_to_uri_take_the_host_decision_from_one_function() -> None:
    assert host_validity.host_faults("www.example.org", dns=True) == ()
    (fault,) = host_validity.host_faults("\U0001f355.ws", dns=True)
    assert fault.code == "host-not-idn" and not fault.error
    err = host_validity.conversion_failure("\U0001f355.ws")
    assert err is not None and err.label == "\U0001f355"


# -- an xn-- label must be an A-label (RFC 5890 2.3.2.1, RFC 5891 5.4) ----------------------


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("http://xn--a.com/", "xn--a"),  # Punycode of U+0080: DISALLOWED (RFC 5892)
        ("http://xn--ls8h.la/", "xn--ls8h"),  # U+1F4A9: DISALLOWED in IDNA2008
        ("https://www.XN--A.example/", "XN--A"),  # the prefix in any case
        ("http://xn--.example/", "xn--"),  # no Punycode at all
        ("http://a.xn--abc/", "xn--abc"),  # the TLD too
        ("http://xn--" + "a" * 70 + ".com/", "xn--" + "a" * 70),  # longer than a label
    ],
)
def test_an_invalid_a_label_is_a_warning(text: str, label: str) -> None:
    found = [v for v in check(text) if v.code == "invalid-a-label"]
    assert len(found) == 1, check(text)
    (v,) = found
    assert text[v.span[0] : v.span[1]] == label
    assert v.severity == "warning" and v.component == "host"
    assert v.section == "RFC 5891 5.4"
    assert is_valid(text)  # the ABNF allows it, as it allows host-not-idn


@pytest.mark.parametrize(
    "text",
    [
        "http://xn--rsum-bpad.example/",  # résumé
        "http://XN--RSUM-BPAD.example/",  # the same A-label in upper case
        "http://a--b.example/",  # "--" elsewhere: no A-label
        "foo://xn--a.example/",  # no DNS scheme: no domain name
        "//xn--a.example/",  # no scheme at all
    ],
)
def test_no_invalid_a_label_for_valid_or_non_dns_labels(text: str) -> None:
    assert not [v for v in check(text) if v.code == "invalid-a-label"]


def test_check_and_audit_share_the_a_label_decision() -> None:
    import iri

    for text in ("http://xn--a.com/", "http://xn--ls8h.la/", "http://xn--rsum-bpad.example/"):
        in_check = any(v.code == "invalid-a-label" for v in check(text))
        in_audit = any(f.code.value == "invalid-a-label" for f in iri.audit(text))
        assert in_check == in_audit, text
    assert host_validity.a_label_failure("xn--a") is not None
    assert host_validity.a_label_failure("xn--rsum-bpad") is None


@pytest.mark.parametrize(
    "label", ["xn--80ak6aa92e\u00ad", "XN--99ZT52A\uff0e", "xn--99zt52a.x", "xn--99zt52a\u200b"]
)
def test_an_a_label_is_one_label_of_ascii_only(label: str) -> None:
    # RFC 5890 2.3.2.1; these reached idna.ulabel through audit and made it raise
    import iri

    assert host_validity.a_label_failure(label) is not None
    iri.audit(f"https://{label}:99/")
    iri.to_display(f"https://{label}:99/")
