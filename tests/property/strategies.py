"""Hypothesis strategies that generate valid IRI / URI references from the grammar.

Everything is built from the character sets of :mod:`iri.syntax.grammar` (never from the
patterns under test), rule by rule, following the ABNF of RFC 3987 2.2 and RFC 3986
Appendix A. Bidi formatting characters are never generated: RFC 3987 4.1 excludes them
from valid IRIs even though they lie inside ``ucschar``.
"""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from iri.syntax.grammar import (
    ALPHA,
    BIDI_FORMATTING,
    DIGIT,
    HEXDIG,
    IPRIVATE,
    SUB_DELIMS,
    UCSCHAR,
    UNRESERVED,
    Rule,
)

__all__ = ["IRI_RULES", "URI_RULES", "reference", "valid_for"]

S = st.SearchStrategy[str]

# The strategy builders below are cached (@cache): a composite that draws from
# ``reference(rule)`` or ``host(iri=...)`` would otherwise build, and Hypothesis validate, a
# new strategy tree on every draw (most of the generation time of the property tests). The
# strategies, and so the texts drawn, are the same.

IRI_RULES = (Rule.IRI, Rule.IRI_REFERENCE, Rule.ABSOLUTE_IRI, Rule.IRELATIVE_REF)
URI_RULES = (Rule.URI, Rule.URI_REFERENCE, Rule.ABSOLUTE_URI, Rule.RELATIVE_REF)


def _ranges(ranges: tuple[tuple[int, int], ...]) -> S:
    return (
        st.one_of(*(st.integers(lo, hi) for lo, hi in ranges))
        .filter(lambda cp: cp not in BIDI_FORMATTING)
        .map(chr)
    )


#: ucschar (RFC 3987 2.2) without the bidi formatting characters (RFC 3987 4.1).
ucschar: S = _ranges(UCSCHAR)
#: iprivate (RFC 3987 2.2 + 3987bis tags U+E0000-E0FFF).
iprivate: S = _ranges(IPRIVATE)
#: pct-encoded = "%" HEXDIG HEXDIG
pct_encoded: S = st.tuples(st.sampled_from(HEXDIG), st.sampled_from(HEXDIG)).map(
    lambda t: "%" + t[0] + t[1]
)
hexdig: S = st.sampled_from(HEXDIG)
digit: S = st.sampled_from(DIGIT)


def _unit(ascii_chars: str, *, iri: bool, private: bool = False, pct: bool = True) -> S:
    """One unit of a component: an allowed ASCII character, a pct-encoded, a ucschar..."""
    parts: list[S] = [st.sampled_from(ascii_chars)] + ([pct_encoded] if pct else [])
    if iri:
        parts.append(ucschar)
        if private:
            parts.append(iprivate)
    return st.one_of(*parts)


def _run(unit: S, *, min_size: int = 0, max_size: int = 8) -> S:
    return st.lists(unit, min_size=min_size, max_size=max_size).map("".join)


# -- scheme, authority ------------------------------------------------------------------

#: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
scheme: S = st.tuples(
    st.sampled_from(ALPHA), _run(st.sampled_from(ALPHA + DIGIT + "+-."), max_size=6)
).map("".join)

#: h16 = 1*4HEXDIG
h16: S = _run(hexdig, min_size=1, max_size=4)
#: dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
dec_octet: S = st.integers(0, 255).map(str)
#: IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
ipv4address: S = st.lists(dec_octet, min_size=4, max_size=4).map(".".join)
#: ls32 = ( h16 ":" h16 ) / IPv4address
ls32: S = st.one_of(st.tuples(h16, h16).map(":".join), ipv4address)


@st.composite
def ipv6address(draw: st.DrawFn) -> str:
    """One of the nine IPv6address alternatives of RFC 3986 3.2.2, chosen uniformly."""
    form = draw(st.integers(0, 8))
    if form == 0:  # 6( h16 ":" ) ls32
        return "".join(draw(h16) + ":" for _ in range(6)) + draw(ls32)
    # Forms 1..8: [ *n( h16 ":" ) h16 ] "::" right, with n = form - 2 (form 1: nothing left)
    right_groups = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1, 6: 0, 7: 0, 8: 0}[form]
    if form == 1:
        left = ""
    else:
        max_left = form - 1  # *n( h16 ":" ) h16 has at most n + 1 = form - 1 groups
        count = draw(st.integers(0, max_left))
        left = ":".join(draw(h16) for _ in range(count))
    right = "".join(draw(h16) + ":" for _ in range(right_groups))
    if form <= 6:
        right += draw(ls32)
    elif form == 7:
        right += draw(h16)
    return left + "::" + right


#: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
ipvfuture: S = st.tuples(
    st.sampled_from("vV"),
    _run(hexdig, min_size=1, max_size=3),
    _run(st.sampled_from(UNRESERVED + SUB_DELIMS + ":"), min_size=1, max_size=6),
).map(lambda t: f"{t[0]}{t[1]}.{t[2]}")

#: IP-literal = "[" ( IPv6address / IPvFuture ) "]"
ip_literal: S = st.one_of(ipv6address(), ipvfuture).map(lambda s: f"[{s}]")

#: port = *DIGIT
port: S = _run(digit, max_size=5)


#: Hosts whose percent-encodings decode to a valid IDN: the only escapes RFC 3986 3.2.2
#: and draft-duerst-idn-uri 3 allow in a host (docs/rationale.md).
ESCAPED_IDN_HOSTS = ("%C3%A9", "b%C3%BCcher.example", "%E6%9D%B1%E4%BA%AC.jp", "x.%C3%A9")


@cache
def reg_name(*, iri: bool) -> S:
    """ireg-name = *( iunreserved / pct-encoded / sub-delims ), where the pct-encodings
    are UTF-8 of a valid IDN (escaped US-ASCII is an error in a host)."""
    return st.one_of(
        _run(_unit(UNRESERVED + SUB_DELIMS, iri=iri, pct=False)),
        st.sampled_from(ESCAPED_IDN_HOSTS),
    )


@cache
def host(*, iri: bool) -> S:
    """ihost = IP-literal / IPv4address / ireg-name"""
    return st.one_of(ip_literal, ipv4address, reg_name(iri=iri))


@cache
def userinfo(*, iri: bool) -> S:
    """iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )"""
    return _run(_unit(UNRESERVED + SUB_DELIMS + ":", iri=iri))


@st.composite
def authority(draw: st.DrawFn, *, iri: bool) -> str:
    """iauthority = [ iuserinfo "@" ] ihost [ ":" port ]"""
    out = ""
    if draw(st.booleans()):
        out += draw(userinfo(iri=iri)) + "@"
    out += draw(host(iri=iri))
    if draw(st.booleans()):
        out += ":" + draw(port)
    return out


# -- paths ------------------------------------------------------------------------------


@cache
def segment(*, iri: bool, nz: bool = False, nc: bool = False) -> S:
    """isegment / isegment-nz / isegment-nz-nc"""
    chars = UNRESERVED + SUB_DELIMS + ("@" if nc else ":@")
    return _run(_unit(chars, iri=iri), min_size=1 if nz else 0, max_size=5)


@cache
def _tail(*, iri: bool) -> S:
    """*( "/" isegment )"""
    return st.lists(segment(iri=iri), max_size=4).map(lambda segs: "".join("/" + s for s in segs))


@cache
def path_abempty(*, iri: bool) -> S:
    return _tail(iri=iri)


@cache
def path_absolute(*, iri: bool) -> S:
    """ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]"""
    return st.one_of(
        st.just("/"),
        st.tuples(segment(iri=iri, nz=True), _tail(iri=iri)).map(lambda t: "/" + t[0] + t[1]),
    )


@cache
def path_rootless(*, iri: bool) -> S:
    """ipath-rootless = isegment-nz *( "/" isegment )"""
    return st.tuples(segment(iri=iri, nz=True), _tail(iri=iri)).map("".join)


@cache
def path_noscheme(*, iri: bool) -> S:
    """ipath-noscheme = isegment-nz-nc *( "/" isegment )"""
    return st.tuples(segment(iri=iri, nz=True, nc=True), _tail(iri=iri)).map("".join)


path_empty: S = st.just("")


@cache
def query(*, iri: bool) -> S:
    """iquery = *( ipchar / iprivate / "/" / "?" )"""
    return _run(_unit(UNRESERVED + SUB_DELIMS + ":@/?", iri=iri, private=True))


@cache
def fragment(*, iri: bool) -> S:
    """ifragment = *( ipchar / "/" / "?" )"""
    return _run(_unit(UNRESERVED + SUB_DELIMS + ":@/?", iri=iri))


def _optional(prefix: str, strategy: S) -> S:
    return st.one_of(st.just(""), strategy.map(lambda s: prefix + s))


# -- rules ------------------------------------------------------------------------------


@cache
def hier_part(*, iri: bool) -> S:
    """ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty"""
    return st.one_of(
        st.tuples(authority(iri=iri), path_abempty(iri=iri)).map(lambda t: "//" + t[0] + t[1]),
        path_absolute(iri=iri),
        path_rootless(iri=iri),
        path_empty,
    )


@cache
def relative_part(*, iri: bool) -> S:
    """irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme
    / ipath-empty"""
    return st.one_of(
        st.tuples(authority(iri=iri), path_abempty(iri=iri)).map(lambda t: "//" + t[0] + t[1]),
        path_absolute(iri=iri),
        path_noscheme(iri=iri),
        path_empty,
    )


@cache
def absolute(*, iri: bool) -> S:
    """absolute-IRI = scheme ":" ihier-part [ "?" iquery ]"""
    return st.tuples(scheme, hier_part(iri=iri), _optional("?", query(iri=iri))).map(
        lambda t: t[0] + ":" + t[1] + t[2]
    )


@cache
def full(*, iri: bool) -> S:
    """IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]"""
    return st.tuples(absolute(iri=iri), _optional("#", fragment(iri=iri))).map("".join)


@cache
def relative(*, iri: bool) -> S:
    """irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]"""
    return st.tuples(
        relative_part(iri=iri), _optional("?", query(iri=iri)), _optional("#", fragment(iri=iri))
    ).map("".join)


@cache
def reference(rule: Rule | str) -> S:
    """A strategy of texts that match ``rule`` (one strategy per Rule)."""
    rule = Rule(rule)
    iri = rule.is_iri
    if rule in (Rule.IRI, Rule.URI):
        return full(iri=iri)
    if rule in (Rule.ABSOLUTE_IRI, Rule.ABSOLUTE_URI):
        return absolute(iri=iri)
    if rule in (Rule.IRELATIVE_REF, Rule.RELATIVE_REF):
        return relative(iri=iri)
    return st.one_of(full(iri=iri), relative(iri=iri))  # IRI-reference = IRI / irelative-ref


def valid_for(rule: Rule | str) -> set[Rule]:
    """The rules that every text generated by ``reference(rule)`` also matches."""
    rule = Rule(rule)
    out = {rule}
    twins = {
        Rule.URI: Rule.IRI,
        Rule.URI_REFERENCE: Rule.IRI_REFERENCE,
        Rule.ABSOLUTE_URI: Rule.ABSOLUTE_IRI,
        Rule.RELATIVE_REF: Rule.IRELATIVE_REF,
    }
    if rule in twins:
        out.add(twins[rule])
    for r in list(out):
        if r in (Rule.IRI, Rule.ABSOLUTE_IRI, Rule.IRELATIVE_REF):
            out.add(Rule.IRI_REFERENCE)
        if r in (Rule.URI, Rule.ABSOLUTE_URI, Rule.RELATIVE_REF):
            out.add(Rule.URI_REFERENCE)
        if r is Rule.ABSOLUTE_IRI:
            out.add(Rule.IRI)
        if r is Rule.ABSOLUTE_URI:
            out |= {Rule.URI, Rule.IRI}
    return out


#: Delimiters and troublemakers for arbitrary-text tests.
DELIMS = "%:/?#[]@!$&'()*+,;="
BIDI = "".join(chr(cp) for cp in sorted(BIDI_FORMATTING))
TOKENS = (
    *DELIMS,
    *BIDI,
    "a",
    "Z",
    "0",
    "9",
    "v",
    "V",
    ".",
    "-",
    "_",
    "~",
    " ",
    "\n",
    "\x00",
    "\u00e9",
    "\ue000",
    "\U000e0001",
    "\ud800",
    "\udfff",
    "\u200d",
    "\u094d",
    "\ufdd0",
    "//",
    "http:",
    "::",
    "%2",
    "%41",
    "%zz",
    "%C0%AF",
    "%25",
    "[::1]",
    "1.2.3.4",
    "v1.x",
    "../",
    "./",
    ":80",
)

#: Arbitrary text: all of Unicode, surrogates included.
any_text: S = st.text(st.characters(exclude_categories=()), max_size=40)
#: Text biased towards delimiters, bidi controls and grammar fragments.
biased_text: S = st.lists(st.sampled_from(TOKENS), max_size=25).map("".join)


@st.composite
def mutated(draw: st.DrawFn, rule: Rule | str = Rule.IRI_REFERENCE) -> str:
    """A valid reference with one token inserted, deleted or replaced somewhere."""
    text = draw(reference(rule))
    pos = draw(st.integers(0, len(text)))
    action = draw(st.sampled_from(["insert", "delete", "replace"]))
    token = draw(st.one_of(st.sampled_from(TOKENS), st.characters(exclude_categories=())))
    if action == "insert":
        return text[:pos] + token + text[pos:]
    if action == "delete":
        return text[:pos] + text[pos + 1 :]
    return text[:pos] + token + text[pos + 1 :]
