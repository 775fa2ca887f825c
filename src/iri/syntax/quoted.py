"""quoted: a value as an error message quotes it, cut short when it is long.

An exception raised on a 10 MB line must not carry another 10 MB of text in its message
(nor a 1 MB option value a 1 MB ``ValueError``): every message of the library that quotes
an input goes through :func:`quoted`. The exceptions keep the whole input in their
attributes (:mod:`iri.syntax.errors`): nothing is lost, only not repeated. On the lowest
floor, with no import of the package, so that every module can use it (the option types
of :mod:`iri.syntax.options` too).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["QUOTED_MAX", "quoted"]

#: The characters of a text a message quotes whole; a longer one is cut after as many.
QUOTED_MAX: Final = 120


def quoted(value: object) -> str:
    """``repr(value)`` for a message, cut for a long value: at most :data:`QUOTED_MAX`
    characters of a text, then ``...`` and its length; any other value abbreviated by
    :func:`reprlib.repr`.

    >>> quoted("http://a/")
    "'http://a/'"
    >>> quoted("http://a/" + "b" * 200)[-32:]
    "bbbbbbbbbbb'... (209 characters)"
    >>> quoted(list(range(100)))
    '[0, 1, 2, 3, 4, 5, ...]'
    """
    if not isinstance(value, str):
        import reprlib  # only for a value of the wrong type: not at start-up

        return reprlib.repr(value)
    if len(value) <= QUOTED_MAX:
        return repr(value)
    return f"{value[:QUOTED_MAX]!r}... ({len(value):,} characters)"
