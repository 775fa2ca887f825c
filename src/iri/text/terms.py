"""UTS #58 link properties and the path / query / fragment scan (Link Detection, termination).

``Link_Term`` and ``Link_Email`` from the generated tables of :mod:`iri.text._linkdata`, and the
scan that ends a link: :func:`scan_path_query_fragment`. Used by :mod:`iri.text.extract` and
:mod:`iri.text.linkformat`.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

from iri.text import _linkdata as ld

__all__ = ["is_email_char", "link_term", "scan", "scan_path_query_fragment"]

# -- the link properties ---------------------------------------------------------------------

_TERM_STARTS: Final = [lo for lo, _hi, _v in ld.LINK_TERM]
_TERM_ENDS: Final = [hi for _lo, hi, _v in ld.LINK_TERM]
_TERM_VALUES: Final = [v for _lo, _hi, v in ld.LINK_TERM]
_EMAIL_STARTS: Final = [lo for lo, _hi in ld.LINK_EMAIL]
_EMAIL_ENDS: Final = [hi for _lo, hi in ld.LINK_EMAIL]


def _term(cp: int) -> int:
    """``Link_Term`` of a code point (``Hard`` when not listed)."""
    i = bisect_right(_TERM_STARTS, cp) - 1
    return _TERM_VALUES[i] if i >= 0 and cp <= _TERM_ENDS[i] else ld.HARD


_ASCII_TERM: Final = tuple(_term(cp) for cp in range(128))


def link_term(char: str) -> int:
    """``Link_Term`` of ``char`` as one of the :mod:`iri.text._linkdata` constants."""
    cp = ord(char)
    return _ASCII_TERM[cp] if cp < 128 else _term(cp)


def is_email_char(char: str) -> bool:
    cp = ord(char)
    i = bisect_right(_EMAIL_STARTS, cp) - 1
    return i >= 0 and cp <= _EMAIL_ENDS[i]


# -- the path / query / fragment scan (UTS #58 Link Detection, termination) ------------------

# Part: initiator -> (terminators, characters that clear the bracket stack)
_PARTS: Final = {"/": ("?#", "/"), "?": ("#", "=&"), "#": ("", "")}


def scan_path_query_fragment(text: str, start: int) -> int:
    """End of the path, query and fragment that begin at ``start`` (UTS #58).

    Include characters extend the link, Soft ones only when something safe follows, a Hard
    one ends it; an Open bracket is pushed and a Close one must match the top of the stack
    (``Link_Bracket``) or the link ends before it. Part terminators (``?`` and ``#`` in the
    path, ``#`` in the query) start the next part; ``/`` in the path, ``=`` and ``&`` in the
    query and ``:~:`` in the fragment clear the stack. The end of the text acts as Hard.
    """
    if start >= len(text) or text[start] not in _PARTS:
        return start
    return scan(text, start + 1, text[start])


def scan(text: str, i: int, part: str) -> int:
    """End of the link from ``i`` on, inside the part that ``part`` (``/``, ``?`` or ``#``)
    begins: at least ``i``."""
    n = len(text)
    terminators, clears = _PARTS[part]
    last_safe = i
    stack: list[int] = []
    fragment = part == "#"
    while i < n:
        c = text[i]
        if c in terminators:
            terminators, clears = _PARTS[c]
            fragment = c == "#"
            stack.clear()
            last_safe = i + 1
            i += 1
            continue
        if c in clears or (fragment and c == ":" and text.startswith(":~:", i)):
            stack.clear()
        lt = link_term(c)
        if lt == ld.INCLUDE:
            last_safe = i + 1
        elif lt == ld.HARD:
            return last_safe
        elif lt == ld.OPEN:
            stack.append(ord(c))
            last_safe = i + 1
        elif lt == ld.CLOSE:
            if not stack or stack.pop() != ld.LINK_BRACKET.get(ord(c)):
                return last_safe
            last_safe = i + 1
        i += 1
    return last_safe
