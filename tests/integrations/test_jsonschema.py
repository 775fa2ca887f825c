"""iri.integrations.jsonschema: the four formats through jsonschema's own validators."""

from __future__ import annotations

import pytest

jsonschema = pytest.importorskip("jsonschema")

import iri  # noqa: E402
from iri.integrations.jsonschema import FORMATS, format_checker, make_format_checker  # noqa: E402

VALIDATORS = [jsonschema.Draft202012Validator, jsonschema.Draft7Validator]

# (format, valid instances, invalid instances)
CASES = [
    (
        "iri",
        ["http://résumé.example.org/東京?q=ü", "urn:isbn:0451450523", "http://[::1]:8080/"],
        ["/relative/path", "http://example.org/a b", "http://example.org/%zz", "ht@tp://x"],
    ),
    (
        "iri-reference",
        ["http://résumé.example.org/東京", "../ü?x#frag", "", "//h/p"],
        ["http://example.org/a b", "a:b:%", "http://[::1/"],
    ),
    (
        "uri",
        ["http://example.org/%C3%BC", "mailto:a@example.org"],
        ["http://résumé.example.org/", "relative", "http://example.org/<>"],
    ),
    (
        "uri-reference",
        ["http://example.org/%C3%BC", "../a?b#c", ""],
        ["../ü", "http://example.org/a b"],
    ),
]


@pytest.mark.parametrize("validator_class", VALIDATORS, ids=lambda c: c.__name__)
@pytest.mark.parametrize(("fmt", "good", "bad"), CASES, ids=[c[0] for c in CASES])
def test_formats_through_jsonschema_validators(
    validator_class: type, fmt: str, good: list[str], bad: list[str]
) -> None:
    schema = {"type": "array", "items": {"type": "string", "format": fmt}}
    validator = validator_class(schema, format_checker=format_checker)
    validator.validate(good)  # raises on the first failure
    errors = list(validator.iter_errors(good + bad))
    assert sorted(e.path[0] for e in errors) == list(range(len(good), len(good) + len(bad)))
    for e in errors:
        assert e.validator == "format"
        assert isinstance(e.cause, iri.InvalidIRI)
        assert e.cause.errors, e.cause
        # the violations carry code and position as data
        first = e.cause.errors[0]
        assert first.span[0] <= len(e.instance)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_agrees_with_is_valid(fmt: str) -> None:
    rule = FORMATS[fmt]
    for text in ["http://a/", "a b", "ü", "//x", "x:", "%41", "http://[v7.x]/", "é:é"]:
        expected = iri.is_valid(text, rule=rule)
        assert format_checker.conforms(text, fmt) is expected, (fmt, text)


def test_validate_function_and_error_detail() -> None:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"home": {"type": "string", "format": "iri"}},
    }
    jsonschema.validate({"home": "http://納豆.example.org/"}, schema, format_checker=format_checker)
    with pytest.raises(jsonschema.ValidationError) as info:
        jsonschema.validate({"home": "http://x/%zz"}, schema, format_checker=format_checker)
    cause = info.value.cause
    assert isinstance(cause, iri.InvalidIRI)
    assert [(v.code.value, v.span) for v in cause.errors] == [("invalid-percent-encoding", (9, 10))]


def test_non_strings_are_ignored_and_other_formats_kept() -> None:
    # JSON Schema Validation 7.1: a format constrains only its own instance type.
    for fmt in FORMATS:
        assert format_checker.conforms(42, fmt)
        assert format_checker.conforms(None, fmt)
    # jsonschema's own checkers for other formats are still there
    assert "email" in format_checker.checkers
    assert not format_checker.conforms("no-at-sign", "email")


def test_without_format_checker_format_is_an_annotation() -> None:
    # Draft 2020-12 makes format an annotation unless a checker is given: proves the
    # failures above come from our checker.
    schema = {"type": "string", "format": "iri"}
    assert jsonschema.Draft202012Validator(schema).is_valid("a b")
    assert not jsonschema.Draft202012Validator(schema, format_checker=format_checker).is_valid(
        "a b"
    )


def test_make_format_checker_returns_independent_checkers() -> None:
    mine = make_format_checker()
    assert mine is not format_checker
    del mine.checkers["iri"]
    assert "iri" in format_checker.checkers
    assert mine.conforms("a b", "iri")  # unknown format: passes
