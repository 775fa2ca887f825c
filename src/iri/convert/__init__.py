"""Floor 2, conversion: IRI to URI and back (:mod:`~iri.convert.uri`), the one charset
resolver (:mod:`~iri.convert.charsets`) and character normalization
(:mod:`~iri.convert.characters`). Stands on :mod:`iri.syntax`. See docs/design.md.
"""
