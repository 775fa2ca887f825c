"""A bad value for any option of any public function is an error naming the choices: a
ValueError for a string the option does not have, a TypeError for a value of another type.

The walk is over the surface itself: every callable of ``iri.__all__`` (and every public
method of ``IRIReference``), every parameter whose annotation names an option type (a
``StrEnum``), called through the public name (the native drop-in where it is bound) with a
value the type does not have. The message must name every accepted value.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import Any

import pytest

import iri

_TEXT = "http://a/b?c#d"
#: Positional arguments where one IRI text would not do (bytes, a charset).
_ARGS: dict[str, tuple[object, ...]] = {
    "from_bytes": (b"http://a/", "utf-8"),
    "from_local_name": (b"a.html", "utf-8"),
    "to_document": (_TEXT, "utf-8"),
}
_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def _python_function(name: str) -> Callable[..., Any]:
    # The Python function behind a public name (its signature; a native drop-in has none).
    module, _, attr = iri._LAZY[name].partition(":")
    return getattr(importlib.import_module(module), attr or name)  # type: ignore[no-any-return]


def _options(function: Callable[..., Any]) -> Iterator[tuple[str, type[StrEnum]]]:
    namespace = getattr(function, "__globals__", {})
    for parameter in inspect.signature(function).parameters.values():
        annotation = parameter.annotation
        if not isinstance(annotation, str):
            annotation = getattr(annotation, "__name__", "")
        for word in _NAME.findall(annotation):
            # the function's module names it, else the public face (TYPE_CHECKING imports)
            enum = namespace.get(word) or getattr(iri, word, None)
            if isinstance(enum, type) and issubclass(enum, StrEnum):
                yield parameter.name, enum


def _required(function: Callable[..., Any]) -> int:
    return sum(
        p.default is inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        for p in inspect.signature(function).parameters.values()
    )


def _cases() -> Iterator[Any]:
    for name in sorted(iri.__all__):
        if name not in iri._LAZY:
            continue
        function = _python_function(name)
        if isinstance(function, type) and issubclass(function, StrEnum):
            continue
        if isinstance(function, type):  # a class: its public methods
            for attr, method in inspect.getmembers(function):
                if attr.startswith("_") or not inspect.isfunction(method):
                    continue
                for option, enum in _options(method):
                    call = _method_call(function, attr)
                    yield pytest.param(call, option, enum, id=f"{name}.{attr}:{option}")
            continue
        args = _ARGS.get(name, (_TEXT,) * _required(function))
        for option, enum in _options(function):
            yield pytest.param(_public_call(name, args), option, enum, id=f"{name}:{option}")


def _public_call(name: str, args: tuple[object, ...]) -> Callable[..., Any]:
    def call(**option: object) -> object:
        return getattr(iri, name)(*args, **option)

    return call


def _method_call(cls: type, attr: str) -> Callable[..., Any]:
    def call(**option: object) -> object:
        value = cls(_TEXT) if cls is not iri.IRIReference else iri.parse(_TEXT)
        return getattr(value, attr)(**option)

    return call


CASES = list(_cases())


def _named(value: str, message: str) -> bool:
    # the value as a word of the message (quoted or not), not inside a longer name
    return re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", message) is not None


def test_the_walk_finds_the_options_of_the_surface() -> None:
    # A walk that found nothing would pass everything below: hold it to known options.
    ids = {c.id for c in CASES}
    for known in ("normalize:level", "to_uri:host", "equivalent:level", "from_href:form"):
        assert known in ids, sorted(ids)
    assert len(ids) >= 30


@pytest.mark.parametrize(("call", "option", "enum"), CASES)
def test_a_bad_option_value_names_the_accepted_values(
    call: Callable[..., Any], option: str, enum: type[StrEnum]
) -> None:
    with pytest.raises(ValueError, match=re.escape("not-an-option")) as info:
        call(**{option: "not-an-option"})
    message = str(info.value)
    missing = [m.value for m in enum if not _named(m.value, message)]
    assert not missing, f"{option}= message {message!r} does not name {missing}"


def test_every_option_type_is_an_option() -> None:
    # Each exported option type raises the message itself (iri.syntax.options.Option).
    from iri.syntax.options import Option

    for name in iri.__all__:
        value = getattr(iri, name)
        if isinstance(value, type) and issubclass(value, StrEnum):
            assert issubclass(value, Option), name
            with pytest.raises(ValueError, match="use one of"):
                value("not-an-option")
            with pytest.raises(TypeError, match="must be a str, one of"):
                value(None)


#: Values of other types than ``str``: None (never the default: the option is left out for
#: that; the native drop-ins had read it as left out), numbers, bytes of an accepted name,
#: an unhashable list (the hot paths look options up in dicts), any object.
WRONG_TYPES = [None, 3, 1.5, b"iri", ["iri"], object()]


@pytest.mark.parametrize("value", WRONG_TYPES, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize(("call", "option", "enum"), CASES)
def test_a_value_of_another_type_is_a_type_error_naming_the_accepted_values(
    call: Callable[..., Any], option: str, enum: type[StrEnum], value: object
) -> None:
    got = type(value).__name__
    if option == "find" and isinstance(value, list):
        value, got = [3], "int"  # find takes several: each of a list is judged
    with pytest.raises(TypeError, match=re.escape(f"got {got}")) as info:
        call(**{option: value})
    message = str(info.value)
    missing = [m.value for m in enum if not _named(m.value, message)]
    assert not missing, f"{option}= message {message!r} does not name {missing}"


@pytest.mark.parametrize(("call", "option", "enum"), CASES)
def test_a_long_bad_option_value_is_quoted_cut_short(
    call: Callable[..., Any], option: str, enum: type[StrEnum]
) -> None:
    # a hostile 1 MB value: the message quotes its start and says how long it was
    with pytest.raises(ValueError, match=r"\.\.\. \(1,000,000 characters\)") as info:
        call(**{option: "x" * 1_000_000})
    assert len(str(info.value)) < 1_000


#: The functions whose options go through ``iri.syntax.option_member.option``: both of
#: its errors start with the parameter's name, not the option type's.
NAMED_BY_PARAMETER = [
    pytest.param(lambda **k: iri.audit("http://a.example/", **k), "restriction", id="audit"),
    pytest.param(lambda **k: iri.from_href("http://a/", **k), "form", id="from_href"),
    pytest.param(lambda **k: iri.preprocess("a", **k), "spaces", id="preprocess:spaces"),
    pytest.param(lambda **k: iri.preprocess("a", **k), "references", id="preprocess:refs"),
]


@pytest.mark.parametrize(("call", "option"), NAMED_BY_PARAMETER)
@pytest.mark.parametrize("value", [None, 3, "not-an-option"], ids=repr)
def test_the_liberal_and_audit_errors_name_the_parameter(
    call: Callable[..., Any], option: str, value: object
) -> None:
    error = ValueError if isinstance(value, str) else TypeError
    with pytest.raises(error, match=rf"\A{option} must be "):
        call(**{option: value})


#: Texts that each stop some function before its options were read (before the fix): no
#: query, no scheme, no IRI at all, a lone surrogate.
_OTHER_TEXTS = ["", "//h/p", "http://a b/", "%", "\ud800"]


def _text_cases() -> Iterator[Any]:
    for case in CASES:
        name = case.id.partition(":")[0]
        if "." in name or name in _ARGS:
            continue  # methods are of a value already made; bytes and charsets apart
        n = _required(_python_function(name))
        for text in _OTHER_TEXTS:
            yield pytest.param(name, (text,) * n, *case.values[1:], id=f"{case.id}:{text!r}")


@pytest.mark.parametrize(("name", "args", "option", "enum"), list(_text_cases()))
@pytest.mark.parametrize("value", [3, "not-an-option"], ids=repr)
def test_a_bad_option_is_judged_before_the_text(
    name: str, args: tuple[str, ...], option: str, enum: type[StrEnum], value: object
) -> None:
    # whatever the text (even one the function rejects, or one it has nothing to do
    # for), a bad option raises the option's error: never passed over, never hidden
    # behind the text's own error
    error = ValueError if isinstance(value, str) else TypeError
    with pytest.raises(error) as info:
        getattr(iri, name)(*args, **{option: value})
    assert type(info.value) is error, info.value
    message = str(info.value)
    assert all(_named(m.value, message) for m in enum), message


@pytest.mark.parametrize("text", ["", "a", "//h/p", "mailto:a@b"])
def test_a_bad_query_style_raises_for_a_value_without_a_query(text: str) -> None:
    value = iri.parse(text)
    with pytest.raises(ValueError, match="not-an-option"):
        value.query_params_as("not-an-option")
    with pytest.raises(TypeError, match="got int"):
        value.query_params_as(3)
