"""Unit and property tests of iri.extract (UTS #58 detection and formatting)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import iri
from iri.text import _linkdata as ld
from iri.text.extract import (
    Accept,
    Find,
    LinkKind,
    Match,
    extract,
    link_term,
    scan_path_query_fragment,
)
from iri.text.linkformat import End, format_link, format_parts

BENCH = Path(__file__).resolve().parents[1] / "corpora" / "bench"


def texts(source: str, **options: object) -> list[str]:
    return [m.text for m in extract(source, **options)]  # type: ignore[arg-type]


def test_kinds_and_imputed_schemes() -> None:
    found = extract("Mail ann@example.org, see example.com/x and https://h.example/y.")
    assert [(m.kind, m.iri) for m in found] == [
        (LinkKind.EMAIL, "mailto:ann@example.org"),
        (LinkKind.DOMAIN, "https://example.com/x"),
        (LinkKind.URL, "https://h.example/y"),
    ]
    assert found[0] == Match(5, 20, "ann@example.org", LinkKind.EMAIL)


def test_non_ascii_does_not_end_a_link() -> None:
    # 3987bis 8.3: "a non-ASCII character ... does not end an IRI"
    assert texts("voir http://résumé.example.org/東京?q=ü, merci") == [
        "http://résumé.example.org/東京?q=ü"
    ]


def test_find_selects_kinds() -> None:
    source = "a@example.org example.com http://h.example/"
    assert texts(source, find=["urls"]) == ["http://h.example/"]
    assert texts(source, find=[Find.EMAILS]) == ["a@example.org"]
    assert texts(source, find=["domains"]) == ["example.com"]
    with pytest.raises(ValueError):
        extract(source, find=["nope"])


def test_delimited_forms() -> None:
    # RFC 3986 Appendix C: angle brackets (with "URL:"), quotes; whitespace inside ignored
    source = (
        'See <URL:http://www.w3.org/Addressing/> and <urn:isbn:0-395-36341-1>, "ftp://f.example/a"'
    )
    found = extract(source, find=["delimited", "urls"])
    assert [(m.text, m.kind) for m in found] == [
        ("http://www.w3.org/Addressing/", LinkKind.DELIMITED),
        ("urn:isbn:0-395-36341-1", LinkKind.DELIMITED),
        ("ftp://f.example/a", LinkKind.DELIMITED),
    ]
    wrapped = "<http://www.example.com/long/\n   path/here>"
    (m,) = extract(wrapped, find=["delimited"])
    assert m.iri == "http://www.example.com/long/path/here"
    assert texts("<not an iri> and <relative/path>", find=["delimited"]) == []


def test_accept_iri_keeps_only_valid_iris() -> None:
    source = "see example.com/a|b and example.org/ok"
    assert texts(source) == ["example.com/a|b", "example.org/ok"]
    assert texts(source, accept=Accept.IRI) == ["example.org/ok"]


def test_type_errors() -> None:
    with pytest.raises(TypeError, match="expects str"):
        extract(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        extract(b"example.com")  # type: ignore[arg-type]


def test_link_term_table() -> None:
    assert link_term("a") == ld.INCLUDE
    assert link_term(" ") == ld.HARD
    assert link_term(".") == ld.SOFT
    assert link_term("(") == ld.OPEN and link_term(")") == ld.CLOSE
    assert link_term("\U000e0001") == ld.HARD  # not listed: the @missing default
    assert ld.LINK_BRACKET[ord(")")] == ord("(")


def test_scan_path_query_fragment_brackets() -> None:
    text = "/α[(β])γ"
    assert text[: scan_path_query_fragment(text, 0)] == "/α[(β"
    assert scan_path_query_fragment("x/y", 0) == 0  # no initiator: nothing to scan


def test_formatting_api() -> None:
    assert format_parts("https://example.com", ["a b"], [("k", None)], []) == (
        "https://example.com/a%20b?k"
    )
    assert format_parts("https://example.com", ["α."], end=End.MEDIAL) == ("https://example.com/α.")
    assert format_link("https://example.com/%E2%80%AE%C3") == "https://example.com/%E2%80%AE%C3"
    assert format_link("https://example.com/%CE%B1?%CE%B2=%CE%B3#%CE%B4") == (
        "https://example.com/α?β=γ#δ"
    )
    with pytest.raises(iri.InvalidIRI):
        format_link("not a link")


def test_linear_on_long_lines() -> None:
    # one long host-like run, one long path, many at signs: each is one pass (no timing here;
    # bench/bench_extract.py measures growth)
    assert texts("a" * 100_000 + ".com") == []  # a label over 63 octets is no DNS name
    assert texts("x " + "@" * 50_000) == []
    long_path = "https://example.com/" + "α" * 100_000
    assert texts(long_path) == [long_path]


@given(st.text(max_size=60))
def test_matches_point_into_the_text(source: str) -> None:
    last = 0
    for m in extract(source, find=list(Find)):
        assert source[m.start : m.end] == m.text
        assert m.start >= last or m.kind is LinkKind.DELIMITED
        last = m.end


_WORDS = st.sampled_from(
    [
        "see",
        "α",
        "(",
        ")",
        ".",
        ",",
        " ",
        "@",
        "example.com",
        "/x",
        "?q=1",
        "#f",
        "http://",
        "mailto:",
        "ann",
        "<",
        ">",
        '"',
        "東京",
    ]
)


@given(st.lists(_WORDS, max_size=12).map("".join))
def test_never_raises_on_link_like_text(source: str) -> None:
    for m in extract(source, find=list(Find), accept="all"):
        assert source[m.start : m.end] == m.text


def _web_iris() -> list[str]:
    lines = (BENCH / "iri.txt").read_text(encoding="utf-8").splitlines()
    return [x for x in lines if x.startswith("https://") and "@" not in x][:300]


@pytest.mark.parametrize("link", _web_iris()[:300])
def test_formatted_links_are_found_back(link: str) -> None:
    # every host in this sample passes UTS #46, so every formatted link must come back whole
    formatted = format_link(link)
    found = extract(f"see {formatted} here", find=["urls"])
    assert [m.text for m in found] == [formatted]


@pytest.mark.parametrize(
    "link",
    [
        "https://xn--a.example/p",  # a Punycode label that does not decode
        "https://a\u200db.example/x",  # ZWJ outside the CONTEXTJ context (RFC 5892 A.2)
        "https://-a.example/x",  # a hyphen first (UTS #46 CheckHyphens)
    ],
)
def test_formatted_links_with_hosts_uts46_rejects_are_not_found(link: str) -> None:
    # UTS #58: a scheme link needs a valid host; an invalid one is not linked at all
    formatted = format_link(link)
    assert formatted == link
    assert extract(f"see {formatted} here", find=["urls"]) == []
