"""Unit tests of iri.syntax.violations: the registry, Violation, describe_char."""

from __future__ import annotations

import json
import re

import pytest

from iri import Code, Rule, Severity, Violation, check
from iri.syntax.violations import REGISTRY, CodeInfo, describe_char

RULES = {str(r) for r in Rule}


def produce(info: CodeInfo) -> list[object]:
    """What the registry example yields: check() for a rule, the repairs for a liberal step."""
    if info.example_rule in RULES:
        return list(check(info.example, rule=info.example_rule))
    from iri.liberal import repair

    return list(repair(info.example, info.example_rule).repairs)


KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def test_every_code_has_a_registry_entry() -> None:
    assert set(REGISTRY) == set(Code)
    for info in REGISTRY.values():
        assert isinstance(info, CodeInfo)
        assert info.example, "every code needs an example"
        assert info.summary
        if info is REGISTRY[Code.VIOLATIONS_OMITTED]:
            assert info.section == "iri check(limit)"  # a limit of ours, not of a spec
            continue
        assert re.fullmatch(
            r"(RFC \d+|3987bis|IRI guidelines|draft-duerst-idn-uri) [0-9A-Z][0-9.]*", info.section
        ), info.section


def test_codes_are_kebab_case_and_unique() -> None:
    values = [str(c) for c in Code]
    assert len(values) == len(set(values))
    for value in values:
        assert KEBAB.fullmatch(value), value


def test_registry_is_read_only() -> None:
    with pytest.raises(TypeError):
        REGISTRY[Code.INVALID_CHARACTER] = REGISTRY[Code.INVALID_PORT]  # type: ignore[index]


@pytest.mark.parametrize("code", list(Code), ids=[str(c) for c in Code])
def test_registry_example_triggers_its_code(code: Code) -> None:
    info = REGISTRY[code]
    found = [v for v in produce(info) if v.code is code]  # type: ignore[attr-defined]
    assert found, f"{info.example!r} ({info.example_rule}) does not produce {code}"
    for v in found:
        assert v.severity == info.severity
        assert v.section == info.section
        assert 0 <= v.span[0] <= v.span[1] <= len(info.example)


@pytest.mark.parametrize("code", list(Code), ids=[str(c) for c in Code])
def test_warning_examples_have_no_error(code: Code) -> None:
    info = REGISTRY[code]
    if info.example_rule not in RULES:
        from iri.liberal import repair

        # a repair's output is valid: no error in the strict check
        out = repair(info.example, info.example_rule).text
        assert [v for v in check(out) if v.severity == "error"] == []
    elif info.severity is Severity.WARNING:
        errors = [v for v in check(info.example, rule=info.example_rule) if v.severity == "error"]
        assert errors == []


def test_severities() -> None:
    errors = {c for c, i in REGISTRY.items() if i.severity is Severity.ERROR}
    assert Code.BIDI_FORMATTING_CHARACTER in errors  # RFC 3987 4.1 is a MUST
    assert Code.ZONE_ID_NOT_ALLOWED in errors
    assert Code.NOT_NFC not in errors
    assert Code.JOINER_OUT_OF_CONTEXT not in errors
    assert Severity("error") is Severity.ERROR and Severity.WARNING == "warning"


def test_violation_of_and_to_dict() -> None:
    v = Violation.of(Code.INVALID_PORT, "port", 3, 5, "bad port")
    assert v.severity is Severity.ERROR
    assert v.section == REGISTRY[Code.INVALID_PORT].section
    d = v.to_dict()
    assert d == {
        "code": "invalid-port",
        "severity": "error",
        "component": "port",
        "span": [3, 5],
        "section": "RFC 3986 3.2.3",
        "message": "bad port",
    }
    assert json.loads(json.dumps(d)) == d
    assert type(d["code"]) is str and type(d["severity"]) is str


def test_violation_is_frozen_and_hashable() -> None:
    v = Violation.of(Code.EMPTY_PORT, None, 0, 0, "m")
    with pytest.raises(AttributeError):
        v.code = Code.INVALID_PORT  # type: ignore[misc]
    assert hash(v) == hash(Violation.of(Code.EMPTY_PORT, None, 0, 0, "m"))


@pytest.mark.parametrize(
    ("char", "expected"),
    [
        ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("\t", "U+0009 CHARACTER TABULATION"),
        ("\x00", "U+0000 NULL"),
        ("\n", "U+000A LINE FEED"),
        ("\x1f", "U+001F INFORMATION SEPARATOR ONE"),
        ("\x7f", "U+007F DELETE"),
        ("\x85", "U+0085 <C1 control>"),
        ("\ud800", "U+D800 <surrogate>"),
        ("\ufdd0", "U+FDD0 <noncharacter>"),
        ("\uffff", "U+FFFF <noncharacter>"),
        ("\U0001fffe", "U+1FFFE <noncharacter>"),
        ("\ue000", "U+E000 <private use>"),
        ("\U0010fffd", "U+10FFFD <private use>"),
        (" ", "U+0020 SPACE"),
        ("é", "U+00E9 LATIN SMALL LETTER E WITH ACUTE"),
        ("\U00010300", "U+10300 OLD ITALIC LETTER A"),
        ("\U000e0001", "U+E0001 LANGUAGE TAG"),
    ],
)
def test_describe_char(char: str, expected: str) -> None:
    assert describe_char(char) == expected


def test_describe_char_unassigned() -> None:
    assert describe_char("\U000e1000") == "U+E1000 <unassigned>"
