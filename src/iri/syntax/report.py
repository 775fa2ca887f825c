"""Render violations for a terminal: the text made visible, with carets under spans.

Used by :class:`iri.InvalidIRI` (its message) and by the ``iri`` command. What a person
cannot see or tell apart is drawn as a visible stand-in, so that it can neither hide nor
reorder the line: C0 controls as their Control Pictures (a tab as ``␉``), every other
:func:`hidden` character as its code point (``<U+202E>``); carets count terminal cells (wide
CJK characters take two, combining marks none, a stand-in its length), so they line up under
the span. :func:`hidden` is also the decision of :func:`iri.to_display` (which
percent-encodes those characters instead, so that its result stays an IRI).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache

from iri.syntax.quoted import QUOTED_MAX
from iri.syntax.violations import Severity, Violation

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "STATUS_WIDTH",
    "WINDOW",
    "caret",
    "cells",
    "code_point",
    "excerpt",
    "hidden",
    "report",
    "shown",
    "visible",
]

#: Width of the status column of :func:`report` ("ok", "warning", "invalid").
STATUS_WIDTH: Final = 9

#: Texts longer than this many characters get an excerpt per violation (:func:`excerpt`)
#: instead of a caret under the whole text, so that the report stays linear in the text;
#: the length up to which a message quotes a value whole (:func:`iri.syntax.quoted.quoted`).
WINDOW: Final = QUOTED_MAX
#: Characters of context shown on each side of a violation in an excerpt.
CONTEXT: Final = 30


def hidden(char: str) -> bool:
    """Whether ``char`` may not be shown raw to a person: one decision for every surface
    that shows text (the ``iri`` command's reports, :func:`iri.to_display`).

    Hidden are the characters :meth:`str.isprintable` rejects (controls Cc, format
    characters Cf including every bidi control, lone surrogates Cs, private use Co,
    unassigned Cn in this Python's Unicode tables, line and paragraph separators Zl Zp,
    and spaces Zs other than U+0020: a no-break space looks like a space, which no IRI
    holds) and the invisible ones that it accepts (:func:`iri.syntax.invisible.is_invisible`:
    variation selectors, CGJ, Hangul fillers, U+2800 BRAILLE PATTERN BLANK).

    >>> [hidden(c) for c in "a\u202e\ue000\u00a0\ufe0f\u3164é "]
    [False, True, True, True, True, True, False, False]
    """
    return not char.isprintable() or _is_invisible()(ord(char))


@cache
def _is_invisible() -> Callable[[int], bool]:
    # Imported on first use: iri.syntax.invisible builds its table and imports typing,
    # which ``iri check`` on ASCII text never needs (start-up time).
    from iri.syntax.invisible import is_invisible

    return is_invisible


def code_point(char: str) -> str:
    """The stand-in of a :func:`hidden` character: its code point, ``<U+202E>``.

    >>> code_point("\u202e"), code_point("\U000f0000")
    ('<U+202E>', '<U+F0000>')
    """
    return f"<U+{ord(char):04X}>"


def visible(char: str) -> str:
    """Return a visible stand-in for ``char`` (``char`` itself if it is visible).

    C0 controls become their CONTROL PICTURES (a tab is ``␉``), DEL ``␡`` (one cell each);
    every other :func:`hidden` character its :func:`code_point` (``<U+202E>``, as many
    cells as characters), so that a reader can tell which character it was: a bidi
    control, a private-use character, a lone surrogate (an undecodable byte), a
    no-break space.
    """
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # CONTROL PICTURES block
    if code == 0x7F:
        return "\u2421"
    return code_point(char) if hidden(char) else char


@cache
def _printable_hidden() -> re.Pattern[str]:
    # The hidden characters str.isprintable() accepts (compiled on first use): the few
    # invisible ones that are letters, marks or symbols (CGJ, Hangul fillers, variation
    # selectors, U+2800); the format characters among the invisible ones are not printable
    # already. A class of ten ranges searches faster than one of every invisible range.
    from iri.syntax.invisible import INVISIBLE_RANGES

    ranges: list[list[int]] = []
    for lo, hi in INVISIBLE_RANGES:
        for cp in range(lo, hi + 1):
            if not chr(cp).isprintable():
                continue
            if ranges and ranges[-1][1] == cp - 1:
                ranges[-1][1] = cp
            else:
                ranges.append([cp, cp])
    return re.compile("[" + "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges) + "]")


def shown(text: str) -> str:
    """``text`` with each character through :func:`visible`."""
    # Fast paths: ASCII has no invisible printable character; otherwise one regex search
    # for the printable hidden ones. Only a text that has a hidden character is rebuilt.
    if text.isprintable() and (text.isascii() or _printable_hidden().search(text) is None):
        return text
    return "".join(map(visible, text))


def cells(text: str) -> int:
    """Terminal cells that ``text`` takes once shown: wide CJK 2, combining marks 0."""
    if text.isascii():
        return len(text)
    width = 0
    for char in shown(text):
        if unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def caret(text: str, span: tuple[int, int], indent: int = 0) -> str:
    """The caret line that marks ``span`` under ``shown(text)`` (indented by ``indent``)."""
    start, end = span
    return " " * (indent + cells(text[:start])) + "^" * max(1, cells(text[start:end]))


def excerpt(text: str, span: tuple[int, int], indent: int = 0) -> tuple[str, str]:
    """A window of ``text`` around ``span`` and the caret line under it, for long texts.

    At most :data:`CONTEXT` characters on each side and :data:`CONTEXT` of the span
    itself are shown (``...`` marks the cuts), so each excerpt costs O(1) whatever the
    length of the text: a report of *k* violations is O(n + k), never O(n * k).
    """
    start, end = span
    first = max(0, start - CONTEXT)
    stop = min(len(text), max(end, start + 1), start + CONTEXT)
    last = min(len(text), stop + CONTEXT)
    head = "..." if first > 0 else ""
    tail = "..." if last < len(text) else ""
    line = " " * indent + head + shown(text[first:last]) + tail
    pad = indent + len(head) + cells(text[first:start])
    return line, " " * pad + "^" * max(1, cells(text[start:stop]))


def report(text: str, violations: Sequence[Violation]) -> list[str]:
    """Human report of one text: a status line, then a caret line per violation.

    The caret line marks the violation's span in the text as shown (logical order) and
    ends with ``severity code [section] message``. A text longer than :data:`WINDOW`
    characters is shown once on the status line; each violation then gets an
    :func:`excerpt` (a window around its span) and the caret line under it, so that the
    report takes time and memory linear in the text.
    """
    if any(v.severity == Severity.ERROR for v in violations):
        status = "invalid"
    else:
        status = "warning" if violations else "ok"
    lines = [status.ljust(STATUS_WIDTH) + shown(text)]
    long_text = len(text) > WINDOW
    for v in violations:
        if long_text:
            window, mark = excerpt(text, v.span, STATUS_WIDTH)
            lines.append(window)
        else:
            mark = caret(text, v.span, STATUS_WIDTH)
        lines.append(f"{mark} {v.severity} {v.code} [{v.section}] {v.message}")
    return lines
