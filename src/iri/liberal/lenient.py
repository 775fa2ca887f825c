"""Lenient parsing of Unicode strings into IRI components (IRI guidelines 5, 3987bis 8.2).

draft-weber-iri-guidelines-01 section 5 parses a pre-processed reference-string step by
step (5.1 scheme, 5.2 authority, 5.2.1 userinfo, 5.2.2 host, 5.2.3 port, 5.3 path,
5.4 query, 5.5 fragment) and percent-encodes, in each component, the characters its
ABNF (RFC 3987 2.2) does not allow. The result is a valid IRI reference; on a valid IRI
reference every step is the identity, so ``lenient(x) == parse(x)``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from iri.liberal.repair import Repair, Repaired, reject_surrogates, require_text
from iri.syntax import schemes
from iri.syntax.check import is_valid
from iri.syntax.errors import InvalidIRI
from iri.syntax.grammar import IRI_CLASSES, SCHEME, URI_CLASSES, Classes
from iri.syntax.host_validity import host_faults
from iri.syntax.option_member import option
from iri.syntax.options import Option
from iri.syntax.percent import (
    BAD_PERCENT,
    IFRAGMENT,
    IPATH,
    IQUERY,
    IREG_NAME,
    IUSERINFO,
    EncodeSet,
    encode,
)
from iri.syntax.violations import Code, Violation, describe_char
from iri.value.reference import IRIReference, parse

__all__ = ["Form", "LenientHost", "lenient", "lenient_repairs", "lenient_steps"]


class Form(Option):
    """Which characters a liberal function keeps literal."""

    #: keep ``ucschar`` (and ``iprivate`` in the query): the result is an IRI
    IRI = "iri"
    #: percent-encode every non-ASCII character too (guidelines 5.3-5.5: "Percent-encode
    #: all characters present from the ucschar list"): the result is a URI
    URI = "uri"


class LenientHost(Option):
    """What guidelines 5.2.2 does with a registered name."""

    #: leave the host as written (only characters not allowed are percent-encoded)
    KEEP = "keep"
    #: "MAY be processed according to UTS46": map it to its UTS #46 ToASCII form, as the
    #: URL Standard does (the one mapping of to_uri(host="uts46"), iri.syntax.web_hosts)
    UTS46 = "uts46"


_SCHEME: Final = re.compile(SCHEME)


@cache
def _not_allowed(encode_set: EncodeSet) -> re.Pattern[str]:
    """Runs of characters a component does not allow (group 1) or a stray "%" (group 2).

    The set's ``%`` is taken out of the runs: a "%" that starts a pct-encoded is allowed,
    one that does not is repaired on its own (3987bis 7.2 step 4)."""
    negated = encode_set.remove("%").encoded_class()
    return re.compile(f"({negated}+)|({BAD_PERCENT.pattern})")


#: The encode set of each component, IRI form (guidelines 5.2.1, 5.2.2, 5.3-5.5: what the
#: component's RFC 3987 2.2 rule does not allow); ``.uri`` is the URI form.
_SETS: Final = {
    "userinfo": IUSERINFO,
    "host": IREG_NAME,
    "path": IPATH,
    "query": IQUERY,
    "fragment": IFRAGMENT,
}


class _Builder:
    """Collects the output pieces and the repairs, with spans into the original text."""

    def __init__(self, text: str, classes: Classes) -> None:
        self.text = text
        self.classes = classes
        self.repairs: list[Repair] = []

    def component(self, name: str, start: int, end: int) -> str:
        """Percent-encode what component ``name`` (text[start:end]) does not allow."""
        encode_set = _SETS[name] if self.classes.iri else _SETS[name].uri
        pattern = _not_allowed(encode_set)
        value = self.text[start:end]
        if pattern.search(value) is None:
            return value

        def repl(m: re.Match[str]) -> str:
            at = start + m.start()
            if m.group(2) is not None:
                # 3987bis 7.2 step 4: "%" not followed by two hex digits becomes "%25".
                self.repairs.append(
                    Repair.of(
                        Code.PERCENT_SIGN_ENCODED, at, "%", "%25", 'stray "%"', component=name
                    )
                )
                return "%25"
            run = m.group(1)
            out = encode(run, encode_set)
            # Guidelines 5.3/5.4/5.5: characters not allowed by the ABNF are percent-encoded.
            self.repairs.append(
                Repair.of(
                    Code.CHARACTER_ENCODED,
                    at,
                    run,
                    out,
                    f"{len(run)} character(s) not allowed in the {name}",
                    component=name,
                )
            )
            return out

        return pattern.sub(repl, value)

    def fail(self, code: Code, name: str, start: int, end: int, message: str) -> InvalidIRI:
        return InvalidIRI(self.text, [Violation.of(code, name, start, end, message)])


def _host(b: _Builder, start: int, end: int, host_mode: LenientHost, scheme: str | None) -> str:
    """5.2.2: an IP literal must be valid as written; a reg-name is repaired."""
    text = b.text
    host = text[start:end]
    if host.startswith("["):
        if not _valid_literal(host):
            raise b.fail(Code.INVALID_IP_LITERAL, "host", start, end, "not a valid IP literal")
        return host
    # RFC 3986 3.2.2 (and draft-duerst-idn-uri 3): a host may hold percent-encoded UTF-8
    # only, so an ASCII character that ireg-name does not allow cannot be repaired there.
    allowed = b.classes.reg_name
    for i, c in enumerate(host):
        stray = c == "%" and BAD_PERCENT.match(host, i) is not None
        if (c < "\x80" and c not in allowed) or stray:
            raise b.fail(
                Code.INVALID_CHARACTER,
                "host",
                start + i,
                start + i + 1,
                f"{describe_char(c)} is not allowed in a host, and a host cannot hold it "
                "percent-encoded (RFC 3986 3.2.2)",
            )
    out = b.component("host", start, end)
    if host_mode is LenientHost.UTS46 and out:
        from iri.syntax.web_hosts import url_domain_to_ascii

        # The URL Standard's host parser, as to_uri(host="uts46") and browsers (from_href)
        # map a domain, percent-encoded hosts included; its result is checked below like
        # any host. Raises iri.IDNAError where it fails.
        mapped = url_domain_to_ascii(out)
        if mapped != out:
            b.repairs.append(
                Repair.of(
                    Code.HOST_MAPPED,
                    start,
                    host,
                    mapped,
                    "host mapped by UTS #46",
                    component="host",
                )
            )
            out = mapped
    # The one decision on hosts (iri.syntax.host_validity): an escaped host must decode
    # to a valid IDN (draft-duerst-idn-uri 3), an escaped US-ASCII octet must be a letter,
    # digit or hyphen (RFC 3986 3.2.2).
    dns = schemes.uses_dns(scheme)
    error = next((f for f in host_faults(out, dns=dns) if f.error), None)
    if error is not None:
        raise b.fail(error.code, "host", start, end, error.message)
    return out


def _valid_literal(host: str) -> bool:
    return is_valid("//" + host, rule="irelative_ref")


def lenient_repairs(
    text: str,
    *,
    form: Form | str = Form.IRI,
    host: LenientHost | str = LenientHost.KEEP,
) -> Repaired:
    """Guidelines section 5, step by step, with every repair (see :func:`lenient`).

    >>> r = lenient_repairs("http://example.org/a b|c")
    >>> r.text, [(x.code.value, x.span, x.replacement) for x in r.repairs]
    ('http://example.org/a%20b%7Cc', [('character-encoded', (20, 21), '%20'), \
('character-encoded', (22, 23), '%7C')])
    """
    text = require_text(text)
    classes = URI_CLASSES if option(Form, form, "form") is Form.URI else IRI_CLASSES
    host_mode = option(LenientHost, host, "host")
    if host_mode is LenientHost.KEEP and is_valid(text) and (classes.iri or text.isascii()):
        # Fast path: every step is the identity on a valid IRI reference (the property
        # test tests/property/test_liberal_properties.py proves it on lenient_steps).
        return Repaired(text)
    return lenient_steps(text, form=form, host=host)


def lenient_steps(
    text: str,
    *,
    form: Form | str = Form.IRI,
    host: LenientHost | str = LenientHost.KEEP,
) -> Repaired:
    """Guidelines section 5 step by step, without the fast path of :func:`lenient_repairs`."""
    text = require_text(text)
    classes = URI_CLASSES if option(Form, form, "form") is Form.URI else IRI_CLASSES
    host_mode = option(LenientHost, host, "host")
    reject_surrogates(text)
    b = _Builder(text, classes)
    out: list[str] = []
    n = len(text)
    pos = 0
    # 5.1 Identify the scheme: up to the first ":", ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    colon = text.find(":")
    if colon > 0 and _SCHEME.fullmatch(text, 0, colon):
        out.append(text[: colon + 1])
        pos = colon + 1
        relative = False
    else:
        relative = True
    # 5.2 Identify the authority: "//" up to the first "/", "?", "#" or the end.
    if text.startswith("//", pos):
        auth_start = pos + 2
        auth_end = n
        for delim in "/?#":
            i = text.find(delim, auth_start)
            if 0 <= i < auth_end:
                auth_end = i
        out.append("//")
        # 5.2.1 userinfo: up to the first "@".
        at = text.find("@", auth_start, auth_end)
        host_start = auth_start
        if at >= 0:
            out.append(b.component("userinfo", auth_start, at) + "@")
            host_start = at + 1
        # 5.2.2 host: up to the last ":" (an IP literal runs to its "]").
        if text.startswith("[", host_start) and text.find("]", host_start, auth_end) >= 0:
            close = text.find("]", host_start, auth_end)
            host_end = close + 1
            port_colon = host_end if host_end < auth_end else -1
            if port_colon >= 0 and text[port_colon] != ":":
                raise b.fail(
                    Code.INVALID_IP_LITERAL,
                    "host",
                    host_start,
                    auth_end,
                    'text after the IP literal\'s "]" that is not a port',
                )
        else:
            port_colon = text.rfind(":", host_start, auth_end)
            host_end = port_colon if port_colon >= 0 else auth_end
        out.append(_host(b, host_start, host_end, host_mode, None if relative else text[:colon]))
        # 5.2.3 port: "If these characters are not *DIGIT then the port is invalid."
        if port_colon >= 0:
            port = text[port_colon + 1 : auth_end]
            if not (port.isascii() and (port == "" or port.isdigit())):
                raise b.fail(
                    Code.INVALID_PORT,
                    "port",
                    port_colon + 1,
                    auth_end,
                    f"the port {port!r} is not a sequence of digits",
                )
            out.append(":" + port)
        pos = auth_end
    # 5.3 Identify the path: up to the first "?" or "#".
    path_end = n
    for delim in "?#":
        i = text.find(delim, pos)
        if 0 <= i < path_end:
            path_end = i
    path = b.component("path", pos, path_end)
    if relative and not path.startswith("/"):
        # RFC 3986 4.2: a ":" in the first segment of a relative-path reference would read
        # as a scheme delimiter; it is percent-encoded (guidelines 5.1: "handled as a
        # relative reference").
        slash = path.find("/")
        first = path if slash < 0 else path[:slash]
        if ":" in first:
            path = first.replace(":", "%3A") + path[len(first) :]
            seg_end = text.find("/", pos, path_end)
            seg_end = path_end if seg_end < 0 else seg_end
            i = text.find(":", pos, seg_end)
            while i >= 0:
                b.repairs.append(
                    Repair.of(
                        Code.SCHEME_NOT_RECOGNIZED,
                        i,
                        ":",
                        "%3A",
                        "not a scheme: the reference is relative, its first segment's"
                        ' ":" is encoded',
                        component="path",
                    )
                )
                i = text.find(":", i + 1, seg_end)
    out.append(path)
    pos = path_end
    # 5.4 Identify the query: from "?" up to the first "#".
    if pos < n and text[pos] == "?":
        q_end = text.find("#", pos)
        q_end = n if q_end < 0 else q_end
        out.append("?" + b.component("query", pos + 1, q_end))
        pos = q_end
    # 5.5 Identify the fragment: the rest (a further "#" is not allowed: encoded).
    if pos < n:
        out.append("#" + b.component("fragment", pos + 1, n))
    b.repairs.sort(key=lambda r: r.span)
    return Repaired("".join(out), tuple(b.repairs))


def lenient(
    text: str,
    *,
    form: Form | str = Form.IRI,
    host: LenientHost | str = LenientHost.KEEP,
) -> IRIReference:
    """Parse any Unicode string into a valid IRI reference (IRI guidelines section 5).

    An invalid scheme makes a relative reference (5.1), a non-digit port raises
    :class:`iri.InvalidIRI` (5.2.3), characters a component does not allow are
    percent-encoded as UTF-8 (5.3-5.5; ``form="iri"`` keeps ``ucschar``), and the host
    goes through UTS #46 when ``host="uts46"`` (5.2.2; :class:`iri.IDNAError` where it
    fails). ``lenient(x) == parse(x)`` for
    every valid IRI reference ``x``. :func:`lenient_repairs` also returns the repairs.

    >>> lenient("http://example.org/a b/ü?q=<x>#f#g")
    IRIReference('http://example.org/a%20b/ü?q=%3Cx%3E#f%23g')
    >>> lenient("1a:b c")
    IRIReference('1a%3Ab%20c')
    """
    return parse(lenient_repairs(text, form=form, host=host).text)
