"""Differential tests: every native function against its Python twin on every corpus of
``tests/corpora`` that holds IRIs or URIs, and on the inputs of ``tests/cases``.

Any difference fails. A deferral (``None``) is allowed only where the contract of
``native/README.md`` allows it, and is checked to be one of those cases.
"""

from __future__ import annotations

import pytest
from native_twins import (
    CORPUS_NAMES,
    RULES,
    ZONES,
    corpus,
    has_surrogate,
    may_defer,
    native,
    only_faults,
    only_told,
    py_check,
    py_groups,
    py_is_valid,
    py_rows,
    py_split,
)

_n = native()


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_is_valid(name: str) -> None:
    texts = corpus(name)
    assert texts, name
    for text in texts:
        for rule in RULES:
            for zone in ZONES:
                got = _n.is_valid(text, rule, zone)
                if got is None:
                    assert may_defer(text), (text, rule, zone)
                    continue
                assert got == py_is_valid(text, rule=rule, zone_id=zone), (text, rule, zone)


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_split(name: str) -> None:
    for text in corpus(name):
        got = _n.split(text)
        if got is None:
            assert has_surrogate(text)
            continue
        assert got == tuple(py_split(text)), text


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_parse_groups(name: str) -> None:
    for text in corpus(name):
        for rule, zone in (("IRI_reference", "reject"), ("IRI", "accept"), ("URI", "reject")):
            got = _n.parse_groups(text, rule, zone)
            want = py_groups(text, rule, zone)
            if got is None and want is not None:
                assert may_defer(text), (text, rule)
                continue
            assert got == want, (text, rule, zone)


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_clean(name: str) -> None:
    """clean() is True only when check() is []; and True for nearly all clean web lines."""
    found = clean = 0
    for text in corpus(name):
        for rule, zone in (("IRI_reference", "reject"), ("IRI", "accept"), ("URI", "reject")):
            got = _n.clean(text, rule, zone)
            empty = not py_check(text, rule=rule, zone_id=zone)
            if got:
                assert empty, (text, rule, zone, py_check(text, rule=rule, zone_id=zone))
            found += empty
            clean += got
    if name in ("web", "iri", "mixed"):
        # the fast path answers at least 99 % of the lines that check() finds clean (99.8 %
        # of iri's: right-to-left hosts included), in any order of the tests (it loads the
        # IDNA functions itself)
        assert clean >= 0.99 * found, (clean, found)


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_violations(name: str) -> None:
    """violations() gives exactly check()'s violations whenever it answers, only for texts
    whose violations are all of the codes it tells (invalid-character, reg-name-not-dns,
    the warnings of escapes, the 4.2 bidi warnings and not-nfc outside the host); and it
    answers nearly all web and mixed lines whose violations are faults of those kinds
    alone."""
    answered = candidates = 0
    for text in corpus(name):
        for rule, zone in (("IRI_reference", "reject"), ("IRI", "accept"), ("URI", "reject")):
            got = _n.violations(text, rule, zone)
            want = py_rows(text, rule, zone)
            if got is not None:
                assert got == want, (text, rule, zone)
                assert only_told(want), (text, want)
            candidates += only_faults(want)
            answered += got is not None and only_faults(want)
    if name in ("web", "mixed"):
        assert answered >= 0.9 * candidates, (answered, candidates)


@pytest.mark.parametrize(
    ("text", "fast"),
    [
        ("http://\u05d0\u05d1.co.il/", True),  # Hebrew label, ASCII labels
        ("http://\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631/", True),
        ("https://www.\u0628\u0636\u0633.us/a?q=\u0628", True),
        # presentation forms: UTS #46 maps them, so IDNA checked other labels than these
        ("http://\ufee3\ufe9c\ufe8e\ufedd.com/", False),
        ("http://a\u05d0.co.il/", False),  # L and R in one label (4.2 rule 1)
        ("http://\u05d01.co.il/", False),  # a digit last (4.2 rule 2, RFC 5893 rule 3)
        ("http://\u0663\u0664.example/", False),  # Arabic-Indic digits alone: no R or AL
        ("mailto:\u05d0@\u05d1.example", False),  # not a host of the authority
        ("foo://\u05d0\u05d1/", True),  # not a DNS scheme: converts all the same
    ],
)
def test_clean_right_to_left_hosts(text: str, fast: bool) -> None:
    """A right-to-left host is clean when IDNA converts it and converts it back (its Bidi
    Rule then held for the labels as written); clean() never says so where check() finds
    something."""
    got = _n.clean(text)
    assert got == fast, (text, py_check(text))
    if got:
        assert not py_check(text)


@pytest.mark.parametrize(
    ("text", "fast"),
    [
        ("http://xn--rsum-bpad.example/", True),
        ("http://a.xn--rsum-bpad/", True),
        ("http://xn--4dbc.co.il/", True),  # a right-to-left A-label: the Bidi Rule held
        ("http://xn--rsum-bpad.xn--4dbc/", True),
        ("http://xn--a.com/", False),  # no A-label: invalid-a-label
        ("http://xn--ls8h.la/", False),  # an emoji: IDNA2008 refuses it
        # the whole name fails the Bidi Rule ("1abc" starts with a digit), its A-label
        # alone does not: check() finds nothing, clean() asks Python
        ("http://1abc.xn--4dbc.com/", False),
        ("foo://xn--a.com/", False),  # no DNS scheme: nothing to say, but ToASCII refuses
        ("http://ab--cd.xn--rsum-bpad/", False),  # a reserved form beside it
        ("http://XN--RSUM-BPAD.example/", False),  # uppercase-host
        ("http://xn--rsum-bpad.example./", False),  # a final dot
    ],
)
def test_clean_a_label_hosts(text: str, fast: bool) -> None:
    """An ASCII host with xn-- labels is clean when UTS #46 ToASCII takes the whole name
    (then each xn-- label passes alone: check()'s invalid-a-label test); clean() never
    says so where check() finds something, in the drop-in and in a column."""
    got = _n.clean(text)
    assert got == fast, (text, py_check(text))
    if got:
        assert not py_check(text)
    import pyarrow as pa

    from iri.scale.batch import arrow_column

    want = [v.code.value for v in py_check(text)]
    got_rows = arrow_column("check", pa.array([text, None, text])).to_pylist()
    codes = [None if rows is None else [r["code"] for r in rows] for rows in got_rows]
    assert codes == [want, None, want], text


@pytest.mark.parametrize("name", ["web", "iri", "mixed", "cases/syntax.toml"])
def test_clean_lines(name: str) -> None:
    texts = list(corpus(name))
    flags = _n.clean_lines(texts, "IRI_reference", "reject")
    assert len(flags) == len(texts)
    assert list(flags) == [int(_n.clean(t)) for t in texts]


@pytest.mark.parametrize("name", ["web", "iri", "mixed", "cases/syntax.toml"])
def test_valid_and_normalize_lines(name: str) -> None:
    texts = list(corpus(name))
    flags = _n.valid_lines(texts, "IRI", "accept")
    want = [_n.is_valid(t, "IRI", "accept") for t in texts]
    assert list(flags) == [2 if w is None else int(w) for w in want]
    for level in ("syntax", "scheme"):
        assert _n.normalize_lines(texts, level) == [_n.normalize(t, level) for t in texts]
    assert _n.valid_lines(texts, "nope") is None and _n.normalize_lines(texts, "simple") is None
