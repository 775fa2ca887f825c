"""Differential tests of the native IRI-to-URI and URI-to-IRI conversions (default options)
against ``iri.to_uri`` and ``iri.to_iri``, on every corpus, on the URI forms of the bench
corpora, and on the hostile texts."""

from __future__ import annotations

import pytest
from native_twins import CORPUS_NAMES, configured, corpus, outcome, py_to_iri, py_to_uri

_n = configured()


def same(text: str, *, full: bool = True) -> None:
    for low, api, twin in (
        (_n.to_uri, _n.api_to_uri, py_to_uri),
        (_n.to_iri, _n.api_to_iri, py_to_iri),
    ):
        got = low(text)
        if got is not None:
            assert got == twin(text), (twin.__name__, text, got)
            if not full:
                continue
        if full:
            want = outcome(twin, text)
            assert outcome(api, text) == want, (twin.__name__, text)
            if got is None and want[0] == "ok":
                # deferred although Python answers: only for a host IDNA must map
                parts = _n.split(text)
                assert parts is None or parts[1] is not None, (twin.__name__, text)


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_corpora(name: str) -> None:
    for text in corpus(name):
        same(text)


@pytest.mark.parametrize("name", ["web", "iri", "mixed", "cases/convert_cases.toml"])
def test_uri_forms(name: str) -> None:
    """to_iri on the URI forms (to_uri's results), and the round trip."""
    for text in corpus(name):
        uri = _n.api_to_uri(text) if _n.is_valid(text) else None
        if uri is not None:
            same(uri)


def test_hostile() -> None:
    from test_native_hostile import MINIMUM, generated

    texts = generated()
    for text in texts:
        same(text, full=_n.is_valid(text) is True)
    assert len(texts) >= MINIMUM


def test_options_go_to_python() -> None:
    for kwargs in ({"host": "percent"}, {"host": "idna"}, {"charset": "iso-8859-1"}, {"host": "x"}):
        text = "http://résumé.example.org/?q=é"
        assert outcome(_n.api_to_uri, text, **kwargs) == outcome(py_to_uri, text, **kwargs)
    for kwargs in ({"host": "percent"}, {"keep_query_encoded": "http"}):
        text = "http://xn--rsum-bpad.example.org/%C3%A9?q=%C3%A9"
        assert outcome(_n.api_to_iri, text, **kwargs) == outcome(py_to_iri, text, **kwargs)
    for bad in (b"http://a/", None, "a b", "\ud800", "http://xn--a.example/"):
        assert outcome(_n.api_to_uri, bad) == outcome(py_to_uri, bad)
        assert outcome(_n.api_to_iri, bad) == outcome(py_to_iri, bad)
