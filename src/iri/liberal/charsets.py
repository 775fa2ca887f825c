"""Charsets: labels, decoding octets to UCS (3987bis 3.1) and the WHATWG query encoding.

Labels are read with the WHATWG Encoding Standard's label table (the ``webencodings``
package: the labels people and browsers use, ``latin1`` -> windows-1252, ``sjis`` ->
Shift_JIS ...); names it does not know fall back to Python's codec registry (IANA names).
Where Python's codecs and the Encoding Standard disagree on a code point that WPT
``percent-encoding.json`` (or the Standard's index) decides, :data:`_WHATWG_OVERRIDES`
says the Standard's answer.
"""

from __future__ import annotations

import codecs
import unicodedata
from functools import cache
from typing import Final, NamedTuple

from iri.convert.charsets import text_codec
from iri.liberal.repair import Repair
from iri.syntax.errors import CharsetError
from iri.syntax.violations import REGISTRY, Code

__all__ = ["Decoded", "encode_query", "from_bytes", "lookup"]

#: Encodings whose URL output encoding is UTF-8 (Encoding Standard, "get an output
#: encoding": UTF-16BE/LE and replacement become UTF-8).
_UTF8_OUTPUT: Final = frozenset({"utf-8", "utf-16be", "utf-16le", "replacement"})
_UCS_NAMES: Final = frozenset({"utf-8", "utf-16be", "utf-16le", "utf-16", "utf-32"})
_NCR_FFFD: Final = "%26%2365533%3B"


def _ncr(cp: int) -> str:
    # URL Standard, percent-encode after encoding: an unencodable code point is written as
    # "&#" + decimal + ";" and those three delimiters are percent-encoded (%26 %23 %3B).
    return f"%26%23{cp}%3B"


#: Encoding Standard answers where Python's codec differs: code point -> octets, or an
#: already percent-encoded NCR (str) for code points the Standard cannot encode.
_WHATWG_OVERRIDES: Final[dict[str, dict[int, bytes | str]]] = {
    # iso-2022-jp encoder: U+000E, U+000F, U+001B "return error with U+FFFD"
    "iso2022_jp": {0x0E: _NCR_FFFD, 0x0F: _NCR_FFFD, 0x1B: _NCR_FFFD},
    # gb18030 (GB18030-2022 alignment): U+E5E5 is not encodable (WPT percent-encoding.json)
    "gb18030": {0xE5E5: _ncr(0xE5E5)},
    # gbk encoder: "If code point is U+20AC ... return byte 0x80"
    "gbk": {0x20AC: b"\x80"},
    # Shift_JIS encoder: U+00A5 -> 0x5C, U+203E -> 0x7E
    "cp932": {0xA5: b"\x5c", 0x203E: b"\x7e"},
    # windows-1252 index: the five C1 controls the index maps to themselves
    "cp1252": {0x81: b"\x81", 0x8D: b"\x8d", 0x8F: b"\x8f", 0x90: b"\x90", 0x9D: b"\x9d"},
}

# The special-query percent-encode set, on octets: C0 controls, space, '"', "#", "<", ">",
# "'" and everything above 0x7E (URL Standard 1.3).
_QUERY_OCTETS: Final = tuple(
    f"%{b:02X}" if b <= 0x20 or b > 0x7E or b in b"\"#<>'" else chr(b) for b in range(256)
)


class Charset(NamedTuple):
    """A resolved charset label: the Encoding Standard ``name`` and the Python ``codec``."""

    name: str
    codec: str


def lookup(label: str) -> Charset:
    """Resolve a charset label (WHATWG label table first, then Python's codecs).

    >>> lookup("latin1")
    Charset(name='windows-1252', codec='cp1252')
    >>> lookup("SJIS")
    Charset(name='shift_jis', codec='cp932')
    """
    if not isinstance(label, str):  # before the cache, which would reject a list as unhashable
        raise TypeError(f"charset must be str, not {type(label).__name__}")
    return _lookup(label)


@cache
def _lookup(label: str) -> Charset:
    import webencodings  # type: ignore[import-untyped]

    try:
        enc = webencodings.lookup(label)
    except UnicodeError:  # a lone surrogate in the label: no charset has it in its name
        raise CharsetError(f"unknown charset {label!r}", label) from None
    if enc is not None:
        return Charset(enc.name, enc.codec_info.name)
    # Only text encodings (the one gate of iri.convert.charsets): "rot13", "idna", "\x00" ... are a
    # CharsetError, never a LookupError or a silent transform (issue 8).
    info = text_codec(label)
    return Charset(info.name, info.name)


def url_codec(label: str) -> str | None:
    """The codec the URL parser encodes queries with, or ``None`` for UTF-8."""
    cs = lookup(label)
    if cs.name in _UTF8_OUTPUT or cs.codec.replace("_", "-") in _UCS_NAMES:
        return None
    return cs.codec


def _encode_char(
    encoder: codecs.IncrementalEncoder, char: str, fixes: dict[int, bytes | str]
) -> str | None:
    fix = fixes.get(ord(char))
    if isinstance(fix, str):
        return None
    try:
        octets = fix if fix is not None else encoder.encode(char)
    except UnicodeEncodeError:
        return None
    return "".join([_QUERY_OCTETS[b] for b in octets])


def encode_query(query: str, codec: str, offset: int = 0) -> tuple[str, list[Repair]]:
    """Percent-encode ``query`` in ``codec`` as the URL Standard's query state does with
    a document encoding: unencodable code points become ``%26%23N%3B`` (one repair each,
    spans offset by ``offset``).

    >>> encode_query("q=\\u00e9\\u20ac", "iso8859_2")[0]
    'q=%E9%26%238364%3B'
    """
    fixes = _WHATWG_OVERRIDES.get(codec, {})
    if not fixes or not any(ord(c) in fixes for c in query):
        try:
            return "".join([_QUERY_OCTETS[b] for b in query.encode(codec)]), []
        except UnicodeEncodeError:
            pass
    # Slow path: one code point at a time, through one incremental (stateful) encoder.
    encoder = codecs.getincrementalencoder(codec)()
    out: list[str] = []
    repairs: list[Repair] = []
    for i, char in enumerate(query):
        piece = _encode_char(encoder, char, fixes)
        if piece is None:
            fix = fixes.get(ord(char))
            piece = fix if isinstance(fix, str) else _ncr(ord(char))
            repairs.append(
                Repair.of(
                    Code.QUERY_CHARACTER_REFERENCE,
                    offset + i,
                    char,
                    piece,
                    f"U+{ord(char):04X} is not in the document charset {codec!r}",
                    component="query",
                )
            )
        out.append(piece)
    out.append("".join([_QUERY_OCTETS[b] for b in encoder.encode("", final=True)]))
    return "".join(out), repairs


class Decoded(NamedTuple):
    """Octets decoded to UCS (3987bis 3.1): the ``text``, the document ``charset`` to keep
    for the query rule of 3.5 (a Python codec name, for ``iri.to_uri(charset=...)``) and
    the repairs (spans are octet offsets)."""

    text: str
    charset: str
    repairs: tuple[Repair, ...]


def from_bytes(data: bytes, charset: str) -> Decoded:
    """Decode an IRI held as octets in ``charset`` (3987bis 3.1, guidelines 4 step 3).

    A Unicode-based encoding is decoded and "left as is and not normalized"; any other
    is decoded and normalized to NFC, and its name is kept as the document charset.
    Raises :class:`iri.CharsetError` for an unknown label or undecodable octets.

    >>> d = from_bytes(b"http://example.org/r\\xe9sum\\xe9?q=\\xe9", "latin1")
    >>> d.text, d.charset
    ('http://example.org/résumé?q=é', 'cp1252')
    >>> import iri
    >>> iri.to_uri(d.text, charset=d.charset)
    'http://example.org/r%C3%A9sum%C3%A9?q=%E9'
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    cs = lookup(charset)
    raw = bytes(data)
    try:
        text = raw.decode(cs.codec)
    except UnicodeDecodeError as err:
        raise CharsetError(
            f"octet(s) {raw[err.start : err.end]!r} at offset {err.start} are not valid {cs.name}",
            charset,
            None,
            err.start,
        ) from None
    if cs.name in _UCS_NAMES or cs.codec.replace("_", "-") in _UCS_NAMES:
        return Decoded(text, cs.codec, ())
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
        f"decoded from {cs.name}" + (" and normalized to NFC" if nfc != text else ""),
    )
    return Decoded(nfc, cs.codec, (repair,))
