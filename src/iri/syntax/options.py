"""Option: the base of every option type, whose bad value is a ValueError naming the choices.

Every option of a public function is a :class:`~enum.StrEnum` (the plain strings work
too). A value the type does not have raises :class:`ValueError`; the plain ``Enum``
message (``'x' is not a valid Level``) does not say what would be, so every option type
derives from :class:`Option`, whose message lists the accepted values.
"""

from __future__ import annotations

from enum import StrEnum

from iri.syntax.quoted import quoted

__all__ = ["Option", "choices"]


def choices(enum: type[StrEnum]) -> str:
    """The accepted values of ``enum``, quoted and in order: ``'simple', 'syntax'``."""
    return ", ".join(repr(str(m)) for m in enum)


class Option(StrEnum):
    """A ``StrEnum`` whose unknown value raises a ``ValueError`` naming the choices.

    >>> class Colour(Option):
    ...     RED = "red"
    ...     BLUE = "blue"
    >>> Colour("green")
    Traceback (most recent call last):
    ...
    ValueError: 'green' is not a valid Colour: use one of 'red', 'blue'
    """

    @classmethod
    def _missing_(cls, value: object) -> None:
        # a long value is quoted cut short (a 10 MB option must not make a 10 MB message)
        shown = quoted(value)
        raise ValueError(f"{shown} is not a valid {cls.__name__}: use one of {choices(cls)}")
