"""Issue 19 case 10: every function that takes IRI text takes the library's own value too.

``iri.to_uri(iri.parse("http://h/é"))`` raised ``TypeError``. Now each public function that
takes IRI text, given an ``IRIReference``, gives what it gives for ``str(ref)`` (the same
result, or the same exception), and any other type stays a clear ``TypeError``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import iri

#: Public functions of other text: running text, a path, a file name, bytes.
NOT_IRI_TEXT = {"extract", "remove_dot_segments", "from_local_name", "from_bytes"}
FILLER: dict[tuple[str, int], object] = {
    ("to_document", 1): "utf-8",
    ("candidate_readings", 1): ("utf-8",),
}

SAMPLES = [
    "http://h/é",
    "HTTP://User@Résumé.Example.org:80/a/./b/../%7e?q=ü&flag#f",
    "https://xn--bcher-kva.example/a%20b?x=1&y=&z#",
    "http://[2001:db8::7]:81/c",
    "mailto:ann@bücher.example?subject=Gr%C3%BC%C3%9Fe",
    "file:///C:/Users/Zo%C3%AB/a%20b.txt",
    "urn:isbn:0-395-36341-1",
    "relative/path?q",
    "//example.org/x",
    "",
]


def _text_functions() -> dict[str, tuple[Callable[..., Any], int]]:
    out = {}
    for name in iri.__all__:
        obj = getattr(iri, name)
        if not (inspect.isfunction(obj) or inspect.isbuiltin(obj)) or name in NOT_IRI_TEXT:
            continue
        count = sum(
            1
            for p in inspect.signature(obj).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
        )
        out[name] = (obj, count)
    return out


FUNCTIONS = _text_functions()
CASES = [
    (name, i)
    for name, (_, count) in FUNCTIONS.items()
    for i in range(count)
    if (name, i) not in FILLER
]


def _outcome(call: Callable[[], Any]) -> Any:
    try:
        return ("result", call())
    except Exception as exc:
        return ("raised", type(exc), str(exc))


def _same(a: Any, b: Any) -> bool:
    if a[0] == "result" and b[0] == "result":
        x, y = a[1], b[1]
        if isinstance(x, iri.OpaqueOrigin):
            return isinstance(y, iri.OpaqueOrigin)
        return bool(x == y) or repr(x) == repr(y)
    return bool(a == b)


def test_every_function_of_iri_text_is_tried() -> None:
    assert {
        "to_uri",
        "to_iri",
        "normalize",
        "check",
        "is_valid",
        "equivalent",
        "resolve",
        "from_href",
        "to_display",
        "audit",
        "query_params",
        "lenient",
    } <= set(FUNCTIONS)


@pytest.mark.parametrize(("name", "position"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
def test_the_value_gives_what_its_text_gives(name: str, position: int) -> None:
    func, count = FUNCTIONS[name]
    for text in SAMPLES:
        ref = iri.parse(text)

        def args(value: object) -> list[object]:
            return [
                value if i == position else FILLER.get((name, i), "http://example.org/a/b")
                for i in range(count)
            ]

        with_text = _outcome(lambda: func(*args(text)))  # noqa: B023
        with_value = _outcome(lambda: func(*args(ref)))  # noqa: B023
        assert _same(with_text, with_value), (name, text, with_text, with_value)


def test_to_uri_normalize_equivalent_resolve_and_parse_take_the_value() -> None:
    ref = iri.parse("http://h/é")
    assert iri.to_uri(ref) == "http://h/%C3%A9"
    assert iri.normalize(iri.parse("HTTP://H/%7e")) == "http://h/~"
    assert iri.equivalent(ref, "http://h/%C3%A9") and iri.equivalent("http://h/é", ref)
    assert iri.resolve(ref, iri.parse("x")) == "http://h/x"
    assert iri.parse(ref) == ref and type(str(iri.parse(ref))) is str


def test_submodule_functions_take_the_value() -> None:
    from iri.schemes.data import DataURL
    from iri.schemes.file import to_path
    from iri.schemes.mailto import Mailto
    from iri.schemes.urn import URN

    for parse, text in [
        (Mailto.parse, "mailto:ann@x.example"),
        (DataURL.parse, "data:,a"),
        (URN.parse, "urn:isbn:0-395-36341-1"),
        (to_path, "file:///tmp/a%20b"),
    ]:
        assert parse(iri.parse(text)) == parse(text)


@pytest.mark.parametrize("name", ["to_uri", "normalize", "check", "from_href", "to_display"])
@pytest.mark.parametrize("bad", [None, b"http://h/", 42, iri.split("http://h/")], ids=repr)
def test_other_types_stay_a_clear_type_error(name: str, bad: object) -> None:
    with pytest.raises(TypeError, match="str"):
        getattr(iri, name)(bad)
