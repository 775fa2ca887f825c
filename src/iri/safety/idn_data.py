"""Chromium's hand-written IDN display lists, as data: one place, each list with its source.

Facts restated from the public Chromium source (``chromium/chromium``), never its code:

* ``components/url_formatter/spoof_checks/idn_spoof_checker.cc`` at commit 58a4b28c5469
  ("the checker"): the constructor, ``SetAllowedUnicodeSet`` and ``SafeToDisplayAsUnicode``;
* ``components/url_formatter/spoof_checks/skeleton_generator.cc`` at commit f24a8e130d36
  ("the skeleton generator"): the ``SkeletonGenerator`` constructor;
* ``docs/idn.md`` at commit 778691eb62d4, "Google Chrome's IDN policy" ("the policy page").

Where the checker differs by platform (the Thai look-alike letters; two font problems on
Apple systems) this module takes the strictest variant, so that a label some Chromium build
keeps in punycode is kept here too (docs/security.md). Code points are written as escapes:
several lists are letters that look like Latin ones, which is the point.
"""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = [
    "ALLOWED_WHOLE_SCRIPT_WORDS",
    "CJK_LATIN_LOOKALIKES",
    "COMBINING_DIACRITICS",
    "DEVIATION_CHARACTERS",
    "DIGIT_LOOKALIKES",
    "EXTRA_CONFUSABLES",
    "KANA_EXCEPTIONS",
    "MULTIPLE_SKELETONS",
    "REMOVED_FROM_ALLOWED",
    "SLASH_LIKE_KANA",
    "WHOLE_SCRIPT_CONFUSABLES",
    "WholeScript",
]


def _chars(*cps: int) -> frozenset[str]:
    return frozenset(map(chr, cps))


def _span(lo: int, hi: int) -> frozenset[str]:
    return frozenset(map(chr, range(lo, hi + 1)))


#: The checker, ``SetAllowedUnicodeSet``: the allowed set is ICU's recommended and inclusion
#: sets (UTS #39 Identifier_Status=Allowed, from our Unicode 17.0 tables) minus these. Single
#: characters: U+0338 (looks like "/"), U+058A, U+2010, U+2019, U+2027, U+30A0 (hyphen and
#: quote look-alikes, NV8 in IDNA 2008), U+02BB, U+02BC (quote look-alikes), U+02EC
#: (modifier letter voicing), U+0138 (kra); U+0620 and U+0F8C..U+0F8F are removed on Apple
#: systems only ("render as blank"), and here everywhere. Blocks: "extremely rarely used LGC
#: character blocks" (Latin Extended-B Pinyin, Cyrillic Extended-C, Latin Extended
#: Additional, Greek Extended, Cyrillic Extended-B, Latin Extended-D).
REMOVED_FROM_ALLOWED: Final = (
    _chars(0x0338, 0x058A, 0x2010, 0x2019, 0x2027, 0x30A0, 0x02BB, 0x02BC, 0x02EC, 0x0138)
    | _chars(0x0620, 0x0F8C, 0x0F8D, 0x0F8E, 0x0F8F)
    | _span(0x01CD, 0x01DC)
    | _span(0x1C80, 0x1C8F)
    | _span(0x1E00, 0x1E9B)
    | _span(0x1F00, 0x1FFF)
    | _span(0xA640, 0xA69F)
    | _span(0xA720, 0xA7FF)
)

#: The checker: "Four characters handled differently by IDNA 2003 and IDNA 2008" (U+00DF,
#: U+03C2, U+200C, U+200D), kept in punycode when the label came as punycode (crbug 595263).
#: Chromium applies it only while its feature UseIDNA2008NonTransitional is off; iri always
#: does (the issue asks for it; docs/security.md says what Chromium shows today).
DEVIATION_CHARACTERS: Final = _chars(0x00DF, 0x03C2, 0x200C, 0x200D)

#: The checker: thorn U+00FE and eth U+00F0 (look like b, p and o) only under these TLDs,
#: schwa U+0259 only under .az, for labels longer than one UTF-16 unit.
ICELANDIC_CHARACTERS: Final = _chars(0x00FE, 0x00F0)
ICELANDIC_TLDS: Final = frozenset({"is", "fo"})
SCHWA: Final = "\u0259"
SCHWA_TLDS: Final = frozenset({"az"})

#: The checker, ``HasUnsafeMiddleDot``: U+00B7 only under .cat, between two "l" (the
#: Catalan ela geminada, RFC 5892 A.3).
MIDDLE_DOT: Final = "\u00b7"
CATALAN_TLD: Final = "cat"

#: The checker, ``kana_letters_exceptions_``: U+3078..U+307A, U+30D8..U+30DA, U+30FB..U+30FE.
#: A single-script label holding one of these (or a mark of COMBINING_DIACRITICS) skips the
#: whole-script test and goes through the dangerous patterns.
KANA_EXCEPTIONS: Final = _span(0x3078, 0x307A) | _span(0x30D8, 0x30DA) | _span(0x30FB, 0x30FE)
#: The checker, ``combining_diacritics_exceptions_``: U+0300..U+0339.
COMBINING_DIACRITICS: Final = _span(0x0300, 0x0339)


class WholeScript(NamedTuple):
    """One row of the checker's ``kWholeScriptConfusables``: a script (Script property,
    short code), its letters that look like Latin ones, and the ASCII TLDs under which a
    label made of them is still shown (a TLD holding a letter of the script is too)."""

    script: str
    lookalikes: frozenset[str]
    tlds: frozenset[str]


def _ws(script: str, tlds: tuple[str, ...], *cps: int) -> WholeScript:
    return WholeScript(script, _chars(*cps), frozenset(tlds))


#: The checker, ``kWholeScriptConfusables`` (the policy page, step 10). Thai: the larger
#: list of Linux and ChromeOS builds (other builds use only U+0E1A U+0E1E U+0E40 U+0E41
#: U+0E50, a subset).
WHOLE_SCRIPT_CONFUSABLES: Final = (
    _ws(
        "Armn",
        ("am",),
        *(0x561, 0x563, 0x566, 0x567, 0x56C, 0x570, 0x575, 0x578, 0x57D, 0x582, 0x585, 0x559),
    ),
    _ws(
        "Cyrl",
        ("bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"),
        *(0x430, 0x44B, 0x441, 0x501, 0x435, 0x50D, 0x4BB, 0x456, 0x44E, 0x43A, 0x458, 0x4CF),
        *(0x43E, 0x440, 0x517, 0x51B, 0x455, 0x51D, 0x445, 0x443, 0x44A, 0x44C, 0x4BD, 0x43F),
        *(0x433, 0x475, 0x461),
    ),
    _ws(
        "Ethi",
        ("er", "et"),
        *(0x1200, 0x1220, 0x1230, 0x1235, 0x1260, 0x1290, 0x1270, 0x12A8, 0x12D0, 0x12D5),
        *(0x12D8, 0x1320, 0x1350, 0xAB05),
    ),
    _ws("Geor", ("ge",), 0x10D8, 0x10DD, 0x10E7, 0x10EB, 0x10EE, 0x10FD, 0x10FF),
    _ws("Grek", ("gr",), 0x3B1, 0x3B9, 0x3BA, 0x3BD, 0x3C1, 0x3C5, 0x3C9, 0x3B7, 0x3BF, 0x3C4),
    _ws("Hebr", ("il",), 0x5D3, 0x5D5, 0x5D7, 0x5D9, 0x5DF, 0x5E1, 0x5F0, 0x5F2, 0x5F3, 0xFB26),
    _ws("Beng", (), 0x9E6, 0x9ED),
    _ws("Deva", (), 0x93D, 0x966, 0x971),
    _ws("Gujr", (), 0xAA1, 0xA9F, 0xAE6, 0xAE7),
    _ws("Guru", (), 0xA66, 0xA67),
    _ws("Knda", (), 0xCBD, 0xCE6, 0xCE7),
    _ws("Mlym", (), 0xD1F, 0xD20, 0xD27, 0xD28, 0xD31, 0xD66),
    _ws("Orya", (), 0xB20, 0xB66, 0xB6E),
    _ws("Taml", (), 0xB9F, 0xBAA, 0xBE6),
    _ws("Telu", (), 0xC66, 0xC67),
    _ws(
        "Mymr",
        ("mm",),
        *(0x1001, 0x1002, 0x1004, 0x1011, 0x1015, 0x101D, 0x1040, 0x1042, 0x1054, 0x105C),
        *(0x1090, 0x1091, 0x1095, 0x1096, 0x1097),
    ),
    _ws(
        "Thai",
        ("th",),
        *(0xE17, 0xE19, 0xE1A, 0xE1E, 0xE23, 0xE2B, 0xE40, 0xE41, 0xE50, 0xE14, 0xE25, 0xE1B),
        *(0xE1F, 0xE21),
    ),
)

#: The checker, ``kAllowedWholeScriptConfusableWords``: common Cyrillic words made of
#: Latin look-alikes that "aren't confusable with any words in Latin scripts".
ALLOWED_WHOLE_SCRIPT_WORDS: Final = frozenset(
    "".join(map(chr, word))
    for word in (
        (0x441, 0x435, 0x43A, 0x441),
        (0x43A, 0x430, 0x43A),
        (0x43A, 0x43E, 0x441, 0x430),
        (0x43A, 0x443, 0x440, 0x441),
        (0x43F, 0x430, 0x440, 0x43A),
        (0x442, 0x430, 0x43A, 0x438, 0x439),
        (0x443, 0x43A, 0x440, 0x43E, 0x43F),
        (0x441, 0x430, 0x445, 0x430, 0x440, 0x43E, 0x43A),
        (0x43F, 0x43E, 0x43A, 0x440, 0x430, 0x441, 0x43A, 0x430),
    )
)

#: The checker, ``digit_lookalikes_`` (the policy page, step 11): a label made only of these
#: and ASCII digits, with at least one of these, is kept in punycode.
DIGIT_LOOKALIKES: Final = _chars(
    *(0x3B8, 0x968, 0x9E8, 0xA68, 0xAE8, 0xCE9, 0xCED, 0x577, 0x437, 0x499, 0x4E1, 0x909),
    *(0x993, 0xA24, 0xA69, 0xAE9, 0xC69, 0x1012, 0x10D5, 0x10DE, 0xA5C, 0x10D9, 0xA6B),
    *(0x4E29, 0x3110, 0x573, 0x9EA, 0xA6A, 0xB6B, 0xAED, 0xB68, 0xC68),
)

#: The checker's dangerous patterns (the policy page, step 12), the sets they name:
#: Katakana no, n, so, zo and four ideographs that may pass for "/" (U+30CE U+30F3 U+30BD
#: U+30BE U+4E36 U+4E40 U+4E41 U+4E3F);
SLASH_LIKE_KANA: Final = _chars(0x30CE, 0x30F3, 0x30BD, 0x30BE, 0x4E36, 0x4E40, 0x4E41, 0x4E3F)
#: CJK characters that may pass for Latin letters or punctuation next to non-CJK text.
CJK_LATIN_LOOKALIKES: Final = _chars(
    *(0x4E00, 0x3127, 0x4E28, 0x4E5B, 0x4E03, 0x4E05, 0x5341, 0x3007, 0x3112, 0x311A),
    *(0x311F, 0x3128, 0x3129, 0x3108, 0x31BA, 0x31B3, 0x5DE5, 0x31B2, 0x8BA0, 0x4E01),
)
ITERATION_MARKS: Final = _chars(0x30FD, 0x30FE)
HIRAGANA_HE: Final = _span(0x3078, 0x307A)
KATAKANA_HE: Final = _span(0x30D8, 0x30DA)
PROLONGED_SOUND_MARK: Final = "\u30fc"
KATAKANA_MIDDLE_DOT: Final = "\u30fb"
KANA_VOICED_MARKS: Final = _chars(0x3099, 0x309A)
DOTLESS_I: Final = "\u0131"
DOT_ABOVE: Final = "\u0307"


def _to(target: str, *cps: int) -> dict[str, str]:
    return dict.fromkeys(map(chr, cps), target)


#: The skeleton generator, ``extra_confusable_mapper_``: mappings added to confusables.txt
#: before the skeleton of a host is compared with the top domains' (the policy page, 13).
#: U+0B20 and U+2E3A are what its rules hold (its comment names U+0B30 and U+23EA).
EXTRA_CONFUSABLES: Final = {
    **_to("ae", 0xE6, 0x4D5),
    **_to("p", 0x3FC, 0x48F),
    **_to("h", 0x127, 0x43D, 0x45B, 0x4A3, 0x4A5, 0x4C8, 0x4CA, 0x50B, 0x527, 0x529),
    **_to("k", 0x138, 0x3BA, 0x43A, 0x49B, 0x49D, 0x49F, 0x4A1, 0x4C4, 0x51F),
    **_to("n", 0x14B, 0x43F, 0x525, 0xE01, 0x5D7),
    **_to("t", 0x167, 0x442, 0x4AD, 0x50F, 0x4E03, 0x4E05, 0x4E06, 0x4E01),
    **_to("b", 0x185, 0x44C, 0x48D, 0x432, 0xDF),
    **_to("w", 0x3C9, 0x448, 0x449, 0xE1E, 0xE1F, 0xE9E, 0xE9F),
    **_to("m", 0x43C, 0x4CE),
    **_to("e", 0x454, 0x4BD, 0x4BF, 0x1054),
    **_to("r", 0x491),
    **_to("f", 0x493, 0x4FB),
    **_to("c", 0x4AB, 0x1004),
    **_to("y", 0x4B1, 0x4E2B),
    **_to("x", 0x3C7, 0x4B3, 0x4FD, 0x4FF, 0x4E42),
    **_to("d", 0x503, 0x10EB),
    **_to("g", 0x50D, 0x100C),
    **_to("s", 0xD1F, 0xE23, 0xEA3, 0xEAE),
    **_to("j", 0x1042),
    **_to("o", 0x966, 0x9E6, 0xA66, 0xAE6, 0xB20, 0xB66, 0xCE6, 0x1005),
    **_to("q", 0x9ED, 0xA67, 0xAE7),
    **_to("u", 0xE1A, 0xE9A),
    **_to("0", 0x3B8),
    **_to("2", 0x968, 0x9E8, 0xA68, 0xAE8, 0xCE9, 0xCED, 0x577),
    **_to("3", 0x437, 0x499, 0x4E1, 0x909, 0x993, 0xA24, 0xA69, 0xAE9, 0xC69, 0x1012, 0x10D5),
    **_to("3", 0x10DE, 0xA5C, 0x10D9),
    **_to("4", 0xA6B, 0x4E29, 0x3110),
    **_to("6", 0x573),
    **_to("8", 0x9EA, 0xA6A, 0xB6B),
    **_to("9", 0xAED, 0xB68, 0xC68),
    **_to("-", 0x2014, 0x4E00, 0x2015, 0x2E3A, 0x2E3B),
}

#: The skeleton generator, ``character_map_``: characters that look like several others; a
#: host gets one skeleton per choice (at most 5 such characters, 128 variants, 32 units).
MULTIPLE_SKELETONS: Final = {"\u00fe": ("b", "p"), "\u0153": ("ce", "oe"), "\u0142": ("l", "t")}
#: The skeleton generator's diacritic remover: NFD, drop nonspacing marks, NFC, then these.
DIACRITIC_EXTRAS: Final = {"\u0142": "l", "\u00f8": "o", "\u0111": "d"}
#: The skeleton generator, ``AddSkeletonMapping``: U+04CF also gets a skeleton as "l".
PALOCHKA: Final = "\u04cf"
