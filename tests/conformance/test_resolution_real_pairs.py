"""Resolution on 10,000 real (base, reference) pairs, against the literal RFC 3986 oracle.

``tests/corpora/url-datasets/relative_urls_cc_10k.csv`` (oxiri's ``cc_10k``: link targets as
written on real pages, with the page address) has no expected values, so it is used
differentially: every pair is resolved by ``iri.resolve`` and by the line-by-line
transcription of RFC 3986 5.2 in ``tests/property/rfc3986_oracle.py``; the results must be
equal, valid where the inputs are, and ``relativize`` must lead back to each result.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import iri

HERE = Path(__file__).resolve().parent
CSV = HERE.parent / "corpora" / "url-datasets" / "relative_urls_cc_10k.csv"


def _oracle() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rfc3986_oracle", HERE.parent / "property" / "rfc3986_oracle.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ORACLE = _oracle()


def _pairs() -> list[tuple[str, str]]:
    lines = CSV.read_text(encoding="utf-8").split("\n")
    assert lines[0] == "base,relative"
    pairs = [tuple(line.split(",", 1)) for line in lines[1:] if line]
    return [(b, r) for b, r in pairs]  # type: ignore[misc]


PAIRS = _pairs()


def test_the_corpus_is_complete() -> None:
    assert len(PAIRS) == 10_000
    assert all(base.startswith(("http://", "https://")) for base, _ in PAIRS)


def test_every_pair_resolves_as_the_oracle_does() -> None:
    mismatches = [
        (base, ref, ours, expected)
        for base, ref in PAIRS
        if (ours := iri.resolve(base, ref)) != (expected := ORACLE.resolve(base, ref))
    ]
    assert mismatches == []


def test_valid_inputs_give_valid_results() -> None:
    checked = 0
    for base, ref in PAIRS:
        if iri.is_valid(base, rule="IRI") and iri.is_valid(ref):
            checked += 1
            assert iri.is_valid(iri.resolve(base, ref), rule="IRI"), (base, ref)
    assert checked > 9_000  # most real pairs are valid IRI references


def test_relativize_leads_back_to_every_result() -> None:
    impossible = 0
    for base, ref in PAIRS:
        target = iri.resolve(base, ref)
        try:
            reference = iri.relativize(base, target)
        except iri.ResolutionError:
            # Only a target whose path keeps dot-segments cannot be reached (see
            # docs/rationale.md, Resolution, 6): resolution removes them from any
            # non-empty reference path.
            path = iri.split(target).path
            assert any(seg in (".", "..") for seg in path.split("/")), (base, target)
            impossible += 1
            continue
        assert iri.resolve(base, reference) == target, (base, target, reference)
        assert len(reference) <= len(target)
    assert impossible < 100
