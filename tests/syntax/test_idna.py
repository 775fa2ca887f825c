"""Host mapping through IDNA2008 + UTS #46 (iri.syntax.hosts)."""

from __future__ import annotations

import pytest

import iri
from iri.errors import IDNAError
from iri.syntax import hosts as host_idna
from iri.syntax.hosts import host_to_ascii, to_ascii, to_unicode


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("résumé.example.org", "xn--rsum-bpad.example.org"),  # RFC 3987 3.1
        ("納豆.example.org", "xn--99zt52a.example.org"),  # RFC 3987 3.2.1
        ("Faß.de", "xn--fa-hia.de"),  # non-transitional
        ("BÜCHER.example", "xn--bcher-kva.example"),  # UTS #46 mapping (lowercase)
        ("例え。テスト", "xn--r8jz45g.xn--zckzah"),  # U+3002 is a label separator
        ("a..é.", "a..xn--9ca."),  # empty labels pass (VerifyDnsLength=false)
        ("a_b.é", "a_b.xn--9ca"),  # STD3 rules off
        ("xn--fa-hia.de", "xn--fa-hia.de"),
        ("نامه\u200cای.ir", "xn--mgba3gch31f060k.ir"),  # CONTEXTJ ZWNJ in context
    ],
)
def test_to_ascii(host: str, expected: str) -> None:
    assert to_ascii(host) == expected


@pytest.mark.parametrize(
    ("host", "label", "position"),
    [
        ("ok.ab--c", "ab--c", 3),  # CheckHyphens (3rd and 4th position)
        ("ok.-x", "-x", 3),  # CheckHyphens (leading)
        ("a\u200db", "a\u200db", 1),  # CheckJoiners: the ZWJ itself
        ("0à.\u05d0", "0à", 0),  # CheckBidi across labels (Bidi domain name)
        ("é.\u0308x", "\u0308x", 2),  # leading combining mark
        ("é.xn--a", "xn--a", 2),  # invalid Punycode
        ("é.xn--tešla", "xn--tešla", 2),  # non-ASCII in an A-label
        ("x.\ufffd", "\ufffd", 2),  # disallowed code point
        ("é.\u2665", "\u2665", 2),  # IDNA2008: not PVALID
    ],
)
def test_to_ascii_errors(host: str, label: str, position: int) -> None:
    with pytest.raises(IDNAError) as info:
        to_ascii(host)
    err = info.value
    assert err.host == host
    assert err.label == label
    assert err.position == position
    assert err.reason
    assert isinstance(err, ValueError)


def test_failures_are_cached_and_raised_each_time() -> None:
    for _ in range(2):
        with pytest.raises(IDNAError):
            to_ascii("é.xn--a")


def test_cache_is_bounded() -> None:
    info = host_idna._to_ascii_cached.cache_info()
    assert info.maxsize == 4096


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("xn--99zt52a.example.org", "納豆.example.org"),
        ("xn--fa-hia.de", "faß.de"),
        ("example.org", "example.org"),
        ("XN--99ZT52A.example.org", "XN--99ZT52A.example.org"),  # would not round-trip
        ("xn--99zt52a.Example.org", "納豆.Example.org"),  # per label: ASCII labels as written
        ("xn--zca.%c3%a9x", "ß.%c3%a9x"),  # per label: a %-encoded label stays (issue 8)
        ("xn--zca." + "a" * 64, "xn--zca." + "a" * 64),  # ß.aaa... breaks the DNS length
        ("xn--a.example", "xn--a.example"),  # invalid Punycode
        ("xn---bbk.example", "xn---bbk.example"),  # fake A-label (not canonical)
        ("xn--a-yoc", "xn--a-yoc"),  # fails the Bidi Rule
        ("xn--0-sfa.xn--4db", "xn--0-sfa.xn--4db"),  # Bidi domain name: B1 on "0à"
        ("xn--ls8h", "xn--ls8h"),  # U+1F4A9 is not IDNA2008-valid
    ],
)
def test_to_unicode(host: str, expected: str) -> None:
    assert to_unicode(host) == expected
    if expected != host:
        assert host_to_ascii(expected) == host  # what to_uri does with the host


def test_a_huge_host_is_never_kept_in_a_cache() -> None:
    # robustness: 4,096 kept hosts of megabytes would hold their memory
    from iri.syntax import host_validity, web_hosts
    from iri.syntax.host_cache import CACHED_LENGTH

    host = "\u00e9" + "a" * (CACHED_LENGTH + 1)
    caches = (
        host_idna._host_to_ascii_cached,
        host_idna._to_ascii_cached,
        host_validity._faults,
        web_hosts._cached,
    )
    for c in caches:
        c.cache_clear()
    iri.check(f"http://{host}/")
    for call in (iri.to_uri, lambda t: iri.to_uri(t, host="uts46")):
        with pytest.raises(IDNAError):
            call(f"http://{host}/")
    with pytest.raises(IDNAError):
        to_ascii(host)
    assert [c.cache_info().currsize for c in caches] == [0, 0, 0, 0]
    to_ascii("r\u00e9sum\u00e9.example")  # a short one is kept
    assert host_idna._to_ascii_cached.cache_info().currsize == 1
