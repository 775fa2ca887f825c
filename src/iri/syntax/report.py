"""Render violations for a terminal: the text made visible, with carets under spans.

Used by :class:`iri.InvalidIRI` (its message) and by the ``iri`` command. Control, bidi
formatting and private-use characters are drawn as visible one-cell stand-ins, so that
they can neither hide nor reorder the line; carets count terminal cells (wide CJK
characters take two, combining marks none), so they line up under the span.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from iri.syntax.violations import Severity, Violation

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["STATUS_WIDTH", "WINDOW", "caret", "cells", "excerpt", "report", "shown", "visible"]

#: Width of the status column of :func:`report` ("ok", "warning", "invalid").
STATUS_WIDTH: Final = 9

#: Texts longer than this many characters get an excerpt per violation (:func:`excerpt`)
#: instead of a caret under the whole text, so that the report stays linear in the text.
WINDOW: Final = 120
#: Characters of context shown on each side of a violation in an excerpt.
CONTEXT: Final = 30

# Bidi controls and other zero-width format characters: shown as U+FFFD so that they
# neither reorder the line nor vanish from it.
_INVISIBLE: Final = frozenset(
    [
        0x061C, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFEFF,
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
    ]
)  # fmt: skip


def visible(char: str) -> str:
    """Return a one-cell visible stand-in for ``char`` (``char`` itself if it is visible).

    C0 controls become their CONTROL PICTURES (a tab is ``␉``), DEL ``␡``; C1 controls,
    invisible format characters, private-use and tag characters (no agreed glyph) and
    lone surrogates become U+FFFD. Variation selectors U+E0100-E01EF, though in
    3987bis's ``iprivate``, are combining marks that render with their base character
    and are left alone.
    """
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # CONTROL PICTURES block
    if code == 0x7F:
        return "\u2421"
    if (
        0x80 <= code < 0xA0
        or code in _INVISIBLE
        or 0xD800 <= code <= 0xDFFF
        or 0xE000 <= code <= 0xF8FF
        or 0xE0000 <= code <= 0xE007F
        or code >= 0xF0000
    ):
        return "\ufffd"
    return char


def shown(text: str) -> str:
    """``text`` with each character through :func:`visible`."""
    # Fast path: everything visible() replaces is Cc, Cf, Cs or Co, which makes
    # str.isprintable() false.
    return text if text.isprintable() else "".join(map(visible, text))


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
