"""Charsets in liberal input: decoding octets to UCS (3987bis 3.1) and the WHATWG query
encoding of a web address in a document charset.

Labels are resolved by the one resolver, :func:`iri.convert.charsets.lookup` (Encoding
Standard labels: ``latin1`` -> windows-1252, ``sjis`` -> Shift_JIS ...), which also holds
every place where Python's codecs and the Encoding Standard disagree; this module only
percent-encodes what the encoding gives.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from iri.convert.charsets import Encoding, lookup
from iri.liberal.repair import Repair
from iri.syntax.errors import CharsetError
from iri.syntax.percent import SPECIAL_QUERY, encode_octets
from iri.syntax.violations import REGISTRY, Code

__all__ = ["Decoded", "encode_query", "from_bytes"]


def _ncr(cp: int) -> str:
    # URL Standard, percent-encode after encoding: an unencodable code point is written as
    # "&#" + decimal + ";" and those three delimiters are percent-encoded (%26 %23 %3B).
    return f"%26%23{cp}%3B"


def encode_query(query: str, encoding: Encoding, offset: int = 0) -> tuple[str, list[Repair]]:
    """Percent-encode ``query`` in ``encoding`` as the URL Standard's query state does with
    a document encoding: unencodable code points become ``%26%23N%3B`` (one repair each,
    spans offset by ``offset``).

    >>> encode_query("q=\\u00e9\\u20ac", lookup("iso-8859-2"))[0]
    'q=%E9%26%238364%3B'
    """
    try:
        return encode_octets(encoding.encode(query), SPECIAL_QUERY), []
    except UnicodeEncodeError:
        pass
    # Slow path: one code point at a time, through one incremental (stateful) encoder.
    pieces, final = encoding.encode_pieces(query)
    out: list[str] = []
    repairs: list[Repair] = []
    for i, piece in enumerate(pieces):
        if isinstance(piece, int):
            char = query[i]
            ncr = _ncr(piece)
            repairs.append(
                Repair.of(
                    Code.QUERY_CHARACTER_REFERENCE,
                    offset + i,
                    char,
                    ncr,
                    f"U+{ord(char):04X} is not in the document charset {encoding.name}",
                    component="query",
                )
            )
            out.append(ncr)
        else:
            out.append(encode_octets(piece, SPECIAL_QUERY))
    out.append(encode_octets(final, SPECIAL_QUERY))
    return "".join(out), repairs


class Decoded(NamedTuple):
    """Octets decoded to UCS (3987bis 3.1): the ``text``, the document ``charset`` to keep
    for the query rule of 3.5 (the Encoding Standard's name of the encoding, which
    ``iri.to_uri(charset=...)`` resolves to the same encoding) and the repairs (spans are
    octet offsets)."""

    text: str
    charset: str
    repairs: tuple[Repair, ...]


def from_bytes(data: bytes, charset: str) -> Decoded:
    """Decode an IRI held as octets in ``charset`` (3987bis 3.1, guidelines 4 step 3).

    ``charset`` is an Encoding Standard label (``"latin1"`` and ``"iso-8859-1"`` are
    windows-1252, as in browsers). A Unicode-based encoding is decoded and "left as is and
    not normalized"; any other is decoded and normalized to NFC, and its name is kept as the
    document charset. Raises :class:`iri.CharsetError` for an unknown label, for octets
    the encoding does not hold, and for any octet of the ``replacement`` encoding.

    >>> d = from_bytes(b"http://example.org/r\\xe9sum\\xe9?q=\\xe9", "latin1")
    >>> d.text, d.charset
    ('http://example.org/résumé?q=é', 'windows-1252')
    >>> import iri
    >>> iri.to_uri(d.text, charset=d.charset)
    'http://example.org/r%C3%A9sum%C3%A9?q=%E9'
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    encoding = lookup(charset)
    raw = bytes(data)
    try:
        text = encoding.decode(raw)
    except UnicodeDecodeError as err:
        raise CharsetError(
            f"octet(s) {raw[err.start : err.end]!r} at offset {err.start} are not valid "
            f"{encoding.name} (charset {charset!r})",
            charset,
            None,
            err.start,
            encoding=encoding.name,
        ) from None
    if encoding.ucs:
        return Decoded(text, encoding.name, ())
    nfc = unicodedata.normalize("NFC", text)
    info = REGISTRY[Code.CHARSET_DECODED]
    # The original is octets: the repair shows them one character per octet (latin-1).
    repair = Repair(
        Code.CHARSET_DECODED,
        info.severity,
        (0, len(raw)),
        raw.decode("latin-1"),
        nfc,
        info.section,
        f"decoded from {encoding.name}" + (" and normalized to NFC" if nfc != text else ""),
    )
    return Decoded(nfc, encoding.name, (repair,))
