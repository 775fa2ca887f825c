"""``iri.visual_order(text)``: how a conforming renderer shows a logical IRI (RFC 3987 4.1).

RFC 3987 4.1: IRIs are "rendered using the Unicode Bidirectional Algorithm" as if "in a
left-to-right embedding". That is the UBA with a left-to-right paragraph level, computed by
``python-bidi`` (the Rust ``unicode-bidi`` crate; LGPL-3.0, hence the optional extra
``iri[bidi]``), never by a hand-written UBA.
"""

from __future__ import annotations

__all__ = ["visual_order"]


def visual_order(text: str) -> str:
    """Return ``text`` in visual order: the UBA (UAX #9) in a left-to-right paragraph.

    Needs the optional extra ``bidi`` (``pip install 'iri[bidi]'``). Bidi controls in
    ``text`` are applied, not removed (an IRI must not contain them: RFC 3987 4.1).

    >>> visual_order("http://ab.\\u05d0\\u05d1\\u05d2.ij/kl") == "http://ab.\\u05d2\\u05d1\\u05d0.ij/kl"
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"visual_order() expects a str, not {type(text).__name__}")
    try:
        from bidi import get_display  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as err:  # pragma: no cover - the extra is in the test extra
        raise ImportError("iri.visual_order needs python-bidi: pip install 'iri[bidi]'") from err
    if text.isascii():
        return text  # no right-to-left character: the logical order is the visual one
    # One paragraph per line (UAX #9 P1); an IRI has no line breaks, other text may.
    return "\n".join(str(get_display(line, base_dir="L")) for line in text.split("\n"))
