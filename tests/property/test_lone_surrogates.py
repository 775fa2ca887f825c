"""Issue 19 case 9: every public function gives a result or the library's own error
(``iri.errors``: ``IRIError`` and its subclasses) for text holding a lone surrogate.

A Python ``str`` may hold lone surrogates (U+D800-DFFF), which are no characters and have no
UTF-8 form; U+DC80-DCFF are what ``surrogateescape`` makes of an undecodable byte. Each of
six surrogates (both ends of the high and low ranges, and the edge of the escaped-byte range)
is tried alone and in each component of a reference, in every text argument of every public
function of ``iri.__all__`` and of the documented submodules.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable
from typing import Any

import pytest

import iri
from iri.errors import IRIError
from iri.syntax.violations import describe_char

SURROGATES = ("\ud800", "\udbff", "\udc00", "\udc7f", "\udc80", "\udfff")
#: The reference every text is made from, and where each component ends (a surrogate is put
#: at the end of the component, so it stays in that component as RFC 3986 Appendix B reads).
TEMPLATE = {
    "scheme": ("http", "://"),
    "userinfo": ("u", "@"),
    "host": ("h.example", ":"),
    "port": ("80", "/"),
    "path": ("p", "?"),
    "query": ("q=1", "#"),
    "fragment": ("f", ""),
}


def _texts() -> list[str]:
    out = []
    for s in SURROGATES:
        out += [s, "a/" + s, "http://h/" + s]
        for name in TEMPLATE:
            parts = (t + (s if n == name else "") + end for n, (t, end) in TEMPLATE.items())
            out.append("".join(parts))
    return out


TEXTS = _texts()

#: Arguments that are not IRI text, with a valid value for them.
FILLER: dict[tuple[str, int], object] = {
    ("from_bytes", 1): "utf-8",
    ("from_local_name", 1): "utf-8",
    ("to_document", 1): "utf-8",
    ("candidate_readings", 1): ("utf-8", "windows-1252"),
}
#: Functions whose text argument is bytes: they never see a str (their type test is in
#: tests/property/test_public_api_fuzz.py), only their other arguments are tried here.
BYTES_FIRST = {"from_bytes": b"http://h/a", "from_local_name": b"a.html"}


def _public() -> dict[str, tuple[Callable[..., Any], int]]:
    """Every public callable that takes text: its function and its count of required
    positional arguments (``IRIReference`` is its checked constructor, ``parse``)."""
    out: dict[str, tuple[Callable[..., Any], int]] = {}
    for name in iri.__all__:
        obj = getattr(iri, name)
        if not (inspect.isfunction(obj) or inspect.isbuiltin(obj)):  # builtins: the native core
            continue
        params = [
            p
            for p in inspect.signature(obj).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
        ]
        out[name] = (obj, len(params))
    out["IRIReference"] = (iri.IRIReference, 1)
    return out


def _submodules() -> dict[str, Callable[[str], Any]]:
    from iri.liberal import repair
    from iri.liberal.href import from_href_repairs, href_to_iri
    from iri.liberal.lenient import lenient_repairs
    from iri.liberal.preprocess import preprocess_repairs
    from iri.scale.batch import stream
    from iri.schemes.data import DataURL
    from iri.schemes.file import from_path, to_path
    from iri.schemes.mailto import Mailto
    from iri.schemes.urn import URN
    from iri.syntax.check import explain
    from iri.text.linkformat import format_parts

    calls: dict[str, Callable[[str], Any]] = {
        "schemes.file.from_path": from_path,
        "schemes.file.to_path": to_path,
        "schemes.mailto.Mailto.parse": Mailto.parse,
        "schemes.data.DataURL.parse": DataURL.parse,
        "schemes.urn.URN.parse": URN.parse,
        "linkformat.format_parts": format_parts,
        "syntax.check.explain": explain,
        "liberal.preprocess_repairs": preprocess_repairs,
        "liberal.lenient_repairs": lenient_repairs,
        "liberal.from_href_repairs": from_href_repairs,
        "liberal.href_to_iri": href_to_iri,
        "batch.stream": lambda t: list(stream("check", [t])),
        "display.password_show": lambda t: iri.to_display(t, password="show"),
        "to_uri.percent": lambda t: iri.to_uri(t, host="percent"),
        "normalize.scheme": lambda t: iri.normalize(t, level="scheme", character="nfc"),
        "lenient.uri": lambda t: iri.lenient(t, form="uri", host="uts46"),
        "from_href.iri": lambda t: iri.from_href(t, form="iri"),
        "from_href.legacy": lambda t: iri.from_href(t, charset="windows-1252"),
    }
    for step in iri.liberal.Liberal:
        calls[f"liberal.repair.{step.value}"] = lambda t, s=step: repair(t, s)
    return calls


PUBLIC = _public()
CASES = [
    (name, position)
    for name, (_, count) in PUBLIC.items()
    for position in range(count)
    if not (name in BYTES_FIRST and position == 0) and (name, position) not in FILLER
]
SUBMODULES = _submodules()


def _args(name: str, count: int, value: str, position: int) -> list[object]:
    args: list[object] = []
    for i in range(count):
        if i == position:
            args.append(value)
        elif i == 0 and name in BYTES_FIRST:
            args.append(BYTES_FIRST[name])
        else:
            args.append(FILLER.get((name, i), "http://example.org/a"))
    return args


def _only_documented(call: Callable[[], Any]) -> None:
    # A result (any), or the library's own error (iri.errors); anything else (a
    # UnicodeEncodeError from a codec or a library below, say) escapes and fails the test.
    with contextlib.suppress(IRIError):
        call()


def test_every_public_function_is_tried() -> None:
    assert {"check", "to_uri", "preprocess", "visual_order", "query_params"} <= set(PUBLIC)
    assert len(CASES) >= 30 and len(TEXTS) == 6 * 10


@pytest.mark.parametrize(("name", "position"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
def test_lone_surrogates_give_a_result_or_the_library_error(name: str, position: int) -> None:
    func, count = PUBLIC[name]
    for text in TEXTS:
        _only_documented(lambda: func(*_args(name, count, text, position)))  # noqa: B023


@pytest.mark.parametrize("name", list(SUBMODULES))
def test_lone_surrogates_in_submodule_functions(name: str) -> None:
    for text in TEXTS:
        _only_documented(lambda: SUBMODULES[name](text))  # noqa: B023


def test_lone_surrogates_as_a_charset_are_a_charset_error() -> None:
    for s in SURROGATES:
        with pytest.raises(iri.CharsetError):
            iri.to_uri("http://h/?é", charset=s)


@pytest.mark.parametrize("surrogate", SURROGATES)
def test_visual_order_keeps_a_lone_surrogate(surrogate: str) -> None:
    pytest.importorskip("bidi")
    # it was a UnicodeEncodeError from the bidi library
    assert iri.visual_order(surrogate) == surrogate
    shown = iri.visual_order("\u05d0\u05d1" + surrogate)
    assert len(shown) == 3 and surrogate in shown


@pytest.mark.parametrize(
    ("char", "name"),
    [
        ("\ud800", "U+D800 <surrogate>"),
        ("\udbff", "U+DBFF <surrogate>"),
        ("\udc00", "U+DC00 <surrogate>"),
        ("\udc7f", "U+DC7F <surrogate>"),  # no byte: surrogateescape gives U+DC80-DCFF only
        ("\udc80", "U+DC80 <surrogate: undecodable byte 0x80>"),
        ("\udcff", "U+DCFF <surrogate: undecodable byte 0xFF>"),
        ("\udfff", "U+DFFF <surrogate>"),
    ],
)
def test_describe_char_names_only_escaped_bytes_as_bytes(char: str, name: str) -> None:
    assert describe_char(char) == name


@pytest.mark.parametrize("surrogate", SURROGATES)
def test_preprocess_refuses_a_lone_surrogate(surrogate: str) -> None:
    # it passed the surrogate through, so its output was no IRI text
    with pytest.raises(iri.InvalidIRI) as info:
        iri.preprocess(" http://h/a" + surrogate + "b ")
    assert info.value.violations[0].span == (11, 12)
    with pytest.raises(iri.InvalidIRI):
        iri.split_references("a b" + surrogate)
