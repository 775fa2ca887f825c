"""Percent-encoding and -decoding over UTF-8, with explicit allowed sets.

RFC 3986 2.1: ``pct-encoded = "%" HEXDIG HEXDIG``. RFC 3987 3.1 step 2 / 3987bis 3.3:
"Convert the character to a sequence of one or more octets using UTF-8 [RFC3629]" and
"Convert each octet of this sequence to %HH ... The hexadecimal notation SHOULD use
uppercase letters." 3987bis 4.2 steps 2-6 (URI to IRI): decode only octets that form
strictly legal UTF-8 (RFC 3629 section 3: no overlong forms, no surrogates, nothing above
U+10FFFF, no truncated sequences) and only characters "appropriate" where they stand.

The hot paths are one regex substitution each; the work per match is done by ``str`` and
``bytes`` methods in C (``str.encode``, ``bytes.hex``, ``bytes.fromhex``, ``bytes.decode``).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from iri.syntax.grammar import (
    BIDI_FORMATTING,
    IPRIVATE,
    PCT_ENCODED_RUN,
    UCSCHAR,
    UNRESERVED,
    char_class,
    is_iprivate,
    is_ucschar,
)
from iri.syntax.invisible import INVISIBLE_RANGES

__all__ = [
    "INAPPROPRIATE",
    "decode",
    "decode_utf8",
    "decode_utf8_escapes",
    "encode",
    "encode_non_ascii",
    "encode_octets",
    "inappropriate_code_points",
    "may_decode",
    "utf8_errors",
]

# Capturing groups: ``split`` returns literal, run, literal, run, ..., literal.
# (Spelled out with a leading literal and a possessive tail: twice as fast in CPython's
# engine as the equivalent "((?:%[0-9A-Fa-f]{2})+)".)
_NON_ASCII: Final = re.compile(r"([^\x00-\x7f]++)")
_PCT_RUN: Final = re.compile(r"(%[0-9A-Fa-f][0-9A-Fa-f](?:%[0-9A-Fa-f][0-9A-Fa-f])*+)")

#: Code points inside ``ucschar``/``iprivate`` that URI-to-IRI conversion leaves
#: percent-encoded (3987bis 4.2 step 4: "characters that are not appropriate according to
#: Section 2.2 and Section 5.1"). Read in docs/rationale.md:
#:
#: * the bidi formatting characters: RFC 3987 4.1 "IRIs MUST NOT contain bidirectional
#:   formatting characters" (our reading includes ALM and the isolates, see _grammar);
#: * every other format character (General_Category Cf: soft hyphen, zero-width space,
#:   ZWNJ/ZWJ (3987bis 5.1 d "strongly discouraged"), word joiner, BOM, invisible
#:   operators, Arabic number signs, the tag characters U+E0001 and U+E0020-E007F (7.3
#:   "Tags ... are not appropriate for IRIs"), ...): invisible, so a reader cannot
#:   transcribe them;
#: * space separators (Zs), line and paragraph separators (Zl, Zp): 3987bis 5.1 b,
#:   "look-alikes of space", and 7.3 on space.
#:
#: Generated from Unicode 14.0 (CPython 3.11 ``unicodedata``) plus U+13439-1343F (Cf
#: since Unicode 15.0), restricted to ucschar/iprivate. Non-characters, surrogates,
#: specials (U+FFF0-FFFD) and C0/C1 controls are outside ucschar already.
INAPPROPRIATE: Final[tuple[tuple[int, int], ...]] = (
    (0x00A0, 0x00A0), (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C),
    (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2),
    (0x1680, 0x1680), (0x180E, 0x180E), (0x2000, 0x200F), (0x2028, 0x202F),
    (0x205F, 0x2064), (0x2066, 0x206F), (0x3000, 0x3000), (0xFEFF, 0xFEFF),
    (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F),
)  # fmt: skip


@cache
def inappropriate_code_points() -> frozenset[int]:
    """:data:`INAPPROPRIATE`, plus what the audit calls invisible
    (iri.syntax.invisible: Default_Ignorable_Code_Point from the generated UCD 17.0.0
    table, e.g. U+034F, U+FE0F, U+3164; and U+2800): a reader cannot see them either
    (3987bis 4.2 step 4; docs/rationale.md SF2), plus the bidi formatting characters.

    Built on first use, like the patterns below (start-up time: ``iri normalize`` needs
    none of them for text without percent-encoded non-ASCII)."""
    ranges = INAPPROPRIATE + INVISIBLE_RANGES
    return frozenset(cp for lo, hi in ranges for cp in range(lo, hi + 1)) | BIDI_FORMATTING


@cache
def _all_decodable(in_query: bool) -> re.Pattern[str]:
    """Fast check for a decoded run: every character may stand decoded (outside / inside
    the query). Anything else goes through the readable per-character rule, may_decode().
    "\n" is the run separator of decode()'s batch path (its count is checked separately).
    """
    private = (IPRIVATE,) if in_query else ()
    cls = char_class(UNRESERVED + "\n", UCSCHAR, *private, exclude=inappropriate_code_points())
    return re.compile(cls + "*+")


_UNRESERVED_SET: Final = frozenset(UNRESERVED)


def may_decode(char: str, *, in_query: bool = False) -> bool:
    """Return whether ``char``, found percent-encoded as UTF-8, may stand decoded.

    This is 3987bis 4.2 steps 2 and 4 for one character (``in_query`` selects the
    ``iquery`` component, the only one where ``iprivate`` is allowed, RFC 3987 2.2):

    * step 2 never decodes ``"%"``, the ``reserved`` characters and the US-ASCII
      characters not allowed in URIs, so of US-ASCII only ``unreserved`` remains;
    * step 4 keeps encoded what is not appropriate per 2.2 (not ``ucschar``, or
      ``iprivate`` outside the query) and 4.1/5.1 (:data:`INAPPROPRIATE`, bidi controls).

    >>> may_decode("é"), may_decode("/"), may_decode("\\u202e"), may_decode("A")
    (True, False, False, True)
    >>> may_decode("\\ue000"), may_decode("\\ue000", in_query=True)
    (False, True)
    """
    cp = ord(char)
    if cp < 0x80:
        return char in _UNRESERVED_SET
    if cp in inappropriate_code_points():
        return False
    return is_ucschar(cp) or (in_query and is_iprivate(cp))


def encode_octets(octets: bytes) -> str:
    """Return ``%HH`` for every octet, uppercase hex (RFC 3987 3.1 step 2.2).

    >>> encode_octets("é".encode())
    '%C3%A9'
    """
    if not octets:
        return ""
    return "%" + octets.hex("%").upper()


def encode_non_ascii(text: str) -> str:
    """Percent-encode, as UTF-8, every non-ASCII character of ``text``; nothing else.

    This is the whole of RFC 3987 3.1 step 2 for a *valid* IRI, where every ASCII
    character is already allowed in a URI. Lone surrogates cannot be encoded and raise
    ``UnicodeEncodeError``; callers validate first.

    >>> encode_non_ascii("/ros\\u00e9%09/\\U00010300")
    '/ros%C3%A9%09/%F0%90%8C%80'
    """
    if text.isascii():
        return text
    pieces = _NON_ASCII.split(text)  # literal, run, literal, run, ..., literal
    runs = pieces[1::2]
    # All runs at once: joined by "\n" (never part of a non-ASCII run's UTF-8, and
    # "%0A" can only appear at octet boundaries), encoded, hex-dumped, split again.
    pieces[1::2] = ("%" + "\n".join(runs).encode("utf-8").hex("%").upper()).split("%0A")
    return "".join(pieces)


def encode(text: str, safe: str, *, keep_escapes: bool = True) -> str:
    """Percent-encode as UTF-8 every character of ``text`` not in ``safe`` (ASCII).

    With ``keep_escapes`` an existing ``%HH`` is left alone (RFC 3987 3.1: "existing
    percent-encoded sequences are not encoded further"); otherwise ``%`` is encoded too
    unless it is in ``safe``.

    >>> encode("a b%20c/é", "abc/")
    'a%20b%20c/%C3%A9'
    >>> encode("100%", "01")
    '100%25'
    """
    allowed = frozenset(safe)
    out: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c in allowed:
            out.append(c)
        elif (
            c == "%"
            and keep_escapes
            and i + 2 < n
            and _is_hex(text[i + 1])
            and _is_hex(text[i + 2])
        ):
            out.append(text[i : i + 3])
            i += 3
            continue
        else:
            out.append(encode_octets(c.encode("utf-8", "surrogatepass")))
        i += 1
    return "".join(out)


def _is_hex(c: str) -> bool:
    return c in "0123456789ABCDEFabcdef"


def decode_utf8(octets: bytes) -> str | None:
    """Decode strictly legal UTF-8 (RFC 3629), or return ``None``.

    CPython's UTF-8 codec is the RFC 3629 one: it rejects overlong forms (``C0 AF``),
    encoded surrogates (``ED A0 80``), code points above U+10FFFF and truncated sequences.

    >>> decode_utf8(b"\\xc3\\xa9"), decode_utf8(b"\\xc0\\xaf"), decode_utf8(b"\\xed\\xa0\\x80")
    ('é', None, None)
    """
    try:
        return octets.decode("utf-8")
    except UnicodeDecodeError:
        return None


def decode_utf8_escapes(text: str) -> str | None:
    """Decode every ``%HH`` run of ``text`` as strict UTF-8, or return ``None`` if one is not.

    3987bis 3.4.2 for one host label: "If there is any percent-encoding, and the
    corresponding octets all represent valid UTF-8 octet sequences, then convert these back
    to Unicode character sequences." Everything else in ``text`` is kept as it is.

    >>> decode_utf8_escapes("r%C3%A9sum%c3%a9"), decode_utf8_escapes("%FCx")
    ('résumé', None)
    """
    parts: list[str] = []
    last = 0
    for m in PCT_ENCODED_RUN.finditer(text):
        decoded = decode_utf8(bytes.fromhex(m.group().replace("%", "")))
        if decoded is None:
            return None
        parts += (text[last : m.start()], decoded)
        last = m.end()
    parts.append(text[last:])
    return "".join(parts)


def utf8_errors(octets: bytes) -> list[tuple[int, int, bool]]:
    """Return ``(index, length, overlong)`` for each ill-formed part of ``octets``.

    The ill-formed octets are those CPython's RFC 3629 decoder rejects (its
    ``surrogateescape`` handler turns each into U+DC80-DCFF). A rejected octet and the
    rejected continuation octets (80-BF) right after it form one part; the part is an
    *overlong* form when it starts with ``C0``/``C1``, ``E0 80-9F`` or ``F0 80-8F``
    (RFC 3629 3: "Implementations of the decoding algorithm above MUST protect against
    decoding invalid sequences", such as ``C0 80`` for NUL).

    >>> utf8_errors(bytes.fromhex("61 c0af 62 e9"))
    [(1, 2, True), (4, 1, False)]
    >>> utf8_errors(bytes.fromhex("eda080")), utf8_errors("é".encode())
    ([(0, 3, False)], [])
    """
    if octets.isascii():
        return []
    errors: list[tuple[int, int, bool]] = []
    at = 0  # byte offset of the current character
    for ch in octets.decode("utf-8", "surrogateescape"):
        cp = ord(ch)
        if not 0xDC80 <= cp <= 0xDCFF:
            at += len(ch.encode("utf-8"))
            continue
        byte = cp - 0xDC00
        last = errors[-1] if errors else None
        if last is not None and last[0] + last[1] == at and 0x80 <= byte <= 0xBF:
            errors[-1] = (last[0], last[1] + 1, last[2])  # a continuation of that part
        else:
            nxt = octets[at + 1] if at + 1 < len(octets) else 0
            overlong = byte in (0xC0, 0xC1) or (
                (byte == 0xE0 and 0x80 <= nxt <= 0x9F) or (byte == 0xF0 and 0x80 <= nxt <= 0x8F)
            )
            errors.append((at, 1, overlong))
        at += 1
    return errors


def _decode_run(run: str, in_query: bool) -> str:
    # Step 2: the run's octets. Step 3: octets that are not part of strictly legal UTF-8
    # come back as lone surrogates U+DC80-DCFF (``surrogateescape`` marks exactly the
    # octets of each ill-formed subsequence, byte by byte) and are re-encoded below.
    decoded = bytes.fromhex(run.replace("%", "")).decode("utf-8", "surrogateescape")
    fast = _all_decodable(in_query)
    if "\n" not in decoded and fast.fullmatch(decoded):
        return decoded
    out: list[str] = []
    pos = 0  # index into ``run`` (3 characters per octet)
    for ch in decoded:
        cp = ord(ch)
        if 0xDC80 <= cp <= 0xDCFF:  # an ill-formed octet (step 3): re-encode, uppercase
            out.append(f"%{cp - 0xDC00:02X}")
            pos += 3
            continue
        width = 3 * len(ch.encode("utf-8"))
        if may_decode(ch, in_query=in_query):
            out.append(ch)
        elif cp < 0x80:
            # Steps 2 never converts "%", reserved and not-allowed ASCII: kept as written.
            out.append(run[pos : pos + width])
        else:
            # Step 4: re-percent-encode (uppercase, as the 3987bis 4.3 example shows).
            out.append(run[pos : pos + width].upper())
        pos += width
    return "".join(out)


def _decode_match(m: re.Match[str]) -> str:
    return _decode_run(m.group(), False)


def _decode_match_query(m: re.Match[str]) -> str:
    return _decode_run(m.group(), True)


def decode(text: str, *, in_query: bool = False) -> str:
    """Decode the percent-encodings of one IRI component that may stand decoded.

    3987bis 4.2 steps 2-6 for one component: each run of ``%HH`` is turned into octets,
    octets that are not strictly legal UTF-8 stay encoded (uppercased), and each decoded
    character stays encoded unless :func:`may_decode` allows it. ``%`` not followed by
    two hex digits is left as it is (the caller has validated the text).

    >>> decode("D%C3%BCrst"), decode("D%FCrst"), decode("%e2%80%ae"), decode("a%2Fb")
    ('Dürst', 'D%FCrst', '%E2%80%AE', 'a%2Fb')
    >>> decode("%EE%80%80"), decode("%EE%80%80", in_query=True)
    ('%EE%80%80', '\\ue000')
    """
    if "%" not in text:
        return text
    pieces = _PCT_RUN.split(text)  # literal, run, literal, run, ..., literal
    runs = pieces[1::2]
    # Fast path, all runs at once: joined by %0A ("\n" ends any UTF-8 sequence, so the
    # runs stay independent), decoded, checked with one regex, split again. A run that
    # holds %0A itself, or any character that must stay encoded, takes the readable
    # per-run path below (same results; a property test compares them).
    decoded = bytes.fromhex("%0A".join(runs).replace("%", "")).decode("utf-8", "surrogateescape")
    parts = decoded.split("\n")
    fast = _all_decodable(in_query)
    if len(parts) == len(runs) and fast.fullmatch(decoded):
        pieces[1::2] = parts
        return "".join(pieces)
    return _PCT_RUN.sub(_decode_match_query if in_query else _decode_match, text)
