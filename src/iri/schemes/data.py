"""The ``data`` scheme (RFC 2397): media type, parameters, base64 flag, decoded bytes.

RFC 2397 section 3::

    dataurl    := "data:" [ mediatype ] [ ";base64" ] "," data
    mediatype  := [ type "/" subtype ] *( ";" parameter )
    data       := *urlchar
    parameter  := attribute "=" value

"If <mediatype> is omitted, it defaults to text/plain;charset=US-ASCII." The data is the
percent-decoded octets, then base64-decoded when ``;base64`` is present.

>>> d = DataURL.parse("data:text/plain;charset=utf-8,Gr%C3%BC%C3%9Fe")
>>> d.mime_type, d.parameters, d.base64, d.data, d.text()
('text/plain', (('charset', 'utf-8'),), False, b'Gr\\xc3\\xbc\\xc3\\x9fe', 'Grüße')
>>> DataURL.parse("data:;base64,SGVsbG8=").data
b'Hello'
>>> str(DataURL.from_bytes(b"\\x00\\xff", media_type="application/octet-stream"))
'data:application/octet-stream;base64,AP8='
"""

from __future__ import annotations

import base64 as _b64
from dataclasses import dataclass

from iri.convert.charsets import lookup
from iri.schemes import require_scheme
from iri.syntax.errors import CharsetError
from iri.syntax.percent import DATA_PARAMETER, IPATH, decode_octets, encode, encode_octets
from iri.syntax.schemes.data import BASE64

__all__ = ["DataURL"]


@dataclass(frozen=True, slots=True)
class DataURL:
    """A ``data`` URL as data. ``media_type`` is ``""`` when omitted (RFC 2397 3: it then
    defaults to ``text/plain;charset=US-ASCII``, see :attr:`mime_type` and :attr:`charset`).
    """

    media_type: str = ""
    parameters: tuple[tuple[str, str], ...] = ()
    base64: bool = False
    data: bytes = b""

    @classmethod
    def parse(cls, text: str) -> DataURL:
        """Read a ``data`` IRI. Raises :class:`~iri.InvalidIRI` when the text is not a valid
        IRI, not ``data``, or breaks RFC 2397 3 (the violations say where)."""
        rest = require_scheme(text, "data", "data")
        # The fragment is not part of the data (RFC 3986 3.5 applies to every scheme).
        head, _, payload = rest.partition("#")[0].partition(",")
        is_b64 = head.lower().endswith(BASE64)
        if is_b64:
            head = head[: -len(BASE64)]
        media_type, *params = head.split(";")
        octets = decode_octets(payload)
        if is_b64:
            octets = _b64.b64decode(octets, validate=True)
        pairs = tuple(_pair(p) for p in params)
        return cls(media_type, pairs, is_b64, octets)

    @classmethod
    def from_bytes(
        cls,
        data: bytes,
        *,
        media_type: str = "",
        parameters: tuple[tuple[str, str], ...] = (),
        base64: bool | None = None,
    ) -> DataURL:
        """Build a value; ``base64=None`` picks base64 unless the data is printable ASCII."""
        if not isinstance(data, bytes | bytearray):
            raise TypeError(f"DataURL.from_bytes() expects bytes, got {type(data).__name__}")
        if base64 is None:
            base64 = not (data.isascii() and bytes(data).decode("ascii").isprintable())
        return cls(media_type, parameters, base64, bytes(data))

    @property
    def mime_type(self) -> str:
        """The media type, lowercased, or ``text/plain`` when omitted."""
        return self.media_type.lower() if self.media_type else "text/plain"

    @property
    def charset(self) -> str | None:
        """The ``charset`` parameter; ``US-ASCII`` when the media type is omitted."""
        for name, value in self.parameters:
            if name.lower() == "charset":
                return value
        return "US-ASCII" if not self.media_type else None

    def text(self, default: str = "utf-8") -> str:
        """Decode :attr:`data` with :attr:`charset` (or ``default``), an Encoding Standard
        label as browsers read it (``US-ASCII``, the default of RFC 2397, is windows-1252).
        Raises :class:`~iri.CharsetError` for an unknown label or octets it cannot decode."""
        name = self.charset or default
        encoding = lookup(name)  # the one resolver: CharsetError for an unknown label
        try:
            return encoding.decode(self.data)
        except UnicodeDecodeError as exc:
            raise CharsetError(
                f"data is not {encoding.name} (charset {name!r}): {exc.reason} at octet "
                f"{exc.start}",
                name,
                None,
                exc.start,
                encoding=encoding.name,
            ) from None

    def to_iri(self) -> str:
        """Write the value as a ``data`` IRI (base64 or percent-encoded data)."""
        params = "".join(
            f";{encode(k, DATA_PARAMETER)}={encode(v, DATA_PARAMETER)}" for k, v in self.parameters
        )
        if self.base64:
            payload = _b64.b64encode(self.data).decode("ascii")
            return f"data:{self.media_type}{params}{BASE64},{payload}"
        # Octets, not characters: percent-encode every octet outside the safe set.
        # Data written back: urlchar (RFC 2397 3: "data := *urlchar") without "%", "#"
        # and "?": the characters of a path.
        payload = encode_octets(self.data, IPATH)
        return f"data:{self.media_type}{params},{payload}"

    def __str__(self) -> str:
        return self.to_iri()


def _pair(parameter: str) -> tuple[str, str]:
    name, _, value = parameter.partition("=")
    return name, value
