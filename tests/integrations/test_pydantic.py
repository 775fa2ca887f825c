"""iri.integrations.pydantic: validation, serialization, JSON Schema in real pydantic models."""

from __future__ import annotations

from typing import Annotated

import pytest

pydantic = pytest.importorskip("pydantic")

from pydantic import BaseModel, TypeAdapter, ValidationError  # noqa: E402

import iri  # noqa: E402
from iri.integrations.pydantic import (  # noqa: E402
    AbsoluteIRIStr,
    AbsoluteURIStr,
    IRIFormat,
    IRIReferenceStr,
    IRIStr,
    URIReferenceStr,
    URIStr,
)


class Link(BaseModel):
    href: IRIReferenceStr
    target: IRIStr
    ascii: URIStr | None = None
    ref: URIReferenceStr = ""
    base: AbsoluteIRIStr = "http://example.org/"
    abs_uri: AbsoluteURIStr = "http://example.org/"


def test_validates_and_keeps_the_text_exactly() -> None:
    link = Link(href="../ü?x#f", target="HTTP://Résumé.example.org/東京", ascii="mailto:a@b.c")
    assert link.href == "../ü?x#f"
    assert link.target == "HTTP://Résumé.example.org/東京"  # never normalized silently
    assert type(link.target) is str


def test_serializes_as_the_string() -> None:
    link = Link(href="a", target="http://納豆.example.org/")
    assert link.model_dump()["target"] == "http://納豆.example.org/"
    assert '"target":"http://納豆.example.org/"' in link.model_dump_json()
    assert Link.model_validate_json(link.model_dump_json()) == link


def test_json_schema_formats() -> None:
    props = Link.model_json_schema()["properties"]
    assert props["href"] == {"format": "iri-reference", "title": "Href", "type": "string"}
    assert props["target"]["format"] == "iri"
    assert props["base"]["format"] == "iri"
    assert props["ref"]["format"] == "uri-reference"
    assert props["abs_uri"]["format"] == "uri"
    ascii_schema = props["ascii"]["anyOf"][0]
    assert ascii_schema == {"format": "uri", "type": "string"}


def test_error_carries_code_and_position() -> None:
    with pytest.raises(ValidationError) as info:
        Link(href="ok", target="http://x/%zz")
    (err,) = info.value.errors()
    assert err["type"] == "iri_invalid"
    assert err["loc"] == ("target",)
    assert err["ctx"]["code"] == "invalid-percent-encoding"
    assert (err["ctx"]["start"], err["ctx"]["end"]) == (9, 10)
    assert err["msg"].startswith("invalid IRI: invalid-percent-encoding at 9..10 (RFC 3986")
    # the same violations as iri.check, as data
    expected = [v for v in iri.check("http://x/%zz", rule="IRI") if v.severity == "error"]
    assert [(v["code"], tuple(v["span"])) for v in err["ctx"]["violations"]] == [
        (v.code.value, v.span) for v in expected
    ]


def test_several_errors_are_counted() -> None:
    with pytest.raises(ValidationError) as info:
        Link(href="a b c", target="http://x/")
    (err,) = info.value.errors()
    assert len(err["ctx"]["violations"]) == 2
    assert "(and 1 more)" in err["msg"]


@pytest.mark.parametrize(
    ("annotation", "good", "bad"),
    [
        (IRIStr, "http://ü/", "/relative"),
        (IRIReferenceStr, "/relative", "a b"),
        (AbsoluteIRIStr, "http://ü/", "http://ü/#frag"),
        (URIStr, "http://x/%C3%BC", "http://ü/"),
        (URIReferenceStr, "/x", "/ü"),
        (AbsoluteURIStr, "urn:x", "urn:x#f"),
        (Annotated[str, IRIFormat("irelative_ref")], "../x", "http://x/"),
    ],
)
def test_each_rule(annotation: object, good: str, bad: str) -> None:
    adapter = TypeAdapter(annotation)
    assert adapter.validate_python(good) == good
    with pytest.raises(ValidationError):
        adapter.validate_python(bad)


@pytest.mark.parametrize("value", [b"http://x/", 42, None, ["http://x/"]])
def test_non_strings_are_rejected_not_coerced(value: object) -> None:
    with pytest.raises(ValidationError) as info:
        TypeAdapter(IRIStr).validate_python(value)
    assert info.value.errors()[0]["type"] == "string_type"


def test_unknown_rule_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="nonsense"):
        IRIFormat("nonsense")
