"""RFC 8141 2 checks of a URN, reported by :func:`iri.check` as warnings.

RFC 8141 section 2::

    namestring    = assigned-name [ rq-components ] [ "#" f-component ]
    assigned-name = "urn" ":" NID ":" NSS
    NID           = (alphanum) 0*30(ldh) (alphanum)
    rq-components = [ "?+" r-component ] [ "?=" q-component ]

:class:`iri.schemes.urn.URN` (the value) stands above and splits its query with
:func:`rq_components`.
"""

from __future__ import annotations

import re
from typing import Final

from iri.syntax.split import Components, Spans
from iri.syntax.violations import Code, Violation

__all__ = ["NID", "rq_components", "violations"]

NID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]")


def rq_components(query: str) -> tuple[str | None, str | None] | None:
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


def violations(text: str, comps: Components, spans: Spans) -> list[Violation]:
    """RFC 8141 2 checks of a URN (warnings; spans into ``text``)."""
    out: list[Violation] = []
    if comps.authority is not None:
        nid, colon, nss, start = "", "", "", spans.authority - 2
    else:
        nid, colon, nss = comps.path.partition(":")
        start = spans.path
    if not NID.fullmatch(nid):
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
    if comps.query is not None and rq_components(comps.query) is None:
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
