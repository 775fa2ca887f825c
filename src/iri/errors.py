"""Exceptions of the ``iri`` package.

Every exception the library raises on purpose derives from :class:`IRIError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do not care.
No information lives only in message text: each class carries its data as attributes.
The classes are defined on the syntax floor (:mod:`iri.syntax.errors`), so that every
layer can raise them; this module is their public path.
"""

from iri.syntax.errors import (
    CharsetError,
    ComponentError,
    HrefError,
    IDNAError,
    InvalidIRI,
    IRIError,
    ResolutionError,
)

__all__ = [
    "CharsetError",
    "ComponentError",
    "HrefError",
    "IDNAError",
    "IRIError",
    "InvalidIRI",
    "ResolutionError",
]
