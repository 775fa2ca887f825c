"""Integrations with other libraries, each an optional extra: :mod:`~iri.integrations.jsonschema`
(``format`` checkers) and :mod:`~iri.integrations.pydantic` (annotated types).
"""
