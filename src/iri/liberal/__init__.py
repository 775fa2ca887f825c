"""Liberal input: text people type, LEIRIs, web addresses, legacy charsets -> IRI text.

Each function is an explicit step (the strict parser is never lenient) and reports every
change it makes as a :class:`~iri.liberal.repair.Repair`. See ``docs/liberal.md``.
"""

from __future__ import annotations

from iri.liberal.repair import Repair, Repaired
from iri.syntax.options import Option

__all__ = ["Liberal", "Repair", "Repaired", "repair"]


class Liberal(Option):
    """The liberal-input steps, for :func:`repair` (and the registry's examples)."""

    PREPROCESS = "preprocess"
    PREPROCESS_REMOVE_SPACES = "preprocess-remove-spaces"
    PREPROCESS_DECODE_REFERENCES = "preprocess-decode-references"
    LENIENT = "lenient"
    LENIENT_UTS46 = "lenient-uts46"
    LEIRI = "leiri"
    HREF = "href"
    FROM_HREF = "from-href"
    FROM_HREF_ISO_8859_2 = "from-href-iso-8859-2"
    BYTES_WINDOWS_1252 = "bytes-windows-1252"


def repair(text: str, how: Liberal | str) -> Repaired:
    """Run one liberal step on ``text`` with its default options and return the output
    text with its repairs (the ``*_repairs`` functions take the options).

    >>> [x.code.value for x in repair("http://example.org/a b", "leiri").repairs]
    ['leiri-character-encoded']
    """
    from iri.syntax.option_member import option

    step = option(Liberal, how, "how")
    if step is Liberal.PREPROCESS:
        from iri.liberal.preprocess import preprocess_repairs

        return preprocess_repairs(text)
    if step is Liberal.PREPROCESS_REMOVE_SPACES:
        from iri.liberal.preprocess import preprocess_repairs

        return preprocess_repairs(text, spaces="remove")
    if step is Liberal.PREPROCESS_DECODE_REFERENCES:
        from iri.liberal.preprocess import preprocess_repairs

        return preprocess_repairs(text, references="decode")
    if step in (Liberal.LENIENT, Liberal.LENIENT_UTS46):
        from iri.liberal.lenient import lenient_repairs

        return lenient_repairs(text, host="uts46" if step is Liberal.LENIENT_UTS46 else "keep")
    if step is Liberal.LEIRI:
        from iri.liberal.leiri import from_leiri_repairs

        return from_leiri_repairs(text)
    if step is Liberal.HREF:
        from iri.liberal.href import href_steps

        return href_steps(text)
    if step in (Liberal.FROM_HREF, Liberal.FROM_HREF_ISO_8859_2):
        from iri.liberal.href import from_href_repairs

        charset = "iso-8859-2" if step is Liberal.FROM_HREF_ISO_8859_2 else "utf-8"
        return from_href_repairs(text, charset=charset)
    from iri.liberal.charsets import from_bytes

    # The text stands for octets, one per code point: U+0100 and above (a lone surrogate
    # too) is no octet.
    try:
        octets = text.encode("latin-1")
    except UnicodeEncodeError as exc:
        from iri.syntax.errors import CharsetError

        char = text[exc.start]
        raise CharsetError(
            f"U+{ord(char):04X} at {exc.start} is no octet: this step reads each code "
            "point of the text as one octet (U+0000-00FF)",
            "windows-1252",
            char,
            exc.start,
            encoding="windows-1252",
        ) from None
    decoded = from_bytes(octets, "windows-1252")
    return Repaired(decoded.text, decoded.repairs)
