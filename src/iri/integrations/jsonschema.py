"""JSON Schema formats ``iri``, ``iri-reference``, ``uri``, ``uri-reference`` for ``jsonschema``.

JSON Schema (Draft 7 and later, "Validation" 7.3.5 and 7.3.6) defines these four formats by
reference to RFC 3987 (``iri``, ``iri-reference``) and RFC 3986 (``uri``, ``uri-reference``).
:data:`format_checker` is a ``jsonschema.FormatChecker`` with every format ``jsonschema``
knows, and these four checked by :func:`iri.is_valid` with the matching ABNF rule. A
failure carries an :class:`iri.InvalidIRI` as the ``cause`` of the validation error, so the
violation codes and positions are available as data.

Needs the ``jsonschema`` extra (``pip install iri[jsonschema]``).

>>> import jsonschema
>>> from iri.integrations.jsonschema import format_checker
>>> schema = {"type": "string", "format": "iri"}
>>> validator = jsonschema.Draft202012Validator(schema, format_checker=format_checker)
>>> validator.is_valid("http://résumé.example.org/東京")
True
>>> error = next(validator.iter_errors("http://example.org/a b"))
>>> [v.code.value for v in error.cause.errors]
['invalid-character']
"""

from __future__ import annotations

from collections.abc import Callable

import jsonschema

from iri.syntax.check import check, is_valid
from iri.syntax.errors import InvalidIRI
from iri.syntax.grammar import Rule

__all__ = ["FORMATS", "format_checker", "make_format_checker"]

#: JSON Schema format name -> ABNF rule (JSON Schema Validation 7.3.5: "uri" is RFC 3986
#: ``URI``, "uri-reference" its ``URI-reference``; 7.3.6: "iri" is RFC 3987 ``IRI``,
#: "iri-reference" its ``IRI-reference``).
FORMATS: dict[str, Rule] = {
    "iri": Rule.IRI,
    "iri-reference": Rule.IRI_REFERENCE,
    "uri": Rule.URI,
    "uri-reference": Rule.URI_REFERENCE,
}


def _checker(rule: Rule) -> Callable[[object], bool]:
    def check_format(instance: object) -> bool:
        # JSON Schema Validation 7.1: a format applies only to instances of its type
        # (strings here); any other instance is valid against it.
        if not isinstance(instance, str):
            return True
        if is_valid(instance, rule=rule):
            return True
        raise InvalidIRI(instance, check(instance, rule=rule), rule.value)

    check_format.__name__ = f"is_{rule.value}"
    return check_format


def make_format_checker() -> jsonschema.FormatChecker:
    """Return a new ``FormatChecker``: every format ``jsonschema`` knows, ours for the four.

    A new object each time, so a caller can add or remove formats without touching
    :data:`format_checker`.
    """
    checker = jsonschema.FormatChecker()
    for name, rule in FORMATS.items():
        checker.checks(name, raises=InvalidIRI)(_checker(rule))
    return checker


#: The shared checker: pass it as ``format_checker=`` to any ``jsonschema`` validator.
format_checker: jsonschema.FormatChecker = make_format_checker()
