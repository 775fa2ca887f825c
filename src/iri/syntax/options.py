"""Option: the base of every option type, whose bad value is an error naming the choices.

Every option of a public function is a :class:`~enum.StrEnum` (the plain strings work
too). A string the type does not have raises :class:`ValueError`, and a value that is no
string at all (``3``, ``None``, ``b"iri"``) a :class:`TypeError`; the plain ``Enum``
message (``'x' is not a valid Level``) does not say what would be, so every option type
derives from :class:`Option`, whose messages list the accepted values.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar

from iri.syntax.quoted import quoted

__all__ = ["Option", "choices", "member"]


def choices(enum: type[StrEnum]) -> str:
    """The accepted values of ``enum``, quoted and in order: ``'simple', 'syntax'``."""
    return ", ".join(repr(str(m)) for m in enum)


class Option(StrEnum):
    """A ``StrEnum`` whose unknown value raises an error naming the choices: a
    ``ValueError`` for a string it does not have, a ``TypeError`` for any other value.

    >>> class Colour(Option):
    ...     RED = "red"
    ...     BLUE = "blue"
    >>> Colour("green")
    Traceback (most recent call last):
    ...
    ValueError: 'green' is not a valid Colour: use one of 'red', 'blue'
    >>> Colour(None)
    Traceback (most recent call last):
    ...
    TypeError: Colour must be a str, one of 'red', 'blue'; got NoneType
    """

    @classmethod
    def _missing_(cls, value: object) -> None:
        # Enum calls this for a value no member has, and raises what it raises
        if not isinstance(value, str):
            # the type alone: a wrong type says nothing its value could add
            raise TypeError(
                f"{cls.__name__} must be a str, one of {choices(cls)}; got {type(value).__name__}"
            ) from None
        # a long value is quoted cut short (a 10 MB option must not make a 10 MB message)
        shown = quoted(value)
        raise ValueError(f"{shown} is not a valid {cls.__name__}: use one of {choices(cls)}")


_E = TypeVar("_E", bound=StrEnum)


def member(table: Mapping[str, _E], enum: type[_E], value: Any) -> _E:
    """The member of ``enum`` that ``value`` names (a member or its string), by one lookup
    in ``table`` (each member by its string; a member finds itself, as a StrEnum hashes
    and compares as its string): cheaper than calling the enum, on the hot paths. Else
    the enum's own conversion and its error: a ``ValueError`` for a string it does not
    have, a ``TypeError`` for any other value, an unhashable one too (which the lookup
    refuses with a TypeError of its own that would not say what the option takes).

    >>> from iri import Level
    >>> member({str(m): m for m in Level}, Level, "scheme")
    <Level.SCHEME: 'scheme'>
    """
    try:
        return table[value]
    except (KeyError, TypeError):
        return enum(value)
