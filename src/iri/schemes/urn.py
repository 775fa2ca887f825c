"""The ``urn`` scheme (RFC 8141): NID, NSS, r-, q- and f-components, URN-equivalence.

RFC 8141 section 2::

    namestring    = assigned-name [ rq-components ] [ "#" f-component ]
    assigned-name = "urn" ":" NID ":" NSS
    NID           = (alphanum) 0*30(ldh) alphanum
    NSS           = pchar *(pchar / "/")
    rq-components = [ "?+" r-component ] [ "?=" q-component ]
    r-component   = pchar *( pchar / "/" / "?" )
    q-component   = pchar *( pchar / "/" / "?" )

(The text of RFC 8141 is not among our stored specifications; the grammar is quoted from the
RFC as published.)

>>> u = URN.parse("urn:ISBN:0-395-36341-1?=lang=en#p12")
>>> u.nid, u.nss, u.r_component, u.q_component, u.f_component
('ISBN', '0-395-36341-1', None, 'lang=en', 'p12')
>>> u.equivalence_key()
'urn:isbn:0-395-36341-1'
>>> URN.parse("URN:EXAMPLE:a%2fb").equivalence_key()
'urn:example:a%2Fb'
"""

from __future__ import annotations

from dataclasses import dataclass

from iri.schemes import require_scheme
from iri.syntax.percent import uppercase_hex
from iri.syntax.schemes.urn import rq_components

__all__ = ["URN"]


@dataclass(frozen=True, slots=True)
class URN:
    """A URN as data; ``nss`` and the components keep their percent-encodings as written."""

    nid: str
    nss: str
    r_component: str | None = None
    q_component: str | None = None
    f_component: str | None = None

    @classmethod
    def parse(cls, text: str) -> URN:
        """Read a URN. Raises :class:`~iri.InvalidIRI` when the text is not a valid IRI, not
        ``urn``, or breaks RFC 8141 2 (the violations say where)."""
        rest = require_scheme(text, "urn", "URN")
        rest, hash_, fragment = rest.partition("#")
        name, _, query = rest.partition("?")
        nid, _, nss = name.partition(":")
        r = q = None
        if query:
            rq = rq_components(query)
            assert rq is not None  # check() has vetted it
            r, q = rq
        return cls(nid, nss, r, q, fragment if hash_ else None)

    def equivalence_key(self) -> str:
        """The URN-equivalence key (RFC 8141 3.1): ``urn`` and the NID case-folded,
        percent-encodings' hex digits uppercased, the r-, q- and f-components ignored."""
        return f"urn:{self.nid.lower()}:{uppercase_hex(self.nss)}"

    def __str__(self) -> str:
        out = f"urn:{self.nid}:{self.nss}"
        if self.r_component is not None:
            out += "?+" + self.r_component
        if self.q_component is not None:
            out += "?=" + self.q_component
        if self.f_component is not None:
            out += "#" + self.f_component
        return out
