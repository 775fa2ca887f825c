"""A subclass of ``str`` as the text (``rdflib.URIRef`` is one) gives plain ``str`` results.

A function that gives its text back unchanged (``to_uri`` of an ASCII URI, ``normalize``
of a normal one, ``resolve`` of an empty reference) returns a plain ``str`` holding that
text, never the caller's object: as ``str``'s own methods do, and as the compiled
functions do (before, the Python functions returned the caller's object, so a result's
type hung on the text and on the mode). Every public function of one or two text
arguments, on texts that take each such path, in both modes.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import pytest

import iri


class Name(str):
    """A str subclass, as RDF libraries make them (and one whose ``__str__`` lies)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "not the text"


#: Texts that some function gives back unchanged, and some it changes.
TEXTS = ["http://a/b", "http://é/é", "a", "http://a/b?q=1#f", "mailto:a@b", "", "/a/./b"]
#: Functions whose arguments are not (all) IRI texts.
SKIP = {"from_bytes", "from_local_name", "to_document"}


def _functions() -> Iterator[Any]:
    for name in sorted(iri.__all__):
        function = getattr(iri, name)
        if name in SKIP or not (inspect.isfunction(function) or inspect.isbuiltin(function)):
            continue
        required = [
            p
            for p in inspect.signature(function).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
        ]
        if 1 <= len(required) <= 2:
            yield pytest.param(name, len(required), id=name)


FUNCTIONS = list(_functions())


def _subclassed(value: Any, seen: int = 0) -> list[str]:
    """Where ``value`` (a result: text, list, tuple, dict, a value's attributes) holds a
    ``Name``."""
    if type(value) is Name:
        return ["result"]
    if seen > 3:
        return []
    if isinstance(value, (list, tuple)):
        return [f"[{i}]{w}" for i, x in enumerate(value) for w in _subclassed(x, seen + 1)]
    if isinstance(value, dict):
        return [f"[{k!r}]{w}" for k, x in value.items() for w in _subclassed(x, seen + 1)]
    if isinstance(value, str):
        return []  # a plain str (a Name was caught above)
    out = []
    for attr in dir(type(value)):
        if attr.startswith("_"):
            continue
        if type(getattr(value, attr)) is Name:
            out.append("." + attr)
    return out


def test_the_walk_finds_the_functions() -> None:
    names = {p.values[0] for p in FUNCTIONS}
    assert {"to_uri", "to_iri", "normalize", "key", "resolve", "visual_order"} <= names


@pytest.mark.parametrize(("name", "count"), FUNCTIONS)
def test_a_str_subclass_gives_plain_str_results(name: str, count: int) -> None:
    function = getattr(iri, name)
    answered = 0
    for text in TEXTS:
        try:
            result = function(*[Name(text)] * count)
        except (iri.IRIError, ValueError):
            continue
        if inspect.isgenerator(result):
            result = list(result)
        assert not _subclassed(result), (text, _subclassed(result))
        # and the same answer as for the plain text
        plain = function(*[text] * count)
        if inspect.isgenerator(plain):
            plain = list(plain)
        assert result == plain, text
        answered += 1
    assert answered, name
