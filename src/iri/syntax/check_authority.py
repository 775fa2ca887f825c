"""Checks of the authority: iuserinfo, ihost (IP literal or ireg-name) and port.

RFC 3987 2.2 / RFC 3986 3.2: ``iauthority = [ iuserinfo "@" ] ihost [ ":" port ]``.
Each function takes the :class:`iri.syntax.check_chars.Checker` collecting the violations.
:func:`host_escapes_ok` is the same host rule for :func:`iri.is_valid`; both ask
:mod:`iri.syntax.host_validity`, the one decision on hosts.
"""

from __future__ import annotations

import re

from iri import syntax as floor
from iri.syntax import schemes
from iri.syntax.check_chars import Checker
from iri.syntax.grammar import IPV6ADDRZ, ZoneID, ip_literal
from iri.syntax.split import split_authority
from iri.syntax.violations import Code, describe_char

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["PORT_MAX", "authority", "host_escapes_ok", "port_equals", "port_out_of_range"]

_UPPER_ASCII: Final = re.compile(r"[A-Z]+")
_DIGITS: Final = re.compile(r"[0-9]*+")
# Compiled on first use (an IP literal with a zone id): start-up time of ``iri check``.
_IPV6Z: Final = rf"\[{IPV6ADDRZ}\]"

#: DNS preferred name syntax (RFC 1034 3.5, RFC 1123 2.1): a label has 1 to 63 letters,
#: digits and hyphens, and neither starts nor ends with a hyphen; a name has at most 255
#: characters (RFC 3986 3.2.2).
_LDH_LABEL: Final = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
DNS_MAX: Final = 255


def authority(
    ch: Checker, authority: str, start: int, scheme: str | None
) -> list[tuple[str, int, int]]:
    """iauthority = [ iuserinfo "@" ] ihost [ ":" port ]; returns the sub-spans."""
    a = split_authority(authority)
    spans = [("host", start + a.host_start, start + a.host_start + len(a.host))]
    if a.userinfo is not None:
        spans.insert(0, ("userinfo", start, start + len(a.userinfo)))
        ch.chars("userinfo", start, start + len(a.userinfo), ch.c.userinfo)
        colon = a.userinfo.find(":")
        if colon >= 0:
            ch.add(
                Code.PASSWORD_IN_USERINFO,
                "userinfo",
                start + colon,
                start + len(a.userinfo),
                'the userinfo has a password part ("user:password" is deprecated)',
            )
    host(ch, a.host, start + a.host_start, scheme)
    if a.port is not None:
        spans.append(("port", start + a.port_start, start + a.port_start + len(a.port)))
        port(ch, a.port, start + a.port_start, scheme)
    return spans


def host(ch: Checker, host: str, start: int, scheme: str | None = None) -> None:
    """ihost = IP-literal / IPv4address / ireg-name"""
    end = start + len(host)
    if host.startswith("["):
        if re.fullmatch(ip_literal(ch.zone_id), host):
            if _UPPER_ASCII.search(host):
                ch.add(
                    Code.UPPERCASE_HOST,
                    "host",
                    start,
                    end,
                    "hexadecimal digits of an IP literal should be lowercase",
                )
        elif ch.zone_id is ZoneID.REJECT and re.fullmatch(_IPV6Z, host):
            p = host.find("%25")
            ch.add(
                Code.ZONE_ID_NOT_ALLOWED,
                "host",
                start + p,
                end - 1,
                "IPv6 zone identifiers are not part of RFC 3986/3987; "
                "pass zone_id='accept' to allow RFC 6874 syntax",
            )
        else:
            ch.add(
                Code.INVALID_IP_LITERAL,
                "host",
                start,
                end,
                f"{_short(host)!r} is neither an IPv6address nor an IPvFuture (RFC 3986 3.2.2)",
            )
        return
    errors_before = len(ch.out)
    ch.chars("host", start, end, ch.c.reg_name)
    if len(ch.out) == errors_before:
        dns_syntax(ch, host, start)
        if "%" in host or not host.isascii() or "--" in host:  # the hot path stops here
            # (loaded on first use: typing and the idna package stay out of the start-up)
            for f in floor.host_validity.host_faults(host, dns=schemes.uses_dns(scheme)):
                ch.add(f.code, "host", start + f.start, start + f.end, f.message)
    # The hex digits of a percent-encoding are not letters of the name: RFC 3986 2.1
    # wants them uppercase (lowercase-percent-encoding covers them).
    if _UPPER_ASCII.search(_without_escapes(host) if "%" in host else host):
        ch.add(
            Code.UPPERCASE_HOST,
            "host",
            start,
            end,
            f"host {_short(host)!r} has uppercase letters; registered names should be lowercase",
        )


# iri.syntax.percent below is loaded with the first "%" (the package face: start-up time).


def _without_escapes(host: str) -> str:
    return floor.percent.PCT_ENCODED_RUN.sub("", host)


def host_escapes_ok(host: str, scheme: str | None) -> bool:
    """No error for this well-formed ireg-name with a ``%`` (:func:`iri.is_valid`):
    the one decision, :func:`iri.syntax.host_validity.host_faults`."""
    return not floor.host_validity.host_errors(host, dns=schemes.uses_dns(scheme))


def dns_syntax(ch: Checker, host: str, start: int) -> None:
    """RFC 3986 3.2.2: "URI producers should use names that conform to the DNS syntax
    ... and should limit these names to no more than 255 characters in length."

    Checked for US-ASCII names without percent-encodings (a non-ASCII or encoded name
    is an IDN: whether it maps to DNS syntax is up to IDNA, see :func:`iri.to_uri`).
    """
    if not host or not host.isascii() or "%" in host:
        return
    if len(host) > DNS_MAX:
        ch.add(
            Code.REG_NAME_TOO_LONG,
            "host",
            start,
            start + len(host),
            f"the host name has {len(host)} characters; names should have no more than {DNS_MAX}",
        )
    labels = host.split(".")
    if len(labels) > 1 and labels[-1] == "":
        labels.pop()  # a final dot: the root label
    offset = start
    for label in labels:
        if not _LDH_LABEL.fullmatch(label):
            ch.add(
                Code.REG_NAME_NOT_DNS,
                "host",
                offset,
                offset + len(label),
                f"label {_short(label)!r} is not in DNS syntax (1 to 63 letters, digits or "
                "hyphens, no hyphen first or last)",
            )
        offset += len(label) + 1


def _short(text: str) -> str:
    """``text`` cut to 40 characters for a message (the span has it all)."""
    return text if len(text) <= 40 else text[:40] + "..."


def port_equals(port: str, other: str) -> bool:
    """Whether two ``*DIGIT`` strings are the same number, without ``int()``.

    Python's ``int()`` refuses strings of more than 4,300 digits; comparing the digits
    once leading zeros are gone works for any length.
    """
    return (port.lstrip("0") or "0") == (other.lstrip("0") or "0")


#: The largest port: TCP, UDP, SCTP and DCCP ports are 16-bit numbers (RFC 6335 6); the
#: URL Standard's port state fails above it ("If port is greater than 2^16 - 1").
PORT_MAX: Final = 65535


def port_out_of_range(digits: str) -> bool:
    """Whether a ``*DIGIT`` string is a number above :data:`PORT_MAX`, without ``int()``:
    linear in its length (leading zeros are skipped, then the length decides, then five
    digits compare as text)."""
    number = digits.lstrip("0")
    return len(number) > 5 or (len(number) == 5 and number > "65535")


def port(ch: Checker, port: str, start: int, scheme: str | None) -> None:
    """port = *DIGIT (RFC 3986 3.2.3), and a number no transport can use (RFC 6335 6)."""
    m = _DIGITS.match(port)
    assert m is not None
    if m.end() < len(port):
        ch.add(
            Code.INVALID_PORT,
            "port",
            start,
            start + len(port),
            f"port {_short(port)!r} is not a sequence of digits: "
            f"{describe_char(port[m.end()])} at {start + m.end()}",
        )
    elif port == "":
        ch.add(Code.EMPTY_PORT, "port", start - 1, start, 'the port is empty: omit the ":"')
    elif port_out_of_range(port):
        ch.add(
            Code.PORT_OUT_OF_RANGE,
            "port",
            start,
            start + len(port),
            f"port {_short(port)} is above {PORT_MAX}: no scheme can use it",
        )
    else:
        default = schemes.default_port(scheme)
        if default is not None and port_equals(port, default):
            ch.add(
                Code.DEFAULT_PORT,
                "port",
                start - 1,
                start + len(port),
                f"port {_short(port)} is the default of {scheme!r}: omit it",
            )
