"""Floor 1, syntax: what the text is, checked exactly; it imports nothing above it.

The ABNF character classes (:mod:`~iri.syntax.grammar`), the split of RFC 3986 Appendix B
(:mod:`~iri.syntax.split`), the per-rule checks (:mod:`~iri.syntax.check` and its parts,
RFC 3987 4.2 bidi structure included), the violation registry, percent-encoding with
named encode sets (:mod:`~iri.syntax.percent`), host validity (:mod:`~iri.syntax.hosts`),
and the scheme facts the checker needs (:mod:`~iri.syntax.schemes`). See docs/design.md.
"""
