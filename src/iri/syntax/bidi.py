"""Bidi IRI structure: RFC 3987 4.2 per component, and the RFC 5893 Bidi Rule for host labels.

RFC 3987 4.2: "For each component, the following restrictions apply: 1. A component SHOULD
NOT use both right-to-left and left-to-right characters. 2. A component using right-to-left
characters SHOULD start and end with right-to-left characters." The components are
iuserinfo, each host label (RFC 3490, "each label of a domain name"), each path segment
split further at "." ("the extensions in a resource name can be treated as separate
components"), each query name and value, and the fragment (docs/rationale.md SF3).

:func:`bidi_violations` is called by :func:`iri.check` only when the text holds a
character of a right-to-left block (:func:`may_have_rtl`, one regex search), so checking
left-to-right text costs nothing more.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final

from iri.syntax.violations import Code, Violation

__all__ = ["bidi_violations", "may_have_rtl"]

#: A superset of the characters of bidi class R, AL and AN (the blocks of Hebrew, Arabic,
#: Syriac, Thaana, NKo, Samaritan, Mandaic, their presentation forms, the historic RTL
#: scripts of planes 1) and of RLM, RLE, RLO, RLI: the cheap pre-test.
_RTL_BLOCKS: Final = re.compile(
    "[\u0590-\u08ff\u200f\u202b\u202e\u2067\ufb1d-\ufdff\ufe70-\ufeff"
    "\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
_RTL: Final = frozenset({"R", "AL"})
#: Where a component splits into the smaller components of 4.2, per RFC 3986 component.
_SPLIT: Final = {
    "userinfo": re.compile(r"(?!)"),  # the whole userinfo
    "host": re.compile(r"\."),
    "path": re.compile(r"[/.]"),
    "query": re.compile(r"[&;=]"),
    "fragment": re.compile(r"(?!)"),
}


def may_have_rtl(text: str) -> bool:
    """Cheap pre-test: False guarantees that ``text`` has no right-to-left character."""
    return _RTL_BLOCKS.search(text) is not None


def _structure(piece: str, start: int, component: str) -> list[Violation]:
    classes = [unicodedata.bidirectional(c) for c in piece]
    if not _RTL.intersection(classes):
        return []
    out: list[Violation] = []
    end = start + len(piece)
    if "L" in classes:
        # 4.2 rule 1
        out.append(
            Violation.of(
                Code.BIDI_MIXED_DIRECTION,
                component,
                start,
                end,
                f"{piece!r} mixes right-to-left and left-to-right characters",
            )
        )
    # 4.2 rule 2; combining marks (NSM) after the last letter belong to it.
    last = len(classes)
    while last > 1 and classes[last - 1] == "NSM":
        last -= 1
    if classes[0] not in _RTL or classes[last - 1] not in _RTL:
        out.append(
            Violation.of(
                Code.BIDI_COMPONENT_EDGE,
                component,
                start,
                end,
                f"{piece!r} uses right-to-left characters but does not start and end with one",
            )
        )
    return out


def _bidi_rule(host: str, start: int) -> list[Violation]:
    """RFC 5893 2: every label of a domain name that has a right-to-left label."""
    from idna.core import check_bidi

    out: list[Violation] = []
    at = start
    for label in host.split("."):
        if label and label[:4].lower() != "xn--":
            try:
                check_bidi(label, check_ltr=True)
            except ValueError as err:  # idna.IDNABidiError is a ValueError
                out.append(
                    Violation.of(Code.BIDI_RULE, "host", at, at + len(label), f"{label!r}: {err}")
                )
        at += len(label) + 1
    return out


def bidi_violations(text: str, components: Iterable[tuple[str, int, int]]) -> list[Violation]:
    """RFC 3987 4.2 warnings for ``text``, whose components are ``(name, start, end)``.

    >>> [v.code.value for v in bidi_violations("http://ab.cd.ef/\u05d0\u05d11/2\u05d2/", [
    ...     ("host", 7, 15), ("path", 15, 23)])]
    ['bidi-component-edge', 'bidi-component-edge']
    """
    if not may_have_rtl(text):
        return []
    out: list[Violation] = []
    for name, start, end in components:
        splitter = _SPLIT.get(name)
        if splitter is None or start >= end:
            continue
        part = text[start:end]
        if not may_have_rtl(part):
            continue
        at = start
        for piece in splitter.split(part):
            if piece:
                out += _structure(piece, at, name)
            at += len(piece) + 1
        if name == "host" and not part.startswith("["):
            out += _bidi_rule(part, start)
    return out
