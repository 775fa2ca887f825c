"""Drive tests/cases/syntax.toml: every syntax example of RFC 3986 / RFC 3987 + own rows.

For each row: ``is_valid`` gives the expected answer, ``check`` reports exactly the
expected set of error codes (and of warning codes when the row lists them), ``parse``
either raises ``InvalidIRI`` carrying the same violations or returns the expected
components, and the other rules named in the row match or do not.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path
from typing import Any

import pytest

from iri import InvalidIRI, Rule, check, is_valid, parse

CASES_FILE = Path(__file__).parent.parent / "cases" / "syntax.toml"
FIELDS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
RULES = {str(rule) for rule in Rule}  # the names a case may give
KEYS = {
    "id",
    "source",
    "text",
    "text_py",
    "rule",
    "zone_id",
    "valid",
    "errors",
    "warnings",
    "c",
    "also_valid",
    "also_invalid",
    "xfail",
}


def _load() -> list[dict[str, Any]]:
    with CASES_FILE.open("rb") as f:
        return list(tomllib.load(f)["case"])


CASES = _load()


def _text(case: dict[str, Any]) -> str:
    if "text_py" in case:
        value = ast.literal_eval(case["text_py"])
        assert isinstance(value, str)
        return value
    return str(case["text"])


def _params() -> list[Any]:
    out = []
    for case in CASES:
        marks = []
        if "xfail" in case:
            marks.append(pytest.mark.xfail(strict=True, reason=case["xfail"]))
        out.append(pytest.param(case, id=case["id"], marks=marks))
    return out


def test_table_is_well_formed() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for case in CASES:
        assert set(case) <= KEYS, (case["id"], set(case) - KEYS)
        assert ("text" in case) != ("text_py" in case), case["id"]
        assert case.get("rule", "IRI_reference") in RULES, case["id"]
        assert set(case.get("also_valid", [])) <= RULES
        assert set(case.get("also_invalid", [])) <= RULES
        assert set(case.get("c", {})) <= set(FIELDS), case["id"]
        assert isinstance(case["valid"], bool)
        # Valid rows report no error; invalid rows name at least one.
        assert bool(case.get("errors")) != case["valid"], case["id"]
        assert "source" in case


def test_table_covers_the_rfc_examples() -> None:
    sources = {case["source"].split(" (")[0] for case in CASES}
    for section in (
        "RFC 3986 1.1.2",
        "RFC 3986 3",
        "RFC 3986 5.4.1",
        "RFC 3986 5.4.2",
        "RFC 3986 Appendix B",
        "RFC 3987 3.1",
        "RFC 3987 3.2",
        "RFC 3987 4.4",
        "RFC 6874 2",
    ):
        assert section in sources, section
    # All 42 reference forms of RFC 3986 5.4 (23 normal + 19 abnormal, "http:g" included).
    forms = [c for c in CASES if c["source"] in ("RFC 3986 5.4.1", "RFC 3986 5.4.2")]
    assert len(forms) == 42


@pytest.mark.parametrize("case", _params())
def test_syntax_case(case: dict[str, Any]) -> None:
    text = _text(case)
    rule = case.get("rule", "IRI_reference")
    zone_id = case.get("zone_id", "reject")
    violations = check(text, rule=rule, zone_id=zone_id)
    errors = {str(v.code) for v in violations if v.severity == "error"}
    warnings = {str(v.code) for v in violations if v.severity == "warning"}
    assert is_valid(text, rule=rule, zone_id=zone_id) is case["valid"]
    assert errors == set(case.get("errors", [])), [v.message for v in violations]
    if "warnings" in case:
        assert warnings == set(case["warnings"]), [v.message for v in violations]
    if case["valid"]:
        ref = parse(text, rule=rule, zone_id=zone_id)
        assert str(ref) == text
        if "c" in case:
            expected = {name: case["c"].get(name) for name in FIELDS}
            if expected["path"] is None:
                expected["path"] = ""
            assert ref.components() == expected
    else:
        with pytest.raises(InvalidIRI) as info:
            parse(text, rule=rule, zone_id=zone_id)
        assert info.value.text == text
        assert list(info.value.violations) == violations
    for other in case.get("also_valid", []):
        assert is_valid(text, rule=other, zone_id=zone_id), other
    for other in case.get("also_invalid", []):
        assert not is_valid(text, rule=other, zone_id=zone_id), other
