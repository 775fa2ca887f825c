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

from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import URI_RULES, reference

from iri import is_valid
from iri.convert.uri import to_iri, to_uri
from iri.errors import IRIError
from iri.ladder.normalize import equivalent, key, normalize
from iri.syntax import schemes
from iri.syntax.check import iri_reference_match
from iri.syntax.grammar import UNRESERVED

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
    # The property is about URIs: a host whose escapes do not decode to a valid IDN (with
    # all its labels) is no valid URI since issue 8 (draft-duerst-idn-uri 3).
    assume(is_valid(uri, rule="URI_reference"))
    _check_round_trip(uri)


def test_the_issue_example_is_generated() -> None:
    # The defect of issue 8, which the strategy above can produce; kept as a fixed case.
    _check_round_trip("http://xn--zca.%c3%a9x/")
    _check_round_trip("http://xn--zca.%C3%A9x.EXAMPLE/")


_HOST_PIECES = st.one_of(
    st.sampled_from(["xn--", "xn--zca", ".", "%", "%c3%a9", "%FC", "%2E", "-", "ß", "\u05d0"]),
    st.sampled_from(["\u3002", "\u2024", "\uff05", "\u200d", "\u0308", "a" * 64, "é" * 40]),
    st.characters(min_codepoint=0x21, max_codepoint=0x10FFFF, exclude_categories=("Cs",)),
)


@given(st.lists(_HOST_PIECES, max_size=8).map("".join), st.sampled_from(["auto", "idna"]))
def test_hosts_raise_only_iri_errors(host: str, mode: str) -> None:
    # Label-by-label mapping on arbitrary hosts: a result is a URI, or an IRIError (never
    # IndexError, UnicodeError, re.error or LookupError), and the mapping is idempotent.
    try:
        uri = to_uri(f"http://{host}/", host=mode)
    except IRIError:
        return
    assert is_valid(uri, rule="URI")
    assert to_uri(uri, host=mode) == uri


_NOT_STR = st.one_of(
    st.none(), st.binary(), st.integers(), st.floats(), st.lists(st.text(), max_size=2)
)


@given(_NOT_STR)
def test_non_str_is_a_type_error_everywhere(value: object) -> None:
    for call in (
        lambda: to_uri(value),  # type: ignore[arg-type]
        lambda: to_iri(value),  # type: ignore[arg-type]
        lambda: normalize(value),  # type: ignore[arg-type]
        lambda: key(value, "simple"),  # type: ignore[arg-type]
        lambda: equivalent(value, "a", level="simple"),  # type: ignore[arg-type]
        lambda: to_uri("http://a/?é", charset=value),  # type: ignore[arg-type]
    ):
        try:
            call()
        except TypeError as err:
            assert "str" in str(err)
        else:
            assert value is None  # charset=None is the default (no charset)
