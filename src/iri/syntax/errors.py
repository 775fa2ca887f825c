"""Exceptions of the ``iri`` package (the public face is :mod:`iri.errors`).

They live on the lowest floor, beside the violations they carry, so that every layer can
raise them; each class reports ``iri.errors`` as its module, the path users import from.

Every exception the library raises on purpose derives from :class:`IRIError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do not care.
No information lives only in message text: each class carries its data as attributes.
A message quotes a long input cut short (:func:`iri.syntax.quoted.quoted`,
:func:`~iri.syntax.report.excerpt`), so that an error on a 10 MB line does not carry
another 10 MB of text; the attributes hold the input whole. Every class pickles and copies
with its attributes (:meth:`IRIError.__reduce__`), so an error raised in a worker process
(``concurrent.futures``, Dask, Spark) reaches the caller as itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from iri.syntax.quoted import quoted

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)

if TYPE_CHECKING:
    from iri.syntax.violations import Violation

__all__ = [
    "CharsetError",
    "ComponentError",
    "HrefError",
    "IDNAError",
    "IRIError",
    "InvalidIRI",
    "ResolutionError",
]


class IRIError(ValueError):
    """Base class of every error raised by ``iri``."""

    def __reduce__(self) -> tuple[object, ...]:
        # BaseException's own reduce calls ``type(self)(*self.args)``: the subclasses'
        # constructors take their data, not the message, so an error could not cross a
        # process boundary (a ProcessPoolExecutor broke). Rebuilt from the message and the
        # attributes instead, without running the constructor again.
        return (_restore, (type(self), self.args, self.__dict__))


def _restore(cls: type[IRIError], args: tuple[object, ...], state: dict[str, object]) -> IRIError:
    """An error of class ``cls`` with ``args`` and the attributes ``state`` (unpickling)."""
    error = cls.__new__(cls, *args)  # BaseException.__new__ sets .args; no __init__
    error.__dict__.update(state)
    return error


class InvalidIRI(IRIError):  # noqa: N818 (public name fixed by the API contract)
    """The text is not valid for the requested rule.

    ``.text`` is the checked text and ``.violations`` every violation found (errors and
    warnings, in order). ``str()`` shows the text with a caret under the first error (a
    text over 120 characters as a window around it, with its offset).
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
        from iri.syntax.report import WINDOW, caret, excerpt, shown

        errors = self.errors or self.violations
        head = f"invalid {self.rule}" if self.rule else "invalid IRI"
        if not errors:
            return f"{head}: {quoted(self.text)}"
        first = errors[0]
        more = len(errors) - 1
        tail = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
        if any(v.code == "violations-omitted" for v in self.violations):
            # check() capped a group: the count above is of the violations kept only.
            tail = f" (and {more} more listed, more left out: see .violations)"
        title = f"{head}: {first.message} [{first.code}, {first.section}]{tail}"
        if len(self.text) > WINDOW:  # a window around the error, its offset and the length
            line, under = excerpt(self.text, first.span, 4)
            where = f"    (at {first.span[0]:,} of {len(self.text):,} characters)"
            return f"{title}\n{line}\n{under}\n{where}"
        return f"{title}\n    {shown(self.text)}\n{caret(self.text, first.span, 4)}"


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
            f"cannot map host {quoted(host)} through IDNA: label {quoted(label)} at position "
            f"{position}: {reason}"
        )


class ResolutionError(IRIError):
    """A reference cannot be resolved: the base is not absolute, or the result cannot be
    written down without changing its meaning (see ``docs/rationale.md``)."""


class CharsetError(IRIError):
    """A document charset cannot be used: an unknown label, or text or octets the encoding
    cannot hold (3987bis 3.1, 3.5, 6.3).

    ``.charset`` is the label as given; ``.encoding`` the Encoding Standard's name of the
    encoding it resolved to (``"windows-1252"`` for ``"latin1"``), ``None`` when the label is
    unknown; ``.character`` and ``.position`` name the first character (or octet offset) the
    encoding cannot represent, or are ``None``.
    """

    def __init__(
        self,
        message: str,
        charset: str,
        character: str | None = None,
        position: int | None = None,
        *,
        encoding: str | None = None,
    ) -> None:
        self.charset = charset
        self.encoding = encoding
        self.character = character
        self.position = position
        super().__init__(message)


class HrefError(IRIError):
    """A web address that a browser fails to parse (WHATWG URL Standard, 3987bis 7.2).

    ``.text`` is the address and ``.base`` the base it was resolved against (or ``None``).
    """

    def __init__(self, text: str, base: str | None) -> None:
        self.text = text
        self.base = base
        against = "" if base is None else f" against base {quoted(base)}"
        super().__init__(f"not a web address a browser accepts: {quoted(text)}{against}")


class ComponentError(IRIError):
    """A component given to a modifier cannot stand in its place.

    ``.component`` names it (``"scheme"``, ``"userinfo"``, ``"host"``, ``"port"``,
    ``"path"``, ``"query"``, ``"fragment"``), ``.value`` is the value as given and
    ``.reason`` says why (e.g. a delimiter that would end the component, or a path that
    does not fit the authority: RFC 3986 3.3).
    """

    def __init__(self, component: str, value: str, reason: str) -> None:
        self.component = component
        self.value = value
        self.reason = reason
        super().__init__(f"{component} {quoted(value)}: {reason}")


for _cls in (
    IRIError,
    InvalidIRI,
    IDNAError,
    ResolutionError,
    CharsetError,
    HrefError,
    ComponentError,
):
    _cls.__module__ = "iri.errors"  # the public path (tracebacks, pickling, docs)
