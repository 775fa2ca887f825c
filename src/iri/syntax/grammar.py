"""The grammar: character classes (each with its ABNF quoted), rule names, patterns.

RFC 3987 section 2.2 and RFC 3986 Appendix A, with the 3987bis change that ``iprivate``
also covers the tag characters U+E0000-E0FFF. IRI and URI rules differ only in
``ucschar`` and ``iprivate``: every class below is built once from these sets, and every
pattern from these classes, rule by rule, through the small combinators at the end of
this module (never by editing pattern text).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from functools import cache

from iri.syntax.options import Option

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "ALPHA",
    "BIDI_FORMATTING",
    "DIGIT",
    "GEN_DELIMS",
    "HEXDIG",
    "IPRIVATE",
    "RESERVED",
    "SUB_DELIMS",
    "UCSCHAR",
    "UNRESERVED",
    "Rule",
    "ZoneID",
    "is_iprivate",
    "is_ucschar",
]

# ---------------------------------------------------------------------------------------
# Character sets. ASCII sets are strings; non-ASCII sets are sorted (first, last) ranges.
# ---------------------------------------------------------------------------------------

#: ALPHA = %x41-5A / %x61-7A   (RFC 5234 B.1)
ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
#: DIGIT = %x30-39   (RFC 5234 B.1)
DIGIT = "0123456789"
#: HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"   (RFC 5234; case-insensitive, RFC 3986 2.1)
HEXDIG = "0123456789ABCDEFabcdef"
#: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"   (RFC 3986 2.3)
UNRESERVED = ALPHA + DIGIT + "-._~"
#: gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"   (RFC 3986 2.2)
GEN_DELIMS = ":/?#[]@"
#: sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="   (RFC 3986 2.2)
SUB_DELIMS = "!$&'()*+,;="
#: reserved = gen-delims / sub-delims   (RFC 3986 2.2)
RESERVED = GEN_DELIMS + SUB_DELIMS
#: The ACE prefix of A-labels (RFC 5890 2.3.2.5), also :data:`iri.syntax.hosts.ACE_PREFIX`.
ACE_PREFIX: Final = "xn--"
#: The longest DNS label, in octets (RFC 1034 3.1; RFC 5890 2.3.2.1: "Like all DNS labels,
#: its total length must not exceed 63 octets").
MAX_LABEL: Final = 63

#: ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
#: (RFC 3987 2.2)
UCSCHAR: tuple[tuple[int, int], ...] = (
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    *((plane << 16, (plane << 16) | 0xFFFD) for plane in range(1, 14)),
    (0xE1000, 0xEFFFD),
)

#: iprivate = %xE000-F8FF / %xE0000-E0FFF / %xF0000-FFFFD / %x100000-10FFFD
#: (RFC 3987 2.2, plus the tag characters U+E0000-E0FFF added by 3987bis)
IPRIVATE: tuple[tuple[int, int], ...] = (
    (0xE000, 0xF8FF),
    (0xE0000, 0xE0FFF),
    (0xF0000, 0xFFFFD),
    (0x100000, 0x10FFFD),
)

#: Bidirectional formatting characters. RFC 3987 4.1: "IRIs MUST NOT contain bidirectional
#: formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)". We read the list as the
#: Unicode property Bidi_Control, which since Unicode 6.3 also has ALM (U+061C) and the
#: isolates LRI, RLI, FSI, PDI (U+2066-2069); see docs/rationale.md.
BIDI_FORMATTING: frozenset[int] = frozenset(
    {0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E}
    | {0x2066, 0x2067, 0x2068, 0x2069}
)


def _in_ranges(cp: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def is_ucschar(cp: int) -> bool:
    """Return whether code point ``cp`` matches ``ucschar`` (RFC 3987 2.2)."""
    return _in_ranges(cp, UCSCHAR)


def is_iprivate(cp: int) -> bool:
    """Return whether ``cp`` matches ``iprivate`` (RFC 3987 2.2 + 3987bis tags)."""
    return _in_ranges(cp, IPRIVATE)


# ---------------------------------------------------------------------------------------
# Rule and option names.
# ---------------------------------------------------------------------------------------


class Rule(Option):
    """The ABNF rules a text can be checked against (RFC 3987 2.2, RFC 3986 Appendix A)."""

    IRI = "IRI"
    IRI_REFERENCE = "IRI_reference"
    ABSOLUTE_IRI = "absolute_IRI"
    IRELATIVE_REF = "irelative_ref"
    URI = "URI"
    URI_REFERENCE = "URI_reference"
    ABSOLUTE_URI = "absolute_URI"
    RELATIVE_REF = "relative_ref"

    @property
    def is_iri(self) -> bool:
        """Whether the rule is an IRI rule (``ucschar``/``iprivate`` allowed)."""
        return self in _IRI_RULES

    @property
    def needs_scheme(self) -> bool:
        """Whether the rule requires a scheme (IRI, absolute-IRI and their URI twins)."""
        return self in _SCHEME_RULES

    @property
    def forbids_scheme(self) -> bool:
        """Whether the rule is a relative reference (no scheme allowed)."""
        return self in (Rule.IRELATIVE_REF, Rule.RELATIVE_REF)

    @property
    def forbids_fragment(self) -> bool:
        """Whether the rule is absolute-IRI / absolute-URI (no fragment allowed)."""
        return self in (Rule.ABSOLUTE_IRI, Rule.ABSOLUTE_URI)


_IRI_RULES = frozenset({Rule.IRI, Rule.IRI_REFERENCE, Rule.ABSOLUTE_IRI, Rule.IRELATIVE_REF})
_SCHEME_RULES = frozenset({Rule.IRI, Rule.ABSOLUTE_IRI, Rule.URI, Rule.ABSOLUTE_URI})


class ZoneID(Option):
    """Whether IPv6 zone identifiers (RFC 6874 ``IPv6addrz``) are accepted in IP literals."""

    REJECT = "reject"  #: RFC 3986/3987 as written: "does not support ... zone identifiers"
    ACCEPT = "accept"  #: RFC 6874: IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"


# ---------------------------------------------------------------------------------------
# Pattern combinators. Classes are rendered from the sets above; rules from classes.
# ---------------------------------------------------------------------------------------


def _ranges_minus(
    ranges: tuple[tuple[int, int], ...], excluded: frozenset[int]
) -> list[tuple[int, int]]:
    """Return ``ranges`` with the code points of ``excluded`` cut out."""
    cut = sorted(excluded)  # once, not per range (start-up: thousands of code points)
    out: list[tuple[int, int]] = []
    for lo, hi in ranges:
        start = lo
        for cp in cut[bisect_left(cut, lo) : bisect_right(cut, hi)]:
            if start < cp:
                out.append((start, cp - 1))
            start = cp + 1
        if start <= hi:
            out.append((start, hi))
    return out


def _escape(cp: int) -> str:
    return f"\\x{cp:02x}" if cp < 0x100 else f"\\u{cp:04x}" if cp < 0x10000 else f"\\U{cp:08x}"


def char_class(
    ascii_chars: str,
    *ranges: tuple[tuple[int, int], ...],
    negate: bool = False,
    exclude: frozenset[int] = frozenset(),
) -> str:
    """Render a regex character class from ASCII characters and code point ranges.

    The ranges are listed as they are. (Rendering the negation of the complement compiles
    about four times faster but matches two to three times slower: measured and rejected
    twice, docs/performance.md. The large classes compile only when first needed.)
    """
    chars = _runs(sorted({ord(c) for c in ascii_chars}))
    inside = [r for group in ranges for r in _ranges_minus(group, exclude)]
    return f"[{'^' if negate else ''}{_render(chars + inside)}]"


def _runs(code_points: list[int]) -> list[tuple[int, int]]:
    """Sorted code points as (first, last) runs of consecutive ones."""
    out: list[tuple[int, int]] = []
    for cp in code_points:
        if out and out[-1][1] == cp - 1:
            out[-1] = (out[-1][0], cp)
        else:
            out.append((cp, cp))
    return out


def _render(ranges: list[tuple[int, int]]) -> str:
    # Ranges rather than one escape per character: ``re`` parses a class item by item in
    # Python, so short classes make the patterns compile faster (start-up time).
    return "".join(_escape(lo) if lo == hi else f"{_escape(lo)}-{_escape(hi)}" for lo, hi in ranges)


class Classes:
    """The ASCII + non-ASCII character sets of each component for one syntax (IRI or URI).

    Every set includes ``%``; that a ``%`` starts a valid ``pct-encoded`` is checked
    separately by :data:`iri.syntax.percent.BAD_PERCENT` (one scan instead of an
    alternation per character).
    """

    def __init__(self, iri: bool) -> None:
        self.iri = iri
        #: ucschar (IRI) or nothing (URI); the bidi formatting characters are cut out
        #: because RFC 3987 4.1 forbids them (a MUST, so an error like the ABNF ones).
        self.ucs: tuple[tuple[tuple[int, int], ...], ...] = (UCSCHAR,) if iri else ()
        self.private: tuple[tuple[tuple[int, int], ...], ...] = (IPRIVATE,) if iri else ()
        pct = "%"
        # iunreserved / pct-encoded / sub-delims / ":"                         (iuserinfo)
        self.userinfo = UNRESERVED + pct + SUB_DELIMS + ":"
        # iunreserved / pct-encoded / sub-delims                                (ireg-name)
        self.reg_name = UNRESERVED + pct + SUB_DELIMS
        # ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
        self.pchar = UNRESERVED + pct + SUB_DELIMS + ":@"
        # isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )
        self.segment_nc = UNRESERVED + pct + SUB_DELIMS + "@"
        # iquery = *( ipchar / iprivate / "/" / "?" );  ifragment = *( ipchar / "/" / "?" )
        self.query = self.pchar + "/?"
        self.fragment = self.pchar + "/?"

    def cls(self, ascii_chars: str, *, private: bool = False, negate: bool = False) -> str:
        """Render the class of ``ascii_chars`` + ucschar (+ iprivate) for this syntax."""
        groups = self.ucs + (self.private if private else ())
        return char_class(ascii_chars, *groups, negate=negate, exclude=BIDI_FORMATTING)


IRI_CLASSES = Classes(iri=True)
URI_CLASSES = Classes(iri=False)

#: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )   (RFC 3986 3.1)
SCHEME = f"{char_class(ALPHA)}{char_class(ALPHA + DIGIT + '+-.')}*+"

#: h16 = 1*4HEXDIG
_H16 = f"{char_class(HEXDIG)}{{1,4}}"
#: dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
_DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
#: IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
IPV4ADDRESS = rf"{_DEC_OCTET}(?:\.{_DEC_OCTET}){{3}}"
#: ls32 = ( h16 ":" h16 ) / IPv4address
_LS32 = f"(?:{_H16}:{_H16}|{IPV4ADDRESS})"


def _h16_colon(count: str) -> str:
    return f"(?:{_H16}:){{{count}}}"


def _upto(n: int) -> str:
    """``[ *n( h16 ":" ) h16 ]``"""
    return f"(?:{_h16_colon(f'0,{n}')}{_H16})?"


#: IPv6address, the nine alternatives of RFC 3986 3.2.2, in ABNF order.
IPV6ADDRESS = (
    "(?:"
    + "|".join(
        [
            f"{_h16_colon('6')}{_LS32}",  #                            6( h16 ":" ) ls32
            f"::{_h16_colon('5')}{_LS32}",  #                     "::" 5( h16 ":" ) ls32
            f"(?:{_H16})?::{_h16_colon('4')}{_LS32}",  #  [ h16 ] "::" 4( h16 ":" ) ls32
            f"{_upto(1)}::{_h16_colon('3')}{_LS32}",  # [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
            f"{_upto(2)}::{_h16_colon('2')}{_LS32}",  # [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
            f"{_upto(3)}::{_H16}:{_LS32}",  #          [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
            f"{_upto(4)}::{_LS32}",  #                 [ *4( h16 ":" ) h16 ] "::" ls32
            f"{_upto(5)}::{_H16}",  #                  [ *5( h16 ":" ) h16 ] "::" h16
            f"{_upto(6)}::",  #                        [ *6( h16 ":" ) h16 ] "::"
        ]
    )
    + ")"
)
#: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )  ("v" is case-insensitive)
IPVFUTURE = rf"[vV]{char_class(HEXDIG)}++\.{char_class(UNRESERVED + SUB_DELIMS + ':')}++"
#: ZoneID = 1*( unreserved / pct-encoded );  IPv6addrz = IPv6address "%25" ZoneID  (RFC 6874 2)
_ZONE_ID = f"(?:{char_class(UNRESERVED)}|%{char_class(HEXDIG)}{{2}})++"
IPV6ADDRZ = f"{IPV6ADDRESS}%25{_ZONE_ID}"


def ip_literal(zone_id: ZoneID) -> str:
    """IP-literal = "[" ( IPv6address / IPvFuture ) "]"  (+ IPv6addrz with RFC 6874)."""
    if zone_id is ZoneID.ACCEPT:
        return rf"\[(?:{IPV6ADDRESS}|{IPV6ADDRZ}|{IPVFUTURE})\]"
    return rf"\[(?:{IPV6ADDRESS}|{IPVFUTURE})\]"


_NEVER = "(?!)"  # a group that never matches: keeps every pattern's groups identical


@cache
def reference_pattern(rule: Rule, zone_id: ZoneID = ZoneID.REJECT) -> re.Pattern[str]:
    """Compile the full-grammar pattern of ``rule`` (bounded cache: 8 rules x 2 options).

    A full match means: no ABNF error and no bidi formatting character, provided that
    :data:`iri.syntax.percent.BAD_PERCENT` finds nothing. Every pattern has the same named
    groups, in order: scheme, authority, userinfo, host, port, path, query, fragment
    (``None``: absent).
    Quantifiers are possessive: matching never backtracks into a run (linear time).
    """
    return _compile(rule, zone_id, IRI_CLASSES if rule.is_iri else URI_CLASSES)


#: Any bracketed host, up to the first "]": the IP literals of the ASCII twin, checked by
#: :func:`ip_literal_pattern` afterwards. No ``IP-literal`` contains "]" (RFC 3986 3.2.2),
#: so a strict match and this one end at the same "]"; and no ``ireg-name`` contains "[",
#: so a host that starts with "[" is an IP literal or nothing.
_ANY_IP_LITERAL: Final = r"\[[^\]]*+\]"


@cache
def ascii_pattern(rule: Rule, zone_id: ZoneID) -> re.Pattern[str]:
    """The pattern of ``rule`` for ASCII texts only: the same rule over the URI classes,
    with :data:`_ANY_IP_LITERAL` for the IP literal (see :func:`_ascii_fullmatch`).

    On an ASCII text an IRI rule and its URI twin accept the same strings with the same
    groups, because ``ucschar`` and ``iprivate`` (RFC 3987 2.2) are all non-ASCII; the
    twin compiles in a fraction of the time (no large Unicode classes, no IPv6 grammar).
    """
    return _compile(rule, zone_id, URI_CLASSES, _ANY_IP_LITERAL)


@cache
def ip_literal_pattern(zone_id: ZoneID) -> re.Pattern[str]:
    """``IP-literal`` alone, compiled when the first bracketed host is seen."""
    return re.compile(ip_literal(zone_id))


def _ascii_fullmatch(rule: Rule, zone_id: ZoneID, text: str) -> re.Match[str] | None:
    """The full pattern's match of an ASCII ``text``: the twin's, IP literal checked."""
    m = ascii_pattern(rule, zone_id).fullmatch(text)
    if m is not None:
        host = m["host"]
        if host and host[0] == "[" and ip_literal_pattern(zone_id).fullmatch(host) is None:
            return None
    return m


def _compile(
    rule: Rule, zone_id: ZoneID, c: Classes, ip_literal_re: str | None = None
) -> re.Pattern[str]:
    if rule.needs_scheme:
        scheme = f"(?P<scheme>{SCHEME}):"
    elif rule.forbids_scheme:
        scheme = f"(?:(?P<scheme>{_NEVER}):)?"
    else:
        scheme = f"(?:(?P<scheme>{SCHEME}):)?"
    host = f"{ip_literal_re or ip_literal(zone_id)}|{c.cls(c.reg_name)}*+"
    # iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
    authority = (
        f"(?://(?P<authority>(?:(?P<userinfo>{c.cls(c.userinfo)}*+)@)?"
        f"(?P<host>{host})(?::(?P<port>[0-9]*+))?))?"
    )
    pchar_or_slash = f"{c.cls(c.pchar + '/')}*+"
    # ipath-abempty = *( "/" isegment )
    abempty = f"(?:/{pchar_or_slash})?"
    # ipath-absolute / ipath-rootless / ipath-empty (after "scheme:", no authority)
    after_scheme = f"(?!//){pchar_or_slash}"
    # ipath-absolute / ipath-noscheme / ipath-empty (relative reference, no authority)
    relative = f"(?!//){c.cls(c.segment_nc)}*+(?:/{pchar_or_slash})?"
    no_authority = f"(?(scheme){after_scheme}|{relative})"
    path = f"(?P<path>(?(authority){abempty}|{no_authority}))"
    query = rf"(?:\?(?P<query>{c.cls(c.query, private=True)}*+))?"
    fragment_body = _NEVER if rule.forbids_fragment else f"{c.cls(c.fragment)}*+"
    fragment = rf"(?:\#(?P<fragment>{fragment_body}))?"
    return re.compile(scheme + authority + path + query + fragment)


#: After this many ASCII texts, a :class:`GrammarPattern` stops sparing the compilation of
#: the full pattern: the process is doing bulk work, where one call fewer per match counts.
_ASCII_CALLS: Final = 1000


class GrammarPattern:
    """A rule's pattern, compiled in two steps to keep ``import iri`` and short runs fast.

    ``fullmatch`` is :meth:`re.Pattern.fullmatch` of :func:`reference_pattern`. Until a
    non-ASCII text arrives (or :data:`_ASCII_CALLS` texts did), ASCII texts are matched by
    the rule's ASCII twin (:func:`ascii_pattern`, same result on ASCII texts), so that the
    large ``ucschar`` classes are compiled only when first needed. Afterwards
    ``fullmatch`` *is* the compiled pattern's bound method: no overhead per call.
    """

    __slots__ = ("_calls", "_rule", "_zone_id", "fullmatch")

    fullmatch: Callable[[str], re.Match[str] | None]

    def __init__(self, rule: Rule, zone_id: ZoneID) -> None:
        self._rule = rule
        self._zone_id = zone_id
        self._calls = 0
        if rule.is_iri:
            self.fullmatch = self._dispatch
        else:  # a URI rule is its own ASCII twin
            self.fullmatch = reference_pattern(rule, zone_id).fullmatch

    def _dispatch(self, text: str) -> re.Match[str] | None:
        self._calls += 1
        if text.isascii() and self._calls <= _ASCII_CALLS:
            return _ascii_fullmatch(self._rule, self._zone_id, text)
        self.fullmatch = reference_pattern(self._rule, self._zone_id).fullmatch
        return self.fullmatch(text)


# (rule, zone_id) -> pattern. A StrEnum member and its string value are equal and hash
# alike, so this holds at most the 16 patterns reference_pattern can build.
_BY_NAME: dict[tuple[str, str], GrammarPattern] = {}


def pattern_for(rule: Rule | str, zone_id: ZoneID | str) -> GrammarPattern:
    """The :class:`GrammarPattern` of option values given as members or plain strings.

    One dict lookup on the hot path (no enum conversion); an unknown name: ``ValueError``;
    a value that is no string: ``TypeError`` (an unhashable one too, which the lookup
    refuses with a TypeError of its own that would not say what the option takes).
    """
    try:
        return _BY_NAME[rule, zone_id]
    except (KeyError, TypeError):
        pattern = GrammarPattern(Rule(rule), ZoneID(zone_id))
        _BY_NAME[rule, zone_id] = pattern
        return pattern
