"""Invariants on 20,000 real and realistic IRIs (tests/corpora/bench: iri.txt, mixed.txt).

The corpora have no expected values; they are used for what their README suggests: crash
and round-trip checks. On every line: ``check`` never raises and agrees with ``is_valid``;
on every valid line: ``parse`` round-trips, ``to_uri`` gives a valid URI reference and is
idempotent, ``to_iri`` leads back to the same URI (up to the case of hex digits and
percent-encoded unreserved characters) and ``normalize`` is idempotent and equivalent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import iri

CORPUS = Path(__file__).resolve().parent.parent / "corpora" / "bench"
_PCT = re.compile(r"%[0-9A-Fa-f]{2}")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def _lines(name: str) -> list[str]:
    return (CORPUS / name).read_text(encoding="utf-8").split("\n")[:-1]


def _same_uri(a: str, b: str) -> bool:
    """Equal up to the case of hex digits and percent-encoded unreserved characters."""

    def canon(text: str) -> str:
        def one(m: re.Match[str]) -> str:
            char = chr(int(m.group()[1:], 16))
            return char if char in _UNRESERVED else m.group().upper()

        return _PCT.sub(one, text)

    return canon(a) == canon(b)


@pytest.mark.parametrize("name", ["iri.txt", "mixed.txt"])
def test_invariants_on_every_line(name: str) -> None:
    lines = _lines(name)
    assert len(lines) >= 10_000
    valid = 0
    for text in lines:
        violations = iri.check(text)
        ok = iri.is_valid(text)
        assert ok == (not any(v.severity == "error" for v in violations)), text
        if not ok:
            with pytest.raises(iri.InvalidIRI):
                iri.parse(text)
            continue
        valid += 1
        assert str(iri.parse(text)) == text
        uri = iri.to_uri(text)
        assert iri.is_valid(uri, rule="URI_reference"), text
        assert iri.to_uri(uri) == uri, text
        back = iri.to_iri(uri)
        assert iri.is_valid(back), text
        assert _same_uri(iri.to_uri(back), uri), text
        for level in ("syntax", "scheme"):
            normal = iri.normalize(text, level=level)
            assert iri.normalize(normal, level=level) == normal, (text, level)
            assert iri.equivalent(text, normal, level=level), (text, level)
    assert valid > 0.99 * len(lines)
