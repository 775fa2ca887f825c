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

from dataclasses import dataclass

from iri.schemes import require_scheme
from iri.syntax.percent import MAILTO_ADDRESS, MAILTO_HFIELD, EncodeSet, encode
from iri.syntax.schemes.mailto import decode_address

__all__ = ["Mailto"]


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
        to = tuple(decode_address(a) for a in path.split(",")) if path else ()
        headers: list[tuple[str, str]] = []
        if query:
            for field in query.split("&"):
                name, _, value = field.partition("=")
                headers.append((decode_address(name), decode_address(value)))
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
        # hfname / hfvalue: qchar without ";" (RFC 6068 2 item 1: "&", ";", "=" and the
        # gen-delims but "@" and ":" have to be percent-encoded).
        s = _form(MAILTO_HFIELD, iri)
        fields = "&".join(f"{encode(k, s)}={encode(v, s)}" for k, v in self.headers)
        return "mailto:" + addrs + ("?" + fields if self.headers else "")

    def __str__(self) -> str:
        return self.to_iri()


def _form(encode_set: EncodeSet, iri: bool) -> EncodeSet:
    """The set itself (``ucschar`` literal, RFC 3987 2.2) or its URI form."""
    return encode_set if iri else encode_set.uri


def _write_address(address: str, *, iri: bool) -> str:
    # An addr-spec: qchar without "," (the address separator) and ";".
    s = _form(MAILTO_ADDRESS, iri)
    local, at, domain = address.rpartition("@")
    if not at:
        return encode(address, s)
    if not iri and not domain.isascii() and not domain.startswith("["):
        from iri.syntax.hosts import to_ascii

        domain = to_ascii(domain)
    return encode(local, s) + "@" + encode(domain, s)
