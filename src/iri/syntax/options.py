"""Option: the base of every option type, whose bad value is an error naming the choices.

Every option of a public function is a :class:`~enum.StrEnum` (the plain strings work
too). A string the type does not have raises :class:`ValueError`, and a value that is no
string at all (``3``, ``None``, ``b"iri"``) a :class:`TypeError`; the plain ``Enum``
message (``'x' is not a valid Level``) does not say what would be, so every option type
derives from :class:`Option`, whose messages list the accepted values.
"""

from __future__ import annotations

from enum import StrEnum

from iri.syntax.quoted import quoted

__all__ = ["Option", "choices"]


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
