"""Differential tests of the native resolve (RFC 3986 5.2 with the default options)
against ``iri.resolve``: the real pairs of url-datasets, the RFC 3986 and dgerber vectors,
and generated pairs of hostile texts."""

from __future__ import annotations

import json
import os

import pytest
from native_twins import (
    CORPORA,
    configured,
    corpus,
    has_surrogate,
    may_defer,
    outcome,
    py_is_valid,
    py_resolve,
    py_split,
)

_n = configured()


def same(base: object, reference: object) -> None:
    got = _n.resolve(base, reference)
    kind, want = outcome(py_resolve, base, reference)
    if got is None:
        # deferred: Python raises, or a host escapes UTF-8 (its IDN check), or no UTF-8
        deferrable = kind == "raises" or any(
            isinstance(x, str) and (has_surrogate(x) or "%" in x) for x in (base, reference)
        )
        assert deferrable, (base, reference, want)
    else:
        assert kind == "ok" and got == want, (base, reference, got, want)
    assert outcome(_n.api_resolve, base, reference) == (kind, want)


def same_or_invalid(base: str, reference: str) -> None:
    """:func:`same`, where a deferral is checked without running Python's resolve (whose
    InvalidIRI runs check(), slow on hostile text): it must be an invalid argument, a
    relative base, a surrogate, an escaped host or a port above 65535."""
    got = _n.resolve(base, reference)
    if got is not None:
        assert got == py_resolve(base, reference), (base, reference, got)
        return
    valid = py_is_valid(base) and py_is_valid(reference) and py_split(base).scheme is not None
    deferrable = "%" in base + reference or may_defer(base) or may_defer(reference)
    assert not valid or deferrable, (base, reference)


def _pairs() -> list[tuple[str, str]]:
    pairs = []
    for line in (
        (CORPORA / "url-datasets" / "relative_urls_cc_10k.csv").read_text("utf-8").split("\n")[1:]
    ):
        base, _, ref = line.partition(",")
        pairs.append((base, ref))
    path = CORPORA / "rfc3986-examples" / "rfc3986_resolution_examples.json"
    pairs += [
        (r["base"], r["reference"]) for r in json.loads(path.read_text("utf-8"))["resolution"]
    ]
    path = CORPORA / "rfc3987-dgerber" / "rfc3987_doctest_vectors.json"
    for row in json.loads(path.read_text("utf-8"))["resolve"]:
        if isinstance(row, dict) and isinstance(row.get("base"), str):
            pairs.append((row["base"], row.get("reference") or row.get("ref") or ""))
    return pairs


def test_pairs() -> None:
    pairs = _pairs()
    assert len(pairs) >= 10_000
    for base, ref in pairs:
        same(base, ref)


@pytest.mark.parametrize(
    "name", ["rfc3987-dgerber", "cases/normalize_cases.toml", "wpt-urltestdata"]
)
def test_cross(name: str) -> None:
    """Every text of a corpus as a base against a sample of the others as references."""
    texts = corpus(name)
    refs = texts[:: max(1, len(texts) // 40)]
    for base in texts[:: max(1, len(texts) // 200)]:
        for ref in refs:
            same(base, ref)


def test_hostile() -> None:
    from test_native_hostile import generated

    texts = generated()
    bases = [t for t in texts if _n.is_valid(t, "absolute_IRI", "reject")][:200]
    count = 0
    for ref in texts:
        same_or_invalid(bases[count % len(bases)], ref)
        count += 1
    assert count >= 50_000 or os.environ.get("NATIVE_EXAMPLES")


def test_bad_arguments_and_options() -> None:
    for args in [(b"http://a/", "b"), ("http://a/", None), ("a", "b"), ("http://a/", "a b")]:
        same(*args)
    assert outcome(_n.api_resolve, "http://a/b/c", "http:g", parser="non-strict") == outcome(
        py_resolve, "http://a/b/c", "http:g", parser="non-strict"
    )
    assert outcome(_n.api_resolve, "a/b", "../c", relative_base="resolve") == outcome(
        py_resolve, "a/b", "../c", relative_base="resolve"
    )
