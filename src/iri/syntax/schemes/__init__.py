"""Scheme facts as data, and the scheme-specific syntax checks.

What a scheme implies, below the checker: the facts here (default ports, DNS hosts, empty
paths) and one module per scheme with its syntax checks, which :func:`iri.check` reports as
warnings (guidelines draft section 6): :mod:`iri.syntax.schemes.mailto` (RFC 6068),
:mod:`iri.syntax.schemes.data` (RFC 2397), :mod:`iri.syntax.schemes.file` (RFC 8089) and
:mod:`iri.syntax.schemes.urn` (RFC 8141), each imported only when a text of its scheme is
checked. The typed values of these schemes stand above, in :mod:`iri.schemes`.

Each entry cites where the fact comes from. Nothing here changes how text is *parsed*
(the generic syntax is scheme-independent); the facts drive warnings (default port),
host mapping in conversion (DNS host names) and scheme-based normalization.
"""

from __future__ import annotations

from importlib import import_module
from types import MappingProxyType

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)

if TYPE_CHECKING:
    from typing import Final

    from iri.syntax.split import Components, Spans
    from iri.syntax.violations import Violation

__all__ = [
    "ADDR_SPEC_PATH_SCHEMES",
    "DEFAULT_HOSTS",
    "DEFAULT_PORTS",
    "DNS_HOST_SCHEMES",
    "EMPTY_PATH_IS_SLASH",
    "SPECIFIC_SCHEMES",
    "default_port",
    "scheme_violations",
    "uses_dns",
]

#: Default ports, keyed by lowercase scheme. Sources: the scheme's defining document.
DEFAULT_PORTS: Final = MappingProxyType(
    {
        "http": "80",  # RFC 9110 4.2.1
        "https": "443",  # RFC 9110 4.2.2
        "ws": "80",  # RFC 6455 3
        "wss": "443",  # RFC 6455 3
        "ftp": "21",  # RFC 1738 3.2
        "gopher": "70",  # RFC 4266 2.1
        "telnet": "23",  # RFC 4248 2
        "ldap": "389",  # RFC 4516 2
        "ldaps": "636",  # IANA service name registry (ldaps), RFC 4516 practice
        "nntp": "119",  # RFC 5538 2.2
        "news": "119",  # RFC 5538 2.1 (server defaults to NNTP port)
        "rtsp": "554",  # RFC 7826 19.1
        "sip": "5060",  # RFC 3261 19.1.1
        "sips": "5061",  # RFC 3261 19.1.1
        "coap": "5683",  # RFC 7252 6.1
        "coaps": "5684",  # RFC 7252 6.2
        "imap": "143",  # RFC 5092 3
        "pop": "110",  # RFC 2384 3
        "redis": "6379",  # IANA provisional registration
        "xmpp": "5222",  # RFC 5122 (client-to-server default)
        "snmp": "161",  # RFC 4088 3
        "prospero": "1525",  # RFC 4157 2
        "wais": "210",  # RFC 4156 2
        "rsync": "873",  # RFC 5781 2
        "tftp": "69",  # RFC 3617 2
        "vnc": "5900",  # RFC 7869 2
    }
)

#: Schemes whose ``host`` is a DNS host name (so IDNA applies to ``ireg-name``).
#: RFC 3987 3.1 / 3987bis 3.4.2: IDNA is right "where the ireg-name is known to be used
#: for domain name lookup"; these schemes define their host as a DNS name.
DNS_HOST_SCHEMES: Final = frozenset(
    {
        "http",
        "https",
        "ws",
        "wss",
        "ftp",
        "gopher",
        "telnet",
        "ldap",
        "ldaps",
        "nntp",
        "news",
        "rtsp",
        "rtsps",
        "sip",
        "sips",
        "coap",
        "coaps",
        "imap",
        "pop",
        "xmpp",
        "snmp",
        "rsync",
        "tftp",
        "vnc",
        "irc",
        "ircs",
        "git",
        "ssh",
        "sftp",
        "smb",
    }
)

#: Schemes for which an empty path with an authority is equivalent to "/"
#: (RFC 3986 6.2.3: "http://example.com" and "http://example.com/" are equivalent;
#: RFC 9110 4.2.3 for http and https; the same for their WebSocket siblings, RFC 6455 3).
EMPTY_PATH_IS_SLASH: Final = frozenset({"http", "https", "ws", "wss", "ftp", "rtsp", "rtsps"})

#: Schemes whose authority has a default host, written out: an authority that is exactly
#: this host (no userinfo, no port) is equivalent to an empty authority. RFC 8089 2:
#: ""localhost" ... is interpreted as "the machine from which the URI is being
#: interpreted," exactly as if no authority were present"; RFC 3986 6.2.3: "the reference
#: should be normalized to an empty authority".
DEFAULT_HOSTS: Final = MappingProxyType({"file": "localhost"})

#: Schemes whose path is a list of e-mail addresses (``addr-spec``) whose ``domain`` is a
#: case-insensitive DNS name. RFC 6068 2: ``to = addr-spec *("," addr-spec )``,
#: ``addr-spec = local-part "@" domain``; RFC 3986 6.2.3: ""mailto:Joe@Example.COM" is
#: equivalent to "mailto:Joe@example.com"".
ADDR_SPEC_PATH_SCHEMES: Final = frozenset({"mailto"})


def default_port(scheme: str | None) -> str | None:
    """Return the default port of ``scheme`` (case-insensitive) or ``None``."""
    return DEFAULT_PORTS.get(scheme.lower()) if scheme else None


def uses_dns(scheme: str | None) -> bool:
    """Return whether hosts of ``scheme`` (case-insensitive) are DNS host names."""
    return scheme is not None and scheme.lower() in DNS_HOST_SCHEMES


#: Schemes with a module of their own here (lowercase scheme -> module name).
SPECIFIC_SCHEMES: Final = MappingProxyType(
    {"mailto": "mailto", "data": "data", "file": "file", "urn": "urn"}
)


def scheme_violations(text: str, comps: Components, spans: Spans) -> list[Violation]:
    """Scheme-specific violations (warnings) of ``text``, split into ``comps``/``spans``.

    Returns ``[]`` for schemes without a module here. Never raises for any ``str``.
    """
    name = SPECIFIC_SCHEMES.get(comps.scheme.lower()) if comps.scheme else None
    if name is None:
        return []
    module = import_module(f"iri.syntax.schemes.{name}")
    found: list[Violation] = module.violations(text, comps, spans)
    return found
