"""``iri.visual_order(text)``: how a conforming renderer shows a logical IRI (RFC 3987 4.1).

RFC 3987 4.1: IRIs are "rendered using the Unicode Bidirectional Algorithm" as if "in a
left-to-right embedding". That is the UBA with a left-to-right paragraph level, computed by
``python-bidi`` (the Rust ``unicode-bidi`` crate; LGPL-3.0, hence the optional extra
``iri[bidi]``), never by a hand-written UBA.
"""

from __future__ import annotations

import re
from itertools import chain
from typing import Final

from iri.syntax.argument import as_text
from iri.syntax.errors import IRIError

__all__ = ["visual_order"]

_SURROGATE: Final = re.compile("[\ud800-\udfff]")
# The private-use code points (planes 15 and 16, then the BMP area): Bidi_Class L.
_PRIVATE_USE: Final = (range(0xF0000, 0xFFFFE), range(0x100000, 0x10FFFE), range(0xE000, 0xF900))


def _stand_ins(text: str) -> dict[str, str]:
    """A private-use character for each lone surrogate in ``text``, none of them in ``text``.

    python-bidi takes UTF-8, which has no form for a surrogate code point; its Bidi_Class is
    L (UCD DerivedBidiClass.txt: the default for code points it does not list), as is a
    private-use character's, so the UBA orders the stand-in exactly as the surrogate.
    """
    surrogates = sorted(set(_SURROGATE.findall(text)))
    held = set(text)
    free = (chr(cp) for cp in chain(*_PRIVATE_USE) if chr(cp) not in held)
    stand_ins = dict(zip(surrogates, free, strict=False))
    if len(stand_ins) < len(surrogates):  # only a text holding ~137,000 private-use characters
        raise IRIError("visual_order: no private-use character left to stand in for a surrogate")
    return stand_ins


def visual_order(text: str) -> str:
    """Return ``text`` in visual order: the UBA (UAX #9) in a left-to-right paragraph.

    Needs the optional extra ``bidi`` (``pip install 'iri[bidi]'``). Bidi controls in
    ``text`` are applied, not removed (an IRI must not contain them: RFC 3987 4.1).

    >>> visual_order("http://ab.\\u05d0\\u05d1\\u05d2.ij/kl") == "http://ab.\\u05d2\\u05d1\\u05d0.ij/kl"
    True
    """
    if type(text) is not str:
        text = as_text(text, "visual_order() expects a str, not {type}")
    try:
        from bidi import get_display  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as err:  # pragma: no cover - the extra is in the test extra
        raise ImportError("iri.visual_order needs python-bidi: pip install 'iri[bidi]'") from err
    if text.isascii():
        return text  # no right-to-left character: the logical order is the visual one
    stand_ins = _stand_ins(text) if _SURROGATE.search(text) else {}
    if stand_ins:
        text = text.translate({ord(s): c for s, c in stand_ins.items()})
    # One paragraph per line (UAX #9 P1); an IRI has no line breaks, other text may.
    shown = "\n".join(str(get_display(line, base_dir="L")) for line in text.split("\n"))
    if stand_ins:
        shown = shown.translate({ord(c): s for s, c in stand_ins.items()})
    return shown
