"""RFC 2397 3 checks of a ``data`` IRI, reported by :func:`iri.check` as warnings.

RFC 2397 section 3::

    dataurl    := "data:" [ mediatype ] [ ";base64" ] "," data
    mediatype  := [ type "/" subtype ] *( ";" parameter )

The typed value (:class:`iri.schemes.data.DataURL`) stands above and reads its media type
with the patterns defined here.
"""

from __future__ import annotations

import base64 as _b64
import binascii
import re
from typing import Final

from iri.syntax.percent import decode_octets
from iri.syntax.split import Components, Spans
from iri.syntax.violations import Code, Violation

__all__ = ["BASE64", "MEDIA_TYPE", "PARAMETER", "violations"]

# RFC 2045 5.1: token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>
_TOKEN: Final = r"[!#$%&'*+\-.0-9A-Z^_`a-z{|}~]++"
MEDIA_TYPE: Final = re.compile(f"{_TOKEN}/{_TOKEN}")
PARAMETER: Final = re.compile(f"{_TOKEN}=[^;]*+")
BASE64: Final = ";base64"


def violations(text: str, comps: Components, spans: Spans) -> list[Violation]:
    """RFC 2397 3 checks of a ``data`` IRI (warnings; spans into ``text``)."""
    out: list[Violation] = []
    path, start = comps.path, spans.path
    # A data URL has no authority, query or fragment of its own: "," and everything after
    # it (including "?") is data. Read the whole text after "data:" up to the fragment.
    body = text[start : spans.fragment - 1] if comps.fragment is not None else text[start:]
    del path
    comma = body.find(",")
    if comma < 0:
        out.append(
            Violation.of(
                Code.DATA_MISSING_COMMA,
                "path",
                start,
                start + len(body),
                'a data URL needs "," between the media type and the data',
            )
        )
        return out
    head = body[:comma]
    is_b64 = head.lower().endswith(BASE64)
    if is_b64:
        head = head[: -len(BASE64)]
    media_type, *params = head.split(";")
    pos = start
    if media_type and not MEDIA_TYPE.fullmatch(media_type):
        out.append(
            Violation.of(
                Code.DATA_INVALID_MEDIA_TYPE,
                "path",
                pos,
                pos + len(media_type),
                f"media type {media_type!r} is not type/subtype",
            )
        )
    pos += len(media_type) + 1
    for param in params:
        if not PARAMETER.fullmatch(param):
            out.append(
                Violation.of(
                    Code.DATA_INVALID_MEDIA_TYPE,
                    "path",
                    pos,
                    pos + len(param),
                    f"parameter {param!r} is not attribute=value",
                )
            )
        pos += len(param) + 1
    if is_b64:
        payload = body[comma + 1 :]
        try:
            _b64.b64decode(decode_octets(payload), validate=True)
        except (binascii.Error, ValueError) as exc:
            out.append(
                Violation.of(
                    Code.DATA_INVALID_BASE64,
                    "path",
                    start + comma + 1,
                    start + len(body),
                    f"the data is not valid base64: {exc}",
                )
            )
    return out
