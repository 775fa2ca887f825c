"""Links in running text: detection (UTS #58, :mod:`~iri.extract`) and link
formatting (:mod:`~iri.text.linkformat`), with their generated tables. See docs/design.md.
"""
