"""Warnings over the whole text: SHOULDs about percent-encodings and characters.

:func:`iri.check` runs these after the ABNF checks of :mod:`iri.syntax.check`. Each pass takes
the text and the spans of its components (``(name, start, end)``) and returns warnings:

* :func:`percent_encoding_warnings` -- RFC 3986 2.1 (uppercase hex), 2.3 (no encoded
  unreserved characters), RFC 3987 3.2 / RFC 3629 (UTF-8, no overlong forms);
* :func:`character_warnings` -- RFC 3987 5.3.2.2 (NFC), 3987bis 5.1 d (ZWJ/ZWNJ only in
  the contexts of RFC 5892 Appendix A), bis-07 7.3 (private use in the query).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from idna.core import valid_contextj

from iri.syntax.collect import Collector
from iri.syntax.grammar import IPRIVATE, UNRESERVED
from iri.syntax.percent import LOWERCASE_PCT_ENCODED, PCT_ENCODED_RUN, run_octets, utf8_errors
from iri.syntax.violations import Code, Violation, describe_char

__all__ = ["character_warnings", "percent_encoding_warnings"]

Spans = list[tuple[str, int, int]]

_UNRESERVED_BYTES = frozenset(UNRESERVED.encode("ascii"))

#: One ``iprivate`` character (RFC 3987 2.2, plus the 3987bis tags): the regex engine scans a
#: query in C, where a test per character in Python cost most of ``check`` on a long query.
_IPRIVATE_CHAR: Final = re.compile(
    "[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in IPRIVATE) + "]"
)


def _component_at(components: Spans, pos: int) -> str | None:
    for name, start, end in components:
        if start <= pos < end:
            return name
    return None


def percent_encoding_warnings(
    text: str, components: Spans, into: Collector | None = None
) -> list[Violation]:
    """Warnings on well-formed percent-encodings: case, unreserved, UTF-8.

    Added to ``into`` (and ``[]`` returned) when given, else returned (all of them).
    """
    sink = Collector(None) if into is None else into
    for m in PCT_ENCODED_RUN.finditer(text):
        comp = _component_at(components, m.start())
        for lm in LOWERCASE_PCT_ENCODED.finditer(text, m.start(), m.end()):
            sink.add(
                Code.LOWERCASE_PERCENT_ENCODING,
                comp,
                lm.start(),
                lm.end(),
                f"{lm.group()} should be written {lm.group().upper()}",
            )
        data = run_octets(m.group())
        for i, byte in enumerate(data):
            if byte in _UNRESERVED_BYTES:
                p = m.start() + 3 * i
                sink.add(
                    Code.PERCENT_ENCODED_UNRESERVED,
                    comp,
                    p,
                    p + 3,
                    f"{text[p : p + 3]} encodes the unreserved {chr(byte)!r}; write it as itself",
                )
        for i, n, overlong in utf8_errors(data):
            p = m.start() + 3 * i
            enc = text[p : p + 3 * n]
            if overlong:
                sink.add(
                    Code.PERCENT_ENCODED_OVERLONG_UTF8,
                    comp,
                    p,
                    p + 3 * n,
                    f"{enc} is an overlong UTF-8 form (not valid UTF-8)",
                )
            else:
                sink.add(
                    Code.PERCENT_ENCODED_INVALID_UTF8,
                    comp,
                    p,
                    p + 3 * n,
                    f"{enc} is not valid UTF-8",
                )
    return sink.out if into is None else []


def _joiner_ok(part: str, pos: int) -> bool:
    try:
        return bool(valid_contextj(part, pos))
    except (ValueError, IndexError):  # unknown directionality etc.: treat as out of context
        return False


def character_warnings(
    text: str, components: Spans, *, iri: bool, into: Collector | None = None
) -> list[Violation]:
    """Warnings on characters: NFC, joiners, private use in the query (IRI rules).

    Added to ``into`` (and ``[]`` returned) when given, else returned (all of them).
    """
    sink = Collector(None) if into is None else into
    for name, start, end in components:
        part = text[start:end]
        if part.isascii():
            continue
        if not unicodedata.is_normalized("NFC", part):
            sink.add(
                Code.NOT_NFC,
                name,
                start,
                end,
                f"the {name} is not in Unicode Normalization Form C",
            )
        for joiner in ("\u200c", "\u200d"):
            p = part.find(joiner)
            while p >= 0:
                if not _joiner_ok(part, p):
                    sink.add(
                        Code.JOINER_OUT_OF_CONTEXT,
                        name,
                        start + p,
                        start + p + 1,
                        f"{describe_char(joiner)} outside the contexts of RFC 5892 Appendix A",
                    )
                p = part.find(joiner, p + 1)
        if name == "query" and iri:
            for m in _IPRIVATE_CHAR.finditer(part):
                sink.add(
                    Code.PRIVATE_USE_CHARACTER,
                    name,
                    start + m.start(),
                    start + m.end(),
                    f"{describe_char(m.group())} is a private-use/tag character: not interoperable",
                )
    return sink.out if into is None else []
