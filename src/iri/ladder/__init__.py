"""Floor 3, the comparison ladder and reference resolution: resolution (RFC 3986 5),
relativization, dot-segment removal and normalization (RFC 3986 6, RFC 3987 5).
Stands on :mod:`iri.syntax` and :mod:`iri.convert`. See docs/design.md.
"""
