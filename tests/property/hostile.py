"""Seeded generators of hostile IRI references, for the invariants of issue 19.

Two generators, both driven by one :class:`random.Random` (about ten times cheaper per text
than drawing each token through Hypothesis; the tests draw the seeds from Hypothesis, so
``derandomize`` fixes them):

* :func:`build_valid`: a reference put together rule by rule from the ABNF of RFC 3987 2.2
  (the character sets of :mod:`iri.syntax.grammar`, as :mod:`strategies` does), each unit
  chosen from what the rule allows, with a bias towards the hostile characters that the
  rule allows too: the compatibility forms of the delimiters (``ucschar``), the ideographic
  full stops raw and percent-encoded, U+2028 / U+2029, emoji, private use and tag
  characters (``iprivate``, query only), percent-encodings of bidi controls, line breaks,
  overlong and surrogate UTF-8, huge ports, IPv6 literals, punycode labels. One text in
  eight then gets one token of the hostile alphabet that the grammar does not allow (a raw
  bidi control, a lone surrogate, U+0085, a broken percent-encoding...), so most texts are
  valid and some are one step away.
* :func:`build_any`: text of the hostile alphabet with or without the grammar's delimiters
  in place, and arbitrary code points (surrogates too).
"""

from __future__ import annotations

import random

from iri.safety._tables.delimiters import LOOKALIKES
from iri.safety.delimiters import LINE_BREAKS
from iri.syntax.grammar import (
    ALPHA,
    BIDI_FORMATTING,
    DIGIT,
    HEXDIG,
    SUB_DELIMS,
    UNRESERVED,
    is_iprivate,
    is_ucschar,
)
from iri.syntax.invisible import BIDI_CONTROLS

__all__ = ["HOSTILE", "build_any", "build_valid"]

#: The compatibility forms of every delimiter (the generated table of 56), the ideographic
#: full stops, line and paragraph separators: the ones that ``ucschar`` admits.
_LOOKALIKE_UCS = [
    c
    for c in (*map(chr, sorted(LOOKALIKES)), "\u3002", "\uff0e", "\uff61", "\u2028", "\u2029")
    if is_ucschar(ord(c)) and ord(c) not in BIDI_FORMATTING
]
#: Characters of ucschar that a person or a mapping treats specially.
_UCS_HOSTILE = [
    *_LOOKALIKE_UCS,
    *("\U0001f600", "\U0001f44d\U0001f3fd", "\U0001f468\u200d\U0001f469\u200d\U0001f467"),
    *("\U0001f1ef\U0001f1f5", "\U0001f355", "\u200b", "\u200c", "\u200d", "\u3164", "\u034f"),
    *("\ufe0f", "\ufeff", "\u00ad", "\u0301", "\u094d", "\u00df", "\u03c2", "\u0130", "\u212a"),
    *("\u00e9", "E\u0301", "\u6771\u4eac", "\u0430\u0440\u0440\u04cf\u0435", "\u05d0\u05d1"),
    *("\u0627\u0644", "\u0661\u0662", "\uff45\uff58", "\uff21", "\u2488", "\u00bd", "\ufb01"),
    *("\U00010000", "\U0001fffd"),
]
#: iprivate (RFC 3987 2.2, 3987bis: private use and the tag characters): query only.
_PRIVATE = [
    "\ue000",
    "\uf8ff",
    "\U000f0000",
    "\U0010fffd",
    "\U000e0001",
    "\U000e0041",
    "\U000e007f",
]
#: Valid percent-encodings (pct-encoded = "%" HEXDIG HEXDIG) with a story each.
_PCT_HOSTILE = [
    *("%E3%80%82", "%EF%BC%8E", "%EF%BD%A1", "%e3%80%82"),  # the full stops
    *("%EF%BC%8F", "%EF%BC%9F", "%EF%BC%83", "%EF%BC%A0", "%EF%BC%9A"),  # / ? # @ :
    *("%E2%80%A8", "%E2%80%A9", "%C2%85", "%0A", "%0D", "%00", "%20"),  # line breaks
    *("%E2%80%AE", "%E2%81%A6", "%E2%80%8F", "%E2%80%8B"),  # bidi, invisible
    *("%C0%AF", "%ED%A0%80", "%F4%90%80%80", "%FF", "%C3", "%80"),  # not UTF-8
    *("%2E", "%2e", "%2F", "%3F", "%23", "%40", "%3A", "%25", "%41", "%7e", "%7E", "%2B"),
    *("%C3%A9", "%c3%a9", "%F0%9F%98%80", "%EE%80%80", "%F3%A0%80%81", "%EF%BF%BE"),
]
#: Not allowed anywhere in an IRI reference (or not as written).
_INVALID = [
    *sorted(BIDI_CONTROLS),
    *("\x85", "\x00", "\n", " ", "\x7f", "<", "\\", "^"),
    *("\ud800", "\udbff", "\udc80", "\udfff", "\ufdd0", "\uffff", "\U0001fffe"),
    *("%", "%2", "%zz", "%G0", "[", "]", "\u2066", "\u202e"),
]
#: The whole alphabet, for :func:`build_any`.
HOSTILE = _UCS_HOSTILE + _PRIVATE + _PCT_HOSTILE + _INVALID + list(LINE_BREAKS)
_WORDS = [
    *("a", "bank", "example", "evil", "com", "www", "WWW", "user", "0", "80", "-", "_", "~"),
    *("b\u00fccher", "xn--80ak6aa92e", "xn--googl-3we", "XN--99ZT52A", "xn--", "xn--a"),
    *("xn--zz-", "xn--3e0b707e", "xn--zca", "xn--ls8h", "xn--mgbh0fb", "xn--4db", "."),
]
_DELIMS = list(":/?#[]@.!$&'()*+,;= ")


def _unit(rng: random.Random, ascii_chars: str, *, private: bool = False) -> str:
    """One unit of a component: a hostile ucschar, a pct-encoded, an ASCII character it
    allows, a word, or (rarely) any ucschar / iprivate code point."""
    r = rng.random()
    if r < 0.25:
        return rng.choice(_UCS_HOSTILE)
    if r < 0.35:
        return rng.choice(_PCT_HOSTILE)
    if r < 0.40:
        return "%" + rng.choice(HEXDIG) + rng.choice(HEXDIG)
    if private and r < 0.48:
        return rng.choice(_PRIVATE)
    if r < 0.55:
        cp = rng.randrange(0xA0, 0x110000)
        if (is_ucschar(cp) and cp not in BIDI_FORMATTING) or (private and is_iprivate(cp)):
            return chr(cp)
    if r < 0.70:
        return rng.choice(_WORDS).replace(".", "")
    return rng.choice(ascii_chars)


def _run(rng: random.Random, chars: str, size: int, *, private: bool = False) -> str:
    return "".join(_unit(rng, chars, private=private) for _ in range(rng.randrange(size + 1)))


def _h16(rng: random.Random) -> str:
    return "".join(rng.choice(HEXDIG) for _ in range(rng.randrange(1, 5)))


def _ipv4(rng: random.Random) -> str:
    return ".".join(str(rng.choice([0, 1, 127, 255, rng.randrange(256)])) for _ in range(4))


def _ipv6(rng: random.Random) -> str:
    """IPv6address (RFC 3986 3.2.2): eight groups, or "::" for a run of them, or ls32."""
    groups = [_h16(rng) for _ in range(8)]
    if rng.random() < 0.3:
        groups[6:] = [_ipv4(rng)]
    if rng.random() < 0.7:
        start = rng.randrange(len(groups))
        end = rng.randrange(start, len(groups) + 1)
        return ":".join(groups[:start]) + "::" + ":".join(groups[end:])
    return ":".join(groups)


def _reg_name(rng: random.Random) -> str:
    """ireg-name, as labels: iunreserved / sub-delims units, A-labels, hostile ucschar,
    percent-encoded UTF-8 of a non-ASCII character (escaped ASCII is an error in a host)."""
    labels = []
    for _ in range(rng.randrange(1, 5)):
        r = rng.random()
        if r < 0.2:
            labels.append(rng.choice(_WORDS))
        elif r < 0.3:
            labels.append(rng.choice(["%E3%80%82", "%C3%A9", "b%C3%BCcher", "%E6%9D%B1", "%C2%A0"]))
        else:
            labels.append(
                "".join(
                    rng.choice(_UCS_HOSTILE)
                    if rng.random() < 0.3
                    else rng.choice(UNRESERVED.replace(".", "") + SUB_DELIMS * (rng.random() < 0.1))
                    for _ in range(rng.randrange(6))
                )
            )
    return ".".join(labels)


def _host(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.1:
        return "[" + _ipv6(rng) + "]"
    if r < 0.13:
        # IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        tail = "".join(rng.choice(UNRESERVED + SUB_DELIMS + ":") for _ in range(rng.randint(1, 4)))
        return "[v" + _h16(rng) + "." + tail + "]"
    if r < 0.2:
        return _ipv4(rng)
    return _reg_name(rng)


def _authority(rng: random.Random) -> str:
    """iauthority = [ iuserinfo "@" ] ihost [ ":" port ]"""
    out = ""
    if rng.random() < 0.25:
        out += _run(rng, UNRESERVED + SUB_DELIMS + ":", 5) + "@"
    out += _host(rng)
    if rng.random() < 0.35:
        out += ":" + rng.choice(
            ["", "0", "80", "443", "080", "65535", "65536", "99999", "9" * 30, _run(rng, DIGIT, 5)]
        )
    return out


_SEGMENT = UNRESERVED + SUB_DELIMS + ":@"
_SCHEMES = ["http", "https", "HTTP", "ftp", "ws", "foo", "mailto", "file", "urn", "data", "x"]


def _path(rng: random.Random, *, rooted: bool) -> str:
    """*( "/" isegment ), with dot-segments; rootless when not ``rooted``."""
    segments = [
        rng.choice([".", "..", "%2E", "%2e%2E", ""])
        if rng.random() < 0.15
        else _run(rng, _SEGMENT, 5)
        for _ in range(rng.randrange(5))
    ]
    path = "/".join(segments)
    return "/" + path if rooted and segments else path


def build_valid(rng: random.Random) -> str:
    """A reference by the ABNF (IRI-reference = IRI / irelative-ref), hostile units inside;
    one in eight with one token that the grammar does not allow, at a random place."""
    out = ""
    has_scheme = rng.random() < 0.75
    if has_scheme:
        out += (
            rng.choice(_SCHEMES)
            if rng.random() < 0.8
            else rng.choice(ALPHA) + "".join(rng.choice(ALPHA + DIGIT + "+-.") for _ in range(3))
        )
        out += ":"
    if rng.random() < 0.6:
        out += "//" + _authority(rng) + _path(rng, rooted=True)
    else:
        path = _path(rng, rooted=rng.random() < 0.5 or not has_scheme)
        if path.startswith("//"):
            path = "/." + path
        if not has_scheme and ":" in path.split("/")[0]:
            path = "./" + path  # ipath-noscheme
        out += path
    if rng.random() < 0.4:
        out += "?" + _run(rng, _SEGMENT + "/?", 6, private=True)
    if rng.random() < 0.3:
        out += "#" + _run(rng, _SEGMENT + "/?", 6)
    if rng.random() < 0.125:
        pos = rng.randrange(len(out) + 1)
        out = out[:pos] + rng.choice(_INVALID) + out[pos:]
    return out


def build_any(rng: random.Random) -> str:
    """Hostile text: tokens of the whole alphabet, words and delimiters, with one token in
    eight any code point (surrogates too); half of them shaped as a reference."""

    def run(size: int) -> str:
        return "".join(
            chr(rng.randrange(0x110000))
            if rng.random() < 0.125
            else rng.choice(HOSTILE + _WORDS + _DELIMS)
            for _ in range(rng.randrange(size + 1))
        )

    if rng.random() < 0.5:
        return run(30)
    return (
        rng.choice(["http:", "https:", "foo:", "mailto:", "file:", "data:", "urn:", run(3), ""])
        + (
            "//" + run(5) + rng.choice(["", ":80", ":99999", ":" + "9" * 30])
            if rng.random() < 0.6
            else ""
        )
        + "/"
        + run(8)
        + ("?" + run(6) if rng.random() < 0.4 else "")
        + ("#" + run(6) if rng.random() < 0.3 else "")
    )
