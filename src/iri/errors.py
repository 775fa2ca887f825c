"""Exceptions of the ``iri`` package.

Every exception the library raises on purpose derives from :class:`IRIError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do not care.
No information lives only in message text: each class carries its data as attributes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from iri.violations import Violation

__all__ = ["CharsetError", "IDNAError", "IRIError", "InvalidIRI", "ResolutionError"]


class IRIError(ValueError):
    """Base class of every error raised by ``iri``."""


class InvalidIRI(IRIError):  # noqa: N818 (public name fixed by the API contract)
    """The text is not valid for the requested rule.

    ``.text`` is the checked text and ``.violations`` every violation found (errors and
    warnings, in order). ``str()`` shows the text with a caret under the first error.
    """

    def __init__(self, text: str, violations: Sequence[Violation], rule: str = "") -> None:
        self.text = text
        self.violations = tuple(violations)
        self.rule = rule
        super().__init__(self._render())

    @property
    def errors(self) -> tuple[Violation, ...]:
        """The violations of severity ``"error"``."""
        return tuple(v for v in self.violations if v.severity == "error")

    def _render(self) -> str:
        errors = self.errors or self.violations
        if not errors:
            return f"invalid {self.rule or 'IRI'}: {self.text!r}"
        first = errors[0]
        start, end = first.span
        # Render the text with control characters made visible, so the caret lines up.
        shown = "".join(_visible(c) for c in self.text)
        prefix = "".join(_visible(c) for c in self.text[:start])
        marked = "".join(_visible(c) for c in self.text[start:end]) or " "
        caret = " " * len(prefix) + "^" * max(1, len(marked))
        more = len(errors) - 1
        tail = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
        head = f"invalid {self.rule}" if self.rule else "invalid IRI"
        return (
            f"{head}: {first.message} [{first.code}, {first.section}]{tail}\n"
            f"    {shown}\n    {caret}"
        )


def _visible(char: str) -> str:
    """Return a one-cell stand-in for characters that would break the caret line."""
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # CONTROL PICTURES block
    if code == 0x7F:
        return "\u2421"
    if 0x80 <= code < 0xA0 or code in _INVISIBLE or _is_private(code):
        return "\ufffd"
    return char


def _is_private(code: int) -> bool:
    """Private use and tag characters have no agreed glyph: show a stand-in.

    (Variation selectors U+E0100-E01EF, though in 3987bis's iprivate, are combining marks
    that render with their base character, so they are left alone.)
    """
    return 0xE000 <= code <= 0xF8FF or 0xE0000 <= code <= 0xE007F or code >= 0xF0000


# Bidi controls and other zero-width format characters: shown as U+FFFD in the caret line
# so that they neither reorder the line nor vanish from it.
_INVISIBLE = frozenset(
    [
        0x061C,
        0x200B,
        0x200C,
        0x200D,
        0x200E,
        0x200F,
        0x2060,
        0xFEFF,
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
    ]
)


class IDNAError(IRIError):
    """A host could not be mapped through IDNA (UTS #46 / IDNA2008).

    ``.host`` is the whole host, ``.label`` the failing label, ``.position`` the index of
    the failing label's first character in ``host`` (or of the failing character when it
    is known) and ``.reason`` a short explanation from the IDNA layer.
    """

    def __init__(self, host: str, label: str, position: int, reason: str) -> None:
        self.host = host
        self.label = label
        self.position = position
        self.reason = reason
        super().__init__(
            f"cannot map host {host!r} through IDNA: label {label!r} at position {position}: "
            f"{reason}"
        )


class ResolutionError(IRIError):
    """A reference cannot be resolved: the base is not absolute, or the result cannot be
    written down without changing its meaning (see ``docs/rationale.md``)."""


class CharsetError(IRIError):
    """A document charset cannot be used for the query (3987bis 3.5).

    ``.charset`` is the charset name as given; ``.character`` and ``.position`` (index in
    the query) name the first character it cannot represent, or are ``None`` when the
    charset itself is unknown.
    """

    def __init__(
        self,
        message: str,
        charset: str,
        character: str | None = None,
        position: int | None = None,
    ) -> None:
        self.charset = charset
        self.character = character
        self.position = position
        super().__init__(message)
