"""Character normalization of IRI components (RFC 3987 5.3.2.2), only on request.

"Equivalence of IRIs MUST rely on the assumption that IRIs are appropriately
pre-character-normalized rather than apply character normalization when comparing two
IRIs. The exceptions are conversion from a non-digital form, and conversion from a
non-UCS-based character encoding to a UCS-based character encoding. In these cases, NFC
or a normalizing transcoder using NFC MUST be used for interoperability." So this is an
explicit option of :func:`iri.ladder.normalize.normalize`, never a default.

Normalization must not change the structure of the reference: NFKC maps U+2105 to
"c/o", U+FF03 to "#" and U+FF05 to "%", and NFC composes "=" + U+0338 into U+2260.
Each run between two delimiters (or percent-encodings) is therefore normalized on its
own, and every ASCII character other than ``unreserved`` that a run produces is
percent-encoded (reading in docs/rationale.md).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final, Literal

from iri.syntax.errors import IRIError
from iri.syntax.grammar import UNRESERVED, char_class
from iri.syntax.percent import ASCII_BUT_UNRESERVED, ESCAPED_ASCII, PCT_ENCODED, encode
from iri.syntax.quoted import quoted

__all__ = ["Form", "normalize_component", "normalize_host", "normalize_path"]

#: The Unicode normalization forms RFC 3987 5.3.2.2 names.
Form = Literal["NFC", "NFKC"]

#: A percent-encoding (kept whole: its hex digits must not compose with a following
#: combining mark, "%2A" + U+0323 is not "%2" + U+1EA0), or a run of characters that are
#: neither delimiters nor "%": unreserved ASCII and non-ASCII (RFC 3986 2.3
#: ``unreserved``; every other ASCII character of a valid IRI is ``reserved`` or "%").
#: (Both classes are spelled through the ASCII characters that are *not* unreserved: the
#: same sets as "[A-Za-z0-9._~-]" plus U+0080-10FFFF, but CPython compiles a class of a few
#: ASCII characters at once, where U+0080-FFFF takes it a loop over 65,000 code points.)
_RESERVED_ASCII: Final = "".join(chr(c) for c in range(0x80) if chr(c) not in UNRESERVED)
_PIECE: Final = re.compile(f"{PCT_ENCODED.pattern}|{char_class(_RESERVED_ASCII, negate=True)}++")
_DOT_SEGMENTS: Final = (".", "..")
#: A percent-encoded US-ASCII character (what normalize_component writes for a delimiter).
#: The label separators of RFC 3490 3.1 (full stop, ideographic, full-width, half-width).
_LABEL_DOTS: Final = re.compile("[.\u3002\uff0e\uff61]")


def _dots(host: str) -> int:
    return len(_LABEL_DOTS.findall(host))


def _normalize_run(m: re.Match[str], form: Form) -> str:
    run = m.group()
    if run.isascii():
        return run  # a percent-encoding, or ASCII (stable under NFC and NFKC)
    # ASCII characters that may not stand inside a run: anything but ``unreserved``.
    return encode(unicodedata.normalize(form, run), ASCII_BUT_UNRESERVED)


def normalize_component(text: str, form: Form) -> str:
    """Normalize the decoded component ``text`` to ``form`` without touching a delimiter.

    Every NFC/NFKC result of a ``ucschar`` is ASCII or ``ucschar`` again (checked over the
    whole range when this was written), so the result is valid where ``text`` was.

    >>> normalize_component("re\\u0301sume\\u0301", "NFC") == "r\\u00e9sum\\u00e9"
    True
    >>> normalize_component("\\u2105?\\uff03=1", "NFKC")
    'c%2Fo?%23=1'
    >>> normalize_component("a=\\u0338", "NFC") == "a=\\u0338"
    True
    """
    if text.isascii() or unicodedata.is_normalized(form, text):
        return text
    return _PIECE.sub(lambda m: _normalize_run(m, form), text)


def normalize_path(path: str, form: Form) -> str:
    """:func:`normalize_component` for a path; refuse a new dot-segment.

    A segment that normalization turns into "." or ".." (NFKC: U+2025 -> "..") would
    change the hierarchy, and "%2E" cannot help because it is equivalent to "." (RFC 3986
    2.3): raise :class:`iri.IRIError`.
    """
    result = normalize_component(path, form)
    if result != path and "." in result:
        # "/" never appears or vanishes, so the segments correspond one to one.
        for old, new in zip(path.split("/"), result.split("/"), strict=True):
            if new in _DOT_SEGMENTS and old != new:
                raise IRIError(
                    f"{form} normalization turns the path segment {quoted(old)} into the dot "
                    f"segment {quoted(new)}, which would change the path's hierarchy"
                )
    return result


def normalize_host(host: str, form: Form) -> str:
    """:func:`normalize_component` for a decoded ``ireg-name``; refuse a new label or an
    escaped US-ASCII character.

    A host "must not" percent-encode US-ASCII (RFC 3986 3.2.2; draft-duerst-idn-uri 3), so
    a character that normalization turns into a delimiter or another ASCII character a host
    cannot hold raw (NFKC: U+FF1F -> "?", U+2049 -> "!?") has no valid spelling there; and
    a new "." (NFKC: U+2024 -> ".") would change the labels of the name. Either raises
    :class:`iri.IRIError`, as a new dot-segment does in the path. The full stops that IDNA
    reads as label separators (RFC 3490 3.1: U+3002, U+FF0E, U+FF61) map to "." without a
    new label.
    """
    result = normalize_component(host, form)
    if result != host and (ESCAPED_ASCII.search(result) or result.count(".") != _dots(host)):
        raise IRIError(
            f"{form} normalization turns the host {quoted(host)} into {quoted(result)}, which "
            "would change its labels or hold an escaped US-ASCII character (RFC 3986 3.2.2)"
        )
    return result
