"""The audit's data: :class:`Finding`, its :class:`Level` and the :class:`AuditCode` registry.

Levels (docs/security.md):

* ``info``: noteworthy, not a risk by itself (an A-label and its U-label, a host skeleton,
  an encoded invisible character that stays visible as ``%HH``);
* ``warning``: something a careful reader could miss or misread (an invisible character in
  the path, text that is not NFC, an encoded slash, mixed scripts in a path segment);
* ``danger``: a known spoofing technique (bidi controls, a host that passes for another,
  userinfo that looks like a host, overlong UTF-8, encoded dot segments).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from iri.syntax.options import Option

__all__ = ["CODES", "AuditCode", "Finding", "Level"]


class Level(Option):
    """How much a finding matters, from least to most."""

    INFO = "info"
    WARNING = "warning"
    DANGER = "danger"


class AuditCode(Option):
    """Stable kebab-case identifiers of every audit finding."""

    BIDI_CONTROL = "bidi-control"
    INVISIBLE_CHARACTER = "invisible-character"
    JOINER_IN_CONTEXT = "joiner-in-context"
    JOINER_OUT_OF_CONTEXT = "joiner-out-of-context"
    ENCODED_INVISIBLE = "encoded-invisible"
    NOT_NFC = "not-nfc"
    NOT_NFKC = "not-nfkc"
    FULLWIDTH_FORM = "fullwidth-form"
    HALFWIDTH_KATAKANA = "halfwidth-katakana"
    ENCODED_DOT = "encoded-dot"
    ENCODED_DOT_SEGMENT = "encoded-dot-segment"
    ENCODED_SLASH = "encoded-slash"
    OVERLONG_UTF8 = "overlong-utf8"
    INVALID_UTF8 = "invalid-utf8"
    USERINFO = "userinfo"
    USERINFO_LOOKS_LIKE_HOST = "userinfo-looks-like-host"
    MIXED_SCRIPT_COMPONENT = "mixed-script-component"
    A_LABEL = "a-label"
    INVALID_A_LABEL = "invalid-a-label"
    HOST_SKELETON = "host-skeleton"
    MIXED_SCRIPT_LABEL = "mixed-script-label"
    WHOLE_SCRIPT_CONFUSABLE = "whole-script-confusable"
    RESTRICTED_CHARACTER = "restricted-character"
    MIXED_NUMBERS = "mixed-numbers"
    SLASH_LOOKALIKE = "slash-lookalike"
    DOT_LOOKALIKE = "dot-lookalike"
    NUMERIC_HOST = "numeric-host"
    CONFUSABLE_WITH_PROTECTED = "confusable-with-protected"
    # Chromium's navigation checks (iri.safety.lookalikes, issue 27).
    LOOKALIKE_TARGET_EMBEDDING = "lookalike-target-embedding"
    LOOKALIKE_EDIT_DISTANCE = "lookalike-edit-distance"
    DIGIT_AS_LETTER = "digit-as-letter"
    # The IDN display policy (iri.safety.idn_policy, docs/security.md "Display policy").
    INVALID_LABEL = "invalid-label"
    REPEATED_MARK = "repeated-mark"
    HIDDEN_OVERLAY = "hidden-overlay"
    DEVIATION_CHARACTER = "deviation-character"
    TLD_SPECIFIC_CHARACTER = "tld-specific-character"
    UNSAFE_MIDDLE_DOT = "unsafe-middle-dot"
    DIGIT_LOOKALIKE = "digit-lookalike"
    NON_ASCII_LATIN_MIXED = "non-ascii-latin-mixed"
    DANGEROUS_PATTERN = "dangerous-pattern"
    CONFUSABLE_WITH_TOP_DOMAIN = "confusable-with-top-domain"
    # What would make the shown IRI split otherwise (iri.safety.delimiters, issue 19).
    DELIMITER_LOOKALIKE = "delimiter-lookalike"
    LINE_BREAK = "line-break"
    SPACE_LOOKALIKE = "space-lookalike"


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """The section a code comes from and a one-line summary."""

    section: str
    summary: str


#: Every code: spec section and summary (docs/security.md lists them with examples).
CODES: Final = MappingProxyType(
    {
        AuditCode.BIDI_CONTROL: CodeInfo("RFC 3987 4.1", "a raw bidi formatting character"),
        AuditCode.INVISIBLE_CHARACTER: CodeInfo(
            "3987bis 10", "a raw default-ignorable, format or blank character"
        ),
        AuditCode.JOINER_IN_CONTEXT: CodeInfo(
            "RFC 5892 A.1", "ZWNJ/ZWJ where the CONTEXTJ rules allow it"
        ),
        AuditCode.JOINER_OUT_OF_CONTEXT: CodeInfo(
            "RFC 5892 A.1", "ZWNJ/ZWJ outside the contexts the CONTEXTJ rules allow"
        ),
        AuditCode.ENCODED_INVISIBLE: CodeInfo(
            "3987bis 4.2", "a percent-encoded invisible or bidi character (stays encoded)"
        ),
        AuditCode.NOT_NFC: CodeInfo("RFC 3987 5.3.2.2", "a component that is not in NFC"),
        AuditCode.NOT_NFKC: CodeInfo("bis-07 8.5", "a compatibility character (not NFKC)"),
        AuditCode.FULLWIDTH_FORM: CodeInfo("bis-07 8.5", "a full-width ASCII variant"),
        AuditCode.HALFWIDTH_KATAKANA: CodeInfo("bis-07 8.5", "a half-width Katakana variant"),
        AuditCode.ENCODED_DOT: CodeInfo("RFC 3986 2.3", "a percent-encoded '.'"),
        AuditCode.ENCODED_DOT_SEGMENT: CodeInfo(
            "RFC 3986 5.2.4", "a segment that decodes into '.' or '..'"
        ),
        AuditCode.ENCODED_SLASH: CodeInfo(
            "RFC 3986 2.2", "a percent-encoded '/' or '\\\\' inside a path segment"
        ),
        AuditCode.OVERLONG_UTF8: CodeInfo("RFC 3629 3", "an overlong UTF-8 escape"),
        AuditCode.INVALID_UTF8: CodeInfo("3987bis 4.2", "escapes that are not UTF-8"),
        AuditCode.USERINFO: CodeInfo("RFC 3986 7.6", "userinfo in a web address"),
        AuditCode.USERINFO_LOOKS_LIKE_HOST: CodeInfo(
            "RFC 3986 7.6", "userinfo that looks like a host name"
        ),
        AuditCode.MIXED_SCRIPT_COMPONENT: CodeInfo(
            "bis-07 8.5", "a component mixing scripts beyond the restriction level"
        ),
        AuditCode.A_LABEL: CodeInfo("RFC 5890 2.3.2.1", "an A-label and its U-label"),
        AuditCode.INVALID_A_LABEL: CodeInfo("RFC 5891 5.4", "an xn-- label that is invalid"),
        AuditCode.HOST_SKELETON: CodeInfo("UTS #39 4", "the skeleton of a non-ASCII host"),
        AuditCode.MIXED_SCRIPT_LABEL: CodeInfo(
            "UTS #39 5.2", "a host label below the required restriction level"
        ),
        AuditCode.WHOLE_SCRIPT_CONFUSABLE: CodeInfo(
            "Chromium IDN policy 10", "a label whose letters of one script all look Latin"
        ),
        AuditCode.RESTRICTED_CHARACTER: CodeInfo(
            "UTS #39 3.1", "a host character outside the allowed set (Restricted, or removed)"
        ),
        AuditCode.MIXED_NUMBERS: CodeInfo("UTS #39 5.3", "digits of several numbering systems"),
        AuditCode.SLASH_LOOKALIKE: CodeInfo("3987bis 10", "a character that looks like '/'"),
        AuditCode.DOT_LOOKALIKE: CodeInfo("RFC 3490 3.1", "a full-width or ideographic dot"),
        AuditCode.NUMERIC_HOST: CodeInfo("RFC 3986 7.4", "a host that is an unusual IPv4 form"),
        AuditCode.CONFUSABLE_WITH_PROTECTED: CodeInfo(
            "UTS #39 4", "a host whose skeleton equals a protected domain's"
        ),
        AuditCode.LOOKALIKE_TARGET_EMBEDDING: CodeInfo(
            "Chromium lookalikes", "a host that embeds a top or protected domain not its own"
        ),
        AuditCode.LOOKALIKE_EDIT_DISTANCE: CodeInfo(
            "Chromium lookalikes", "a registrable domain one edit from a top or protected one"
        ),
        AuditCode.DIGIT_AS_LETTER: CodeInfo(
            "RFC 3987 7.5", "a 0 or 1 between letters, read as o or l ('br0ken')"
        ),
        AuditCode.INVALID_LABEL: CodeInfo("UTS #46 4", "a non-ASCII label that IDNA rejects"),
        AuditCode.REPEATED_MARK: CodeInfo(
            "Chromium IDN policy 7", "a nonspacing mark repeated (the repeat is invisible)"
        ),
        AuditCode.HIDDEN_OVERLAY: CodeInfo(
            "Chromium IDN policy 7", "a dot above hidden by the dot of i, j or l"
        ),
        AuditCode.DEVIATION_CHARACTER: CodeInfo(
            "Chromium IDN checker", "a deviation character (ß, ς, ZWNJ, ZWJ) in a label"
        ),
        AuditCode.TLD_SPECIFIC_CHARACTER: CodeInfo(
            "Chromium IDN checker", "þ or ð outside .is/.fo, ə outside .az"
        ),
        AuditCode.UNSAFE_MIDDLE_DOT: CodeInfo(
            "Chromium IDN policy 8", "a middle dot outside the Catalan l·l under .cat"
        ),
        AuditCode.DIGIT_LOOKALIKE: CodeInfo(
            "Chromium IDN policy 11", "a label of digits and characters that look like digits"
        ),
        AuditCode.NON_ASCII_LATIN_MIXED: CodeInfo(
            "Chromium IDN policy 5", "non-ASCII Latin letters beside another script"
        ),
        AuditCode.DANGEROUS_PATTERN: CodeInfo(
            "Chromium IDN policy 12", "kana, CJK or combining marks used in a deceptive way"
        ),
        AuditCode.CONFUSABLE_WITH_TOP_DOMAIN: CodeInfo(
            "Chromium IDN policy 13",
            "a host whose skeleton (an ASCII host's: case folded) equals a top domain's",
        ),
        AuditCode.DELIMITER_LOOKALIKE: CodeInfo(
            "RFC 3987 6.1 b", "a character read as a delimiter the component does not have"
        ),
        AuditCode.LINE_BREAK: CodeInfo(
            "RFC 3987 6.1 b", "a character that breaks the line (U+2028, U+2029, NEL, LF ...)"
        ),
        AuditCode.SPACE_LOOKALIKE: CodeInfo(
            "RFC 3987 6.1 b", "a character read as a space, where the IRI would end (U+3000)"
        ),
    }
)


@dataclass(frozen=True, slots=True)
class Finding:
    """One audit result: ``text[span[0]:span[1]]`` is what it is about; ``target`` is
    the domain a look-alike host imitates (None for a finding that imitates nothing)."""

    level: Level
    code: AuditCode
    span: tuple[int, int]
    message: str
    section: str
    component: str
    target: str | None = None

    def __str__(self) -> str:
        return f"{self.level}: {self.code} at {self.span[0]}-{self.span[1]}: {self.message}"


def finding(  # noqa: PLR0917 (one call per finding: positional keeps them on one line)
    level: Level,
    code: AuditCode,
    start: int,
    end: int,
    message: str,
    component: str,
    *,
    target: str | None = None,
) -> Finding:
    """A :class:`Finding` with the section taken from :data:`CODES`."""
    return Finding(level, code, (start, end), message, CODES[code].section, component, target)
