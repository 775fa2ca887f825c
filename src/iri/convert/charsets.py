"""The one charset resolver: an Encoding Standard label -> one encoding, one name.

Every function that takes a charset resolves it here (``to_uri``, ``to_display``,
``from_href``, ``from_bytes``, the document functions, ``DataURL.text``, the CLI's
``--charset`` and ``--encoding``), so that a label means the same encoding everywhere and the
same name is reported back (docs/rationale.md, "One charset resolver").

A label is read as the WHATWG Encoding Standard reads it (4.2 "get an encoding", what HTML
and every browser mean by a label): leading and trailing ASCII whitespace removed, ASCII
case-insensitive, then looked up in the Standard's table (:mod:`iri.convert._tables.
encoding_labels`, generated from its ``encodings.json``). So ``latin1``, ``iso-8859-1`` and
``us-ascii`` are windows-1252, ``utf-16`` is UTF-16LE. Any other name is a
:class:`iri.CharsetError` naming it: Python codec names that are no label (``latin-1``,
``utf_8``, ``cp437``) and with them every codec that is not a character encoding (``rot13``,
``hex``, ``idna``, ``unicode_escape`` ...), which never reach Python's codec registry.

The octets are Python's codecs' (:data:`_CODECS`); where a codec differs from the Standard on
a code point the Standard's encoder or decoder (or WPT) decides, the encoding carries the fix
(:data:`_ENCODE_FIXES`; windows-1252 and x-user-defined as whole byte tables; 0x80 in
gb18030 and GBK through an error handler).
"""

from __future__ import annotations

import codecs
import re

from iri.convert._tables.encoding_labels import LABELS, NAMES
from iri.syntax.errors import CharsetError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final, Literal

    from _typeshed import ReadableBuffer

__all__ = ["UTF_8", "Encoding", "lookup", "output_encoding"]

#: ASCII whitespace (Infra): TAB, LF, FF, CR, SPACE, stripped from both ends of a label.
_WHITESPACE: Final = "\t\n\f\r "
_LONGEST: Final = max(map(len, LABELS))
_UCS: Final = frozenset({"UTF-8", "UTF-16BE", "UTF-16LE"})
#: Encoding Standard 4.3 "get an output encoding": these encode as UTF-8 (URLs, forms).
_OUTPUT_UTF8: Final = frozenset({"replacement", "UTF-16BE", "UTF-16LE"})

#: The Python codec that does each encoding's work: (encoder, decoder). Our decision (the
#: Standard names no codecs); each pair was checked against the Standard's indexes where
#: they differ, see docs/rationale.md. ``None``: no Python codec (see :class:`Encoding`).
_CODECS: Final[dict[str, tuple[str, str] | None]] = {
    "UTF-8": ("utf-8", "utf-8"),
    "IBM866": ("cp866", "cp866"),
    "ISO-8859-2": ("iso8859_2", "iso8859_2"),
    "ISO-8859-3": ("iso8859_3", "iso8859_3"),
    "ISO-8859-4": ("iso8859_4", "iso8859_4"),
    "ISO-8859-5": ("iso8859_5", "iso8859_5"),
    "ISO-8859-6": ("iso8859_6", "iso8859_6"),
    "ISO-8859-7": ("iso8859_7", "iso8859_7"),
    "ISO-8859-8": ("iso8859_8", "iso8859_8"),
    "ISO-8859-8-I": ("iso8859_8", "iso8859_8"),  # same octets; "-I": logical order
    "ISO-8859-10": ("iso8859_10", "iso8859_10"),
    "ISO-8859-13": ("iso8859_13", "iso8859_13"),
    "ISO-8859-14": ("iso8859_14", "iso8859_14"),
    "ISO-8859-15": ("iso8859_15", "iso8859_15"),
    "ISO-8859-16": ("iso8859_16", "iso8859_16"),
    "KOI8-R": ("koi8_r", "koi8_r"),
    "KOI8-U": ("koi8_u", "koi8_u"),
    "macintosh": ("mac_roman", "mac_roman"),
    "windows-874": ("cp874", "cp874"),
    "windows-1250": ("cp1250", "cp1250"),
    "windows-1251": ("cp1251", "cp1251"),
    "windows-1252": ("cp1252", "cp1252"),  # + the five bytes of _WINDOWS_1252_C1
    "windows-1253": ("cp1253", "cp1253"),
    "windows-1254": ("cp1254", "cp1254"),
    "windows-1255": ("cp1255", "cp1255"),
    "windows-1256": ("cp1256", "cp1256"),
    "windows-1257": ("cp1257", "cp1257"),
    "windows-1258": ("cp1258", "cp1258"),
    "x-mac-cyrillic": ("mac_cyrillic", "mac_cyrillic"),
    # GBK "decoder is gb18030's decoder" (10.1.1): four-byte sequences decode under "gbk" too.
    "GBK": ("gbk", "gb18030"),
    "gb18030": ("gb18030", "gb18030"),
    "Big5": ("big5hkscs", "big5hkscs"),  # the Standard's Big5 index includes HKSCS
    "EUC-JP": ("euc_jp", "euc_jp"),
    "ISO-2022-JP": ("iso2022_jp", "iso2022_jp"),
    "Shift_JIS": ("cp932", "cp932"),  # the Standard's Shift_JIS is Windows-31J
    "EUC-KR": ("cp949", "cp949"),  # the Standard's EUC-KR is windows-949 (UHC)
    "replacement": None,  # no encoder; decodes any input to one error (4.2, 14.1)
    "UTF-16BE": ("utf-16-be", "utf-16-be"),
    "UTF-16LE": ("utf-16-le", "utf-16-le"),
    "x-user-defined": ("x-user-defined", "x-user-defined"),  # a byte table, below
}

#: windows-1252's index maps these five bytes to the C1 controls of the same value, where
#: Python's cp1252 has holes (WPT percent-encoding.json, and browsers, encode U+0081 as %81).
_WINDOWS_1252_C1: Final = (0x81, 0x8D, 0x8F, 0x90, 0x9D)

#: Encoders of the Standard that differ from Python's codec: code point -> octets, or (an
#: int) the code point the encoder's error reports. Only stateless encoders get octets.
_ENCODE_FIXES: Final[dict[str, dict[int, bytes | int]]] = {
    # 12.2.2 ISO-2022-JP encoder: "If code point is U+000E, U+000F, or U+001B, return error
    # with U+FFFD" (so that no escape sequence can be smuggled in).
    "ISO-2022-JP": {0x0E: 0xFFFD, 0x0F: 0xFFFD, 0x1B: 0xFFFD},
    # 10.2.2 gb18030 encoder: "If code point is U+E5E5, return error with code point" (the
    # GB18030-2022 alignment; WPT percent-encoding.json); Python maps it to A3 A0.
    "gb18030": {0xE5E5: 0xE5E5},
    # 10.2.2 with "is GBK": "If is GBK is true and code point is U+20AC, return byte 0x80".
    "GBK": {0x20AC: b"\x80"},
    # 12.3.2 Shift_JIS encoder: "If code point is U+00A5, return byte 0x5C. If code point is
    # U+203E, return byte 0x7E." (cp932 has neither)
    "Shift_JIS": {0xA5: b"\x5c", 0x203E: b"\x7e"},
}

_INFO: dict[str, codecs.CodecInfo] = {}  # per codec name, built or looked up on first use

#: 10.2.1 gb18030 decoder (GBK's too): "If byte is 0x80, return code point U+20AC"; Python's
#: codecs refuse the byte (an error of exactly that one octet), so an error handler maps it.
_GB18030_DECODER: Final = "gb18030"
_HANDLERS: set[str] = set()


def _gb18030_errors(errors: str) -> str:
    """The name of an error handler that decodes a lone 0x80 as U+20AC and hands every
    other error to ``errors`` (registered once per ``errors``, under an ``iri.`` name)."""
    name = f"iri.charsets.gb18030-0x80.{errors}"
    if name not in _HANDLERS:
        fallback = codecs.lookup_error(errors)

        def handler(exc: UnicodeError) -> tuple[str | bytes, int]:
            if (
                isinstance(exc, UnicodeDecodeError)
                and exc.end == exc.start + 1
                and exc.object[exc.start] == 0x80
            ):
                return "\u20ac", exc.end
            return fallback(exc)

        codecs.register_error(name, handler)
        _HANDLERS.add(name)
    return name


def _byte_table(name: str) -> str:
    """The 256-character decoding table of a single-byte encoding we write ourselves."""
    if name == "x-user-defined":
        # 14.5 x-user-defined: ASCII bytes are ASCII; byte b >= 0x80 is U+F780 + b - 0x80.
        return "".join(chr(b if b < 0x80 else 0xF780 + b - 0x80) for b in range(256))
    # windows-1252: Python's cp1252 and the five C1 bytes it lacks (U+FFFE: none).
    return "".join(
        chr(b) if b in _WINDOWS_1252_C1 else bytes((b,)).decode("cp1252") for b in range(256)
    )


def _charmap_info(name: str) -> codecs.CodecInfo:
    """A codec over a byte table (as ``encodings/cp1252.py`` is), not registered anywhere."""
    table = _byte_table(name)
    encoding_map = codecs.charmap_build(table)

    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        return codecs.charmap_encode(text, errors, encoding_map)

    def decode(data: ReadableBuffer, errors: str = "strict") -> tuple[str, int]:
        return codecs.charmap_decode(data, errors, table)

    class IncrementalEncoder(codecs.IncrementalEncoder):
        def encode(self, text: str, final: bool = False) -> bytes:
            return codecs.charmap_encode(text, self.errors, encoding_map)[0]

    class IncrementalDecoder(codecs.IncrementalDecoder):
        def decode(self, data: ReadableBuffer, final: bool = False) -> str:
            return codecs.charmap_decode(data, self.errors, table)[0]

    return codecs.CodecInfo(
        encode,
        decode,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        name=name,
    )


def _codec_info(codec: str) -> codecs.CodecInfo:
    info = _INFO.get(codec)
    if info is None:
        if codec in ("cp1252", "x-user-defined"):
            info = _charmap_info("windows-1252" if codec == "cp1252" else codec)
        else:
            info = codecs.lookup(codec)  # only names of _CODECS ever get here
        _INFO[codec] = info
    return info


class Encoding:
    """An encoding of the Encoding Standard, as this library runs it.

    ``name`` is the Standard's name (``"windows-1252"``, ``"Shift_JIS"``, ``"UTF-8"``): the
    one name reported back for every label of the encoding. ``codec`` names the Python codec
    that encodes (``"cp1252"`` for windows-1252 is Python's table with the five bytes it
    lacks; ``"x-user-defined"`` is a byte table of ours; ``None`` for ``replacement``). One
    object per encoding: compare with ``is`` or by ``name``.
    """

    __slots__ = ("_decoder", "_fix_pattern", "_fixes", "codec", "name")

    name: str
    codec: str | None

    def __init__(self, name: str) -> None:
        self.name = name
        pair = _CODECS[name]
        self.codec = None if pair is None else pair[0]
        self._decoder = None if pair is None else pair[1]
        self._fixes = _ENCODE_FIXES.get(name, {})
        self._fix_pattern = (
            re.compile("[" + "".join(re.escape(chr(cp)) for cp in self._fixes) + "]")
            if self._fixes
            else None
        )

    def __repr__(self) -> str:
        return f"<Encoding {self.name}>"

    @property
    def ucs(self) -> bool:
        """Whether the encoding is "based on UCS" (3987bis 3.5): UTF-8, UTF-16BE, UTF-16LE."""
        return self.name in _UCS

    def output(self) -> Encoding:
        """The Standard's "get an output encoding" (4.3): UTF-8 for ``replacement``,
        UTF-16BE and UTF-16LE, else the encoding itself. Everything in this library that
        encodes text in a document charset encodes in this one."""
        return UTF_8 if self.name in _OUTPUT_UTF8 else self

    def _none(self, what: str) -> CharsetError:
        """The error for ``replacement``, the one encoding without a Python codec (14.1)."""
        return CharsetError(f"the {self.name} encoding {what}", self.name, encoding=self.name)

    def _encoder_info(self) -> codecs.CodecInfo:
        if self.codec is None:
            raise self._none("has no encoder (Encoding Standard 14.1); its output is UTF-8")
        return _codec_info(self.codec)

    def _decoder_info(self, errors: str) -> tuple[codecs.CodecInfo, str]:
        """The decoding codec and the error handler to give it (``errors``, or the gb18030
        handler in front of it)."""
        if self._decoder is None:
            raise self._none(
                "decodes nothing (Encoding Standard 14.1: its labels name encodings browsers "
                "refuse to read)"
            )
        if self._decoder == _GB18030_DECODER:
            errors = _gb18030_errors(errors)
        return _codec_info(self._decoder), errors

    def encode(self, text: str, errors: Literal["strict", "html"] = "strict") -> bytes:
        """``text`` in this encoding. ``errors="strict"`` raises ``UnicodeEncodeError`` (its
        ``start`` is the first code point it cannot encode); ``"html"`` writes
        ``&#N;`` for it, N the code point the Standard's error reports (its "html" mode).
        """
        info = self._encoder_info()
        if self._fix_pattern is None or self._fix_pattern.search(text) is None:
            try:
                return info.encode(text, "strict")[0]
            except UnicodeEncodeError:
                if errors == "strict":
                    raise
            return info.encode(text, "xmlcharrefreplace")[0]
        encoder = info.incrementalencoder("strict")
        out: list[bytes] = []
        for i, char in enumerate(text):
            piece = self._piece(encoder, char)
            if isinstance(piece, int):
                if errors == "strict":
                    raise UnicodeEncodeError(self.name, text, i, i + 1, "not in the encoding")
                # the reference goes through the same encoder (it may be in another mode)
                piece = encoder.encode(f"&#{piece};")
            out.append(piece)
        out.append(encoder.encode("", final=True))
        return b"".join(out)

    def _piece(self, encoder: codecs.IncrementalEncoder, char: str) -> bytes | int:
        fix = self._fixes.get(ord(char))
        if fix is not None:
            return fix
        try:
            return encoder.encode(char)
        except UnicodeEncodeError:
            return ord(char)

    def encode_pieces(self, text: str) -> tuple[list[bytes | int], bytes]:
        """``text`` one code point at a time through one (stateful) encoder: per code point
        its octets, or (an int) the code point its error reports; then the encoder's final
        octets (an escape back to ASCII, for ISO-2022-JP)."""
        encoder = self._encoder_info().incrementalencoder("strict")
        return [self._piece(encoder, c) for c in text], encoder.encode("", final=True)

    def keeps_ascii(self, text: str) -> bool:
        """Whether ``text`` is ASCII that this encoding writes as the same octets: true in
        every output encoding but for what a fix refuses (ISO-2022-JP's U+000E, U+000F,
        U+001B); so a caller may skip encoding such text."""
        return text.isascii() and (
            self._fix_pattern is None or self._fix_pattern.search(text) is None
        )

    def can_encode(self, text: str) -> bool:
        """Whether every code point of ``text`` is in the encoding."""
        try:
            self.encode(text)
        except UnicodeEncodeError:
            return False
        return True

    def decode(self, data: bytes, errors: str = "strict") -> str:
        """``data`` decoded (no BOM sniffing: a BOM stays U+FEFF). ``UnicodeDecodeError`` for
        octets that are not in the encoding, and for any octet of ``replacement``."""
        if self._decoder is None:
            if data:
                raise UnicodeDecodeError(
                    self.name, bytes(data), 0, len(data), "the replacement encoding decodes nothing"
                )
            return ""
        info, errors = self._decoder_info(errors)
        return info.decode(data, errors)[0]

    def incremental_decoder(self, errors: str = "strict") -> codecs.IncrementalDecoder:
        """A decoder of a stream in this encoding, with the error handler ``errors``.
        :class:`iri.CharsetError` for ``replacement``, which decodes nothing."""
        info, errors = self._decoder_info(errors)
        return info.incrementaldecoder(errors)


_BY_NAME: Final = {name: Encoding(name) for name in NAMES}
_BY_LABEL: Final = {label: _BY_NAME[name] for label, name in LABELS.items()}
#: The UTF-8 encoding (the default of every function that takes a charset).
UTF_8: Final = _BY_NAME["UTF-8"]
_FOLD: Final = re.compile(r"[-_.: ]")


def lookup(label: str) -> Encoding:
    """The encoding of ``label`` (Encoding Standard 4.2 "get an encoding"), or
    :class:`iri.CharsetError` naming it; ``TypeError`` for a label that is not a ``str``.

    >>> lookup("latin1").name, lookup(" ISO-8859-1 ").name, lookup("utf-16").name
    ('windows-1252', 'windows-1252', 'UTF-16LE')
    >>> lookup("rot13")
    Traceback (most recent call last):
    ...
    iri.errors.CharsetError: unknown charset label 'rot13': not a label of the Encoding ...
    """
    if not isinstance(label, str):
        raise TypeError(f"charset must be a str (an encoding label), not {type(label).__name__}")
    found = _BY_LABEL.get(label)
    if found is not None:
        return found
    key = label.strip(_WHITESPACE)
    if len(key) <= _LONGEST and key.isascii():
        found = _BY_LABEL.get(key.lower())
        if found is not None:
            return found
    raise CharsetError(_unknown(label, key), label)


def output_encoding(label: str) -> Encoding:
    """``lookup(label).output()``: the encoding in which a document labelled ``label`` has
    its text encoded (URL queries, forms, what it can show), with a fast path for a label
    written as the Standard lists it (``from_href``'s default ``"utf-8"`` on every call).

    >>> output_encoding("utf-16").name, output_encoding("sjis").name
    ('UTF-8', 'Shift_JIS')
    """
    found = _OUTPUT_BY_LABEL.get(label) if type(label) is str else None
    return found if found is not None else lookup(label).output()


def _unknown(label: str, key: str) -> str:
    shown = repr(label) if len(label) <= 80 else f"{label[:40]!r}... ({len(label):,} characters)"
    message = (
        f"unknown charset label {shown}: not a label of the Encoding Standard "
        "(https://encoding.spec.whatwg.org/#names-and-labels)"
    )
    if len(key) <= 2 * _LONGEST and key.isascii():
        near = _NEAR.get(_FOLD.sub("", key.lower()))
        if near is not None:
            message += f"; did you mean {near!r} ({_BY_LABEL[near].name})?"
    return message


def _near_labels() -> dict[str, str]:
    """Folded label (no ``-``, ``_``, ``.``, ``:``, space) -> a label, for the hint of a name
    such as Python's ``latin-1`` or ``utf_8``; an encoding's own name first."""
    near: dict[str, str] = {}
    for label in sorted(LABELS, key=lambda lb: (lb != LABELS[lb].lower(), lb)):
        near.setdefault(_FOLD.sub("", label), label)
    return near


_NEAR: Final = _near_labels()
_OUTPUT_BY_LABEL: Final = {label: found.output() for label, found in _BY_LABEL.items()}
