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

import re
from dataclasses import dataclass
from typing import Final

from iri.schemes import require_scheme
from iri.syntax.split import Components, Spans
from iri.syntax.violations import Code, Violation

__all__ = ["URN", "violations"]

_NID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]")
_LOWER_PCT: Final = re.compile(r"%[0-9A-Fa-f]{2}")


def _rq(query: str) -> tuple[str | None, str | None] | None:
    """Split the generic query (after the first ``?``) into the r- and q-components:
    ``"+" r-component [ "?=" q-component ]`` or ``"=" q-component``; ``None`` if neither.
    Each component starts with a pchar (not ``/`` or ``?``)."""
    r: str | None = None
    q: str | None = None
    if query.startswith("+"):
        r, sep, rest = query[1:].partition("?=")
        q = rest if sep else None
    elif query.startswith("="):
        q = query[1:]
    else:
        return None
    for part in (r, q):
        if part is not None and (not part or part[0] in "/?"):
            return None
    return r, q


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
            rq = _rq(query)
            assert rq is not None  # check() has vetted it
            r, q = rq
        return cls(nid, nss, r, q, fragment if hash_ else None)

    def equivalence_key(self) -> str:
        """The URN-equivalence key (RFC 8141 3.1): ``urn`` and the NID case-folded,
        percent-encodings' hex digits uppercased, the r-, q- and f-components ignored."""
        nss = _LOWER_PCT.sub(lambda m: m.group().upper(), self.nss)
        return f"urn:{self.nid.lower()}:{nss}"

    def __str__(self) -> str:
        out = f"urn:{self.nid}:{self.nss}"
        if self.r_component is not None:
            out += "?+" + self.r_component
        if self.q_component is not None:
            out += "?=" + self.q_component
        if self.f_component is not None:
            out += "#" + self.f_component
        return out


def violations(text: str, comps: Components, spans: Spans) -> list[Violation]:
    """RFC 8141 2 checks of a URN (warnings; spans into ``text``)."""
    out: list[Violation] = []
    if comps.authority is not None:
        nid, colon, nss, start = "", "", "", spans.authority - 2
    else:
        nid, colon, nss = comps.path.partition(":")
        start = spans.path
    if not _NID.fullmatch(nid):
        out.append(
            Violation.of(
                Code.URN_INVALID_NID,
                "path",
                start,
                start + len(nid),
                f"NID {nid!r} is not 2-32 letters, digits and inner hyphens",
            )
        )
    elif not nss or nss.startswith("/"):
        nss_start = start + len(nid) + len(colon)
        out.append(
            Violation.of(
                Code.URN_INVALID_NSS,
                "path",
                nss_start,
                nss_start + len(nss),
                "the NSS is empty" if not nss else 'the NSS must not start with "/"',
            )
        )
    if comps.query is not None and _rq(comps.query) is None:
        out.append(
            Violation.of(
                Code.URN_INVALID_RQ_COMPONENTS,
                "query",
                spans.query - 1,
                spans.query + len(comps.query),
                'a URN query is "?+" r-component and/or "?=" q-component',
            )
        )
    return out
