"""Typed values of the schemes with rules of their own: :mod:`iri.schemes.mailto`
(RFC 6068), :mod:`iri.schemes.data` (RFC 2397), :mod:`iri.schemes.file` (RFC 8089) and
:mod:`iri.schemes.urn` (RFC 8141).

Each value is parsed from an IRI that :func:`iri.check` accepts with no violation of its
scheme's rules (those rules, and the scheme facts such as default ports, are on the syntax
floor: :mod:`iri.syntax.schemes`).
"""

from __future__ import annotations

from iri.syntax.argument import as_text
from iri.syntax.check import check
from iri.syntax.errors import InvalidIRI

__all__ = ["require_scheme"]


def require_scheme(text: object, scheme: str, what: str) -> str:
    """The gate of the typed values' ``parse``: return the text after ``scheme:`` when
    ``text`` is a valid IRI of ``scheme`` without a violation of that scheme's rules, else
    raise :class:`~iri.InvalidIRI` carrying the violations (``TypeError`` for a non-str)."""
    if not isinstance(text, str):
        text = as_text(text, what + ".parse() expects str, got {type}")
    found = check(text, rule="IRI")
    bad = [v for v in found if v.severity == "error" or v.code.startswith(f"{scheme}-")]
    head, _, rest = text.partition(":")
    if bad:
        raise InvalidIRI(text, bad, f"{what} IRI")
    if head.lower() != scheme:
        raise InvalidIRI(text, found, f"{what} IRI (scheme is not {scheme!r})")
    return rest


def __getattr__(name: str) -> object:
    """The scheme facts stood here before this release (``iri.schemes.default_port``):
    kept one release, with a DeprecationWarning, as names of :mod:`iri.syntax.schemes`."""
    import iri.syntax.schemes as facts

    if name not in facts.__all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import warnings

    warnings.warn(
        f"iri.schemes.{name} moved to iri.syntax.schemes.{name}; the old path is removed "
        "in the next release",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(facts, name)
