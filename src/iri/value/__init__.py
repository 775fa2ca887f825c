"""Floor 4, the value: :class:`~iri.value.reference.IRIReference`, its modifiers, its
origin (RFC 6454), and the query and path as data. Stands on the floors below.
See docs/design.md.
"""
