"""Robustness on the WHATWG URL tests (tests/corpora/wpt-url/urltestdata.json).

Those tests describe web-address (HREF) parsing, which this library's strict core does not
do (that is the later liberal-input step), so no expected value of theirs applies here. They
are a good source of hostile strings (tabs, newlines, backslashes, odd hosts, percent
soup): every ``input``, ``base`` and ``href`` goes through every public function, which may
raise only ``iri.IRIError`` and must keep its invariants.
"""

from __future__ import annotations

import contextlib
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

OPERATIONS: dict[str, Callable[[str], object]] = {
    "parse": iri.parse,
    "parse_uri": lambda t: iri.parse(t, rule="URI_reference"),
    "to_uri": iri.to_uri,
    "to_uri_idna": lambda t: iri.to_uri(t, host="idna"),
    "to_uri_charset": lambda t: iri.to_uri(t, charset="windows-1252"),
    "to_iri": iri.to_iri,
    "normalize_syntax": iri.normalize,
    "normalize_scheme": lambda t: iri.normalize(t, level="scheme"),
    "normalize_nfkc": lambda t: iri.normalize(t, character="nfkc"),
}


def test_corpus_is_there() -> None:
    assert len(CASES) > 800
    assert len(TEXTS) > 800


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_operations_raise_only_iri_errors(name: str) -> None:
    operation = OPERATIONS[name]
    for text in TEXTS:
        with contextlib.suppress(iri.IRIError):
            operation(text)


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
