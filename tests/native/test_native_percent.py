"""Differential tests of the native percent-encoder (``iri._native.encode`` and the
``Encoder`` that ``EncodeSet.encoder`` binds): every named set of
``iri.syntax.percent.sets`` (and its URI form, ``NAME.uri``), with and without
``keep_escapes`` and ``space_as_plus``: every corpus text of ``tests/corpora`` /
``tests/cases`` and each of the 51,000 hostile texts of ``test_native_hostile`` under one
combination (dealt out in turn), and 1,000 hostile texts under every combination.

The reference is :func:`iri.syntax.percent.encode` with an unnamed copy of the set (same
definition, so the pure-Python encoders: the native table knows only named sets). Any
difference fails; ``None`` (defer) is allowed only for a lone surrogate.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from native_twins import CORPUS_NAMES, corpus, has_surrogate, native
from test_native_hostile import MINIMUM, generated

from iri.errors import IRIError
from iri.syntax.percent import encode, sets
from iri.syntax.percent.encodeset import EncodeSet

_n = native()


def _named() -> list[tuple[str, EncodeSet]]:
    out = []
    for name, value in vars(sets).items():
        if not name.startswith("_") and isinstance(value, EncodeSet):
            out.append((name, value))
            if value.uri is not value:
                out.append((f"{name}.uri", value.uri))
    return out


NAMED = _named()
OPTIONS = [(keep, plus) for keep in (False, True) for plus in (False, True)]


def _copy(s: EncodeSet) -> EncodeSet:
    """The same set, unnamed: its encoders are the Python ones."""
    return EncodeSet(s.name, s.ascii_encoded, s.literal, s.excluded)


REFERENCE = {name: _copy(s) for name, s in NAMED}


def _py(text: str, name: str, keep: bool, plus: bool) -> str | type[IRIError]:
    try:
        return encode(text, REFERENCE[name], keep_escapes=keep, space_as_plus=plus)
    except IRIError:
        return IRIError


def _compare(texts: Iterable[str], name: str, keep: bool, plus: bool) -> int:
    """The native answer against the Python one on every text; the number compared."""
    texts = list(texts)
    got = [_n.encode(t, name, keep, plus) for t in texts]  # type: ignore[attr-defined]
    want = [_py(t, name, keep, plus) for t in texts]
    n = 0
    for text, g, w in zip(texts, got, want, strict=True):
        if g is None:
            assert has_surrogate(text), (name, keep, plus, text)
        else:
            assert g == w, (name, keep, plus, text, g, w)
            n += 1
    return n


def test_the_table_has_every_named_set() -> None:
    assert len(NAMED) >= 25
    for name, _s in NAMED:
        assert _n.encode("a", name) is not None, name  # type: ignore[attr-defined]
    for name, s in NAMED:
        assert not type(REFERENCE[name].encoder).__module__.startswith("iri._native")
        # the named set's own encoder is the native one (or the ASCII shortcut over it)
        assert s.encoder is not REFERENCE[name].encoder


#: Every (set, keep_escapes, space_as_plus): the texts are dealt out among them, so that
#: each text is compared once and each combination gets its share (every corpus text and
#: the 51,000 hostile texts: the issue's 50,000 per function); SWEEP texts go through all.
COMBINATIONS = [(name, keep, plus) for name, _s in NAMED for keep, plus in OPTIONS]
SWEEP = 1000


def _dealt(texts: list[str]) -> int:
    compared = 0
    for k, (name, keep, plus) in enumerate(COMBINATIONS):
        compared += _compare(texts[k :: len(COMBINATIONS)], name, keep, plus)
    return compared


@pytest.mark.parametrize("corpus_name", CORPUS_NAMES)
def test_corpora(corpus_name: str) -> None:
    texts = corpus(corpus_name)
    assert texts
    assert _dealt(texts) == sum(not has_surrogate(t) for t in texts)


def test_hostile() -> None:
    texts = generated()
    assert len(texts) >= MINIMUM
    assert _dealt(texts) == sum(not has_surrogate(t) for t in texts)


def test_every_combination_on_a_sweep_of_hostile_texts() -> None:
    texts = generated()[:: len(generated()) // SWEEP][:SWEEP]
    clean = sum(not has_surrogate(t) for t in texts)
    for name, keep, plus in COMBINATIONS:
        assert _compare(texts, name, keep, plus) == clean


def test_the_bound_encoders_answer_as_python() -> None:
    """The public path (``encode`` with a named set, through its bound encoder): the same
    value or the same IRIError, lone surrogates (deferred to Python) included."""
    texts = generated()
    sample = [t for i, t in enumerate(texts) if has_surrogate(t) or i % 50 == 0]
    assert any(has_surrogate(t) for t in sample)
    for name, s in NAMED:
        for keep, plus in OPTIONS:
            for text in sample:
                try:
                    got: object = encode(text, s, keep_escapes=keep, space_as_plus=plus)
                except IRIError as exc:
                    got = (IRIError, str(exc))
                try:
                    want: object = encode(
                        text, REFERENCE[name], keep_escapes=keep, space_as_plus=plus
                    )
                except IRIError as exc:
                    want = (IRIError, str(exc))
                assert got == want, (name, keep, plus, text)


class _Sub(str):
    pass


@pytest.mark.parametrize(("name", "s"), NAMED)
def test_deferrals_and_types(name: str, s: EncodeSet) -> None:
    assert _n.encode(1, name) is None  # type: ignore[attr-defined]
    assert _n.encode("a\ud800", name) is None  # type: ignore[attr-defined]
    assert _n.encode("a\udc80", name) is None  # type: ignore[attr-defined]
    assert _n.encode(_Sub("a b"), name) is None  # type: ignore[attr-defined]
    assert _n.encode("a", "no such set") is None  # type: ignore[attr-defined]
    ref = REFERENCE[name]
    for text in ("a b", "abc", "é", "a\udc80"):
        for enc, py in ((s.encoder, ref.encoder), (s.encoder_plus, ref.encoder_plus)):
            got, want = enc(_Sub(text)), py(_Sub(text))
            assert (got, type(got)) == (want, type(want)), (name, text)
            assert (enc(text), type(enc(text))) == (py(text), type(py(text)))
    with pytest.raises(AttributeError):
        s.encoder(1)  # type: ignore[arg-type]
    try:
        want_error = ref.encoder("\ud800")
    except IRIError as exc:
        want_error = str(exc)
        assert "U+D800" in want_error
        with pytest.raises(IRIError, match="U\\+D800"):
            s.encoder("\ud800")
    else:  # a set that leaves every non-ASCII code point literal
        assert s.encoder("\ud800") == want_error == "\ud800"
