"""Whether a registered name is a valid host that converts: the one decision.

:func:`host_faults` is the only place that decides it, for every surface: ``check`` and
``is_valid`` report its faults (:mod:`iri.syntax.check_authority`), ``lenient`` refuses
a host with an error fault, and ``to_uri``, ``to_display`` and ``from_href``'s IRI form
map hosts with the very conversion it tries (:func:`iri.syntax.hosts.host_to_ascii`),
so a host that passes here converts there. It lives on the floor (``syntax``) beside the
IDNA code so that the checker, the lowest layer, can use it.

The rules, with their sources:

* RFC 3986 3.2.2: "URI producing applications must not use percent-encoding in host
  unless it is used to represent a UTF-8 character sequence". draft-duerst-idn-uri 3
  nevertheless lists ``http://www.w%33.org`` as legal ("escaped ASCII that forms a legal
  label"): an escaped letter, digit or hyphen is a warning
  (``percent-encoded-label-character-in-host``); any other escaped US-ASCII octet
  (``%2A``, ``%2E``) cannot form a label and is an error
  (``percent-encoded-ascii-in-host``).
* draft-duerst-idn-uri 3: "the legal domain names are those for which the ToASCII
  operation ... (using the unescaped UTF-8 values as input) is successful": a host of a
  DNS scheme with percent-encoded UTF-8 that does not convert is an error
  (``percent-encoded-host-not-idn``). The host of another scheme (or of a reference
  without one) is no domain name: RFC 3986 3.2.2 lets it hold any percent-encoded UTF-8,
  and to_uri writes it so (3987bis 3.4.1).
* 3987bis 3.4.2: the ireg-name of a DNS scheme is "converted using the Domain Name Lookup
  procedure ... on each dot-separated label": a non-ASCII host of a DNS scheme that will
  not convert is a warning (``host-not-idn``; RFC 3987's ABNF allows it), saying why.
* RFC 5890 2.3.2.1 and RFC 5891 5.4: a label that begins with the ACE prefix ``xn--`` must
  be an A-label, Punycode that decodes to a valid U-label and encodes back to it: an ASCII
  host of a DNS scheme with another ``xn--`` label is a warning (``invalid-a-label``; the
  ABNF allows it, as ``host-not-idn``), saying why. :func:`a_label_failure` is the test,
  for ``check`` (IDNA2008, the conversion ``to_uri`` runs), for ``audit`` and, with the
  URL Standard's UTS #46 validity, for ``from_href``.
* A label stays one non-empty label (to_uri never makes an empty label from a non-empty
  one); an empty label other than the root label after a final dot is a warning
  (``reg-name-not-dns``, RFC 3986 3.2.2 / RFC 1034 3.5), as for ASCII names.

Only hosts with a ``%``, a non-ASCII character or a ``--`` get here: other ASCII names are
the hot path of ``check`` and ``is_valid`` and need no conversion. Results are cached per
host.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final, NamedTuple

from iri.syntax.errors import IDNAError
from iri.syntax.grammar import ACE_PREFIX, MAX_LABEL
from iri.syntax.host_cache import by_cache
from iri.syntax.percent.decoder import (
    ESCAPED_LABEL_CHARACTER,
    PCT_ENCODED,
    decode_label_characters,
)
from iri.syntax.violations import Code, describe_char

__all__ = ["HostFault", "a_label_failure", "conversion_failure", "host_errors", "host_faults"]

#: The label separators: "." and those UTS #46 4 step 1 maps to it.
_DOTS: Final = re.compile("[.\u3002\uff0e\uff61]")


class HostFault(NamedTuple):
    """One thing wrong with a host: a violation code, a span into the host, a message."""

    code: Code
    start: int
    end: int
    message: str
    #: whether the code is an error (``is_valid`` and ``lenient`` refuse the host)
    error: bool


def host_faults(host: str, *, dns: bool) -> tuple[HostFault, ...]:
    """Every fault of the well-formed ``ireg-name`` ``host`` (not an IP literal).

    ``dns`` says whether the scheme's hosts are DNS names
    (:func:`iri.syntax.schemes.uses_dns`, the test to_uri makes): only then is the
    conversion tried and are empty labels reported. Escaped US-ASCII is judged alike
    for every scheme (RFC 3986 3.2.2).

    >>> [f.code.value for f in host_faults("www.w%33.org", dns=True)]
    ['percent-encoded-label-character-in-host']
    >>> [f.code.value for f in host_faults("%E3%80%82x.example", dns=True)]
    ['percent-encoded-host-not-idn']
    >>> [f.code.value for f in host_faults("xn--a.com", dns=True)]
    ['invalid-a-label']
    """
    if "%" not in host and host.isascii() and not _ace(host):
        return ()  # a plain ASCII name: nothing to convert (the hot path)
    return by_cache(_faults, host, dns)


def _ace(host: str) -> bool:
    """Whether a label of ``host`` may begin with the ACE prefix (any case)."""
    return "--" in host and ACE_PREFIX in host.lower()


def a_label_failure(label: str, *, web: bool = False) -> str | None:
    """Why ``label``, which begins with ``xn--`` (any case), is no valid A-label, or None.

    RFC 5890 2.3.2.1: an A-label is the ACE prefix and Punycode that decodes to a valid
    U-label, and RFC 5891 5.4 has a lookup check it; the test is the conversion ``to_uri``
    runs (:func:`iri.syntax.hosts.to_ascii`: IDNA2008's code points, the hyphen, Bidi and
    joiner rules, not decoding to ASCII). ``web`` applies the URL Standard's validity
    instead (UTS #46 with its flags, :mod:`iri.syntax.web_hosts`), as a browser does.

    >>> a_label_failure("xn--rsum-bpad"), a_label_failure("xn--a") is not None
    (None, True)
    >>> a_label_failure("xn--ls8h") is not None, a_label_failure("xn--ls8h", web=True)
    (True, None)
    """
    if len(label) > MAX_LABEL:
        # not a DNS label; and Punycode decoding is quadratic in the length: not tried
        return f"it is {len(label)} characters long; a DNS label has at most {MAX_LABEL}"
    if not label.isascii() or "." in label:
        return "an A-label is one label of ASCII characters only (RFC 5890 2.3.2.1)"
    try:
        if web:
            from iri.syntax.web_hosts import url_domain_to_ascii

            url_domain_to_ascii(label)
        else:
            from iri.syntax import hosts

            hosts.to_ascii(label)
    except IDNAError as err:
        return err.reason
    return None


def host_errors(host: str, *, dns: bool) -> bool:
    """Whether :func:`host_faults` finds an error (``is_valid``, ``lenient``)."""
    return any(f.error for f in host_faults(host, dns=dns))


def conversion_failure(host: str) -> IDNAError | None:
    """The error the IDNA mapping of ``host`` raises, in every form ``to_uri`` runs it
    (``host="auto"`` and ``host="idna"``, :func:`iri.syntax.hosts.host_to_ascii`), or ``None``."""
    from iri.syntax import hosts  # the idna package: only for hosts that need it

    try:
        hosts.host_to_ascii(host, decode_ascii=True)
        if "%" in host and not host.isascii():
            hosts.host_to_ascii(host, decode_ascii=False)
    except IDNAError as err:
        return err
    return None


@lru_cache(maxsize=4096)
def _faults(host: str, dns: bool) -> tuple[HostFault, ...]:
    faults: list[HostFault] = []
    utf8 = False
    for m in PCT_ENCODED.finditer(host):
        octet = int(m.group()[1:], 16)
        if octet >= 0x80:
            utf8 = True
            continue
        char = chr(octet)
        if ESCAPED_LABEL_CHARACTER.fullmatch(m.group()):
            faults.append(
                HostFault(
                    Code.PERCENT_ENCODED_LABEL_CHARACTER_IN_HOST,
                    m.start(),
                    m.end(),
                    f"{m.group()} encodes the US-ASCII {describe_char(char)}: legal in a "
                    "label (draft-duerst-idn-uri 3), but producers must not write it "
                    f"(RFC 3986 3.2.2); write {char!r}",
                    False,
                )
            )
        else:
            faults.append(
                HostFault(
                    Code.PERCENT_ENCODED_ASCII_IN_HOST,
                    m.start(),
                    m.end(),
                    f"{m.group()} encodes the US-ASCII {describe_char(char)}, which is not a "
                    "letter, digit or hyphen: a host must not percent-encode it",
                    True,
                )
            )
    if any(f.error for f in faults):
        return tuple(faults)
    if dns and (utf8 or not host.isascii()):
        failure = conversion_failure(host)
        if failure is not None:
            faults.append(_not_idn(host, failure, utf8 and _decodes(host)))
            return tuple(faults)
    if dns:
        faults.extend(_empty_labels(host))
        if not utf8 and host.isascii() and _ace(host):
            faults.extend(_a_labels(host))  # (converted hosts had theirs checked above)
    return tuple(faults)


def _a_labels(host: str) -> list[HostFault]:
    faults: list[HostFault] = []
    at = 0
    for written in host.split("."):
        label = decode_label_characters(written)
        if label[:4].lower() == ACE_PREFIX:
            why = a_label_failure(label)
            if why is not None:
                faults.append(
                    HostFault(
                        Code.INVALID_A_LABEL,
                        at,
                        at + len(written),
                        f"label {written!r} begins with {ACE_PREFIX!r} but is no valid "
                        f"A-label (RFC 5891 5.4): {why}",
                        False,
                    )
                )
        at += len(written) + 1
    return faults


def _decodes(host: str) -> bool:
    from iri.syntax.percent import decode_utf8_escapes

    return decode_utf8_escapes(host) is not None


def _not_idn(host: str, failure: IDNAError, escaped: bool) -> HostFault:
    why = f"label {failure.label!r}: {failure.reason}"
    if escaped:
        return HostFault(
            Code.PERCENT_ENCODED_HOST_NOT_IDN,
            0,
            len(host),
            f"the percent-decoded host is not a valid internationalized domain name ({why})",
            True,
        )
    from iri.syntax.web_hosts import url_domain_to_ascii

    hint = ""
    try:
        url_domain_to_ascii(host)
        hint = "; browsers accept it: to_uri(..., host='uts46') maps it as they do (UTS #46)"
    except IDNAError:
        pass
    return HostFault(
        Code.HOST_NOT_IDN,
        0,
        len(host),
        f"the host will not convert through IDNA2008 (3987bis 3.4.2): {why}{hint}",
        False,
    )


def _empty_labels(host: str) -> list[HostFault]:
    labels = _DOTS.split(host)
    if len(labels) > 1 and labels[-1] == "":
        labels.pop()  # a final dot: the root label
    faults: list[HostFault] = []
    at = 0
    for label in labels:
        if not label:
            faults.append(
                HostFault(
                    Code.REG_NAME_NOT_DNS,
                    at,
                    at + 1,  # the separator that follows the empty label
                    f"an empty label at {at}: a DNS name has no empty label but the root "
                    "(RFC 1034 3.1)",
                    False,
                )
            )
        at += len(label) + 1
    return faults
