"""Every public function of ``iri``, fuzzed: non-``str`` arguments give a ``TypeError`` that
names the expected type, and any text (hypothesis, plus the adversarial inputs of issue 8)
gives a result or one of the library's documented exceptions, never a builtins error."""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import iri
from iri.errors import IRIError

#: Public functions and the positions of their text arguments.
TEXT_ARGS: dict[str, tuple[int, ...]] = {}
for _name in iri.__all__:
    _obj = getattr(iri, _name)
    if inspect.isfunction(_obj):
        _params = [
            p
            for p in inspect.signature(_obj).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
        ]
        TEXT_ARGS[_name] = tuple(range(len(_params)))

#: Positional arguments that are not IRI texts, with the valid value the other cases pass
#: there: ``from_bytes`` and ``from_local_name`` decode bytes (their own non-bytes test is
#: below); a charset argument gets a real charset, so that the text argument is what is tried.
NOT_TEXT: dict[tuple[str, int], object] = {
    ("from_bytes", 0): b"http://example.org/a",
    ("from_local_name", 0): b"a.html",
}
FILLER: dict[tuple[str, int], object] = {
    **NOT_TEXT,
    ("from_bytes", 1): "utf-8",
    ("from_local_name", 1): "utf-8",
    ("to_document", 1): "utf-8",
}

ADVERSARIAL = [
    "http://h:" + "9" * 4301 + "/",
    "http://x/" + "%zz" * 2000,
    "\ufeffhttp://example.org/",
    " http://example.org/ ",
    "http://xn--zca.%c3%a9x/",
    "http://" + "é" * 70 + ".com/",
    "http://%2A.example.org/",
    "http://w%33.example/",
    "%2" * 1000,
    "[::" * 1000,
    "http://a/b/%2e%2e/c",
    "\u202e",
    "",
]


def _call(name: str, args: list[Any]) -> Any:
    func: Callable[..., Any] = getattr(iri, name)
    return func(*args)


def _args(name: str, value: Any, position: int) -> list[Any]:
    count = len(TEXT_ARGS[name])
    return [
        value if i == position else FILLER.get((name, i), "http://example.org/a")
        for i in range(count)
    ]


CASES = [(n, i) for n, positions in TEXT_ARGS.items() for i in positions if (n, i) not in NOT_TEXT]


def test_every_public_function_is_covered() -> None:
    # The lazy names (PEP 562) are in __all__ and resolve to functions too: the parametrization
    # above is not silently empty or partial.
    assert {"parse", "check", "resolve", "audit", "from_href", "visual_order"} <= set(TEXT_ARGS)
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", ["from_bytes", "from_local_name"])
@pytest.mark.parametrize("bad", [None, "r\xe9sum\xe9", 42, [1]], ids=repr)
def test_non_bytes_gives_a_clear_type_error(name: str, bad: object) -> None:
    with pytest.raises(TypeError) as info:
        _call(name, _args(name, bad, 0))
    assert "bytes" in str(info.value), str(info.value)


@pytest.mark.parametrize(("name", "position"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
@pytest.mark.parametrize("bad", [None, b"http://x/", 42, ["http://x/"]], ids=repr)
def test_non_str_gives_a_clear_type_error(name: str, position: int, bad: object) -> None:
    with pytest.raises(TypeError) as info:
        _call(name, _args(name, bad, position))
    message = str(info.value)
    assert "str" in message, message
    assert "bytes-like object is required" not in message


@pytest.mark.parametrize(("name", "position"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_adversarial_inputs_raise_only_library_errors(name: str, position: int, text: str) -> None:
    with contextlib.suppress(IRIError):
        _call(name, _args(name, text, position))


@pytest.mark.parametrize(("name", "position"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
@given(text=st.text(max_size=40))
def test_any_text_raises_only_library_errors(name: str, position: int, text: str) -> None:
    with contextlib.suppress(IRIError):
        _call(name, _args(name, text, position))


#: Every way to give a charset, called with the charset ``cs``.
CHARSET_CALLS: dict[str, Callable[[str], Any]] = {
    "to_uri": lambda cs: iri.to_uri("http://a/?\xe9", charset=cs),
    "from_href": lambda cs: iri.from_href("http://a/?\xe9", charset=cs),
    "to_display": lambda cs: iri.to_display("http://a/?\xe9", charset=cs),
    "from_bytes": lambda cs: iri.from_bytes(b"http://a/?\xe9", cs),
    "from_local_name": lambda cs: iri.from_local_name(b"\xe9.html", cs),
    "to_document-html": lambda cs: iri.to_document("http://a/?\xe9", cs),
    "to_document-xml": lambda cs: iri.to_document("http://a/?\xe9", cs, markup="xml"),
    "candidate_readings": lambda cs: iri.candidate_readings("%E9", (cs,)),
}


@pytest.mark.parametrize("call", CHARSET_CALLS)
@pytest.mark.parametrize(
    "charset", ["rot13", "hex", "base64", "idna", "unicode_escape", "nope", "\x00", "\udc80"]
)
def test_a_charset_that_is_not_a_text_encoding_is_a_charset_error(call: str, charset: str) -> None:
    # Issue 8: any Python codec was accepted (LookupError for rot13, a silent ?xn--9ca for idna).
    with pytest.raises(iri.CharsetError):
        CHARSET_CALLS[call](charset)


def _submodule_calls() -> dict[str, Callable[[Any], Any]]:
    from iri.liberal import repair
    from iri.scale.batch import stream
    from iri.schemes.data import DataURL
    from iri.schemes.file import from_path, to_path
    from iri.schemes.mailto import Mailto
    from iri.schemes.urn import URN
    from iri.text.linkformat import format_parts

    return {
        "schemes.file.from_path": from_path,
        "schemes.file.to_path": to_path,
        "schemes.mailto.Mailto.parse": Mailto.parse,
        "schemes.data.DataURL.parse": DataURL.parse,
        "schemes.urn.URN.parse": URN.parse,
        "linkformat.format_parts": format_parts,
        "liberal.repair": lambda t: repair(t, "lenient"),
        "batch.stream": lambda t: list(stream("check", [t])),
    }


#: The public functions of the subpackages with a text argument. Not here, with the reason:
#: ``iri.syntax.schemes.default_port`` / ``uses_dns`` (None is a valid scheme: "no scheme"),
#: ``require_scheme`` / ``scheme_violations`` / ``<scheme>.violations`` (hooks of ``check``
#: that take already split components), ``DataURL.from_bytes`` (bytes, keyword options),
#: ``batch.arrow_column`` / ``pandas_column`` (columns, covered in tests/unit/test_batch.py).
SUBMODULE_CALLS = _submodule_calls()


#: ``None`` is batch's missing value (``Iterable[str | None]``), so it is not a bad element.
SUBMODULE_BAD = [
    (name, bad)
    for name in SUBMODULE_CALLS
    for bad in (None, b"http://x/", 42, ["http://x/"])
    if not (name == "batch.stream" and bad is None)
]


@pytest.mark.parametrize(
    ("name", "bad"), SUBMODULE_BAD, ids=[f"{n}-{b!r}" for n, b in SUBMODULE_BAD]
)
def test_submodule_non_str_gives_a_clear_type_error(name: str, bad: object) -> None:
    with pytest.raises(TypeError) as info:
        SUBMODULE_CALLS[name](bad)
    message = str(info.value)
    assert "str" in message, message
    assert "bytes-like object is required" not in message


@pytest.mark.parametrize("name", SUBMODULE_CALLS)
@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_submodule_adversarial_inputs_raise_only_library_errors(name: str, text: str) -> None:
    with contextlib.suppress(IRIError):
        SUBMODULE_CALLS[name](text)


@pytest.mark.parametrize("name", SUBMODULE_CALLS)
@given(text=st.text(max_size=40))
def test_submodule_any_text_raises_only_library_errors(name: str, text: str) -> None:
    with contextlib.suppress(IRIError):
        SUBMODULE_CALLS[name](text)


#: The calls of issue 8's "Why", exactly as written there.
ISSUE_8_TYPE_ERRORS: dict[str, Callable[[], Any]] = {
    "check(None)": lambda: iri.check(None),  # type: ignore[arg-type]
    "is_valid(b'x')": lambda: iri.is_valid(b"x"),  # type: ignore[arg-type]
    "resolve('http://a/b', None)": lambda: iri.resolve("http://a/b", None),  # type: ignore[arg-type]
    "key(None, 'simple')": lambda: iri.key(None, "simple"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("call", ISSUE_8_TYPE_ERRORS)
def test_issue_8_type_errors(call: str) -> None:
    # Were: AttributeError, "a bytes-like object is required, not 'str'", the base returned,
    # None returned.
    with pytest.raises(TypeError, match="str"):
        ISSUE_8_TYPE_ERRORS[call]()


#: Every conversion and comparison that maps hosts, for the escaped-ASCII host rule.
HOST_GATES: dict[str, Callable[[str], Any]] = {
    "to_uri-auto": iri.to_uri,
    "to_uri-idna": lambda t: iri.to_uri(t, host="idna"),
    "to_uri-percent": lambda t: iri.to_uri(t, host="percent"),
    "to_iri": iri.to_iri,
    "normalize-syntax": iri.normalize,
    "normalize-scheme": lambda t: iri.normalize(t, level="scheme"),
    "key-scheme": lambda t: iri.key(t, "scheme"),
    "equivalent": lambda t: iri.equivalent(t, t),
    "resolve": lambda t: iri.resolve("http://a/b", t),
}


@pytest.mark.parametrize("gate", HOST_GATES)
@pytest.mark.parametrize("text", ["http://%2A.example.org/", "http://w%33.example/", "http://%41/"])
def test_escaped_ascii_in_a_host_never_reaches_the_host_mapping(gate: str, text: str) -> None:
    # Issue 8 (RFC 3986 3.2.2): every host mapping sits behind the strict gate, so none of
    # them has to decode an escaped US-ASCII octet in a host (the dead-code review relies on it).
    with pytest.raises(iri.InvalidIRI) as info:
        HOST_GATES[gate](text)
    assert info.value.errors[0].code == "percent-encoded-ascii-in-host"
