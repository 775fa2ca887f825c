"""Property tests of the grammar: check never raises, the fast path equals the
transcription, and every reference generated from the ABNF parses back exactly.

Strategies live in strategies.py and are built from the character sets of iri.syntax.grammar.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import (  # type: ignore[import-not-found]
    IRI_RULES,
    URI_RULES,
    any_text,
    biased_text,
    mutated,
    reference,
    valid_for,
)

from iri import InvalidIRI, Rule, ZoneID, check, is_valid, parse, split
from iri.syntax.check import explain, iri_reference_match
from iri.value.reference import IRIReference

FIELDS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
RULES = list(Rule)
TWINS = [
    (Rule.URI, Rule.IRI),
    (Rule.URI_REFERENCE, Rule.IRI_REFERENCE),
    (Rule.ABSOLUTE_URI, Rule.ABSOLUTE_IRI),
    (Rule.RELATIVE_REF, Rule.IRELATIVE_REF),
]


def _settings(n: int) -> settings:
    return settings(
        derandomize=True,
        deadline=None,
        max_examples=n,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


#: Any text: all of Unicode (surrogates too) or a mix biased towards delimiters / bidi.
texts = st.one_of(any_text, biased_text, mutated())


def _recompose(c: dict[str, str | None]) -> str:
    """RFC 3986 5.3 Component Recomposition, written out here as an oracle."""
    out = ""
    if c["scheme"] is not None:
        out += c["scheme"] + ":"
    if c["host"] is not None:
        out += "//"
        if c["userinfo"] is not None:
            out += c["userinfo"] + "@"
        out += c["host"]
        if c["port"] is not None:
            out += ":" + c["port"]
    out += c["path"] or ""
    if c["query"] is not None:
        out += "?" + c["query"]
    if c["fragment"] is not None:
        out += "#" + c["fragment"]
    return out


def _has_error(text: str, rule: Rule, zone_id: ZoneID = ZoneID.REJECT) -> bool:
    return any(v.severity == "error" for v in check(text, rule=rule, zone_id=zone_id))


# -- never raises, spans ------------------------------------------------------------------


@_settings(250)
@given(text=texts, rule=st.sampled_from(RULES), zone_id=st.sampled_from(list(ZoneID)))
def test_check_never_raises_and_spans_are_sound(text: str, rule: Rule, zone_id: ZoneID) -> None:
    violations = check(text, rule=rule, zone_id=zone_id)
    starts = [v.span[0] for v in violations]
    assert starts == sorted(starts)
    for v in violations:
        start, end = v.span
        assert 0 <= start <= end <= len(text), v
        assert v.severity in ("error", "warning")
        assert v.message
        assert v.component in (None, *FIELDS)


@_settings(200)
@given(text=texts, rule=st.sampled_from(RULES))
def test_parse_raises_only_invalid_iri(text: str, rule: Rule) -> None:
    try:
        ref = parse(text, rule=rule)
    except InvalidIRI as exc:
        assert exc.violations
        assert any(v.severity == "error" for v in exc.violations)
        assert str(exc)  # rendering never fails
    else:
        assert str(ref) == text


# -- the fast path equals the transcription ---------------------------------------------


@_settings(700)
@given(text=texts, rule=st.sampled_from(RULES))
def test_is_valid_equals_no_error_in_check(text: str, rule: Rule) -> None:
    assert is_valid(text, rule=rule) == (not _has_error(text, rule))
    assert is_valid(text, rule=rule) == (
        not any(v.severity == "error" for v in explain(text, rule=rule))
    )


@_settings(500)
@given(text=texts)
def test_the_conversions_gate_equals_is_valid(text: str) -> None:
    assert (iri_reference_match(text) is not None) == is_valid(text)


#: ASCII references, valid or nearly so: the texts check()'s fast path looks at.
plain_ascii = st.one_of(
    reference(Rule.URI_REFERENCE),
    mutated(Rule.URI_REFERENCE),
    st.text(alphabet="aAzZ09:/?#[]@.%-_~!$&'()*+,;=", max_size=40),
)


@_settings(1000)
@given(
    text=st.one_of(plain_ascii, texts),
    rule=st.sampled_from(RULES),
    zone_id=st.sampled_from(list(ZoneID)),
)
def test_check_fast_path_equals_the_transcription(text: str, rule: Rule, zone_id: ZoneID) -> None:
    assert check(text, rule=rule, zone_id=zone_id) == explain(text, rule=rule, zone_id=zone_id)


@_settings(200)
@given(text=texts, rule=st.sampled_from(RULES))
def test_is_valid_equals_no_error_in_check_with_zone_ids(text: str, rule: Rule) -> None:
    z = ZoneID.ACCEPT
    assert is_valid(text, rule=rule, zone_id=z) == (not _has_error(text, rule, z))


@_settings(300)
@given(
    text=st.one_of(texts, st.from_regex(r"[0-9\-+.][a-z]?://[a-z]*", fullmatch=True)),
    rule=st.sampled_from(
        [Rule.IRI_REFERENCE, Rule.URI_REFERENCE, Rule.IRELATIVE_REF, Rule.RELATIVE_REF]
    ),
)
def test_is_valid_equals_no_error_in_check_scheme_like(text: str, rule: Rule) -> None:
    assert is_valid(text, rule=rule) == (not _has_error(text, rule))


@pytest.mark.parametrize(("uri_rule", "iri_rule"), TWINS, ids=[u.value for u, _ in TWINS])
@_settings(120)
@given(text=texts)
def test_uri_rule_implies_iri_rule(uri_rule: Rule, iri_rule: Rule, text: str) -> None:
    if is_valid(text, rule=uri_rule):
        assert is_valid(text, rule=iri_rule)


# -- generated references ---------------------------------------------------------------


@pytest.mark.parametrize("rule", RULES, ids=[r.value for r in RULES])
@_settings(150)
@given(data=st.data())
def test_generated_reference_round_trips(rule: Rule, data: st.DataObject) -> None:
    text = data.draw(reference(rule))
    ref = parse(text, rule=rule)
    assert isinstance(ref, IRIReference)
    assert str(ref) == text
    assert _recompose(ref.components()) == text
    assert not _has_error(text, rule)
    for other in valid_for(rule):
        assert is_valid(text, rule=other), other
    if rule in URI_RULES:
        assert text.isascii()
    assert parse(text, rule=rule) == ref
    assert hash(parse(text, rule=rule)) == hash(ref)


@pytest.mark.parametrize("rule", IRI_RULES, ids=[r.value for r in IRI_RULES])
@_settings(80)
@given(data=st.data())
def test_uri_generated_is_valid_for_iri_rules(rule: Rule, data: st.DataObject) -> None:
    uri_rule = dict((i, u) for u, i in TWINS)[rule]
    text = data.draw(reference(uri_rule))
    assert is_valid(text, rule=uri_rule)
    assert is_valid(text, rule=rule)
    assert parse(text, rule=rule).components() == parse(text, rule=uri_rule).components()


@_settings(120)
@given(text=reference(Rule.IRI_REFERENCE))
def test_split_agrees_with_parse(text: str) -> None:

    ref = parse(text)
    parts = split(text)
    assert parts.scheme == ref.scheme
    assert parts.authority == ref.authority
    assert parts.path == ref.path
    assert parts.query == ref.query
    assert parts.fragment == ref.fragment
