"""Integrations with other libraries, each an optional extra: :mod:`~iri.integrations.jsonschema`
(``format`` checkers), :mod:`~iri.integrations.pydantic` (annotated types),
:mod:`~iri.integrations.polars` (the ``pl.col(...).iri`` namespace) and
:mod:`~iri.integrations.duckdb` (the ``iri_*`` SQL functions).
"""
