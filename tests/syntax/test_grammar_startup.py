"""The start-up work in iri.syntax.grammar: classes rendered as ranges, ASCII twins first."""

from __future__ import annotations

import re

import pytest

from iri.syntax import grammar as _grammar
from iri.syntax.grammar import (
    BIDI_FORMATTING,
    IPRIVATE,
    IRI_CLASSES,
    UCSCHAR,
    UNRESERVED,
    GrammarPattern,
    Rule,
    ZoneID,
    char_class,
    is_iprivate,
    is_ucschar,
    pattern_for,
    reference_pattern,
)

ALL = "".join(map(chr, range(0x110000)))


@pytest.mark.parametrize("negate", [False, True])
@pytest.mark.parametrize("private", [False, True])
def test_rendered_class_is_the_same_set(private: bool, negate: bool) -> None:
    rendered = re.compile(IRI_CLASSES.cls(UNRESERVED + "%", private=private, negate=negate))
    expected = {
        cp
        for cp in range(0x110000)
        if cp not in BIDI_FORMATTING
        and (chr(cp) in UNRESERVED + "%" or is_ucschar(cp) or (private and is_iprivate(cp)))
    }
    found = {ord(c) for c in rendered.findall(ALL)}
    assert found == (set(range(0x110000)) - expected if negate else expected)


def test_ascii_only_class_uses_ranges() -> None:
    assert char_class("0123456789abc") == r"[\x30-\x39\x61-\x63]"
    assert char_class("-", negate=True) == r"[^\x2d]"
    # Listed as they are, not as the negation of the complement (which matches two to
    # three times slower: docs/performance.md).
    assert char_class("a", UCSCHAR, IPRIVATE).startswith(r"[\x61\xa0-\ud7ff")


def _fresh(rule: Rule) -> GrammarPattern:
    return GrammarPattern(rule, ZoneID.REJECT)


def test_ascii_text_does_not_need_the_unicode_pattern() -> None:
    p = _fresh(Rule.IRI)
    m = p.fullmatch("http://u@h:1/p?q#f")
    assert m is not None and m["host"] == "h" and m["fragment"] == "f"
    assert p.fullmatch == p._dispatch  # still the two-step dispatcher
    assert p.fullmatch("http://h/ü") is not None  # a non-ASCII text compiles the full one
    assert p.fullmatch == reference_pattern(Rule.IRI).fullmatch


def test_bulk_work_switches_to_the_full_pattern() -> None:
    p = _fresh(Rule.IRI_REFERENCE)
    for _ in range(_grammar._ASCII_CALLS + 1):
        assert p.fullmatch("a/b") is not None
    assert p.fullmatch == reference_pattern(Rule.IRI_REFERENCE).fullmatch


def test_uri_rule_is_its_own_twin() -> None:
    p = _fresh(Rule.URI)
    assert p.fullmatch == reference_pattern(Rule.URI).fullmatch


@pytest.mark.parametrize("rule", list(Rule))
@pytest.mark.parametrize(
    "text",
    ["http://example.com/a?b#c", "//[::1]/x", "a:b", "%41", "x y", "http://[v1.x]/", ""],
)
def test_twin_agrees_with_full_pattern_on_ascii(rule: Rule, text: str) -> None:
    full = reference_pattern(rule).fullmatch(text)
    twin = _fresh(rule).fullmatch(text)
    assert (full is None) == (twin is None)
    if full is not None and twin is not None:
        assert full.groupdict() == twin.groupdict()


def test_pattern_for_accepts_plain_strings() -> None:
    assert pattern_for("IRI", "reject") is pattern_for(Rule.IRI, ZoneID.REJECT)


def test_rendering_with_other_exclusions() -> None:
    excluded = frozenset({0xA0, 0xD7FF, 0xFFEF, 0x10000, 0xE0000, 0x10FFFD, 0x3000})
    rendered = re.compile(char_class("\n%", UCSCHAR, IPRIVATE, exclude=excluded))
    expected = {
        cp
        for cp in range(0x110000)
        if cp not in excluded and (chr(cp) in "\n%" or is_ucschar(cp) or is_iprivate(cp))
    }
    assert {ord(c) for c in rendered.findall(ALL)} == expected


# The ASCII twin reads any "[...]" host and checks it against IP-literal afterwards.
_BRACKETED = [
    "//[::1]/x",
    "//[::1]:80/x",
    "//[::1",
    "//[zz]/",
    "//[::1]]/",
    "//[]/",
    "//[1.2.3.4]/",
    "http://[v1.x]:8/",
    "http://[V1F.a:b]/",
    "http://[::1]a/",
    "//[fe80::1%25eth0]/",
    "//[fe80::1%eth0]/",
    "//u@[::1]:/p?[q]#[f]",
    "http://[::ffff:1.2.3.4]/",
    "http://[1:2:3:4:5:6:7:8:9]/",
    "[::1]",
    "a/[::1]",
]


@pytest.mark.parametrize("zone_id", list(ZoneID))
@pytest.mark.parametrize("rule", list(Rule))
@pytest.mark.parametrize("text", _BRACKETED)
def test_twin_agrees_on_ip_literals(rule: Rule, zone_id: ZoneID, text: str) -> None:
    full = reference_pattern(rule, zone_id).fullmatch(text)
    twin = GrammarPattern(rule, zone_id).fullmatch(text)
    assert (full is None) == (twin is None)
    if full is not None and twin is not None:
        assert full.groupdict() == twin.groupdict()


def test_twin_does_not_compile_the_ipv6_grammar_for_plain_hosts() -> None:
    _grammar.ip_literal_pattern.cache_clear()
    assert GrammarPattern(Rule.IRI, ZoneID.REJECT).fullmatch("http://example.com/") is not None
    assert _grammar.ip_literal_pattern.cache_info().currsize == 0
    assert GrammarPattern(Rule.IRI, ZoneID.REJECT).fullmatch("http://[::1]/") is not None
    assert _grammar.ip_literal_pattern.cache_info().currsize == 1
