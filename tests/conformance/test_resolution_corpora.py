"""Drive iri.resolve with the resolution corpora kept verbatim in tests/corpora/.

* rfc3986-examples/rfc3986_resolution_examples.json: RFC 3986 5.4.1 and 5.4.2 (42 cases,
  plus the "backward compatibility" alternative printed for "http:g") and the two
  remove_dot_segments traces of 5.2.4.
* rfc3987-dgerber/rfc3987_doctest_vectors.json: the ``resolve`` vectors of the Python
  package rfc3987 (45; one of them for its non-strict mode).

A vector for a non-strict parser (RFC 3986 5.4.2 "for backward compatibility", rfc3987's
``strict=False``) runs with ``parser="non-strict"``, every other one with the default
(strict) parser. Where we deliberately differ, the case is listed in EXPECTED_FAILURES with
the reason and runs as ``xfail(strict=True)``: it must keep failing, and no assertion is
loosened (none today).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from iri.ladder.resolve import remove_dot_segments, resolve

CORPORA = Path(__file__).resolve().parent.parent / "corpora"
RFC3986 = CORPORA / "rfc3986-examples" / "rfc3986_resolution_examples.json"
DGERBER = CORPORA / "rfc3987-dgerber" / "rfc3987_doctest_vectors.json"

# (corpus, base, reference, expected) -> reason.
EXPECTED_FAILURES: dict[tuple[str, str, str, str], str] = {}

#: The vectors for a non-strict parser (RFC 3986 5.2.2: it "may ignore a scheme in the
#: reference if it is identical to the base URI's scheme"), as the corpora mark them.
NON_STRICT: list[tuple[str, str, str, str]] = [
    ("rfc3986-examples", "http://a/b/c/d;p?q", "http:g", "http://a/b/c/g"),
    ("rfc3987-dgerber", "http://a/b", "http:g", "http://a/g"),
]


def _load(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def _cases() -> list[Any]:
    params = []
    for case in _load(RFC3986)["resolution"]:
        answers = [(case["expected"], case.get("expected_note"))]
        answers += [(alt["expected"], alt["note"]) for alt in case.get("alternatives", [])]
        for number, (expected, note) in enumerate(answers):
            key = ("rfc3986-examples", case["base"], case["reference"], expected)
            parser = "non-strict" if note == "for backward compatibility" else "strict"
            params.append((key, parser, case["section"] + (", alternative" if number else "")))
    for case in _load(DGERBER)["resolve"]:
        key = ("rfc3987-dgerber", case["base"], case["reference"], case["expected"])
        parser = "strict" if case["strict"] else "non-strict"
        params.append((key, parser, f"{case['origin']}, strict={case['strict']}"))
    out = []
    for key, parser, note in params:
        marks = []
        if key in EXPECTED_FAILURES:
            marks.append(pytest.mark.xfail(strict=True, reason=EXPECTED_FAILURES[key]))
        out.append(
            pytest.param(*key, parser, id=f"{key[0]}:{key[1]}+{key[2]!r}({note})", marks=marks)
        )
    return out


@pytest.mark.parametrize(("corpus", "base", "reference", "expected", "parser"), _cases())
def test_resolution_vector(
    corpus: str, base: str, reference: str, expected: str, parser: str
) -> None:
    assert resolve(base, reference, parser=parser) == expected


def test_corpus_sizes() -> None:
    rfc = _load(RFC3986)
    assert len(rfc["resolution"]) == 42
    assert sum(c["kind"] == "normal" for c in rfc["resolution"]) == 23
    assert len(_load(DGERBER)["resolve"]) == 45
    # Every expected failure names a vector that exists; the non-strict ones are those.
    keys = {tuple(p.values[:4]) for p in _cases()}
    assert set(EXPECTED_FAILURES) <= keys
    assert {tuple(p.values[:4]) for p in _cases() if p.values[4] == "non-strict"} == set(NON_STRICT)


def _oracle() -> ModuleType:
    name = "iri_tests_rfc3986_oracle"
    if name not in sys.modules:
        path = Path(__file__).resolve().parent.parent / "property" / "rfc3986_oracle.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _printed_trace(lines: list[str]) -> list[tuple[str, str, str]]:
    # "STEP   OUTPUT BUFFER         INPUT BUFFER": columns 0, 6 and 28 in the RFC table.
    return [(line[:2].strip(), line[6:28].strip(), line[28:].strip()) for line in lines]


@pytest.mark.parametrize(
    "case", _load(RFC3986)["remove_dot_segments"], ids=lambda case: case["input"]
)
def test_remove_dot_segments_traces(case: dict[str, Any]) -> None:
    assert remove_dot_segments(case["input"]) == case["output"]
    # The oracle walks exactly the steps printed in RFC 3986 5.2.4.
    trace: list[tuple[str, str, str]] = []
    assert _oracle().remove_dot_segments(case["input"], trace) == case["output"]
    assert trace == _printed_trace(case["steps"])


@pytest.mark.parametrize(("corpus", "base", "reference", "expected"), NON_STRICT)
def test_non_strict_vectors_are_the_non_strict_reading_only(
    corpus: str, base: str, reference: str, expected: str
) -> None:
    # The literal 5.2.2 transcription gives these answers only with strict = false, and so
    # does iri.resolve: only with parser="non-strict", never by default.
    assert _oracle().resolve(base, reference, strict=False) == expected
    assert _oracle().resolve(base, reference, strict=True) != expected
    assert resolve(base, reference) == _oracle().resolve(base, reference, strict=True)
