"""Properties of the comparison ladder (RFC 3987 5.3).

* ``normalize`` is idempotent at each level, its output is a valid IRI reference, and
  ``equivalent(x, normalize(x))`` holds at that level;
* the fast path agrees with the readable rules;
* ``equivalent`` is reflexive, symmetric and transitive on generated sets of variants of
  one IRI (case changes, percent-encodings, dot-segments, ports, host spellings);
* each level is at least as coarse as the one below it.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import reference  # type: ignore[import-not-found, unused-ignore]

from iri import is_valid
from iri.errors import IRIError
from iri.ladder.normalize import CharacterNormalization, Level, _normalize, equivalent, normalize
from iri.syntax.hosts import to_ascii

SETTINGS = settings(derandomize=True, deadline=None, max_examples=150, database=None)
LEVELS = (Level.SYNTAX, Level.SCHEME)
iri_references = reference("IRI_reference")
uri_references = reference("URI_reference")
texts = st.one_of(iri_references, uri_references)


@SETTINGS
@given(texts)
def test_normalize_is_idempotent_valid_and_equivalent(text: str) -> None:
    for level in LEVELS:
        once = normalize(text, level=level)
        assert is_valid(once), (level, once)
        assert normalize(once, level=level) == once, level
        assert equivalent(text, once, level=level)


@SETTINGS
@given(texts)
def test_fast_path_agrees_with_the_rules(text: str) -> None:
    for level in LEVELS:
        none = CharacterNormalization.NONE
        assert _normalize(text, level, none) == _normalize(text, level, none, fast=False)


@SETTINGS
@given(iri_references, st.sampled_from(["nfc", "nfkc"]))
def test_character_normalization_is_idempotent_and_valid(text: str, form: str) -> None:
    for level in LEVELS:
        try:
            once = normalize(text, level=level, character=form)
        except IRIError:
            assume(False)  # a segment that NFKC would turn into a dot-segment
            return
        assert is_valid(once), (level, form, once)
        assert normalize(once, level=level, character=form) == once


# -- variants of one IRI --------------------------------------------------------------------

#: Characters that may stand decoded in every component (unreserved and ucschar letters).
LETTERS = "aZ09-._~éüß東京\U0001f600"
HOSTS = ("example.com", "www.example.org", "résumé.example.org", "納豆.example", "a-b.c")
SCHEMES = ("http", "https", "ws", "ftp", "foo", "urn-x")


def _pct(char: str, lower: bool) -> str:
    hexed = char.encode("utf-8").hex("%")
    return "%" + (hexed if lower else hexed.upper())


@st.composite
def _component(draw: st.DrawFn, encode: bool) -> str:
    """A run of LETTERS, each possibly percent-encoded (random hex case)."""
    chars = draw(st.lists(st.sampled_from(LETTERS), max_size=5))
    out = []
    for c in chars:
        if encode and draw(st.booleans()):
            out.append(_pct(c, draw(st.booleans())))
        else:
            out.append(c)
    return "".join(out)


def _recase(draw: st.DrawFn, text: str) -> str:
    flips = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(
        c.swapcase() if f and c.isascii() else c for c, f in zip(text, flips, strict=True)
    )


@st.composite
def base_parts(draw: st.DrawFn) -> tuple[str, str, list[str], str | None, str | None]:
    scheme = draw(st.sampled_from(SCHEMES))
    host = draw(st.sampled_from(HOSTS))
    segments = [draw(_component(encode=False)) for _ in range(draw(st.integers(0, 3)))]
    query = draw(st.one_of(st.none(), _component(encode=False)))
    fragment = draw(st.one_of(st.none(), _component(encode=False)))
    return scheme, host, segments, query, fragment


DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "ftp": "21"}


def _spell(draw: st.DrawFn, text: str) -> str:
    """5.3.2.3: percent-encode some characters of ``text`` (random hex case)."""
    return "".join(_pct(c, draw(st.booleans())) if draw(st.booleans()) else c for c in text)


@st.composite
def variant(
    draw: st.DrawFn,
    parts: tuple[str, str, list[str], str | None, str | None],
    level: Level,
) -> str:
    """A spelling of ``parts`` that is equivalent to it at ``level``."""
    scheme, host, segments, query, fragment = parts
    dns = scheme in DEFAULT_PORTS
    scheme = _recase(draw, scheme)  # 5.3.2.1
    if host.isascii():
        host = _recase(draw, host)  # 5.3.2.1: US-ASCII-only hosts
    if level is Level.SCHEME and dns:
        choice = draw(st.integers(0, 2))
        if choice == 1 and not host.isascii():
            host = host.upper()  # UTS #46 maps case
        elif choice == 2:
            host = to_ascii(host).upper() if draw(st.booleans()) else to_ascii(host)
    authority = host
    if level is Level.SCHEME:
        # 5.3.3: an empty port, or the default port.
        ports = ["", ":"] + ([":" + DEFAULT_PORTS[parts[0]]] if dns else [])
        authority += draw(st.sampled_from(ports))
    path = ""
    for seg in segments:
        # 5.3.2.4: dot-segments before the segment, which remove_dot_segments removes.
        path += draw(st.sampled_from(["", "/.", "/x/..", "/%2E", "/zz/%2e%2E"]))
        path += "/" + _spell(draw, seg)
    if level is Level.SCHEME and dns and not path:
        path = draw(st.sampled_from(["", "/"]))  # 5.3.3: an empty path is "/"
    text = f"{scheme}://{authority}{path}"
    if query is not None:
        text += "?" + _spell(draw, query)
    if fragment is not None:
        text += "#" + _spell(draw, fragment)
    return text


def _base(parts: tuple[str, str, list[str], str | None, str | None]) -> str:
    scheme, host, segments, query, fragment = parts
    text = f"{scheme}://{host}" + "".join("/" + s for s in segments)
    if query is not None:
        text += "?" + query
    if fragment is not None:
        text += "#" + fragment
    return text


@SETTINGS
@given(st.data(), base_parts(), st.sampled_from(LEVELS))
def test_variants_are_equivalent_to_their_base(
    data: st.DataObject, parts: tuple[str, str, list[str], str | None, str | None], level: Level
) -> None:
    base = _base(parts)
    variants = [data.draw(variant(parts, level)) for _ in range(3)]
    for v in variants:
        assert is_valid(v), v
        assert equivalent(base, v, level=level), (base, v)
    # Transitivity on a triple, symmetry on each pair, reflexivity on each.
    a, b, c = variants
    for x, y in ((a, b), (b, c), (a, c)):
        assert equivalent(x, y, level=level) == equivalent(y, x, level=level)
    if equivalent(a, b, level=level) and equivalent(b, c, level=level):
        assert equivalent(a, c, level=level)
    for x in variants:
        assert equivalent(x, x, level=level)


@SETTINGS
@given(st.data(), base_parts(), base_parts())
def test_equivalence_relation_on_mixed_sets(
    data: st.DataObject,
    p: tuple[str, str, list[str], str | None, str | None],
    q: tuple[str, str, list[str], str | None, str | None],
) -> None:
    """Variants of two bases (often not equivalent): transitivity over every triple."""
    items = [data.draw(variant(parts, level)) for parts in (p, q) for level in LEVELS]
    for level in (Level.SIMPLE, *LEVELS):
        for x in items:
            assert equivalent(x, x, level=level)
            for y in items:
                assert equivalent(x, y, level=level) == equivalent(y, x, level=level)
                for z in items:
                    if equivalent(x, y, level=level) and equivalent(y, z, level=level):
                        assert equivalent(x, z, level=level)


@SETTINGS
@given(st.data(), base_parts(), st.sampled_from(LEVELS))
def test_each_level_is_at_least_as_coarse_as_the_one_below(
    data: st.DataObject, parts: tuple[str, str, list[str], str | None, str | None], level: Level
) -> None:
    a = data.draw(variant(parts, level))
    b = data.draw(st.one_of(st.just(a), variant(parts, level), texts))
    simple = equivalent(a, b, level="simple")
    syntax = equivalent(a, b, level="syntax")
    scheme = equivalent(a, b, level="scheme")
    assert not simple or syntax
    assert not syntax or scheme


@SETTINGS
@given(texts, texts)
def test_levels_nest_on_arbitrary_pairs(a: str, b: str) -> None:
    assert not equivalent(a, b, level="simple") or equivalent(a, b, level="syntax")
    assert not equivalent(a, b, level="syntax") or equivalent(a, b, level="scheme")
    # A reference and its normal forms: all three keys are equal at the upper levels.
    assert equivalent(a, normalize(a), level="scheme")
