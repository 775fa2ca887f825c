"""Percent-encoding of *decoded* values for the scheme-specific values (mailto, data, file, urn).

The generic :mod:`iri.syntax.percent` works on IRI text that is already valid; the typed
scheme values hold decoded strings and bytes (an e-mail address, a header value, a file
name), so writing one back needs the other direction: encode every character that the
component cannot hold as it is, keeping ``ucschar`` in IRI form (RFC 3987 2.2) or encoding
it as UTF-8 in URI form (RFC 3987 3.1 step 2).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from iri.syntax.grammar import IRI_CLASSES, URI_CLASSES
from iri.syntax.percent import decode_utf8, encode_octets

__all__ = ["quote", "unquote_to_bytes", "unquote_utf8"]

_PCT: Final = re.compile(r"%([0-9A-Fa-f]{2})")


@cache
def _unsafe(safe: str, iri: bool) -> re.Pattern[str]:
    # One run of characters outside ``safe`` (+ ucschar in IRI form, without the bidi
    # formatting characters that RFC 3987 4.1 forbids). Compiled on first use only: the
    # ucschar classes are large.
    classes = IRI_CLASSES if iri else URI_CLASSES
    return re.compile(classes.cls(safe, negate=True) + "++")


def _encode_run(m: re.Match[str]) -> str:
    return encode_octets(m.group().encode("utf-8", "surrogatepass"))


def quote(value: str, safe: str, *, iri: bool = True) -> str:
    """Percent-encode (UTF-8) every character of ``value`` that is not in ``safe`` (ASCII)
    or, when ``iri``, in ``ucschar``. ``%`` is always encoded unless it is in ``safe``.

    >>> quote("a b/é", "ab"), quote("a b/é", "ab", iri=False)
    ('a%20b%2Fé', 'a%20b%2F%C3%A9')
    """
    return _unsafe(safe, iri).sub(_encode_run, value)


def unquote_to_bytes(text: str) -> bytes:
    """Decode every ``%HH`` of ``text`` to its octet; other characters as UTF-8.

    >>> unquote_to_bytes("a%20b%FFé")
    b'a b\\xff\\xc3\\xa9'
    """
    if "%" not in text:
        return text.encode("utf-8", "surrogatepass")
    out = bytearray()
    last = 0
    for m in _PCT.finditer(text):
        out += text[last : m.start()].encode("utf-8", "surrogatepass")
        out.append(int(m.group(1), 16))
        last = m.end()
    out += text[last:].encode("utf-8", "surrogatepass")
    return bytes(out)


def unquote_utf8(text: str) -> str | None:
    """Decode every ``%HH`` of ``text`` as strictly legal UTF-8 (RFC 3629), or ``None``.

    >>> unquote_utf8("D%C3%BCrst"), unquote_utf8("D%FCrst")
    ('Dürst', None)
    """
    if "%" not in text:
        return text
    return decode_utf8(unquote_to_bytes(text))
