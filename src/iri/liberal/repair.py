"""Repairs as data: what a liberal-input function changed, where, and why.

Every function of :mod:`iri.liberal` turns liberal text into IRI text and reports each
change as a :class:`Repair`: the code from the one registry (:mod:`iri.syntax.violations`), its
severity (``info`` for the defined mapping of a liberal syntax, ``warning`` for a fix of
broken input), the spec section, the span in the *original* text, the original characters
and what replaced them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from iri.syntax.argument import as_str, as_text
from iri.syntax.errors import InvalidIRI
from iri.syntax.violations import REGISTRY, Code, Severity, Violation

__all__ = ["Repair", "Repaired", "reject_surrogates", "require_str", "require_text"]


@dataclass(frozen=True, slots=True)
class Repair:
    """One change made to liberal input.

    ``span`` is ``(start, end)`` into the original text (``end`` exclusive; an empty span
    marks an insertion point), ``original`` is ``text[start:end]`` and ``replacement`` what
    the output has in its place (``""`` for a removal).
    """

    code: Code
    severity: Severity
    span: tuple[int, int]
    original: str
    replacement: str
    section: str
    message: str
    component: str | None = None

    @classmethod
    def of(
        cls,
        code: Code,
        start: int,
        original: str,
        replacement: str,
        message: str,
        *,
        component: str | None = None,
    ) -> Repair:
        """Build a repair whose severity and section come from the registry."""
        info = REGISTRY[code]
        span = (start, start + len(original))
        return cls(
            code, info.severity, span, original, replacement, info.section, message, component
        )

    def to_dict(self) -> dict[str, object]:
        """Return a JSON-ready dict."""
        return {
            "code": str(self.code),
            "severity": str(self.severity),
            "component": self.component,
            "span": list(self.span),
            "section": self.section,
            "original": self.original,
            "replacement": self.replacement,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class Repaired:
    """The output text of a liberal-input step and the repairs that produced it."""

    text: str
    repairs: tuple[Repair, ...] = ()


def require_str(text: object, what: str = "text") -> str:
    """``text``, a ``str`` (a subclass's text as a plain ``str``); a clear
    :class:`TypeError` for any other type."""
    return text if type(text) is str else as_str(text, what + " must be str, not {type}")


def require_text(text: object, what: str = "text") -> str:
    """The IRI text of an argument: a ``str`` itself, an :class:`iri.IRIReference` its
    text (:mod:`iri.syntax.argument`); a clear :class:`TypeError` for any other type."""
    if type(text) is str:
        return text
    return as_text(text, what + " must be str, not {type}")


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def reject_surrogates(text: str) -> None:
    """Raise :class:`iri.InvalidIRI` if ``text`` holds a lone surrogate.

    Surrogate code units are not characters (3987bis 7.3: "LEIRI preprocessing disallowed
    some code points and code units: Surrogate code units (D800-DFFF)"); no UTF-8 exists
    for them, so no liberal function can encode them.
    """
    m = _SURROGATE.search(text)
    if m is not None:
        i = m.start()
        v = Violation.of(
            Code.INVALID_CHARACTER,
            None,
            i,
            i + 1,
            f"lone surrogate U+{ord(text[i]):04X} cannot be encoded (3987bis 7.3)",
        )
        raise InvalidIRI(text, [v])
