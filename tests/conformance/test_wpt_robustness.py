"""Robustness on the WHATWG URL tests (tests/corpora/wpt-url/urltestdata.json).

Those tests describe web-address (HREF) parsing, which this library's strict core does not
do (that is the later liberal-input step), so no expected value of theirs applies here. They
are a good source of hostile strings (tabs, newlines, backslashes, odd hosts, percent
soup): every ``input``, ``base`` and ``href`` goes through every public function, which may
raise only ``iri.IRIError`` (``InvalidIRI`` exactly for invalid text) and must keep its
invariants (valid results, idempotence).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import iri

DATA = Path(__file__).resolve().parent.parent / "corpora" / "wpt-url" / "urltestdata.json"
CASES = [c for c in json.loads(DATA.read_text(encoding="utf-8")) if isinstance(c, dict)]
TEXTS = sorted(
    {c[k] for c in CASES for k in ("input", "base", "href") if isinstance(c.get(k), str)}
)

OPERATIONS: dict[str, Callable[[str], str]] = {
    "parse": lambda t: str(iri.parse(t)),
    "parse_uri": lambda t: str(iri.parse(t, rule="URI_reference")),
    "to_uri": iri.to_uri,
    "to_uri_idna": lambda t: iri.to_uri(t, host="idna"),
    "to_uri_charset": lambda t: iri.to_uri(t, charset="windows-1252"),
    "to_iri": iri.to_iri,
    "normalize_syntax": iri.normalize,
    "normalize_scheme": lambda t: iri.normalize(t, level="scheme"),
    "normalize_nfkc": lambda t: iri.normalize(t, character="nfkc"),
}

#: The rule each operation's result matches: parse gives the text back, the conversions a
#: URI or an IRI reference; every result is a fixed point of its operation.
RESULTS: dict[str, str] = {
    "parse": "IRI_reference",
    "parse_uri": "URI_reference",
    "to_uri": "URI_reference",
    "to_uri_idna": "URI_reference",
    "to_uri_charset": "URI_reference",
    "to_iri": "IRI_reference",
    "normalize_syntax": "IRI_reference",
    "normalize_scheme": "IRI_reference",
    "normalize_nfkc": "IRI_reference",
}

#: WPT hosts that NFKC maps to US-ASCII a host cannot hold ('%', U+3000 to ' '): normalize
#: returned an invalid IRI (percent-encoded-ascii-in-host); it refuses them now (were strict
#: xfails here; docs/rationale.md, Comparison 4).
NFKC_REFUSED_HOSTS = (
    "http://%ef%bc%85%ef%bc%90%ef%bc%90.com",
    "http://%ef%bc%85%ef%bc%94%ef%bc%91.com",
    "http://GOO\xa0\u3000goo.com",
    "http://\uff05\uff10\uff10.com",
    "http://\uff05\uff14\uff11.com",
)
#: (operation, text) -> why the invariant fails today; each is a strict xfail below.
KNOWN: dict[tuple[str, str], str] = {}


def _keeps_the_invariant(name: str, text: str) -> None:
    """Only iri.IRIError escapes: InvalidIRI exactly for the texts check() rejects (under the
    operation's rule), IDNAError only for a valid text (a host IDNA rejects), a bare IRIError
    only where normalize documents it (NFKC making a dot segment); a result is valid under
    its rule and a fixed point of the operation (parse: the text itself)."""
    operation = OPERATIONS[name]
    valid = iri.is_valid(text, rule="URI_reference" if name == "parse_uri" else "IRI_reference")
    try:
        result = operation(text)
    except iri.InvalidIRI:
        assert not valid, text
        return
    except iri.IDNAError:
        assert valid and name != "to_iri", text
        return
    except iri.IRIError as exc:
        # (NFKC making a dot segment, or a host with a new label or escaped US-ASCII)
        refused = "dot segment" in str(exc) or "host" in str(exc)
        assert valid and name == "normalize_nfkc" and refused, (text, exc)
        return
    assert valid, text
    assert iri.is_valid(result, rule=RESULTS[name]), (text, result)
    assert (result == text) if name.startswith("parse") else (operation(result) == result)


def test_corpus_is_there() -> None:
    assert len(CASES) > 800
    assert len(TEXTS) > 800


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_operations_fail_exactly_on_invalid_text_and_give_valid_results(name: str) -> None:
    for text in TEXTS:
        if (name, text) not in KNOWN:
            _keeps_the_invariant(name, text)


@pytest.mark.parametrize(
    ("name", "text"),
    [pytest.param(*k, marks=pytest.mark.xfail(strict=True, reason=r)) for k, r in KNOWN.items()],
)
def test_known_failures_of_the_invariant(name: str, text: str) -> None:
    assert text in TEXTS
    _keeps_the_invariant(name, text)


@pytest.mark.parametrize(
    "text", ["http://%ef%bc%85%ef%bc%90%ef%bc%90.com", "http://%ef%bc%85%ef%bc%94%ef%bc%91.com"]
)
def test_an_escaped_host_that_maps_to_a_percent_sign_is_refused_before_nfkc(text: str) -> None:
    # (were strict xfails) Issue 19: the escaped U+FF05 decodes to a name whose UTS #46
    # mapping holds "%", which no host holds: check rejects it (percent-encoded-host-not-idn),
    # so normalize refuses it instead of writing an invalid result.
    assert text in TEXTS
    assert [v.code for v in iri.check(text) if v.severity == "error"] == [
        "percent-encoded-host-not-idn"
    ]
    with pytest.raises(iri.InvalidIRI):
        iri.normalize(text, character="nfkc")


@pytest.mark.parametrize("text", NFKC_REFUSED_HOSTS)
def test_nfkc_refuses_a_host_it_would_make_invalid(text: str) -> None:
    assert text in TEXTS
    with pytest.raises(iri.IRIError, match="host"):
        iri.normalize(text, character="nfkc")


def test_check_agrees_with_is_valid_and_parse_round_trips() -> None:
    for text in TEXTS:
        for rule in iri.Rule:
            errors = [v for v in iri.check(text, rule=rule) if v.severity == "error"]
            assert iri.is_valid(text, rule=rule) == (not errors), (text, rule)
        if iri.is_valid(text):
            assert str(iri.parse(text)) == text


def test_resolution_of_every_case() -> None:
    for case in CASES:
        base, reference = case.get("base"), case["input"]
        if not isinstance(base, str) or not iri.is_valid(base, rule="IRI"):
            continue
        try:
            result = iri.resolve(base, reference)
        except iri.IRIError:
            continue
        if iri.is_valid(reference):
            assert iri.is_valid(result, rule="IRI"), (base, reference, result)
