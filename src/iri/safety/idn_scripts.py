"""The two script properties the IDN display policy reads as ICU does (UAX #24).

Chromium's sets are written with ICU property syntax: ``[[:Cyrl:]]`` and ``[:Latin:]``
mean the Script property, and the dangerous-pattern regex's ``\\p{scx=kana}`` means the raw
Script_Extensions property (Common characters are ``Zyyy``, not "every script", and no
UTS #39 augmentation). :mod:`iri.safety.skeleton` keeps the augmented sets of UTS #39 5.1;
these are the plain values from the same generated tables (Unicode 17.0).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache, lru_cache

__all__ = ["script_extensions_raw", "script_property"]


@cache
def _scx_sets() -> tuple[frozenset[str], ...]:
    from iri.safety._tables.scripts import SCX_VALUES

    return tuple(frozenset(v.split()) for v in SCX_VALUES)


@lru_cache(maxsize=8192)
def script_property(c: str) -> str:
    """The Script of ``c`` (short code; ``Zyyy`` Common, ``Zinh`` Inherited, ``Zzzz``).

    >>> script_property("а"), script_property("a"), script_property("1")
    ('Cyrl', 'Latn', 'Zyyy')
    """
    # The table is imported on the first label that needs it (not with iri.audit).
    from iri.safety._tables.script_property import SC_INDEX, SC_STARTS, SC_VALUES

    return SC_VALUES[SC_INDEX[bisect_right(SC_STARTS, ord(c)) - 1]]


@lru_cache(maxsize=8192)
def script_extensions_raw(c: str) -> frozenset[str]:
    """The Script_Extensions of ``c`` as the UCD gives them (no augmentation).

    >>> sorted(script_extensions_raw("\\u30fc")), sorted(script_extensions_raw("1"))
    (['Hira', 'Kana'], ['Zyyy'])
    """
    from iri.safety._tables.scripts import SCX_INDEX, SCX_STARTS

    return _scx_sets()[SCX_INDEX[bisect_right(SCX_STARTS, ord(c)) - 1]]
