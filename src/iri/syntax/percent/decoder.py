"""The decoder: ``pct-encoded`` recognized, runs of it turned into octets, octets read.

RFC 3986 2.1: ``pct-encoded = "%" HEXDIG HEXDIG`` (HEXDIG case-insensitive). Every pattern
that recognizes a ``%HH`` is defined here, once; every decoding turns a run of ``%HH`` into
octets with :func:`run_octets` (one ``bytes.fromhex``, in C; inlined on the hot path of
:func:`iri.syntax.percent.decode`). How the octets are
read is each function's own: as octets (:func:`decode_octets`), as strictly legal UTF-8
(:func:`decode_utf8_escapes`), as UTF-8 that keeps every octet (:func:`decode_escapes`),
or, for URI-to-IRI conversion, only where the character may stand decoded
(:func:`iri.syntax.percent.decode`).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "BAD_PERCENT",
    "ESCAPED_LABEL_CHARACTER",
    "LOWERCASE_PCT_ENCODED",
    "PCT_ENCODED",
    "PCT_ENCODED_RUN",
    "decode_escapes",
    "decode_label_characters",
    "decode_octets",
    "decode_utf8",
    "decode_utf8_escapes",
    "run_octets",
    "uppercase_hex",
    "utf8_errors",
]

#: pct-encoded = "%" HEXDIG HEXDIG   (RFC 3986 2.1)
PCT_ENCODED: Final = re.compile(r"%[0-9A-Fa-f]{2}")
#: A run of pct-encoded, 1*pct-encoded, as group 1 (so that ``split`` returns literal, run,
#: literal, run, ..., literal). Spelled out with a leading literal and a possessive tail:
#: twice as fast in CPython's engine as the equivalent "((?:%[0-9A-Fa-f]{2})+)".
PCT_ENCODED_RUN: Final = re.compile(r"(%[0-9A-Fa-f][0-9A-Fa-f](?:%[0-9A-Fa-f][0-9A-Fa-f])*+)")
#: A "%" that does not start a pct-encoded (RFC 3986 2.1).
BAD_PERCENT: Final = re.compile(r"%(?![0-9A-Fa-f]{2})")
#: An escaped US-ASCII octet (%00-%7F): what a host may not hold decoded as it stands.
ESCAPED_ASCII: Final = re.compile("%[0-7][0-9A-Fa-f]")
#: An escaped US-ASCII letter, digit or hyphen (RFC 1034 3.5 <let-dig-hyp>: %2D, %30-%39,
#: %41-%5A, %61-%7A): what a DNS label may hold escaped and still be "a legal label"
#: (draft-duerst-idn-uri 3, ``http://www.w%33.org``).
ESCAPED_LABEL_CHARACTER: Final = re.compile("%(?:2[Dd]|3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa])")
#: A pct-encoded with a lowercase hex digit (RFC 3986 2.1: "should use uppercase").
LOWERCASE_PCT_ENCODED: Final = re.compile(r"%(?:[0-9A-Fa-f][a-f]|[a-f][0-9A-Fa-f])")


def run_octets(run: str) -> bytes:
    """The octets of a run of ``pct-encoded`` (a match of :data:`PCT_ENCODED_RUN`).

    >>> run_octets("%C3%a9")
    b'\\xc3\\xa9'
    """
    return bytes.fromhex(run.replace("%", ""))


def decode_octets(text: str) -> bytes:
    """Every ``%HH`` of ``text`` as its octet, every other character as its UTF-8 octets
    (the URL Standard's "string percent-decode"). A lone surrogate stands for the three
    octets ``surrogatepass`` gives it: not UTF-8, so no strict reading accepts the result.

    >>> decode_octets("a%20b%FFé")
    b'a b\\xff\\xc3\\xa9'
    """
    if "%" not in text:
        return text.encode("utf-8", "surrogatepass")
    pieces = PCT_ENCODED_RUN.split(text)  # literal, run, literal, run, ..., literal
    out = bytearray()
    for i, piece in enumerate(pieces):
        out += run_octets(piece) if i & 1 else piece.encode("utf-8", "surrogatepass")
    return bytes(out)


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
        decoded = decode_utf8(run_octets(m.group()))
        if decoded is None:
            return None
        parts += (text[last : m.start()], decoded)
        last = m.end()
    parts.append(text[last:])
    return "".join(parts)


def _label_character(m: re.Match[str]) -> str:
    return chr(int(m.group()[1:], 16))


def decode_label_characters(text: str) -> str:
    """``text`` with each :data:`ESCAPED_LABEL_CHARACTER` decoded (``w%33`` -> ``w3``), the
    other escapes kept: a DNS host's escaped ASCII before IDNA (3987bis 3.4.2).

    >>> decode_label_characters("www.w%33.org"), decode_label_characters("a%2Eb%C3%A9")
    ('www.w3.org', 'a%2Eb%C3%A9')
    """
    return ESCAPED_LABEL_CHARACTER.sub(_label_character, text) if "%" in text else text


def _lossless(m: re.Match[str]) -> str:
    return run_octets(m.group()).decode("utf-8", "surrogateescape")


def decode_escapes(text: str) -> str:
    """Decode every ``%HH`` run of ``text`` as UTF-8, keeping every octet: one that is not
    part of UTF-8 becomes a lone surrogate U+DC80-DCFF (``surrogateescape``), which
    :func:`iri.syntax.percent.encode` writes back as the same ``%HH``. Other characters
    (a stray ``%`` too) are kept as they are.

    >>> decode_escapes("caf%C3%A9%20au%2Blait"), decode_escapes("%FC%zz")
    ('café au+lait', '\\udcfc%zz')
    """
    if "%" not in text:
        return text
    return PCT_ENCODED_RUN.sub(_lossless, text)


def _upper(m: re.Match[str]) -> str:
    return m.group().upper()


def uppercase_hex(text: str) -> str:
    """``text`` with the hex digits of every ``%HH`` uppercase (RFC 3986 6.2.2.1: "For all
    URIs, the hexadecimal digits within a percent-encoding triplet ... should be normalized
    to use uppercase letters").

    >>> uppercase_hex("a%2fb%c3%A9%zz")
    'a%2Fb%C3%A9%zz'
    """
    if "%" not in text:
        return text
    return LOWERCASE_PCT_ENCODED.sub(_upper, text)


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
