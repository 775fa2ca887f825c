"""The one gate for a document charset name: Python text encodings only.

3987bis 3.5 speaks of the "document charset", a character encoding (RFC 2978 "charset").
Python's codec registry holds more than that: bytes-to-bytes transforms (``hex``,
``base64``, ``zlib``, ``rot13`` ...), which ``codecs.lookup`` flags as not text
encodings, and text codecs that are not charsets: ``idna`` and ``punycode`` (host name
transforms), ``unicode_escape`` and ``raw_unicode_escape`` (Python literal syntax),
``undefined`` (always fails) and ``charmap`` (a generic engine without its table). Each
of these would silently produce something other than the charset's octets, so each is a
:class:`iri.CharsetError` (docs/rationale.md).
"""

from __future__ import annotations

import codecs
from functools import lru_cache

from iri.syntax.errors import CharsetError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["text_codec"]

#: ``CodecInfo.name`` of the text codecs that are not document charsets.
_NOT_CHARSETS: Final = frozenset(
    {"idna", "punycode", "unicode-escape", "raw-unicode-escape", "undefined", "charmap"}
)


def text_codec(name: str) -> codecs.CodecInfo:
    """Return the codec of the charset ``name``, or raise :class:`iri.CharsetError`.

    Only character encodings are accepted (see the module docstring); ``TypeError`` for a
    name that is not a ``str``. Lookups are cached.

    >>> text_codec("Latin-1").name
    'iso8859-1'
    >>> text_codec("base64")
    Traceback (most recent call last):
    ...
    iri.errors.CharsetError: charset 'base64' is not a text encoding (codec 'base64' ...
    """
    if not isinstance(name, str):
        raise TypeError(f"charset must be a str (a codec name), not {type(name).__name__}")
    result = _lookup(name)
    if isinstance(result, str):
        raise CharsetError(result, name)
    return result


@lru_cache(maxsize=256)
def _lookup(name: str) -> codecs.CodecInfo | str:
    """The codec, or the message of the error (failures are cached too)."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        return f"unknown charset {name!r}"
    except (ValueError, UnicodeError):  # e.g. a name holding NUL or a lone surrogate
        return f"unknown charset {name!r}"
    if not getattr(info, "_is_text_encoding", True):
        return (
            f"charset {name!r} is not a text encoding (codec {info.name!r} transforms "
            "bytes to bytes); give a character encoding such as 'iso-8859-1'"
        )
    if info.name in _NOT_CHARSETS:
        return (
            f"charset {name!r} is not a document charset (codec {info.name!r} is a Python "
            "text transform, not a character encoding); give one such as 'iso-8859-1'"
        )
    return info
