"""Pydantic v2 field types for IRIs and URIs: validated ``str`` values with a JSON Schema format.

Each type is an ``Annotated[str, IRIFormat(rule)]``: the field holds the text exactly as
given (a plain ``str``, serialized as itself), accepted only when :func:`iri.is_valid`
says it matches ``rule``. A failure is a pydantic error of type ``"iri_invalid"`` whose
message names the first violation's code, position and section, and whose ``ctx`` holds
every error violation as data (code, span, section, message).

Needs the ``pydantic`` extra (``pip install iri[pydantic]``).

>>> from pydantic import BaseModel, ValidationError
>>> from iri.integrations.pydantic import IRIStr
>>> class Page(BaseModel):
...     url: IRIStr
>>> Page(url="http://résumé.example.org/東京").url
'http://résumé.example.org/東京'
>>> Page.model_json_schema()["properties"]["url"]
{'format': 'iri', 'title': 'Url', 'type': 'string'}
>>> try:
...     Page(url="http://example.org/a b")
... except ValidationError as e:
...     print(e.errors()[0]["msg"])
invalid IRI: invalid-character at 20..21 (RFC 3987 2.2): U+0020 SPACE is not allowed in the path
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from iri.syntax.check import check, is_valid
from iri.syntax.grammar import Rule

__all__ = [
    "AbsoluteIRIStr",
    "AbsoluteURIStr",
    "IRIFormat",
    "IRIReferenceStr",
    "IRIStr",
    "URIReferenceStr",
    "URIStr",
]

#: The JSON Schema format shown for each rule (JSON Schema Validation 7.3.5, 7.3.6). The
#: rules JSON Schema has no name for show the format of the rule that contains them (an
#: absolute IRI is an IRI, a relative reference an IRI reference): every value we accept
#: is valid against the format shown (docs/rationale.md).
_JSON_FORMAT: dict[Rule, str] = {
    Rule.IRI: "iri",
    Rule.ABSOLUTE_IRI: "iri",
    Rule.IRI_REFERENCE: "iri-reference",
    Rule.IRELATIVE_REF: "iri-reference",
    Rule.URI: "uri",
    Rule.ABSOLUTE_URI: "uri",
    Rule.URI_REFERENCE: "uri-reference",
    Rule.RELATIVE_REF: "uri-reference",
}

#: Rule -> the name used in error messages.
_TITLE: dict[Rule, str] = {
    Rule.IRI: "IRI",
    Rule.ABSOLUTE_IRI: "absolute IRI",
    Rule.IRI_REFERENCE: "IRI reference",
    Rule.IRELATIVE_REF: "relative IRI reference",
    Rule.URI: "URI",
    Rule.ABSOLUTE_URI: "absolute URI",
    Rule.URI_REFERENCE: "URI reference",
    Rule.RELATIVE_REF: "relative URI reference",
}


@dataclass(frozen=True, slots=True)
class IRIFormat:
    """Pydantic metadata: ``Annotated[str, IRIFormat("absolute_IRI")]`` validates with ``rule``.

    ``rule`` is an :class:`iri.Rule` (or its string value). Strings only, in strict mode:
    ``bytes`` are not decoded (nothing is silently rewritten).
    """

    rule: Rule | str = Rule.IRI_REFERENCE

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule", Rule(self.rule))

    def _validate(self, value: str) -> str:
        rule = Rule(self.rule)
        if is_valid(value, rule=rule):
            return value
        errors = [v for v in check(value, rule=rule) if v.severity == "error"]
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise PydanticCustomError(
            "iri_invalid",
            "invalid {kind}: {code} at {start}..{end} ({section}): {detail}{more}",
            {
                "kind": _TITLE[rule],
                "rule": rule.value,
                "code": first.code.value,
                "start": first.span[0],
                "end": first.span[1],
                "section": first.section,
                "detail": first.message,
                "more": more,
                "violations": [
                    {
                        "code": v.code.value,
                        "span": list(v.span),
                        "section": v.section,
                        "message": v.message,
                    }
                    for v in errors
                ],
            },
        )

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(
            self._validate, core_schema.str_schema(strict=True)
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        json_schema = handler(schema)
        json_schema["format"] = _JSON_FORMAT[Rule(self.rule)]
        return json_schema


#: RFC 3987 ``IRI`` (a scheme is required, a fragment allowed). JSON Schema format "iri".
IRIStr = Annotated[str, IRIFormat(Rule.IRI)]
#: RFC 3987 ``IRI-reference`` (relative references too). JSON Schema format "iri-reference".
IRIReferenceStr = Annotated[str, IRIFormat(Rule.IRI_REFERENCE)]
#: RFC 3987 ``absolute-IRI`` (a scheme, no fragment). JSON Schema format "iri".
AbsoluteIRIStr = Annotated[str, IRIFormat(Rule.ABSOLUTE_IRI)]
#: RFC 3986 ``URI`` (ASCII only). JSON Schema format "uri".
URIStr = Annotated[str, IRIFormat(Rule.URI)]
#: RFC 3986 ``URI-reference``. JSON Schema format "uri-reference".
URIReferenceStr = Annotated[str, IRIFormat(Rule.URI_REFERENCE)]
#: RFC 3986 ``absolute-URI``. JSON Schema format "uri".
AbsoluteURIStr = Annotated[str, IRIFormat(Rule.ABSOLUTE_URI)]
