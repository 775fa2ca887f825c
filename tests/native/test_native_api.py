"""The drop-in functions ``iri._native.api_*``: the same value, type, and error as the
Python function they stand in for, on the corpora and on bad arguments."""

from __future__ import annotations

import pickle

import pytest
from native_twins import (
    CORPUS_NAMES,
    configured,
    corpus,
    py_check,
    py_groups,
    py_is_valid,
    py_normalize,
    py_parse,
    py_split,
)

import iri

_n = configured()


def outcome(func: object, *args: object, **kwargs: object) -> tuple[str, object]:
    """What a call gives: ("ok", value) or ("raises", (type, str(exc), extra))."""
    try:
        return "ok", func(*args, **kwargs)  # type: ignore[operator]
    except Exception as exc:
        extra = getattr(exc, "violations", None)
        return "raises", (type(exc), str(exc), extra)


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_corpora(name: str) -> None:
    for text in corpus(name):
        assert _n.api_is_valid(text) is py_is_valid(text)
        assert _n.api_check(text) == py_check(text)
        got = _n.api_split(text)
        assert type(got) is type(py_split(text)) and got == py_split(text)
        kind, value = outcome(_n.api_parse, text)
        want_kind, want = outcome(py_parse, text)
        assert kind == want_kind, text
        if kind == "ok":
            assert type(value) is iri.IRIReference
            assert str(value) == text and value == want
            assert py_groups(text) == (
                value.scheme,
                value.authority,
                value.userinfo,
                value.host,
                value.port_text,
                value.path,
                value.query,
                value.fragment,
            )
        else:
            assert value == want, text


BAD = [b"http://a/", None, 3, ["a"], "\ud800", "http://a/\udfff", "http://%C3%A9/"]


@pytest.mark.parametrize("arg", BAD)
def test_bad_arguments(arg: object) -> None:
    """Non-str, lone surrogates, deferred hosts: the Python twin answers or raises."""
    assert outcome(_n.api_is_valid, arg) == outcome(py_is_valid, arg)
    assert outcome(_n.api_check, arg) == outcome(py_check, arg)
    assert outcome(_n.api_split, arg) == outcome(py_split, arg)
    assert outcome(_n.api_parse, arg) == outcome(py_parse, arg)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rule": "IRI"},
        {"rule": iri.Rule.URI},
        {"rule": "iri"},
        {"zone_id": "accept"},
        {"zone_id": "maybe"},
        {"rule": 3},
        # None given is not "left out" (PyO3 reads it so for an Option parameter: the
        # drop-ins had answered with the default rule where Python raises a TypeError)
        {"rule": None},
        {"zone_id": None},
        {"rule": ["IRI"]},
        {"rule": "absolute_IRI", "zone_id": iri.ZoneID.ACCEPT},
    ],
)
@pytest.mark.parametrize(
    "text", ["http://[fe80::1%25eth0]/a", "a b", "HTTP://H:80/", "http://example.org/", "#f"]
)
def test_options(kwargs: dict[str, object], text: str) -> None:
    assert outcome(_n.api_is_valid, text, **kwargs) == outcome(py_is_valid, text, **kwargs)
    assert outcome(_n.api_check, text, **kwargs) == outcome(py_check, text, **kwargs)
    assert outcome(_n.api_parse, text, **kwargs) == outcome(py_parse, text, **kwargs)


@pytest.mark.parametrize("level", [None, 3, "scheme", iri.Level.SIMPLE, "bogus"])
def test_normalize_level(level: object) -> None:
    text = "HTTP://a/%7e"
    assert outcome(_n.api_normalize, text, level=level) == outcome(py_normalize, text, level=level)


@pytest.mark.parametrize(
    "name", ["check", "is_valid", "split", "parse", "resolve", "normalize", "to_uri", "to_iri"]
)
def test_signatures_are_the_python_functions(name: str) -> None:
    # help() and inspect.signature show a drop-in's parameters and their real defaults
    # (its text_signature, defaults as their strings), those of the function it stands in for
    import importlib
    import inspect

    module = importlib.import_module(iri._LAZY[name])
    want = inspect.signature(getattr(module, name)).parameters.values()
    got = inspect.signature(getattr(_n, f"api_{name}")).parameters.values()
    assert [(p.name, p.kind, p.default) for p in got] == [(p.name, p.kind, p.default) for p in want]


@pytest.mark.parametrize(
    "name", ["check", "is_valid", "split", "parse", "resolve", "normalize", "to_uri", "to_iri"]
)
def test_drop_ins_carry_the_public_names(name: str) -> None:
    # repr(), help() and the errors of the arguments name the public function, as the
    # Python twin's do (they said api_is_valid: the name in the module)
    drop_in = getattr(_n, f"api_{name}")
    assert getattr(iri, name) is drop_in
    assert drop_in.__name__ == drop_in.__qualname__ == name
    assert repr(drop_in) == f"<built-in function {name}>"
    # pickled by reference as iri.<name> (a Dask or Spark task, a process pool), which is
    # the drop-in itself here and the Python function in a process without the core
    assert drop_in.__module__ == "iri"
    assert pickle.loads(pickle.dumps(drop_in)) is drop_in
    args = ("http://a/", "b") if name == "resolve" else ("http://a/",)
    with pytest.raises(TypeError, match=rf"\A{name}\(\) got an unexpected keyword argument"):
        drop_in(*args, levle="scheme")
    with pytest.raises(TypeError, match=rf"\A{name}\(\) missing"):
        drop_in()


@pytest.mark.parametrize("limit", [None, 0, 1, -1, "x"])
def test_check_limit_goes_to_python(limit: object) -> None:
    for text in ("http://example.org/", "a b c"):
        assert outcome(_n.api_check, text, limit=limit) == outcome(py_check, text, limit=limit)


def test_str_subclass_components_are_str() -> None:
    class S(str):
        pass

    text = S("path")
    got, want = _n.api_split(text), py_split(text)
    assert got == want and [type(x) for x in got] == [type(x) for x in want]
    assert type(_n.split(text)[2]) is str


def test_hostile() -> None:
    """The drop-ins on the hostile texts: every text for is_valid and split; parse and
    check on one text in five (their native paths are the low-level functions, compared
    on every text by test_native_hostile.py; here the binding: values, types, errors)."""
    from test_native_hostile import MINIMUM, generated

    texts = generated()
    for k, text in enumerate(texts):
        assert outcome(_n.api_is_valid, text) == outcome(py_is_valid, text), text
        assert outcome(_n.api_split, text) == outcome(py_split, text), text
        if k % 5 == 0:
            assert outcome(_n.api_parse, text) == outcome(py_parse, text), text
            assert outcome(_n.api_check, text) == outcome(py_check, text), text
    assert len(texts) >= MINIMUM
