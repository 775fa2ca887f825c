"""The IDN display policy: each label of a host shown in Unicode exactly when Chromium would.

Chromium decides per label (``docs/idn.md``, "Google Chrome's IDN policy": "for each domain
label (component) of a hostname separately"), then once for the whole host (the top-domain
stage, :mod:`iri.safety.idn_top_domains`). The per-label order, restated from
``IDNSpoofChecker::SafeToDisplayAsUnicode`` (``components/url_formatter/spoof_checks/
idn_spoof_checker.cc``, commit 58a4b28c5469); the first rule that fails keeps the label in
punycode, and names the audit code reported for it:

1. ICU's spoof checks at Highly Restrictive (``uspoof_check``), any failure: a character
   outside Chromium's allowed set (``restricted-character``), scripts mixed beyond the
   level (``mixed-script-label``), two digit systems (``mixed-numbers``), a nonspacing mark
   repeated in a run (``repeated-mark``), a dot above hidden on i, j, l (``hidden-overlay``);
2. deviation characters ß ς ZWNJ ZWJ (``deviation-character``);
3. þ ð outside .is and .fo, ə outside .az (``tld-specific-character``);
4. U+00B7 except between two l under .cat (``unsafe-middle-dot``);
5. ASCII: safe;
6. one script (Chinese, Japanese and Korean each count as one), no kana exception and no
   U+0300..U+0339: whole-script confusables (``whole-script-confusable``), then digit
   look-alikes (``digit-lookalike``), else safe;
7. otherwise: digit look-alikes, non-ASCII Latin beside another script
   (``non-ascii-latin-mixed``), the dangerous patterns (``dangerous-pattern``).

Labels that IDNA rejects are never shown in Unicode (the policy page, step 2:
``invalid-a-label``, ``invalid-label``); ASCII labels skip the policy.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import Final, NamedTuple

from iri.safety import idn_data as data
from iri.safety.findings import AuditCode
from iri.safety.idn_scripts import script_extensions_raw, script_property
from iri.safety.skeleton import (
    LEVEL_RANK,
    RestrictionLevel,
    identifier_status,
    identifier_type,
    mixed_numbers,
    restriction_level,
)

__all__ = ["Reason", "Tld", "allowed", "dangerous_pattern", "label_reasons"]

C = AuditCode
_ASCII_LETTER: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_LOWER: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_DIGITS: Final = frozenset("0123456789")
_LGC: Final = frozenset({"Latn", "Grek", "Cyrl"})
_LGC_EXTRA: Final = _DIGITS | frozenset("._-") | data.COMBINING_DIACRITICS
#: ICU's hidden-overlay lead characters: i, j, dotless i and j, l, the Soft_Dotted ones
#: (PropList.txt) that are Allowed (the others never pass the allowed set), and characters
#: whose confusable prototype ends in one of the first five (ICU ``findHiddenOverlay``).
_DOT_LEADS: Final = frozenset("ijl\u0131\u0237")
_SOFT_DOTTED_ALLOWED: Final = frozenset("\u012f\u0268\u0456\u0458\u1ecb")
_CCC_ABOVE: Final = 230


class Reason(NamedTuple):
    """Why a label stays in punycode: the audit code, a message, and where in the U-label
    (``at``) the culprit is, or None for the whole label."""

    code: AuditCode
    message: str
    at: int | None = None


class Tld(NamedTuple):
    """The host's top-level domain as Chromium passes it: ASCII form and Unicode form."""

    ascii: str
    unicode: str


def _name(c: str) -> str:
    return f"U+{ord(c):04X} {unicodedata.name(c, '')}".rstrip()


@lru_cache(maxsize=8192)
def allowed(c: str) -> bool:
    """Chromium's allowed set: Identifier_Status=Allowed minus its removal list."""
    return c not in data.REMOVED_FROM_ALLOWED and identifier_status(ord(c)) == "Allowed"


def _repeated_mark(nfd: str) -> str | None:
    """ICU's INVISIBLE check: a nonspacing mark twice in one run of nonspacing marks."""
    seen: set[str] = set()
    for c in nfd:
        if unicodedata.category(c) != "Mn":
            seen.clear()
        elif c in seen:
            return c
        else:
            seen.add(c)
    return None


def _dot_lead(c: str) -> bool:
    if c in _DOT_LEADS or c in _SOFT_DOTTED_ALLOWED:
        return True
    from iri.safety._tables.confusables import CONFUSABLES

    proto = CONFUSABLES.get(ord(c), c)
    return proto != c and proto[-1] in _DOT_LEADS


def _hidden_overlay(nfd: str) -> bool:
    """ICU's HIDDEN_OVERLAY check: U+0307 after a lead character, marks of other classes
    between them skipped (``findHiddenOverlay``)."""
    lead = False
    for c in nfd:
        if lead and c == data.DOT_ABOVE:
            return True
        if unicodedata.combining(c) in (0, _CCC_ABOVE):
            lead = _dot_lead(c)
    return False


def _icu_checks(label: str, minimum: RestrictionLevel) -> list[Reason]:
    """Step 1: every failing ``uspoof_check`` bit (ICU reports them together)."""
    out = [
        Reason(
            C.RESTRICTED_CHARACTER,
            f"{_name(c)} is not in Chromium's allowed set for labels ("
            + (
                "removed by Chromium"
                if c in data.REMOVED_FROM_ALLOWED
                else f"Restricted: {identifier_type(ord(c))}"
            )
            + ")",
            label.index(c),
        )
        for c in dict.fromkeys(label)
        if not allowed(c)
    ]
    rest = "".join(c for c in label if allowed(c))
    level = restriction_level(rest) if rest else RestrictionLevel.ASCII_ONLY
    if LEVEL_RANK[level] > LEVEL_RANK[minimum]:
        out.append(Reason(C.MIXED_SCRIPT_LABEL, f"mixes scripts: {level} (required: {minimum})"))
    if mixed_numbers(label):
        out.append(Reason(C.MIXED_NUMBERS, "digits from more than one numbering system"))
    nfd = unicodedata.normalize("NFD", label)
    mark = _repeated_mark(nfd)
    if mark is not None:
        out.append(Reason(C.REPEATED_MARK, f"{_name(mark)} repeated: the second is invisible"))
    if _hidden_overlay(nfd):
        out.append(Reason(C.HIDDEN_OVERLAY, "U+0307 COMBINING DOT ABOVE hidden on a dotted letter"))
    return out


def _units(label: str) -> int:
    return len(label.encode("utf-16-le")) // 2


def _unsafe_middle_dot(label: str, tld: str) -> bool:
    """``HasUnsafeMiddleDot``: U+00B7 only under .cat and only as l·l."""
    for i, c in enumerate(label):
        if c == data.MIDDLE_DOT and (
            tld != data.CATALAN_TLD
            or i in (0, len(label) - 1)
            or label[i - 1] != "l"
            or label[i + 1] != "l"
        ):
            return True
    return False


def _whole_script(label: str, tld: Tld) -> Reason | None:
    """Step 6: every letter of one script in the label is a Latin look-alike, the TLD is
    neither of that script nor on its list, and the label is not an allowed word."""
    for ws in data.WHOLE_SCRIPT_CONFUSABLES:
        letters = {c for c in label if script_property(c) == ws.script}
        if (
            letters
            and letters <= ws.lookalikes
            and not any(script_property(c) == ws.script for c in tld.unicode)
            and tld.ascii not in ws.tlds
            and label not in data.ALLOWED_WHOLE_SCRIPT_WORDS
        ):
            return Reason(
                C.WHOLE_SCRIPT_CONFUSABLE,
                f"every {ws.script} letter of {label!r} looks Latin, and the TLD "
                f"{tld.unicode or tld.ascii!r} is not a {ws.script} one",
            )
    return None


def _digit_lookalike(label: str) -> bool:
    return all(c in _DIGITS or c in data.DIGIT_LOOKALIKES for c in label) and any(
        c in data.DIGIT_LOOKALIKES for c in label
    )


def _scx_has(c: str | None, *scripts: str) -> bool:
    return c is not None and not script_extensions_raw(c).isdisjoint(scripts)


def _patterns() -> tuple[tuple[str, Callable[[str, int], bool]], ...]:
    """The dangerous patterns (the checker's regex, one test per alternative), each a
    predicate on the label and a position."""

    def at(s: str, i: int) -> str | None:
        return s[i] if 0 <= i < len(s) else None

    def japanese(c: str | None) -> bool:
        return _scx_has(c, "Kana", "Hira", "Hani")

    def cjk(c: str | None) -> bool:
        return _scx_has(c, "Kana", "Hira", "Hani", "Bopo")

    def only(s: str, script: str, middle: frozenset[str]) -> bool:
        inner = [i for i, c in enumerate(s) if not _scx_has(c, script)]
        return len(inner) == 1 and 0 < inner[0] < len(s) - 1 and s[inner[0]] in middle

    return (
        (
            "a slash-like kana or ideograph between non-Japanese characters",
            lambda s, i: (
                s[i] in data.SLASH_LIKE_KANA
                and 0 < i < len(s) - 1
                and not japanese(s[i - 1])
                and not japanese(s[i + 1])
            ),
        ),
        (
            "a Katakana iteration mark not after Katakana",
            lambda s, i: s[i] in data.ITERATION_MARKS and not _scx_has(at(s, i - 1), "Kana"),
        ),
        (
            "a Hiragana he/be/pe inside Katakana",
            lambda s, i: i == 0 and only(s, "Kana", data.HIRAGANA_HE),
        ),
        (
            "a Katakana he/be/pe inside Hiragana",
            lambda s, i: i == 0 and only(s, "Hira", data.KATAKANA_HE),
        ),
        (
            "a prolonged sound mark at the start or after a non-kana character",
            lambda s, i: (
                s[i] == data.PROLONGED_SOUND_MARK and not _scx_has(at(s, i - 1), "Kana", "Hira")
            ),
        ),
        (
            "a Katakana middle dot next to a Latin letter",
            lambda s, i: (
                s[i] == data.KATAKANA_MIDDLE_DOT
                and (at(s, i - 1) in _ASCII_LOWER or at(s, i + 1) in _ASCII_LOWER)
            ),
        ),
        (
            "a CJK character that looks Latin or like punctuation, next to non-CJK text",
            lambda s, i: (
                s[i] in data.CJK_LATIN_LOOKALIKES
                and ((i > 0 and not cjk(s[i - 1])) or (i < len(s) - 1 and not cjk(s[i + 1])))
            ),
        ),
        (
            "a combining mark after a character that is not Latin, Greek or Cyrillic",
            lambda s, i: (
                s[i] in data.COMBINING_DIACRITICS and i > 0 and not _scx_has(s[i - 1], *_LGC)
            ),
        ),
        (
            "a combining mark on a dotless i",
            lambda s, i: s[i] in data.COMBINING_DIACRITICS and at(s, i - 1) == data.DOTLESS_I,
        ),
        ("a combining kana voiced sound mark", lambda s, i: s[i] in data.KANA_VOICED_MARKS),
        (
            "a dot above on i, j or l",
            lambda s, i: s[i] == data.DOT_ABOVE and at(s, i - 1) in ("i", "j", "l"),
        ),
    )


_PATTERNS: Final = _patterns()


def dangerous_pattern(label: str) -> tuple[str, int] | None:
    """The first dangerous pattern found in ``label`` and where (or None).

    >>> dangerous_pattern("abc\\u30fcdef")
    ('a prolonged sound mark at the start or after a non-kana character', 3)
    """
    for i in range(len(label)):
        for what, test in _PATTERNS:
            if test(label, i):
                return what, i
    return None


@lru_cache(maxsize=8192)
def label_reasons(
    label: str, tld: Tld, minimum: RestrictionLevel = RestrictionLevel.HIGHLY_RESTRICTIVE
) -> tuple[Reason, ...]:
    """Why the U-label ``label`` (lowercase, NFC) is kept in punycode under ``tld``; empty
    when Chromium shows it (``SafeToDisplayAsUnicode``, steps in the module docstring).

    >>> label_reasons("b\\u00fccher", Tld("de", "de"))
    ()
    >>> scope = "\\u0455\\u0441\\u043e\\u0440\\u0435"  # Cyrillic
    >>> [r.code.value for r in label_reasons(scope, Tld("com", "com"))]
    ['whole-script-confusable']
    """
    icu = _icu_checks(label, minimum)  # 1
    if icu:
        return tuple(icu)
    for i, c in enumerate(label):  # 2
        if c in data.DEVIATION_CHARACTERS:
            return (Reason(C.DEVIATION_CHARACTER, f"{_name(c)} is a deviation character", i),)
    if _units(label) > 1:  # 3
        for i, c in enumerate(label):
            if (c in data.ICELANDIC_CHARACTERS and tld.ascii not in data.ICELANDIC_TLDS) or (
                c == data.SCHWA and tld.ascii not in data.SCHWA_TLDS
            ):
                tlds = data.SCHWA_TLDS if c == data.SCHWA else data.ICELANDIC_TLDS
                msg = f"{_name(c)} is shown only under ." + " and .".join(sorted(tlds))
                return (Reason(C.TLD_SPECIFIC_CHARACTER, msg, i),)
    if _unsafe_middle_dot(label, tld.ascii):  # 4
        msg = "U+00B7 MIDDLE DOT outside the Catalan l\u00b7l under .cat"
        return (Reason(C.UNSAFE_MIDDLE_DOT, msg, label.index(data.MIDDLE_DOT)),)
    level = restriction_level(label)
    if level is RestrictionLevel.ASCII_ONLY:  # 5
        return ()
    digits = Reason(C.DIGIT_LOOKALIKE, "only digits and characters that look like digits")
    if (
        level is RestrictionLevel.SINGLE_SCRIPT
        and data.KANA_EXCEPTIONS.isdisjoint(label)
        and data.COMBINING_DIACRITICS.isdisjoint(label)
    ):  # 6
        wsc = _whole_script(label, tld)
        if wsc is not None:
            return (wsc,)
        return (digits,) if _digit_lookalike(label) else ()
    if _digit_lookalike(label):  # 7
        return (digits,)
    latin = [
        i for i, c in enumerate(label) if c not in _ASCII_LETTER and script_property(c) == "Latn"
    ]
    if latin and not all(c in _LGC_EXTRA or script_property(c) in _LGC for c in label):
        msg = f"non-ASCII Latin {_name(label[latin[0]])} beside another script"
        return (Reason(C.NON_ASCII_LATIN_MIXED, msg, latin[0]),)
    found = dangerous_pattern(label)
    if found is not None:
        return (Reason(C.DANGEROUS_PATTERN, found[0], found[1]),)
    return ()
