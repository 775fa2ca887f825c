"""Violations as data: :class:`Violation`, :class:`Severity`, :class:`Code` and the registry.

The registry (:data:`REGISTRY`) is the one place that says, for every code, its severity,
the spec section it comes from, a one-line summary and an example that triggers it.
``docs/violations.md`` is generated from it (``tools/gen_violations_doc.py``), and a test
checks that every example really produces its code.

Severity follows the specs' keywords: ``"error"`` when the text breaks the ABNF or a MUST,
``"warning"`` when it breaks a SHOULD / SHOULD NOT.
"""

from __future__ import annotations

import unicodedata
from types import MappingProxyType

from iri.syntax.options import Option
from iri.syntax.registry import ENTRIES

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["REGISTRY", "Code", "CodeInfo", "Severity", "Violation", "describe_char", "from_row"]


class Severity(Option):
    """How bad a violation is: ``error`` (ABNF or MUST) or ``warning`` (SHOULD).

    ``info`` marks a repair made by a liberal-input function (``iri.liberal``) that is the
    defined mapping of a liberal syntax (e.g. LEIRI to IRI), not a fix of broken input.
    ``iri.check`` never reports ``info``.
    """

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Code(Option):
    """Stable kebab-case identifiers of every violation ``iri`` reports."""

    # -- errors: the ABNF of RFC 3987 2.2 / RFC 3986 Appendix A, or a MUST ---------------
    INVALID_CHARACTER = "invalid-character"
    NON_ASCII_CHARACTER = "non-ascii-character"
    IPRIVATE_OUTSIDE_QUERY = "iprivate-outside-query"
    BIDI_FORMATTING_CHARACTER = "bidi-formatting-character"
    INVALID_PERCENT_ENCODING = "invalid-percent-encoding"
    MISSING_SCHEME = "missing-scheme"
    INVALID_SCHEME = "invalid-scheme"
    SCHEME_NOT_ALLOWED = "scheme-not-allowed"
    INVALID_PORT = "invalid-port"
    INVALID_IP_LITERAL = "invalid-ip-literal"
    ZONE_ID_NOT_ALLOWED = "zone-id-not-allowed"
    COLON_IN_FIRST_SEGMENT = "colon-in-first-segment"
    FRAGMENT_NOT_ALLOWED = "fragment-not-allowed"
    # -- warnings: SHOULD / SHOULD NOT ---------------------------------------------------
    NOT_NFC = "not-nfc"
    LOWERCASE_PERCENT_ENCODING = "lowercase-percent-encoding"
    PERCENT_ENCODED_UNRESERVED = "percent-encoded-unreserved"
    PERCENT_ENCODED_INVALID_UTF8 = "percent-encoded-invalid-utf8"
    PERCENT_ENCODED_OVERLONG_UTF8 = "percent-encoded-overlong-utf8"
    DOT_SEGMENT = "dot-segment"
    EMPTY_PORT = "empty-port"
    DEFAULT_PORT = "default-port"
    PORT_OUT_OF_RANGE = "port-out-of-range"
    UPPERCASE_SCHEME = "uppercase-scheme"
    UPPERCASE_HOST = "uppercase-host"
    REG_NAME_NOT_DNS = "reg-name-not-dns"
    REG_NAME_TOO_LONG = "reg-name-too-long"
    PASSWORD_IN_USERINFO = "password-in-userinfo"
    JOINER_OUT_OF_CONTEXT = "joiner-out-of-context"
    PRIVATE_USE_CHARACTER = "private-use-character"
    # -- warnings: scheme-specific syntax (iri.schemes; checked for these schemes only) ---
    MAILTO_INVALID_ADDRESS = "mailto-invalid-address"
    MAILTO_INVALID_DOMAIN = "mailto-invalid-domain"
    MAILTO_INVALID_HEADER = "mailto-invalid-header"
    DATA_MISSING_COMMA = "data-missing-comma"
    DATA_INVALID_MEDIA_TYPE = "data-invalid-media-type"
    DATA_INVALID_BASE64 = "data-invalid-base64"
    FILE_PATH_NOT_ABSOLUTE = "file-path-not-absolute"
    URN_INVALID_NID = "urn-invalid-nid"
    URN_INVALID_NSS = "urn-invalid-nss"
    URN_INVALID_RQ_COMPONENTS = "urn-invalid-rq-components"
    # -- warnings: bidi structure (RFC 3987 4.2, RFC 5893 2; iri.syntax.bidi) ------------
    BIDI_MIXED_DIRECTION = "bidi-mixed-direction"
    BIDI_COMPONENT_EDGE = "bidi-component-edge"
    BIDI_RULE = "bidi-rule"

    # -- repairs made by the liberal-input functions (iri.liberal): info / warning -------
    WHITESPACE_TRIMMED = "whitespace-trimmed"
    SPACE_ENCODED = "space-encoded"
    SPACE_REMOVED = "space-removed"
    CHARACTER_REFERENCE_DECODED = "character-reference-decoded"
    SCHEME_NOT_RECOGNIZED = "scheme-not-recognized"
    CHARACTER_ENCODED = "character-encoded"
    PERCENT_SIGN_ENCODED = "percent-sign-encoded"
    HOST_MAPPED = "host-mapped"
    LEIRI_CHARACTER_ENCODED = "leiri-character-encoded"
    HREF_CHARACTER_STRIPPED = "href-character-stripped"
    HREF_CHARACTER_ENCODED = "href-character-encoded"
    HREF_BACKSLASH_CONVERTED = "href-backslash-converted"
    HREF_SERIALIZED = "href-serialized"
    QUERY_CHARACTER_REFERENCE = "query-character-reference"
    CHARSET_DECODED = "charset-decoded"
    # -- the checker's edges, hosts and limit (issue 8) -----------------------------------
    BYTE_ORDER_MARK = "byte-order-mark"
    LEADING_WHITESPACE = "leading-whitespace"
    TRAILING_WHITESPACE = "trailing-whitespace"
    PERCENT_ENCODED_ASCII_IN_HOST = "percent-encoded-ascii-in-host"
    PERCENT_ENCODED_HOST_NOT_IDN = "percent-encoded-host-not-idn"
    # -- hosts that convert (issue 19; iri.syntax.host_validity) ---------------------------
    PERCENT_ENCODED_LABEL_CHARACTER_IN_HOST = "percent-encoded-label-character-in-host"
    HOST_NOT_IDN = "host-not-idn"
    INVALID_A_LABEL = "invalid-a-label"
    VIOLATIONS_OMITTED = "violations-omitted"


_set = object.__setattr__


class _Record:
    """A frozen, slotted value compared, hashed and shown by its fields (``__match_args__``,
    in order), like ``@dataclass(frozen=True, slots=True)`` without importing ``dataclasses``
    (start-up time of ``iri check``, issue 12)."""

    __slots__ = ()

    #: The fields, in order (the order of the constructor's parameters).
    __match_args__: tuple[str, ...] = ()

    def _names(self) -> tuple[str, ...]:
        return self.__match_args__

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._names())

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names())
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is frozen")

    def __reduce__(self) -> tuple[type[_Record], tuple[object, ...]]:
        return type(self), self._fields()


class CodeInfo(_Record):
    """What the registry knows about a code."""

    __slots__ = ("example", "example_rule", "section", "severity", "summary")
    __match_args__ = ("severity", "section", "summary", "example", "example_rule")

    severity: Severity
    section: str
    summary: str
    example: str
    example_rule: str

    def __init__(
        self,
        severity: Severity,
        section: str,
        summary: str,
        example: str,
        example_rule: str = "IRI_reference",
    ) -> None:
        _set(self, "severity", severity)
        _set(self, "section", section)
        _set(self, "summary", summary)
        _set(self, "example", example)
        _set(self, "example_rule", example_rule)


#: The one registry: code -> severity, spec section, summary, example (data in
#: :mod:`iri.syntax.registry`).
REGISTRY: Final = MappingProxyType(
    {Code[name]: CodeInfo(Severity(severity), *rest) for name, (severity, *rest) in ENTRIES.items()}
)


class Violation(_Record):
    """One violation found in a checked text.

    ``span`` is ``(start, end)`` into the checked text (``end`` exclusive; an empty span
    marks a position, e.g. where a missing scheme should be). ``component`` names the
    RFC 3986 component (``"scheme"``, ``"userinfo"``, ``"host"``, ``"port"``, ``"path"``,
    ``"query"``, ``"fragment"``) or is ``None`` for the whole text.
    """

    __slots__ = ("code", "component", "message", "section", "severity", "span")
    __match_args__ = ("code", "severity", "component", "span", "section", "message")

    code: Code
    severity: Severity
    component: str | None
    span: tuple[int, int]
    section: str
    message: str

    def __init__(  # noqa: PLR0917 (the dataclass's positional constructor, kept)
        self,
        code: Code,
        severity: Severity,
        component: str | None,
        span: tuple[int, int],
        section: str,
        message: str,
    ) -> None:
        _set(self, "code", code)
        _set(self, "severity", severity)
        _set(self, "component", component)
        _set(self, "span", span)
        _set(self, "section", section)
        _set(self, "message", message)

    @classmethod
    def of(cls, code: Code, component: str | None, start: int, end: int, message: str) -> Violation:
        """Build a violation whose severity and section come from the registry."""
        info = REGISTRY[code]
        return cls(code, info.severity, component, (start, end), info.section, message)

    def to_dict(self) -> dict[str, object]:
        """Return a JSON-ready dict (used by ``iri check --json``)."""
        return {
            "code": str(self.code),
            "severity": str(self.severity),
            "component": self.component,
            "span": list(self.span),
            "section": self.section,
            "message": self.message,
        }


def from_row(code: str, component: str | None, start: int, end: int, message: str) -> Violation:
    """The violation of a row the compiled core reports (``iri._native.violations``: the
    invalid characters and host labels of ``check``), its severity and section from the
    registry.

    >>> v = from_row("invalid-character", "path", 20, 21, "U+0020 SPACE is not allowed in the path")
    >>> v.severity, v.section
    (<Severity.ERROR: 'error'>, 'RFC 3987 2.2')
    """
    return Violation.of(Code(code), component, start, end, message)


# Names of characters that have none in the Unicode Character Database (controls):
# their formal name aliases (NameAliases.txt).
_CONTROL_NAMES: Final = (
    "NULL",
    "START OF HEADING",
    "START OF TEXT",
    "END OF TEXT",
    "END OF TRANSMISSION",
    "ENQUIRY",
    "ACKNOWLEDGE",
    "ALERT",
    "BACKSPACE",
    "CHARACTER TABULATION",
    "LINE FEED",
    "LINE TABULATION",
    "FORM FEED",
    "CARRIAGE RETURN",
    "SHIFT OUT",
    "SHIFT IN",
    "DATA LINK ESCAPE",
    "DEVICE CONTROL ONE",
    "DEVICE CONTROL TWO",
    "DEVICE CONTROL THREE",
    "DEVICE CONTROL FOUR",
    "NEGATIVE ACKNOWLEDGE",
    "SYNCHRONOUS IDLE",
    "END OF TRANSMISSION BLOCK",
    "CANCEL",
    "END OF MEDIUM",
    "SUBSTITUTE",
    "ESCAPE",
    "INFORMATION SEPARATOR FOUR",
    "INFORMATION SEPARATOR THREE",
    "INFORMATION SEPARATOR TWO",
    "INFORMATION SEPARATOR ONE",
)


def describe_char(char: str) -> str:
    """Name a character for messages: ``U+202E RIGHT-TO-LEFT OVERRIDE``.

    >>> describe_char("\\t")
    'U+0009 CHARACTER TABULATION'
    >>> describe_char("\\udcff")
    'U+DCFF <surrogate: undecodable byte 0xFF>'
    """
    cp = ord(char)
    name = unicodedata.name(char, "")
    if not name:
        if cp < 0x20:
            name = _CONTROL_NAMES[cp]
        elif cp == 0x7F:
            name = "DELETE"
        elif 0x80 <= cp <= 0x9F:
            name = "<C1 control>"
        elif 0xDC80 <= cp <= 0xDCFF:
            # What Python's "surrogateescape" makes of a byte that is not UTF-8 (as the
            # ``iri`` command reads its input): say which byte it was.
            name = f"<surrogate: undecodable byte 0x{cp - 0xDC00:02X}>"
        elif 0xD800 <= cp <= 0xDFFF:
            name = "<surrogate>"
        elif (cp & 0xFFFE) == 0xFFFE or 0xFDD0 <= cp <= 0xFDEF:
            name = "<noncharacter>"
        elif unicodedata.category(char) == "Co":
            name = "<private use>"
        else:
            name = "<unassigned>"
    return f"U+{cp:04X} {name}"
