"""The ``mailto`` scheme (RFC 6068): addresses with IDN domains, header fields, body.

RFC 6068 section 2::

    mailtoURI    = "mailto:" [ to ] [ hfields ]
    to           = addr-spec *("," addr-spec )
    hfields      = "?" hfield *( "&" hfield )
    hfield       = hfname "=" hfvalue
    addr-spec    = local-part "@" domain
    domain       = dot-atom-text / "[" *dtext-no-obs "]"
    qchar        = unreserved / pct-encoded / some-delims

Percent-encodings stand for UTF-8 (section 2 items 4 and 5). :class:`Mailto` holds the decoded
addresses and header fields; :meth:`Mailto.to_iri` writes them back with ``ucschar`` kept and
:meth:`Mailto.to_uri` with the domains as A-labels, as section 2 item 4 recommends ("URI
producers SHOULD provide these domain names in the IDNA encoding").

>>> m = Mailto.parse("mailto:info@bücher.example?subject=Grüße&body=Hallo%20Welt")
>>> m.to, m.subject, m.body
(('info@bücher.example',), 'Grüße', 'Hallo Welt')
>>> m.to_uri()
'mailto:info@xn--bcher-kva.example?subject=Gr%C3%BC%C3%9Fe&body=Hallo%20Welt'
>>> str(Mailto(to=("a@example.org",), headers=(("subject", "1 & 2 = 3"),)))
'mailto:a@example.org?subject=1%20%26%202%20%3D%203'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from iri.errors import IDNAError
from iri.schemes import require_scheme
from iri.schemes._pct import quote, unquote_utf8
from iri.syntax.grammar import UNRESERVED
from iri.syntax.split import Components, Spans
from iri.syntax.violations import Code, Violation

__all__ = ["Mailto", "violations"]

# RFC 5322 3.2.3: atext = ALPHA / DIGIT / "!#$%&'*+-/=?^_`{|}~"; dot-atom-text = 1*atext
# *("." 1*atext). RFC 6532 3.2 extends atext with UTF8-non-ascii (internationalized mail).
_ATEXT: Final = r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\x80-\U0010ffff]"
_DOT_ATOM: Final = re.compile(f"{_ATEXT}++(?:\\.{_ATEXT}++)*+")
# dtext-no-obs = %d33-90 / %d94-126
_DOMAIN_LITERAL: Final = re.compile(r"\[[\x21-\x5a\x5e-\x7e]*+\]")
# RFC 5322 3.2.4 quoted-string (without folding white space, RFC 6068 2 item 3).
_QUOTED: Final = re.compile(r'"(?:[\x21\x23-\x5b\x5d-\x7e\x80-\U0010ffff]|\\[\x20-\x7e])*+"')

# What may stand unencoded: in an addr-spec, qchar minus "," (the address separator);
# in hfname / hfvalue, qchar (RFC 6068 2 item 1: "&", ";", "=" and the gen-delims but "@"
# and ":" have to be percent-encoded).
_SOME_DELIMS: Final = "!$'()*+,;:@"
_ADDR_SAFE: Final = UNRESERVED + "!$'()*+:@"
_HFIELD_SAFE: Final = UNRESERVED + "!$'()*+,:@"


@dataclass(frozen=True, slots=True)
class Mailto:
    """A ``mailto`` IRI as data: decoded addresses and header fields, in order.

    ``headers`` keeps every field as written (names as given; RFC 6068 2: "<hfname> is
    case-insensitive"), including ``to``, ``cc``, ``bcc``, ``subject`` and ``body``.
    """

    to: tuple[str, ...] = ()
    headers: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> Mailto:
        """Read a ``mailto`` IRI (or URI). Raises :class:`~iri.InvalidIRI` when the text is
        not a valid IRI, not ``mailto``, or breaks RFC 6068 2 (the violations say where).
        """
        rest = require_scheme(text, "mailto", "mailto")
        path, _, query = rest.partition("#")[0].partition("?")
        to = tuple(_decode(a) for a in path.split(",")) if path else ()
        headers: list[tuple[str, str]] = []
        if query:
            for field in query.split("&"):
                name, _, value = field.partition("=")
                headers.append((_decode(name), _decode(value)))
        return cls(to, tuple(headers))

    def header(self, name: str) -> str | None:
        """The value of the first header field called ``name`` (case-insensitive), or None."""
        want = name.lower()
        for key, value in self.headers:
            if key.lower() == want:
                return value
        return None

    @property
    def subject(self) -> str | None:
        """The ``subject`` header field, or ``None``."""
        return self.header("subject")

    @property
    def body(self) -> str | None:
        """The ``body`` pseudo header field (RFC 6068 2), or ``None``."""
        return self.header("body")

    @property
    def recipients(self) -> tuple[str, ...]:
        """Every address of ``to`` and of the ``to``/``cc``/``bcc`` header fields, in order."""
        out = list(self.to)
        for key, value in self.headers:
            if key.lower() in ("to", "cc", "bcc") and value:
                out += value.split(",")
        return tuple(out)

    def to_iri(self) -> str:
        """Write the value as a ``mailto`` IRI (``ucschar`` kept, delimiters encoded)."""
        return self._write(iri=True)

    def to_uri(self) -> str:
        """Write the value as a ``mailto`` URI: domains as A-labels (RFC 6068 2 item 4), the
        rest percent-encoded UTF-8. Raises :class:`~iri.IDNAError` for a domain that UTS #46
        cannot map."""
        return self._write(iri=False)

    def _write(self, *, iri: bool) -> str:
        addrs = ",".join(_write_address(a, iri=iri) for a in self.to)
        fields = "&".join(
            f"{quote(k, _HFIELD_SAFE, iri=iri)}={quote(v, _HFIELD_SAFE, iri=iri)}"
            for k, v in self.headers
        )
        return "mailto:" + addrs + ("?" + fields if self.headers else "")

    def __str__(self) -> str:
        return self.to_iri()


def _decode(text: str) -> str:
    value = unquote_utf8(text)
    # check() has already reported non-UTF-8 escapes; the typed value keeps them as written.
    return text if value is None else value


def _write_address(address: str, *, iri: bool) -> str:
    local, at, domain = address.rpartition("@")
    if not at:
        return quote(address, _ADDR_SAFE, iri=iri)
    if not iri and not domain.isascii() and not domain.startswith("["):
        from iri.syntax.hosts import to_ascii

        domain = to_ascii(domain)
    return quote(local, _ADDR_SAFE, iri=iri) + "@" + quote(domain, _ADDR_SAFE, iri=iri)


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
            address = _decode(raw)
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
