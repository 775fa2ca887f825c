"""Legacy Extended IRIs to IRIs (3987bis 7.1; W3C Note "Legacy extended IRIs for XML
resource identification", 2008).

The LEIRI syntax is the IRI syntax with ``ucschar`` replaced by::

    leiri-ucschar  = " " / "<" / ">" / '"' / "{" / "}" / "|"
                     / "\\" / "^" / "`" / %x0-1F / %x7F-D7FF
                     / %xE000-FFFD / %x10000-10FFFF

"To convert a string allowed as a LEIRI to an IRI, each character allowed in
leiri-ucschar but not in ucschar must be percent-encoded using Section 3.3." LEIRI
processors also "did not enforce the restriction on bidirectional formatting characters
in Section 4.1": those are percent-encoded too.
"""

from __future__ import annotations

from typing import Final

from iri.liberal.repair import Repair, Repaired, reject_surrogates, require_text
from iri.syntax.check import check, is_valid
from iri.syntax.errors import InvalidIRI
from iri.syntax.percent import IRI_CHARACTERS, IRI_QUERY_CHARACTERS, EncodeSet, encode
from iri.syntax.violations import Code

__all__ = ["from_leiri", "from_leiri_repairs", "leiri_split"]

# What an IRI allows somewhere: unreserved / reserved / "%" / ucschar (minus the bidi
# formatting characters, RFC 3987 4.1); iprivate too in the query. Everything else that a
# LEIRI holds is in leiri-ucschar and not in ucschar: it is percent-encoded.
_OUTSIDE_QUERY: Final = IRI_CHARACTERS
_IN_QUERY: Final = IRI_QUERY_CHARACTERS
#: One run of characters to encode outside the query (compiled with the module, as the
#: pattern of every call of from_leiri).
_OUTSIDE_QUERY_RUN: Final = _OUTSIDE_QUERY.pattern


def leiri_split(text: str) -> tuple[int, int]:
    """The (start, end) of the query of ``text`` (RFC 3986 Appendix B), or ``(-1, -1)``."""
    hash_at = text.find("#")
    q = text.find("?", 0, len(text) if hash_at < 0 else hash_at)
    if q < 0:
        return -1, -1
    return q + 1, len(text) if hash_at < 0 else hash_at


def _encode_runs(
    text: str,
    span: tuple[int, int],
    encode_set: EncodeSet,
    code: Code,
    *,
    out: list[str],
    repairs: list[Repair],
) -> None:
    start, end = span
    last = start
    for m in encode_set.pattern.finditer(text, start, end):
        run = m.group()
        enc = encode(run, encode_set)
        out.append(text[last : m.start()])
        out.append(enc)
        repairs.append(
            Repair.of(code, m.start(), run, enc, f"{len(run)} character(s) percent-encoded")
        )
        last = m.end()
    out.append(text[last:end])


def encode_leiri_chars(text: str, code: Code) -> Repaired:
    """Percent-encode (UTF-8) every character no IRI component allows (iprivate in the query
    is kept). Used by :func:`from_leiri` (3987bis 7.1) and the web-address steps (7.2)."""
    reject_surrogates(text)
    q_start, q_end = leiri_split(text)
    out: list[str] = []
    repairs: list[Repair] = []
    if q_start < 0:
        _encode_runs(text, (0, len(text)), _OUTSIDE_QUERY, code, out=out, repairs=repairs)
    else:
        _encode_runs(text, (0, q_start), _OUTSIDE_QUERY, code, out=out, repairs=repairs)
        _encode_runs(text, (q_start, q_end), _IN_QUERY, code, out=out, repairs=repairs)
        _encode_runs(text, (q_end, len(text)), _OUTSIDE_QUERY, code, out=out, repairs=repairs)
    return Repaired("".join(out), tuple(repairs))


def from_leiri_repairs(text: str) -> Repaired:
    """:func:`from_leiri` with every repair.

    >>> r = from_leiri_repairs("file:///C:/My Documents/{draft}.xml")
    >>> r.text
    'file:///C:/My%20Documents/%7Bdraft%7D.xml'
    >>> [(x.code.value, x.span, x.original) for x in r.repairs]
    [('leiri-character-encoded', (13, 14), ' '), ('leiri-character-encoded', (24, 25), '{'), \
('leiri-character-encoded', (30, 31), '}')]
    """
    text = require_text(text)
    if _OUTSIDE_QUERY_RUN.search(text) is None:
        result = Repaired(text)  # nothing to encode anywhere (the query set is smaller)
    else:
        result = encode_leiri_chars(text, Code.LEIRI_CHARACTER_ENCODED)
    if is_valid(result.text):
        return result
    errors = [v for v in check(result.text) if v.severity == "error"]
    if errors:
        # Not a LEIRI: something other than leiri-ucschar breaks the IRI syntax (a stray
        # "%", a "#" in the fragment, a bad port ...). Spans refer to the converted text.
        raise InvalidIRI(result.text, errors, "IRI_reference (converted from a LEIRI)")
    return result


def from_leiri(text: str) -> str:
    """Convert a LEIRI (XML system identifier, ``xml:base``, XLink ``href``, XSD
    ``anyURI``) to an IRI reference (3987bis 7.1).

    Every character allowed by ``leiri-ucschar`` but not by ``ucschar`` (space,
    ``<>"{}|\\^`` and the backtick, controls, specials, non-characters, private-use characters
    outside the query) and every bidi formatting character is percent-encoded as UTF-8;
    nothing else changes, so this is the identity on valid IRI references. Raises
    :class:`iri.InvalidIRI` when the result is still not an IRI reference.

    >>> from_leiri("http://example.org/a b<c>\\u202e?q=\\ue000")
    'http://example.org/a%20b%3Cc%3E%E2%80%AE?q=\\ue000'
    """
    return from_leiri_repairs(text).text
