"""Differential tests of the native normalization (RFC 3987 5.3.2 / 5.3.3, the syntax and
scheme levels) against ``iri.normalize`` on every corpus and on the hostile texts."""

from __future__ import annotations

import pytest
from native_twins import CORPUS_NAMES, configured, corpus, outcome, py_normalize

_n = configured()
LEVELS = ("syntax", "scheme")


def same(text: str, *, full: bool = True) -> None:
    for level in LEVELS:
        got = _n.normalize(text, level)
        if got is not None:
            assert got == py_normalize(text, level=level), (text, level, got)
        if full:
            want = outcome(py_normalize, text, level=level)
            assert outcome(_n.api_normalize, text, level=level) == want, (text, level)
    if full:
        assert outcome(_n.api_normalize, text) == outcome(py_normalize, text)


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_corpora(name: str) -> None:
    for text in corpus(name):
        same(text)


def test_hostile() -> None:
    from test_native_hostile import MINIMUM, generated

    texts = generated()
    for text in texts:
        same(text, full=_n.is_valid(text) is True)
    assert len(texts) >= MINIMUM


def test_options_go_to_python() -> None:
    text = "HTTP://Example.ORG:80/%7e/./a"
    for kwargs in ({"level": "simple"}, {"character": "nfc"}, {"level": "x"}, {"level": 3}):
        assert outcome(_n.api_normalize, text, **kwargs) == outcome(py_normalize, text, **kwargs)
    assert outcome(_n.api_normalize, text, equivalences=str.lower) == outcome(
        py_normalize, text, equivalences=str.lower
    )
    for bad in (b"http://a/", None, "a b", "\ud800", "mailto:A@EXAMPLE.ORG"):
        assert outcome(_n.api_normalize, bad, level="scheme") == outcome(
            py_normalize, bad, level="scheme"
        )
