"""Round trip ``to_uri(to_iri(u)) == u`` over URI references (issue 8).

Generated from the grammar (tests/property/strategies.py, every URI rule) and from DNS
hosts that mix A-labels, percent-encoded labels (lower and upper case hex, UTF-8 or not)
and ASCII labels in any case, so hosts are exercised label by label. DNS hosts come back
exactly; the rest of the reference comes back up to the case of hex digits and
percent-encoded unreserved characters (to_iri decodes them per 3987bis 4.2, to_uri
writes uppercase hex per RFC 3987 3.1 step 2.2); a URI without "%" comes back exactly.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from strategies import URI_RULES, reference

from iri import schemes
from iri._check import iri_reference_match
from iri._grammar import UNRESERVED
from iri.convert import to_iri, to_uri

_PCT = re.compile(r"%[0-9A-Fa-f]{2}")

_LABELS = st.sampled_from(
    [
        "xn--zca",  # ß
        "xn--99zt52a",  # 納豆
        "xn--fa-hia",  # faß
        "xn--rsum-bpad",  # résumé
        "xn--4db",  # א (a Bidi domain name)
        "xn--0-sfa",  # 0à (fails B1 next to an RTL label)
        "xn--a",  # not Punycode
        "XN--ZCA",  # uppercase ACE prefix
        "%c3%a9x",
        "%C3%A9x",
        "%FCx",  # not UTF-8
        "%41b",
        "EXAMPLE",
        "org",
        "a-b",
        "-a",  # fails CheckHyphens
        "a" * 63,
        "",
    ]
)

dns_uris = st.builds(
    lambda scheme, labels, path: f"{scheme}://{'.'.join(labels)}{path}",
    st.sampled_from(["http", "https", "HTTP", "ftp", "ws"]),
    st.lists(_LABELS, min_size=1, max_size=5),
    st.sampled_from(["", "/", "/%c3%a9?q=%E9#f"]),
)


def _canonical(uri: str) -> str:
    def fix(m: re.Match[str]) -> str:
        char = chr(int(m.group()[1:], 16))
        return char if char in UNRESERVED else m.group().upper()

    return _PCT.sub(fix, uri)


def _dns_host(uri: str) -> str | None:
    """The host of a DNS scheme (other hosts are percent-decoded like any component)."""
    m = iri_reference_match(uri)
    assert m is not None
    return m["host"] if schemes.uses_dns(m["scheme"]) else None


def _check_round_trip(uri: str) -> None:
    back = to_uri(to_iri(uri))
    if "%" not in uri:
        assert back == uri
    assert _canonical(back) == _canonical(uri)
    assert _dns_host(back) == _dns_host(uri)  # DNS hosts exactly, label by label


@given(st.one_of([reference(rule) for rule in URI_RULES]))
def test_round_trip_over_grammar_uris(uri: str) -> None:
    _check_round_trip(uri)


@given(dns_uris)
def test_round_trip_over_mixed_dns_hosts(uri: str) -> None:
    _check_round_trip(uri)


def test_the_issue_example_is_generated() -> None:
    # The defect of issue 8, which the strategy above can produce; kept as a fixed case.
    _check_round_trip("http://xn--zca.%c3%a9x/")
    _check_round_trip("http://xn--zca.%C3%A9x.EXAMPLE/")
