"""Scheme-based normalization (RFC 3987 5.3.3, RFC 3986 6.2.3): the per-scheme facts.

DNS hosts as canonical U-labels (UTS #46 through :mod:`iri.syntax.hosts`), the domain of
each ``mailto`` address, the default or empty port elided. The ladder itself is
:mod:`iri.ladder.normalize`; every reading made here is in docs/rationale.md.
"""

from __future__ import annotations

import re
from typing import Final

from iri.syntax import schemes
from iri.syntax.errors import IDNAError
from iri.syntax.grammar import ACE_PREFIX, SUB_DELIMS, UCSCHAR, UNRESERVED, char_class
from iri.syntax.percent import ESCAPED_ASCII, decode_utf8_escapes, uppercase_hex

__all__ = ["addr_specs", "dns_host", "lower_ascii", "port"]

#: ireg-name = *( iunreserved / pct-encoded / sub-delims ), without pct-encoded: what a
#: host produced by UTS #46 mapping must match to stand in an IRI.
_IREG_NAME: Final = re.compile(char_class(UNRESERVED + SUB_DELIMS, UCSCHAR) + "*+")


def lower_ascii(host: str) -> str:
    """Lowercase a US-ASCII host, keeping the hex digits of its encodings uppercase."""
    host = host.lower()
    return uppercase_hex(host) if "%" in host else host


# -- scheme-based normalization (5.3.3) ---------------------------------------------------


def dns_host(host: str) -> str:
    """5.3.3: an IDN in canonical U-label form, ToUnicode(ToASCII(host)) under UTS #46.

    Left as it is (already syntax-normalized) when it cannot be mapped: an encoding that
    stays is an octet no DNS name can hold (3987bis 3.4.2: "leave the entire field as
    is"), and an IDNA failure is not ours to report here (docs/rationale.md).
    """
    original = host
    if "%" in host:
        # 3987bis 3.4.2: a DNS host's escaped UTF-8 is percent-decoded before ToASCII, so
        # "r%C3%A9sum%C3%A9" and "résumé" meet; escaped US-ASCII (which may change the
        # labels) and octets that are no UTF-8 stay as they are.
        if ESCAPED_ASCII.search(host) is not None:
            return host
        decoded = decode_utf8_escapes(host)
        if decoded is None:
            return host
        host = decoded
    if not host or (host.isascii() and ACE_PREFIX not in host):
        return host  # ASCII hosts are lowercase already (syntax level)
    from iri.syntax import (
        hosts as idna,  # here: the idna package loads only for IDN hosts (start-up time)
    )

    try:
        mapped = idna.to_unicode(idna.to_ascii(host))
    except IDNAError:
        return original
    return mapped if _IREG_NAME.fullmatch(mapped) else original


def addr_specs(path: str) -> str:
    """RFC 3986 6.2.3 / RFC 6068 2: the domain of each ``addr-spec`` of a mailto path."""
    if "@" not in path or "%22" in path:
        # A quoted local-part (always written "%22", RFC 6068 2) may hold "," and "@":
        # without a full addr-spec parser, leave such paths alone.
        return path
    addresses = path.split(",")
    for i, address in enumerate(addresses):
        at = address.rfind("@")
        if at >= 0:
            domain = address[at + 1 :]
            addresses[i] = address[: at + 1] + dns_host(
                lower_ascii(domain) if domain.isascii() else domain
            )
    return ",".join(addresses)


def port(port: str, scheme: str | None) -> str | None:
    """RFC 3986 6.2.3 / 3.2.3: an empty port or the scheme's default is elided.

    The port is a number "in decimal" (3.2.3), so leading zeros do not change it: "080"
    is port 80 (docs/rationale.md).
    """
    value = port.lstrip("0") or ("0" if port else "")
    if not value or value == schemes.DEFAULT_PORTS.get(scheme or ""):
        return None
    return value
