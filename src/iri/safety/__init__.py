"""Safety: bidi structure and display (RFC 3987 4), the spoofing audit (3987bis 10, UTS #39).

Nothing is imported here, so that ``iri.syntax.percent`` can use :mod:`iri.syntax.invisible`
without loading the big generated tables; the public names are on the ``iri`` package.
"""
