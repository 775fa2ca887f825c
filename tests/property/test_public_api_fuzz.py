"""Every public function of ``iri``, fuzzed: non-``str`` arguments give a ``TypeError`` that
names the expected type, and any text (hypothesis, plus the adversarial inputs of issue 8)
gives a result or one of the exceptions the function documents, never a builtins error, and
keeps the function's invariant (INVARIANTS: result types, agreement with ``check``, round
trips, idempotence). Disagreements the invariants found are strict xfails at the end."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from invariants import INVARIANTS, fails, invalid  # type: ignore[import-not-found]
from strategies import TOKENS, any_text, biased_text  # type: ignore[import-not-found]

import iri
from iri.errors import IRIError

#: Public functions and the positions of their text arguments.
TEXT_ARGS: dict[str, tuple[int, ...]] = {}
for _name in iri.__all__:
    _obj = getattr(iri, _name)
    # (builtins too: the drop-ins of the compiled core stand for eight of them, issue 21)
    if inspect.isfunction(_obj) or inspect.isbuiltin(_obj):
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


def _outcome(call: Callable[[], Any]) -> Any:
    try:
        return call()
    except IRIError as exc:
        return exc


def test_every_public_function_has_an_invariant() -> None:
    assert set(INVARIANTS) == set(TEXT_ARGS)


#: Valid references of many shapes (strategies.reference() draws such texts too, at 25 ms
#: each: too slow for 31 functions), to be changed by one token.
SAMPLES = [
    "http://user:pw@résumé.example.org:8080/東京/../a?q=ü&r=%E2%82%AC#frag",
    "https://xn--bcher-kva.example/a%20b?x#",
    "HTTP://Example.COM:80/%7euser/./x",
    "http://[2001:db8::7]:81/c=GB?objectClass?one",
    "http://192.0.2.16/a;p?q",
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://ab.\u05d0\u05d1\u05d2.example/\u05d3/kl",
    "http://example.org/?\ue000",
    "//example.org/scheme-relative",
    "/absolute/path;x?y",
    "relative/path/../g",
    "./a:b",
    "?query-only",
    "#fragment-only",
    "",
    "mailto:ann@bücher.example,joe@x.example?subject=Gr%C3%BC%C3%9Fe&body=hi",
    "data:text/plain;charset=iso-8859-7,%BE%D3%BE",
    "data:;base64,SGk=",
    "urn:isbn:0-395-36341-1?=lang=en#p",
    "file:///C:/Users/Zo%C3%AB/a%20b.txt",
    "file://host/share/x",
    "tag:example.org,2024:x",
    "x:",
    "http://e\u0301.example/caf\u00e9",
]


@st.composite
def _changed(draw: st.DrawFn) -> str:
    """A sample as it is, or with one token inserted, deleted or replaced somewhere."""
    text = draw(st.sampled_from(SAMPLES))
    pos = draw(st.integers(0, len(text)))
    action = draw(st.sampled_from(["keep", "insert", "delete", "replace"]))
    token = draw(st.one_of(st.sampled_from(TOKENS), st.characters(exclude_categories=())))
    if action == "insert":
        return text[:pos] + token + text[pos:]
    if action == "delete":
        return text[:pos] + text[pos + 1 :]
    if action == "replace":
        return text[:pos] + token + text[pos + 1 :]
    return text


#: Any text (all of Unicode, lone surrogates too), text biased towards delimiters and bidi
#: controls, and valid references, as they are or with one token changed.
TEXTS = st.one_of(any_text, biased_text, _changed())


def test_the_samples_are_valid_references() -> None:
    assert [t for t in SAMPLES if not iri.is_valid(t)] == []


@pytest.mark.parametrize(("name", "position"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_adversarial_inputs_keep_the_invariants(name: str, position: int, text: str) -> None:
    args = _args(name, text, position)
    INVARIANTS[name](args, _outcome(lambda: _call(name, args)))


@pytest.mark.parametrize(("name", "position"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
@given(text=TEXTS)
def test_any_text_keeps_the_invariants(name: str, position: int, text: str) -> None:
    args = _args(name, text, position)
    INVARIANTS[name](args, _outcome(lambda: _call(name, args)))


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
#: ``batch.arrow_column`` / ``pandas_column`` (columns, covered in tests/scale/test_batch.py).
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


def _from_path(text: str, out: Any) -> None:
    from pathlib import PurePosixPath

    from iri.schemes.file import to_path

    if fails(out, IRIError):
        # a relative path cannot be written (RFC 8089 2); a lone surrogate outside
        # U+DC80-DCFF has no UTF-8 form (docs/rationale.md P3)
        assert not text.startswith("/") or not _fs_decoded(text)
        return
    assert not invalid(out, "IRI") and out.startswith("file:"), out
    # Known (xfail below): a path that starts with "//".
    if _fs_decoded(text) and not text.startswith("//"):
        assert to_path(out) == PurePosixPath(text)


def _fs_decoded(text: str) -> bool:
    """Whether ``text`` is what ``os.fsdecode`` can give: lone surrogates only U+DC80-DCFF,
    standing for octets that are not UTF-8 (``surrogateescape``)."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape") == text
    except UnicodeEncodeError:
        return False


def _to_path(text: str, out: Any) -> None:
    from pathlib import PurePosixPath

    from iri.schemes.file import from_path, to_path

    if fails(out, IRIError):
        return
    assert not invalid(text, "IRI") and iri.split(text).scheme.lower() == "file"  # type: ignore[union-attr]
    assert isinstance(out, PurePosixPath)
    if out.is_absolute():  # Known (xfail below): "file://" gives the relative path "."
        assert to_path(from_path(out)) == out


def _scheme_value(scheme: str) -> Callable[[str, Any], None]:
    def invariant(text: str, out: Any) -> None:
        if fails(out, iri.InvalidIRI):
            return
        assert not invalid(text, "IRI") and iri.split(text).scheme.lower() == scheme  # type: ignore[union-attr]
        if scheme == "mailto" and iri.split(text).authority is not None:
            return  # Known (xfail below): "mailto://..." reads "//" into the address
        assert type(out).parse(str(out)) == out  # written back, read back: the same value

    return invariant


def _format_parts(text: str, out: Any) -> None:
    assert not fails(out)
    assert out == text  # the prefix is written as is, and there are no parts


def _repair(text: str, out: Any) -> None:
    # iri.lenient is this text, parsed: it fails where this fails, or where the text is no
    # IRI reference (a byte order mark, say, which the lenient step does not remove).
    lenient = _outcome(lambda: iri.lenient(text))
    if fails(out, iri.InvalidIRI):
        assert isinstance(lenient, iri.InvalidIRI)
    elif isinstance(lenient, iri.InvalidIRI):
        assert invalid(out.text), out
    else:
        assert out.text == str(lenient)


def _stream(text: str, out: Any) -> None:
    assert not fails(out)
    assert out == [iri.check(text)]


SUBMODULE_INVARIANTS: dict[str, Callable[[str, Any], None]] = {
    "schemes.file.from_path": _from_path,
    "schemes.file.to_path": _to_path,
    "schemes.mailto.Mailto.parse": _scheme_value("mailto"),
    "schemes.data.DataURL.parse": _scheme_value("data"),
    "schemes.urn.URN.parse": _scheme_value("urn"),
    "linkformat.format_parts": _format_parts,
    "liberal.repair": _repair,
    "batch.stream": _stream,
}


def test_every_submodule_call_has_an_invariant() -> None:
    assert set(SUBMODULE_INVARIANTS) == set(SUBMODULE_CALLS)


def _prefixed(prefix: str) -> st.SearchStrategy[str]:
    return st.one_of(any_text, biased_text).map(lambda rest: prefix + rest)


#: TEXTS, and texts that start as each scheme value or a path does (else few are read).
SUBMODULE_TEXTS = st.one_of(
    TEXTS, *map(_prefixed, ["mailto:", "data:", "urn:ab:", "file:///", "/"])
)


@pytest.mark.parametrize("name", SUBMODULE_CALLS)
@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_submodule_adversarial_inputs_keep_the_invariants(name: str, text: str) -> None:
    SUBMODULE_INVARIANTS[name](text, _outcome(lambda: SUBMODULE_CALLS[name](text)))


@pytest.mark.parametrize("name", SUBMODULE_CALLS)
@given(text=SUBMODULE_TEXTS)
def test_submodule_any_text_keeps_the_invariants(name: str, text: str) -> None:
    SUBMODULE_INVARIANTS[name](text, _outcome(lambda: SUBMODULE_CALLS[name](text)))


# -- disagreements the invariants found (kept as strict xfails until fixed) -----------------


def test_to_uri_gives_a_valid_uri_for_a_non_idn_host() -> None:
    # (was a strict xfail: two decisions on one host) Issue 19: one decision
    # (iri.syntax.host_validity); the host of a scheme without DNS is no domain name, so its
    # percent-encoded UTF-8 need not be an IDN (RFC 3986 3.2.2), and to_uri writes it so.
    text = "foo://\U00024b0aA\u0645/x"
    assert iri.is_valid(text)
    result = _outcome(lambda: iri.to_uri(text))
    assert isinstance(result, IRIError) or iri.is_valid(result, rule="URI_reference"), result


@pytest.mark.xfail(
    strict=True,
    reason="mailto: an authority ('mailto://...') is read into the first address, and neither "
    "check nor Mailto.parse reports that '//' is no addr-spec (RFC 6068 2)",
)
def test_mailto_with_an_authority_is_not_a_mailto_value() -> None:
    from iri.schemes.mailto import Mailto

    with pytest.raises(iri.InvalidIRI):
        Mailto.parse("mailto://a@b.example")


def test_from_path_keeps_an_undecodable_byte() -> None:
    # (was a strict xfail: from_path wrote %ED%B3%BF; docs/rationale.md P3)
    from pathlib import PurePosixPath

    from iri.schemes.file import from_path, to_path

    assert to_path(from_path("/a\udcff")) == PurePosixPath("/a\udcff")


@pytest.mark.xfail(
    strict=True,
    reason="from_path writes the POSIX path '//x/y' as 'file:////x/y', which to_path reads as "
    "a UNC host (RFC 8089 E.3.2) that POSIX cannot express",
)
def test_from_path_of_a_path_with_two_leading_slashes_reads_back() -> None:
    from pathlib import PurePosixPath

    from iri.schemes.file import from_path, to_path

    assert to_path(from_path("//x/y")) == PurePosixPath("//x/y")


@pytest.mark.xfail(
    strict=True,
    reason="to_path('file://') gives the relative path '.'; RFC 8089 2 has an absolute path "
    "after the authority (auth-path = [ file-auth ] path-absolute)",
)
def test_to_path_of_an_empty_file_path_is_not_relative() -> None:
    from iri.schemes.file import to_path

    result = _outcome(lambda: to_path("file://"))
    assert isinstance(result, IRIError) or result.is_absolute()


#: Calls that once gave something else than a TypeError (issue 8's "Why", as written there).
MISHANDLED_NON_STR: dict[str, Callable[[], Any]] = {
    "check(None)": lambda: iri.check(None),  # type: ignore[arg-type]
    "is_valid(b'x')": lambda: iri.is_valid(b"x"),  # type: ignore[arg-type]
    "resolve('http://a/b', None)": lambda: iri.resolve("http://a/b", None),  # type: ignore[arg-type]
    "key(None, 'simple')": lambda: iri.key(None, "simple"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("call", MISHANDLED_NON_STR)
def test_none_and_bytes_arguments_are_type_errors_not_results(call: str) -> None:
    # Were: AttributeError, "a bytes-like object is required, not 'str'", the base returned,
    # None returned.
    with pytest.raises(TypeError, match="str"):
        MISHANDLED_NON_STR[call]()


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
@pytest.mark.parametrize("text", ["http://%2A.example.org/", "http://%2E.example/", "http://%5F/"])
def test_escaped_ascii_in_a_host_never_reaches_the_host_mapping(gate: str, text: str) -> None:
    # Issue 8 (RFC 3986 3.2.2): every host mapping sits behind the strict gate, so none of
    # them has to decode an escaped US-ASCII octet in a host (the dead-code review relies on it).
    with pytest.raises(iri.InvalidIRI) as info:
        HOST_GATES[gate](text)
    assert info.value.errors[0].code == "percent-encoded-ascii-in-host"


@pytest.mark.parametrize("gate", HOST_GATES)
@pytest.mark.parametrize("text", ["http://w%33.example/", "http://%41/", "http://www.w%33.org"])
def test_an_escaped_letter_or_digit_in_a_host_passes_every_host_gate(gate: str, text: str) -> None:
    # Issue 19 case 5: escaped ASCII that forms a legal label is legal (draft-duerst-idn-uri
    # 3), a warning only (RFC 3986 3.2.2), so every gate takes it.
    assert iri.is_valid(text)
    assert HOST_GATES[gate](text) is not None
