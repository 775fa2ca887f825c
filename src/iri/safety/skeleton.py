"""UTS #39 sections 4, 5.1-5.3: skeletons, script sets, restriction levels, mixed numbers.

The data are the generated tables in :mod:`iri.safety._tables` (Unicode 17.0.0). NFD comes
from the interpreter's ``unicodedata`` (Unicode 14.0 on Python 3.11): characters assigned
later have no decomposition there (docs/security.md, "Unicode versions").
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from functools import lru_cache
from typing import Final

from iri.safety._tables.confusables import CONFUSABLES
from iri.safety._tables.identifiers import (
    STATUS_INDEX,
    STATUS_STARTS,
    STATUS_VALUES,
    TYPE_INDEX,
    TYPE_STARTS,
    TYPE_VALUES,
)
from iri.safety._tables.scripts import SCX_INDEX, SCX_STARTS, SCX_VALUES
from iri.syntax.invisible import is_default_ignorable
from iri.syntax.options import Option

__all__ = [
    "RestrictionLevel",
    "identifier_status",
    "identifier_type",
    "mixed_numbers",
    "resolved_scripts",
    "restriction_level",
    "script_extensions",
    "skeleton",
]

#: UTS #39 5.1: "Zyyy" (Common) and "Zinh" (Inherited) stand for every script.
ALL: Final = frozenset({"*"})
#: UTS #39 5.1, augmented script sets: Hani -> +Hanb Jpan Kore; Hira, Kana -> +Jpan;
#: Hang -> +Kore; Bopo -> +Hanb.
_AUGMENT: Final = {
    "Hani": ("Hanb", "Jpan", "Kore"),
    "Hira": ("Jpan",),
    "Kana": ("Jpan",),
    "Hang": ("Kore",),
    "Bopo": ("Hanb",),
}
_SCX_SETS: Final = tuple(
    ALL
    if {"Zyyy", "Zinh"} & set(v.split())
    else frozenset(v.split()) | {a for s in v.split() for a in _AUGMENT.get(s, ())}
    for v in SCX_VALUES
)


def skeleton(text: str) -> str:
    """UTS #39 section 4: skeleton(X) = NFD, drop Default_Ignorable_Code_Point, map each
    character through confusables.txt, NFD again. Internal: compare, never display.

    >>> skeleton("ѕсоре") == skeleton("scope"), skeleton("раураl")
    (True, 'paypal')
    """
    # Step 1: NFD. Step 2: remove default ignorables (UTS #39 revision 26 and later).
    # Step 3: replace each character by its prototype. Step 4: NFD again.
    nfd = unicodedata.normalize("NFD", text)
    mapped = "".join(CONFUSABLES.get(ord(c), c) for c in nfd if not is_default_ignorable(ord(c)))
    return unicodedata.normalize("NFD", mapped)


@lru_cache(maxsize=16384)
def script_extensions(cp: int) -> frozenset[str]:
    """The augmented Script_Extensions set of ``cp`` (short codes); ``{"*"}`` for Common
    and Inherited (UTS #39 5.1: "treated as ALL")."""
    return _SCX_SETS[SCX_INDEX[bisect_right(SCX_STARTS, cp) - 1]]


@lru_cache(maxsize=16384)
def identifier_status(cp: int) -> str:
    """``"Allowed"`` or ``"Restricted"`` (UTS #39 3.1, IdentifierStatus.txt)."""
    return STATUS_VALUES[STATUS_INDEX[bisect_right(STATUS_STARTS, cp) - 1]]


def identifier_type(cp: int) -> str:
    """The Identifier_Type set, space-separated (UTS #39 3.1, IdentifierType.txt)."""
    return TYPE_VALUES[TYPE_INDEX[bisect_right(TYPE_STARTS, cp) - 1]]


@lru_cache(maxsize=16384)
def _allowed(cp: int) -> bool:
    return identifier_status(cp) == "Allowed"


def resolved_scripts(text: str) -> frozenset[str]:
    """UTS #39 5.1: the intersection of the augmented script sets of the characters
    (``{"*"}`` when every character is Common/Inherited; empty = mixed-script).

    >>> sorted(resolved_scripts("〆切")), resolved_scripts("pаypal")
    (['Hanb', 'Hani', 'Jpan', 'Kore'], frozenset())
    """
    sets = set(map(script_extensions, map(ord, set(text)))) - {ALL}
    return frozenset.intersection(*sets) if sets else ALL


class RestrictionLevel(Option):
    """UTS #39 5.2, from most to least restrictive."""

    ASCII_ONLY = "ascii-only"
    SINGLE_SCRIPT = "single-script"
    HIGHLY_RESTRICTIVE = "highly-restrictive"
    MODERATELY_RESTRICTIVE = "moderately-restrictive"
    MINIMALLY_RESTRICTIVE = "minimally-restrictive"
    UNRESTRICTED = "unrestricted"


#: The order of the levels, for comparisons.
LEVEL_RANK: Final = {level: i for i, level in enumerate(RestrictionLevel)}
_COVER_WITH_LATIN: Final = (frozenset({"Kore"}), frozenset({"Hanb"}), frozenset({"Jpan"}))


@lru_cache(maxsize=4096)
def restriction_level(text: str) -> RestrictionLevel:
    """UTS #39 5.2, "Restriction-Level Detection" (the identifier profile: Allowed).

    >>> restriction_level("abc"), restriction_level("東京"), restriction_level("pаypal")
    (<RestrictionLevel.ASCII_ONLY: 'ascii-only'>, <RestrictionLevel.SINGLE_SCRIPT: \
'single-script'>, <RestrictionLevel.MINIMALLY_RESTRICTIVE: 'minimally-restrictive'>)
    """
    chars = [ord(c) for c in set(text)]
    # 1. Any character outside the identifier profile: Unrestricted.
    if not all(map(_allowed, chars)):
        return RestrictionLevel.UNRESTRICTED
    # 2. Every character in U+0000..U+007F: ASCII-Only.
    if text.isascii():
        return RestrictionLevel.ASCII_ONLY
    # 3. The set of augmented script sets (SOSS); its intersection non-empty: Single Script.
    soss = set(map(script_extensions, chars)) - {ALL}
    if not soss or frozenset.intersection(*soss):
        return RestrictionLevel.SINGLE_SCRIPT
    # 4. Remove the sets that contain Latn; covered by Kore, Hanb or Jpan: Highly.
    rest = [s for s in soss if "Latn" not in s]
    for cover in _COVER_WITH_LATIN:
        if all(cover <= s for s in rest):
            return RestrictionLevel.HIGHLY_RESTRICTIVE
    # 5. Their intersection holds one Recommended script other than Cyrl, Grek: Moderately.
    inter = frozenset.intersection(*rest) if rest else frozenset()
    if inter - {"Cyrl", "Grek", "Hanb", "Jpan", "Kore"}:
        return RestrictionLevel.MODERATELY_RESTRICTIVE
    return RestrictionLevel.MINIMALLY_RESTRICTIVE


def mixed_numbers(text: str) -> bool:
    """UTS #39 5.3: decimal digits (Nd) from more than one numbering system.

    >>> mixed_numbers("12"), mixed_numbers("1٢")
    (False, True)
    """
    zeros = {ord(c) - unicodedata.digit(c) for c in text if unicodedata.category(c) == "Nd"}
    return len(zeros) > 1
