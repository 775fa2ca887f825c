"""URI to IRI (3987bis 4.2): which percent-encodings may stand decoded, and decoding them.

3987bis 4.2 steps 2-6 (URI to IRI): decode only octets that form strictly legal UTF-8
(RFC 3629 section 3: no overlong forms, no surrogates, nothing above U+10FFFF, no
truncated sequences) and only characters "appropriate" where they stand: :func:`decode`.
The same list of inappropriate characters makes the encode sets'
:meth:`~iri.syntax.percent.EncodeSet.appropriate` variants, so that what the builders
write, :func:`iri.to_iri` leaves as it is.

The hot path is one regex split and one ``bytes.fromhex`` / ``bytes.decode`` for all the
runs of a text, checked by one regex.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from iri.syntax.grammar import (
    BIDI_FORMATTING,
    IPRIVATE,
    UCSCHAR,
    UNRESERVED,
    char_class,
    is_iprivate,
    is_ucschar,
)
from iri.syntax.invisible import INVISIBLE_RANGES
from iri.syntax.percent.decoder import PCT_ENCODED_RUN, run_octets

__all__ = ["INAPPROPRIATE", "IPRIVATE_LEAD", "decode", "inappropriate_code_points", "may_decode"]

#: Lead octets of the UTF-8 forms of iprivate (U+E000-F8FF: EE, EF; U+E0000-E0FFF,
#: U+F0000-FFFFD: F3; U+100000-10FFFD: F4), percent-encoded: where none occurs, a query
#: decodes as any other component does.
IPRIVATE_LEAD: Final = re.compile(r"%(?:[Ee][EeFf]|[Ff][34])")

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


def _decode_run(run: str, in_query: bool) -> str:
    # Step 2: the run's octets. Step 3: octets that are not part of strictly legal UTF-8
    # come back as lone surrogates U+DC80-DCFF (``surrogateescape`` marks exactly the
    # octets of each ill-formed subsequence, byte by byte) and are re-encoded below.
    decoded = run_octets(run).decode("utf-8", "surrogateescape")
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
    pieces = PCT_ENCODED_RUN.split(text)  # literal, run, literal, run, ..., literal
    runs = pieces[1::2]
    # Fast path, all runs at once: joined by %0A ("\n" ends any UTF-8 sequence, so the
    # runs stay independent), decoded, checked with one regex, split again. A run that
    # holds %0A itself, or any character that must stay encoded, takes the readable
    # per-run path below (same results; a property test compares them).
    # (run_octets of the joined runs, inlined: the hot path of to_iri and normalize)
    decoded = bytes.fromhex("%0A".join(runs).replace("%", "")).decode("utf-8", "surrogateescape")
    parts = decoded.split("\n")
    fast = _all_decodable(in_query)
    if len(parts) == len(runs) and fast.fullmatch(decoded):
        pieces[1::2] = parts
        return "".join(pieces)
    return PCT_ENCODED_RUN.sub(_decode_match_query if in_query else _decode_match, text)
