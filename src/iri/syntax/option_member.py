"""member and option: an option's member, by one dict lookup on the hot paths, or named by
its parameter in the error.

Calling an option type (``Level("scheme")``) goes through ``EnumType.__call__``, far
slower than one dict lookup; the functions that read an option on every call look the
value up in a table of the type's members by their strings (:func:`member`), and call the
type only for what the table lacks, which then raises the option's error
(:class:`iri.syntax.options.Option`). :func:`option` names the parameter in that error
instead, for the functions whose parameter name says more than the type's. Apart from
``options`` so that the modules the ``check`` command loads do not import ``typing``.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar

from iri.syntax.options import choices
from iri.syntax.quoted import quoted

__all__ = ["member", "option"]

_E = TypeVar("_E", bound=StrEnum)


def member(table: Mapping[str, _E], enum: type[_E], value: Any) -> _E:
    """The member of ``enum`` that ``value`` names (a member or its string), by one lookup
    in ``table`` (each member by its string; a member finds itself, as a StrEnum hashes
    and compares as its string). Else the enum's own conversion and its error: a
    ``ValueError`` for a string it does not have, a ``TypeError`` for any other value, an
    unhashable one too (which the lookup refuses with a TypeError of its own that would
    not say what the option takes).

    >>> from iri import Level
    >>> member({str(m): m for m in Level}, Level, "scheme")
    <Level.SCHEME: 'scheme'>
    >>> member({str(m): m for m in Level}, Level, ["scheme"])
    Traceback (most recent call last):
    ...
    TypeError: Level must be a str, one of 'simple', 'syntax', 'scheme'; got list
    """
    try:
        return table[value]
    except (KeyError, TypeError):
        return enum(value)


def option(enum: type[_E], value: Any, name: str) -> _E:
    """The member of ``enum`` that ``value`` names (a member or its string); the errors
    name the parameter ``name`` and the choices: a ``ValueError`` for a string it does not
    have, a ``TypeError`` for a value of another type.

    >>> from iri import Level
    >>> option(Level, "schema", "level")
    Traceback (most recent call last):
    ...
    ValueError: level must be one of 'simple', 'syntax', 'scheme', not 'schema'
    >>> option(Level, 3, "level")
    Traceback (most recent call last):
    ...
    TypeError: level must be a str, one of 'simple', 'syntax', 'scheme'; got int
    """
    try:
        return enum(value)
    except ValueError:
        raise ValueError(f"{name} must be one of {choices(enum)}, not {quoted(value)}") from None
    except TypeError:
        kind = type(value).__name__
        raise TypeError(f"{name} must be a str, one of {choices(enum)}; got {kind}") from None
