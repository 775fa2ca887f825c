"""The origin of an IRI (RFC 6454 section 4), for same-origin checks.

RFC 6454 4: "1. If the URI does not use a hierarchical element as a naming authority (see
[RFC3986], Section 3.2) or if the URI is not an absolute URI, then generate a fresh
globally unique identifier and return that value. ... 7. Return the triple (uri-scheme,
uri-host, uri-port)." A fresh identifier is an :class:`OpaqueOrigin`: equal only to
itself, so two references without a hierarchical authority are never same-origin (and
``ref.origin == ref.origin`` is false for them, as the RFC's note says).
"""

from __future__ import annotations

from typing import NamedTuple, Protocol, final

from iri.syntax import hosts as idna
from iri.syntax import schemes
from iri.syntax.check_authority import PORT_MAX
from iri.syntax.errors import ComponentError
from iri.value.modify import PORT_ABOVE_MAX
from iri.value.query import decode_component

__all__ = ["OpaqueOrigin", "Origin", "origin"]


class Authority(Protocol):
    """What :func:`origin` reads of a reference (an :class:`iri.IRIReference` has it all)."""

    @property
    def scheme(self) -> str | None: ...
    @property
    def host(self) -> str | None: ...
    @property
    def port(self) -> int | None: ...


class Origin(NamedTuple):
    """A tuple origin: lowercase scheme, lowercase ASCII host (A-labels), port number."""

    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        """The serialization of RFC 6454 6.2 (the port only when not the default)."""
        default = schemes.default_port(self.scheme)
        port = "" if default is not None and int(default) == self.port else f":{self.port}"
        return f"{self.scheme}://{self.host}{port}"


@final
class OpaqueOrigin:
    """A fresh globally unique identifier (RFC 6454 4 steps 1, 3 and 4): equal only to itself.

    Serialized as ``"null"`` (RFC 6454 6.2).
    """

    __slots__ = ()

    def __str__(self) -> str:
        return "null"

    def __repr__(self) -> str:
        return f"<OpaqueOrigin at {id(self):#x}>"


def origin(ref: Authority) -> Origin | OpaqueOrigin:
    """The RFC 6454 origin of ``ref``.

    >>> from iri import parse
    >>> parse("HTTPS://Bücher.Example:443/a?b").origin
    Origin(scheme='https', host='xn--bcher-kva.example', port=443)
    >>> str(parse("http://a.example:8080/").origin)
    'http://a.example:8080'
    >>> str(parse("mailto:a@b.example").origin), str(parse("/rel").origin)
    ('null', 'null')
    >>> try:
    ...     parse("http://a.example:65536/").origin
    ... except ValueError as err:
    ...     print(type(err).__name__, err.value)
    ComponentError 65536
    """
    # Step 1: a hierarchical naming authority and an absolute URI.
    if ref.scheme is None or ref.host is None:
        return OpaqueOrigin()
    # Step 2: "Let uri-scheme be the scheme component of the URI, converted to lowercase."
    scheme = ref.scheme.lower()
    # Step 3: "If the implementation doesn't support the protocol given by uri-scheme, then
    # generate a fresh globally unique identifier": a scheme without a known default port is
    # one we do not support, whether or not the reference gives a port (support is a matter
    # of the protocol, decided before step 6 looks at the port).
    default = schemes.default_port(scheme)
    # Step 4: "If uri-scheme is "file", the implementation MAY return an implementation-
    # defined value": we return an opaque origin (as browsers do).
    if default is None or scheme == "file":
        return OpaqueOrigin()
    # Step 6: the port component, or "the default port for the protocol given by uri-scheme".
    # A port above 65535 is none any protocol has (RFC 6335 6): no triple, as with_port
    # refuses it (the grammar reads any number; check warns).
    port = int(default) if ref.port is None else ref.port
    if port > PORT_MAX:
        raise ComponentError("port", str(port), PORT_ABOVE_MAX)
    # Step 5: the host "converted to lower case"; its note assumes IDNA has been applied,
    # so a non-ASCII (or percent-encoded) registered name is converted to A-labels
    # (iri.IDNAError if it is not a valid IDN).
    host = ref.host
    if not host.startswith("[") and (not host.isascii() or "%" in host):
        host = idna.to_ascii(decode_component(host))
    return Origin(scheme, host.lower(), port)
