"""What each public function of ``iri`` promises on any text, as the fuzz tests of
``test_public_api_fuzz.py`` check it: INVARIANTS, one checker per function."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import iri
from iri.errors import IRIError

# -- what each public function promises, on any text ---------------------------------------
# Each invariant gets the arguments and the outcome: the result, or the IRIError raised
# (anything else escapes the call and fails the test). It checks the result's type, the
# exceptions the function documents (no other IRIError), and a property of the function:
# agreement with check(), a round trip, idempotence, or agreement with another function.


def fails(out: object, *documented: type[IRIError]) -> bool:
    """Whether ``out`` is an exception, asserting it is one of the ``documented`` ones."""
    if isinstance(out, BaseException):
        assert isinstance(out, documented), repr(out)
        return True
    return False


def invalid(text: str, rule: str = "IRI_reference") -> bool:
    return any(v.severity == "error" for v in iri.check(text, rule=rule))


def _spans_inside(items: list[Any], text: str) -> None:
    for item in items:
        assert 0 <= item.span[0] <= item.span[1] <= len(text), item


def _check(args: list[Any], out: Any) -> None:
    (text,) = args
    assert not fails(out)  # never raises for a str
    assert all(isinstance(v, iri.Violation) for v in out)
    _spans_inside(out, text)
    assert iri.is_valid(text) == (not any(v.severity == "error" for v in out))


def _is_valid(args: list[Any], out: Any) -> None:
    assert not fails(out)
    assert out is (not invalid(args[0]))


def _split(args: list[Any], out: Any) -> None:
    (text,) = args
    assert not fails(out)  # never fails (RFC 3986 Appendix B)
    scheme, authority, path, query, fragment = out
    assert (
        ("" if scheme is None else scheme + ":")
        + ("" if authority is None else "//" + authority)
        + path
        + ("" if query is None else "?" + query)
        + ("" if fragment is None else "#" + fragment)
    ) == text


def _parse(args: list[Any], out: Any) -> None:
    (text,) = args
    if fails(out, iri.InvalidIRI):
        assert invalid(text) and out.errors and out.text == text
    else:
        assert isinstance(out, iri.IRIReference) and str(out) == text and not invalid(text)


def _audit(args: list[Any], out: Any) -> None:
    assert not fails(out)  # never raises for a str
    assert all(isinstance(f, iri.Finding) for f in out)
    _spans_inside(out, args[0])


def _extract(args: list[Any], out: Any) -> None:
    (text,) = args
    assert not fails(out)
    for m in out:
        assert text[m.start : m.end] == m.text


def _format_link(args: list[Any], out: Any) -> None:
    if fails(out, iri.InvalidIRI):
        return
    assert not invalid(out), out
    assert iri.format_link(out) == out  # already minimally escaped


def _from_href(args: list[Any], out: Any) -> None:
    if fails(out, iri.HrefError, iri.InvalidIRI):
        # InvalidIRI: a host the browser accepts and no IRI can carry (RFC 3986 3.2.2)
        assert isinstance(out, iri.HrefError) or out.errors[0].component == "host", out
        return
    # the URL Standard's serialization with 3987bis 7.2 steps 3 and 4: ASCII, an IRI
    # reference (issue 19 case 6), and a fixed point of the parser
    assert isinstance(out, str) and out.isascii() and not invalid(out), out
    assert iri.from_href(out) == out


def _from_leiri(args: list[Any], out: Any) -> None:
    (text,) = args
    if fails(out, iri.InvalidIRI):
        assert invalid(text)
        return
    assert not invalid(out), out
    if not invalid(text):
        assert out == text  # an IRI reference is a LEIRI that needs no conversion


def _href_steps(args: list[Any], out: Any) -> None:
    if fails(out, iri.InvalidIRI):
        return
    assert isinstance(out.text, str)
    _spans_inside(list(out.repairs), args[0])


def _lenient(args: list[Any], out: Any) -> None:
    (text,) = args
    if fails(out, iri.InvalidIRI):
        return
    assert isinstance(out, iri.IRIReference) and not invalid(str(out))
    if not invalid(text):
        assert str(out) == text  # nothing to repair


def _normalize(args: list[Any], out: Any) -> None:
    (text,) = args
    if fails(out, iri.InvalidIRI, iri.IDNAError):
        assert isinstance(out, iri.IDNAError) or invalid(text)
        return
    assert not invalid(text) and not invalid(out)
    assert iri.normalize(out) == out
    assert iri.key(out) == iri.key(text)


def _key(args: list[Any], out: Any) -> None:
    (text,) = args
    if fails(out, iri.InvalidIRI, iri.IDNAError):
        assert isinstance(out, iri.IDNAError) or invalid(text)
        return
    assert isinstance(out, str) and not invalid(text)
    assert iri.key(iri.normalize(text)) == out


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= c <= "\udfff" for c in text)


def _preprocess(args: list[Any], out: Any) -> None:
    # fails only for a lone surrogate, which nothing can encode (issue 19 case 9)
    if fails(out, iri.InvalidIRI):
        assert _has_surrogate(args[0])
        return
    assert isinstance(out, str)


def _query_params(args: list[Any], out: Any) -> None:
    (text,) = args
    if fails(out, iri.InvalidIRI):
        assert invalid(text)
        return
    assert not invalid(text) and out == iri.parse(text).query_params


def _relativize(args: list[Any], out: Any) -> None:
    base, target = args
    if fails(out, iri.InvalidIRI, iri.ResolutionError):
        if isinstance(out, iri.InvalidIRI):
            assert invalid(base) or invalid(target)
        return
    assert iri.resolve(base, out) == target  # its definition


def _remove_dot_segments(args: list[Any], out: Any) -> None:
    assert not fails(out)
    assert iri.remove_dot_segments(out) == out


def _resolve(args: list[Any], out: Any) -> None:
    base, reference = args
    if fails(out, iri.InvalidIRI, iri.ResolutionError):
        if isinstance(out, iri.InvalidIRI):
            assert invalid(base) or invalid(reference)
        else:
            assert iri.split(base).scheme is None  # the base must have a scheme
        return
    assert not invalid(out, "IRI"), out


def _split_references(args: list[Any], out: Any) -> None:
    if fails(out, iri.InvalidIRI):  # as preprocess: only for a lone surrogate
        assert _has_surrogate(args[0])
        return
    assert all(isinstance(r.text, str) for r in out)


def _to_display(args: list[Any], out: Any) -> None:
    # (InvalidIRI only for text that is not an IRI reference; no rule that it must raise)
    if fails(out, iri.InvalidIRI):
        assert invalid(args[0])
        return
    assert isinstance(out, str)


def _to_document(args: list[Any], out: Any) -> None:
    text, _charset = args
    if fails(out, iri.InvalidIRI, iri.CharsetError):
        if isinstance(out, iri.InvalidIRI):
            assert invalid(text)
        return
    assert isinstance(out, str)


def _to_iri(args: list[Any], out: Any) -> None:
    (text,) = args
    if fails(out, iri.InvalidIRI):
        assert invalid(text)
        return
    assert not invalid(text) and not invalid(out)
    assert iri.to_iri(out) == out


def _to_uri(args: list[Any], out: Any) -> None:
    (text,) = args
    if fails(out, iri.InvalidIRI, iri.IDNAError):
        assert isinstance(out, iri.IDNAError) or invalid(text)
        return
    assert not invalid(text) and out.isascii()
    errors = [v for v in iri.check(out, rule="URI_reference") if v.severity == "error"]
    # (A percent-encoded host that is no IDN was a known exception: one host decision since
    # issue 19, test_to_uri_gives_a_valid_uri_for_a_non_idn_host in test_public_api_fuzz.py.)
    assert not errors, (out, errors)
    if not errors:
        assert iri.to_uri(out) == out  # idempotent


def _visual_order(args: list[Any], out: Any) -> None:
    (text,) = args
    assert not fails(out)
    assert isinstance(out, str) and len(out) == len(text)
    if text.isascii():
        assert out == text


def _candidate_readings(args: list[Any], out: Any) -> None:
    assert not fails(out)
    assert all(isinstance(r.charset, str) and isinstance(r.text, str) for r in out)
    assert len({r.charset for r in out}) == len(out)  # one reading per charset


def _equivalent(args: list[Any], out: Any) -> None:
    a, b = args
    if fails(out, iri.InvalidIRI, iri.IDNAError):
        assert isinstance(out, iri.IDNAError) or invalid(a) or invalid(b)
        return
    assert out is (iri.key(a) == iri.key(b))
    assert iri.equivalent(b, a) is out


def _from_bytes(args: list[Any], out: Any) -> None:
    if fails(out, iri.CharsetError):
        return
    assert isinstance(out.text, str) and isinstance(out.charset, str)


def _from_local_name(args: list[Any], out: Any) -> None:
    if fails(out, iri.CharsetError):
        return
    assert isinstance(out, str)


INVARIANTS: dict[str, Callable[[list[Any], Any], None]] = {
    "audit": _audit,
    "candidate_readings": _candidate_readings,
    "check": _check,
    "equivalent": _equivalent,
    "extract": _extract,
    "format_link": _format_link,
    "from_bytes": _from_bytes,
    "from_href": _from_href,
    "from_leiri": _from_leiri,
    "from_local_name": _from_local_name,
    "href_steps": _href_steps,
    "is_valid": _is_valid,
    "key": _key,
    "lenient": _lenient,
    "normalize": _normalize,
    "parse": _parse,
    "preprocess": _preprocess,
    "query_params": _query_params,
    "relativize": _relativize,
    "remove_dot_segments": _remove_dot_segments,
    "resolve": _resolve,
    "split": _split,
    "split_references": _split_references,
    "to_display": _to_display,
    "to_document": _to_document,
    "to_iri": _to_iri,
    "to_uri": _to_uri,
    "visual_order": _visual_order,
}
