"""RFC 6068 2 checks of a ``mailto`` IRI, reported by :func:`iri.check` as warnings.

RFC 6068 section 2::

    to           = addr-spec *("," addr-spec )
    hfields      = "?" hfield *( "&" hfield )
    hfield       = hfname "=" hfvalue
    addr-spec    = local-part "@" domain
    domain       = dot-atom-text / "[" *dtext-no-obs "]"

The typed value (:class:`iri.schemes.mailto.Mailto`) stands above and reads its addresses
with :func:`decode_address`.
"""

from __future__ import annotations

import re
from typing import Final

from iri.syntax.errors import IDNAError
from iri.syntax.percent import decode_octets, decode_utf8
from iri.syntax.split import Components, Spans
from iri.syntax.violations import Code, Violation

__all__ = ["decode_address", "violations"]

# RFC 5322 3.2.3: atext = ALPHA / DIGIT / "!#$%&'*+-/=?^_`{|}~"; dot-atom-text = 1*atext
# *("." 1*atext). RFC 6532 3.2 extends atext with UTF8-non-ascii (internationalized mail).
_ATEXT: Final = r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\x80-\U0010ffff]"
_DOT_ATOM: Final = re.compile(f"{_ATEXT}++(?:\\.{_ATEXT}++)*+")
# dtext-no-obs = %d33-90 / %d94-126
_DOMAIN_LITERAL: Final = re.compile(r"\[[\x21-\x5a\x5e-\x7e]*+\]")
# RFC 5322 3.2.4 quoted-string (without folding white space, RFC 6068 2 item 3).
_QUOTED: Final = re.compile(r'"(?:[\x21\x23-\x5b\x5d-\x7e\x80-\U0010ffff]|\\[\x20-\x7e])*+"')


def decode_address(text: str) -> str:
    """``text`` with its percent-encodings read as UTF-8 (RFC 6068 2 items 4, 5), or as
    written when they are not UTF-8."""
    if "%" not in text:
        return text
    value = decode_utf8(decode_octets(text))
    # check() has already reported non-UTF-8 escapes; the typed value keeps them as written.
    return text if value is None else value


def _domain_problem(domain: str) -> str | None:
    if _DOMAIN_LITERAL.fullmatch(domain):
        return None
    if not _DOT_ATOM.fullmatch(domain):
        return f"domain {domain!r} is not a dot-atom or a [domain literal]"
    if not domain.isascii():
        from iri.syntax.hosts import to_ascii

        try:
            to_ascii(domain)
        except IDNAError as exc:
            return f"domain {domain!r} is not a valid IDN: {exc.reason}"
    return None


def violations(text: str, comps: Components, spans: Spans) -> list[Violation]:
    """RFC 6068 2 checks of a ``mailto`` IRI (warnings; spans into ``text``)."""
    out: list[Violation] = []
    path, start = comps.path, spans.path
    if path:
        pos = start
        for raw in path.split(","):
            address = decode_address(raw)
            local, at, domain = address.rpartition("@")
            end = pos + len(raw)
            if not at or not local or not domain:
                out.append(
                    Violation.of(
                        Code.MAILTO_INVALID_ADDRESS,
                        "path",
                        pos,
                        end,
                        f'{address!r} is not an addr-spec (local-part "@" domain)',
                    )
                )
            elif not (_DOT_ATOM.fullmatch(local) or _QUOTED.fullmatch(local)):
                out.append(
                    Violation.of(
                        Code.MAILTO_INVALID_ADDRESS,
                        "path",
                        pos,
                        end,
                        f"local part {local!r} is neither a dot-atom nor a quoted string",
                    )
                )
            else:
                problem = _domain_problem(domain)
                if problem:
                    out.append(Violation.of(Code.MAILTO_INVALID_DOMAIN, "path", pos, end, problem))
            pos = end + 1
    if comps.query:
        pos = spans.query
        for field in comps.query.split("&"):
            if "=" not in field:
                out.append(
                    Violation.of(
                        Code.MAILTO_INVALID_HEADER,
                        "query",
                        pos,
                        pos + len(field),
                        f'header field {field!r} has no "=" (hfield = hfname "=" hfvalue)',
                    )
                )
            pos += len(field) + 1
    return out
