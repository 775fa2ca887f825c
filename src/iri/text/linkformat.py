"""UTS #58 Link Formatting: an IRI minimally escaped, so that it can stand in running text and
:func:`iri.extract` finds it back whole.

Each part (path segments, query names and values, the fragment and its directives) is
decoded, then only what would break the link's detection or structure is escaped: Hard
characters, unmatched closing brackets, a part's separators and terminators inside data, a
``%`` that would read as an escape, and, when the link is FINAL (text may follow), a Soft
character that ends it.

>>> format_link("https://example.com/%CE%B1%CE%B2%CE%B3/%CE%B4.%CE%B5%CE%B6.")
'https://example.com/αβγ/δ.εζ%2E'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from iri.syntax.options import Option
from iri.syntax.percent import ALL_CHARACTERS, PCT_ENCODED, decode, encode
from iri.text import _linkdata as ld
from iri.text.extract import link_term

__all__ = ["End", "format_link", "format_parts"]


class End(Option):
    """Where a formatted link stands (UTS #58 Link Formatting)."""

    FINAL = "final"  #: text may follow: a trailing Soft character is escaped
    MEDIAL = "medial"  #: the link is delimited anyway: nothing extra is escaped


def _pct(char: str) -> str:
    # UTS #58 Link Formatting percent-escapes the character, whatever it is.
    return encode(char, ALL_CHARACTERS)


def _escape_percent(m: re.Match[str]) -> str:
    return "%25" + m.group()[1:]


def _escape_item(item: str, separators: str) -> str:
    # UTS #58 formatting: a separator inside an item is data, so it is escaped; a "%" that
    # would read as an escape ("%41") becomes "%2541".
    item = PCT_ENCODED.sub(_escape_percent, item)
    for c in separators:
        item = item.replace(c, _pct(c))
    return item


def _minimal(unified: str, initiator: str, terminators: str, last: bool, end: End) -> str:
    out = [initiator]
    pending_from = 0  # Soft characters not yet written
    stack: list[int] = []
    chars = unified
    n = len(chars)
    pieces: list[str] = []
    for i, c in enumerate(chars):
        lt = ld.HARD if c in terminators else link_term(c)
        if lt == ld.SOFT:
            continue
        pieces.append(chars[pending_from:i])
        pending_from = i + 1
        if lt == ld.INCLUDE:
            pieces.append(c)
        elif lt == ld.HARD:
            pieces.append(_pct(c))
        elif lt == ld.OPEN:
            stack.append(ord(c))
            pieces.append(c)
        elif stack and stack.pop() == ld.LINK_BRACKET.get(ord(c)):  # Close, matched
            pieces.append(c)
        else:  # Close, unmatched or mismatched
            pieces.append(_pct(c))
    if pending_from < n:
        if last and end is End.FINAL:
            pieces.append(chars[pending_from : n - 1] + _pct(chars[n - 1]))
        else:
            pieces.append(chars[pending_from:])
    out += pieces
    return "".join(out)


def format_parts(
    prefix: str,
    path: Sequence[str] = (),
    query: Sequence[tuple[str, str | None]] = (),
    fragment: Sequence[str] = (),
    *,
    end: End | str = End.FINAL,
) -> str:
    """UTS #58 Link Formatting from decoded parts: ``prefix`` (scheme and host, written as
    is), path segments, query (name, value) pairs (``None``: no ``=``), and the fragment
    followed by its fragment directives (``:~:``). Escapes only what would break the
    link's detection or structure: Hard characters, unmatched closing brackets, each part's
    separators and terminators inside data, a ``%`` that would read as an escape, and with
    ``end="final"`` a Soft character that ends the link.

    >>> format_parts("https://example.com", ["α", "β/γ"], [("q", "a&b")], ["π."])
    'https://example.com/α/β%2Fγ?q=a%26b#π%2E'
    """
    return _assemble(
        prefix,
        [_escape_item(seg, "/") for seg in path],
        [(_escape_item(k, "&="), None if v is None else _escape_item(v, "&=")) for k, v in query],
        [_escape_item(f, "") for f in fragment],
        End(end),
    )


def _assemble(
    prefix: str,
    path: list[str],
    query: list[tuple[str, str | None]],
    fragment: list[str],
    end: End,
) -> str:
    # The parts' items are escaped already; join them and escape what the scan needs.
    present = [bool(path), bool(query), bool(fragment)]
    last = max((i for i, p in enumerate(present) if p), default=-1)
    out = [prefix]
    if path:
        out.append(_minimal("/".join(path), "/", "?#", last == 0, end))
    if query:
        pairs = "&".join(k if v is None else f"{k}={v}" for k, v in query)
        out.append(_minimal(pairs, "?", "#", last == 1, end))
    if fragment:
        out.append(_minimal(":~:".join(fragment), "#", "", last == 2, end))
    return "".join(out)


def format_link(text: str, *, end: End | str = End.FINAL) -> str:
    """UTS #58 Link Formatting of an IRI or URI: the minimally escaped form to put in text,
    which :func:`extract` finds back whole. Percent-encodings are decoded only where
    :func:`iri.to_iri` would decode them (valid UTF-8 of characters that may stand in an
    IRI: never a bidi control or an invisible format character, never a delimiter). Raises
    :class:`~iri.InvalidIRI` for text that is not an IRI.

    >>> format_link("https://ru.wikinews.org/wiki/%D0%9A%D0%B0%D1%82")
    'https://ru.wikinews.org/wiki/Кат'
    >>> format_link("https://example.com/a%2Fb%E2%80%AE.")
    'https://example.com/a%2Fb%E2%80%AE%2E'
    """
    from iri.value.reference import parse

    end = End(end)  # the option before the text: a bad one raises whatever the text
    ref = parse(text, rule="IRI")  # an IRIReference too: its text is str(ref)
    text = str(ref)
    prefix = text[: len(text) - len(_tail(ref.path, ref.query, ref.fragment))]
    path: list[str] = []
    if ref.path.startswith("/"):
        path = [decode(s) for s in ref.path.split("/")[1:]]
    else:
        prefix += ref.path
    query: list[tuple[str, str | None]] = []
    if ref.query:
        for pair in ref.query.split("&"):
            k, eq, v = pair.partition("=")
            query.append((decode(k, in_query=True), decode(v, in_query=True) if eq else None))
    fragment = [decode(f) for f in ref.fragment.split(":~:")] if ref.fragment else []
    return _assemble(prefix, path, query, fragment, end)


def _tail(path: str, query: str | None, fragment: str | None) -> str:
    return (
        path + ("" if query is None else "?" + query) + ("" if fragment is None else "#" + fragment)
    )
