"""The pieces of :func:`iri.resolve`'s fast path (the default options: validate, strict).

Validation and splitting are one regex match per argument: the match validates the text
(RFC 3987 2.2) and its groups (1 scheme, 2 authority, 6 path, 8 fragment) are the
components RFC 3986 5.2.2 reads. The last valid base and its match are kept, so a crawler
resolving many references against one page validates the page's address once.
``tests/property/test_resolve_fast_path.py`` checks all of it against the general algorithm.
"""

from __future__ import annotations

import re
from typing import Final

from iri.ladder.dot_segments import remove_dot_segments, write_path_without_authority
from iri.syntax.check import escapes_ok, invalid, iri_reference_match
from iri.syntax.errors import ResolutionError
from iri.syntax.grammar import Rule, ZoneID, ascii_pattern, ip_literal_pattern
from iri.syntax.quoted import quoted

#: The fullmatch of the IRI-reference rule's ASCII twin (compiled when this module is first
#: imported, about 1 ms; ``import iri`` and ``iri check`` do not import it). On an ASCII
#: text the twin accepts the same strings with the same groups (RFC 3987 2.2: ``ucschar``
#: and ``iprivate`` are all non-ASCII), except that it reads any bracketed host:
#: :func:`valid_ascii_ip_literal` checks it afterwards.
twin_match: Final = ascii_pattern(Rule.IRI_REFERENCE, ZoneID.REJECT).fullmatch


def valid_ascii_ip_literal(m: re.Match[str]) -> bool:
    """Whether the bracketed host of the twin's match ``m`` is an ``IP-literal``."""
    host = m[4]
    return (
        not host or host[0] != "[" or ip_literal_pattern(ZoneID.REJECT).fullmatch(host) is not None
    )


def valid_match(text: str) -> re.Match[str] | None:
    """:func:`iri.syntax.check.iri_reference_match`, with the ASCII twin for every ASCII text.

    The full pattern's large negated classes make every allowed character scan all their
    ranges; the twin matches an ASCII text several times faster.
    """
    if text.isascii():
        m = twin_match(text)
        # No BOM in an ASCII text: only the "[" and "%" checks remain (RFC 3986 3.2.2, 2.1).
        if m is None or ("[" in text and not valid_ascii_ip_literal(m)):
            return None
        if "%" in text and not escapes_ok(text, m):
            return None
        return m
    return iri_reference_match(text)


def no_scheme(base: str) -> ResolutionError:
    return ResolutionError(
        f"cannot resolve against {quoted(base)}: the base has no scheme, and RFC 3986 5.1 requires "
        'an absolute base (absolute-URI / absolute-IRI); relative_base="resolve" accepts it'
    )


#: The last valid absolute base of the fast path and its match. One tuple, replaced whole
#: (thread-safe).
def valid_base(base: str, reference: str) -> re.Match[str]:
    """The match of ``base`` if it is a valid absolute IRI, else raise (RFC 3986 5.1)."""
    m = valid_match(base)
    if m is None:
        raise invalid(base)
    if m[1] is None:
        # The reference's violations come before the relative base's error.
        if valid_match(reference) is None:
            raise invalid(reference)
        raise no_scheme(base)
    return m


def merge(base: str, b: re.Match[str], reference: str, m: re.Match[str]) -> str:
    """5.2.3 + 5.2.4 for a relative-path ``reference`` (match ``m``), base match ``b``."""
    start, end = b.span(6)
    if start == end and b.start(2) >= 0:
        directory = "/"  # 5.2.3: "/" + R.path after an authority with an empty path
    else:
        # 5.2.3: the base's path "excluding any characters after the right-most '/'"
        # (start > 0: no "/" gives the empty string).
        directory = base[start : base.rfind("/", start, end) + 1]
    return recompose(base, b, remove_dot_segments(directory + reference[: m.end(6)]), reference, m)


def recompose(base: str, b: re.Match[str], t_path: str, reference: str, m: re.Match[str]) -> str:
    """5.3: Base.scheme, Base.authority, ``t_path``, then R's query and fragment as written."""
    if b.start(2) < 0:
        t_path = write_path_without_authority(t_path)
    return base[: b.start(6)] + t_path + reference[m.end(6) :]
