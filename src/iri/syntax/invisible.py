"""Invisible characters: what a person cannot see and so cannot transcribe or check.

Used by URI-to-IRI conversion (3987bis 4.2 step 4, "characters that are not appropriate")
to keep such characters percent-encoded, and by the audit to flag them raw.
Our reading (docs/rationale.md SF2): invisible = Default_Ignorable_Code_Point (UCD
DerivedCoreProperties, 17.0.0: ZWSP, CGJ U+034F, variation selectors, Hangul fillers
U+115F/U+1160/U+3164/U+FFA0, tags, ...) plus General_Category Cf plus U+2800 BRAILLE
PATTERN BLANK (renders as blank space, not default-ignorable, a known "invisible" trick).
"""

from __future__ import annotations

import unicodedata
from typing import Final

from iri.syntax._tables.ignorable import DEFAULT_IGNORABLE
from iri.syntax.grammar import BIDI_FORMATTING

__all__ = ["BIDI_CONTROLS", "INVISIBLE_RANGES", "is_default_ignorable", "is_invisible"]

#: The bidi formatting characters of RFC 3987 4.1, as characters: the code points of
#: :data:`iri.syntax.grammar.BIDI_FORMATTING` (the one definition; docs/rationale.md R2).
BIDI_CONTROLS: Final = frozenset(map(chr, BIDI_FORMATTING))

_DICP: Final = frozenset(cp for lo, hi in DEFAULT_IGNORABLE for cp in range(lo, hi + 1))
#: Blank-looking characters that are neither ignorable nor format characters.
_BLANK_EXTRA: Final = frozenset({0x2800})

#: Ranges of :func:`is_invisible` code points (for callers that build character classes).
INVISIBLE_RANGES: Final[tuple[tuple[int, int], ...]] = (*DEFAULT_IGNORABLE, (0x2800, 0x2800))


def is_default_ignorable(cp: int) -> bool:
    """Default_Ignorable_Code_Point (UCD 17.0.0, DerivedCoreProperties.txt).

    >>> is_default_ignorable(0x3164), is_default_ignorable(0x41)
    (True, False)
    """
    return cp in _DICP


def is_invisible(cp: int) -> bool:
    """A code point with no visible glyph of its own (see the module docstring).

    >>> [is_invisible(ord(c)) for c in "\\u034f\\ufe0f\\u3164\\u200b\\u2800a"]
    [True, True, True, True, True, False]
    """
    return cp in _DICP or cp in _BLANK_EXTRA or unicodedata.category(chr(cp)) == "Cf"
