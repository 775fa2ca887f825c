"""The text argument of the public functions: a ``str``, or the library's own value.

Every function that takes IRI text also takes an :class:`iri.IRIReference` (the design brief,
"The public API"): its ``str()`` is its text exactly (``str(parse(s)) == s``), so the
function reads that text. Any other type is the function's own clear ``TypeError``.

The value lives in a higher wing (``iri.value``), which this floor never imports: the value
type registers itself here (:class:`IRIText`, an ABC) when its module loads; a value can
only exist once that module has loaded, so the registration is always in place.

Callers test ``type(text) is not str`` first (nothing on the hot path) and call
:func:`as_text` only for another type::

    if type(text) is not str:
        text = as_text(text, "to_uri() expects a str (an IRI reference), not {type}")

A subclass of ``str`` (``rdflib.URIRef``, say) is read as its text, a plain ``str``: a
function that gives the text back unchanged (``to_uri`` of an ASCII URI, ``normalize`` of
a normal one) returns a ``str``, never the caller's subclass, as ``str``'s own methods do
and as the compiled functions do.
"""

from __future__ import annotations

from abc import ABC

__all__ = ["IRIText", "as_str", "as_text"]


class IRIText(ABC):  # noqa: B024 (a marker: registered, never subclassed)
    """The values whose ``str()`` is their IRI text, exactly (``iri.IRIReference``)."""

    __slots__ = ()


def as_text(value: object, message: str) -> str:
    """The IRI text of ``value``: ``value`` itself for a ``str``, its text as a plain
    ``str`` for a subclass of ``str``, ``str(value)`` for a registered value
    (:class:`IRIText`); otherwise ``TypeError(message)``, where ``{type}`` in ``message``
    names the type given.

    >>> as_text("http://h/", "f() expects str, got {type}")
    'http://h/'
    >>> class Name(str): ...
    >>> type(as_text(Name("http://h/"), "f() expects str, got {type}"))
    <class 'str'>
    >>> as_text(None, "f() expects str, got {type}")
    Traceback (most recent call last):
      ...
    TypeError: f() expects str, got NoneType
    """
    if not isinstance(value, str) and isinstance(value, IRIText):
        return str(value)
    return as_str(value, message)


def as_str(value: object, message: str) -> str:
    """``value`` as a plain ``str``: itself for a ``str``, its text for a subclass of
    ``str``; otherwise ``TypeError(message)`` (``{type}`` names the type given). For the
    arguments that are text but no IRI (a path, a charset name).

    >>> class Name(str): ...
    >>> type(as_str(Name("a/b"), "f() expects str, got {type}"))
    <class 'str'>
    """
    if isinstance(value, str):
        # str's own method gives the text as a plain str (a copy, for a subclass) whatever
        # the subclass's __str__ says
        return str.__str__(value)
    raise TypeError(message.format(type=type(value).__name__))
