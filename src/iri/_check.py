"""Check a text against an ABNF rule and report every violation. Never raises for a str.

Two layers, one grammar:

* :func:`is_valid` is the fast gate: one full-grammar pattern from
  :func:`iri._grammar.reference_pattern` plus one scan for a bad ``%``.
* :func:`check` is the explainer: it splits the text (RFC 3986 Appendix B), checks each
  component against the character set of its ABNF rule, and reports errors *and*
  warnings with spans. A property test proves that ``is_valid(s)`` is exactly "``check(s)``
  has no error".
"""

from __future__ import annotations

import re
from functools import cache

from iri import schemes
from iri._grammar import (
    BAD_PERCENT,
    BIDI_FORMATTING,
    IPV6ADDRZ,
    IRI_CLASSES,
    PCT_ENCODED_RUN,
    SCHEME,
    UNRESERVED,
    URI_CLASSES,
    Classes,
    Rule,
    ZoneID,
    ip_literal,
    is_iprivate,
    is_ucschar,
    pattern_for,
)
from iri._split import split_authority, split_with_spans
from iri._warnings import character_warnings, percent_encoding_warnings
from iri.errors import InvalidIRI
from iri.schemes import SPECIFIC_SCHEMES, scheme_violations
from iri.violations import Code, Violation, describe_char

__all__ = ["check", "explain", "invalid", "iri_reference_match", "is_valid"]

_SCHEME_RE = re.compile(SCHEME)
_UPPER_ASCII = re.compile(r"[A-Z]+")
_DIGITS = re.compile(r"[0-9]*+")
_IPV6Z = re.compile(rf"\[{IPV6ADDRZ}\]")
_UNRESERVED_BYTES = frozenset(UNRESERVED.encode("ascii"))


def is_valid(
    text: str, *, rule: Rule | str = Rule.IRI_REFERENCE, zone_id: ZoneID | str = ZoneID.REJECT
) -> bool:
    """Return whether ``text`` matches ``rule`` with no error-severity violation.

    >>> is_valid("http://résumé.example.org/東京?q=ü")
    True
    >>> is_valid("http://example.org/\\u202e", rule="IRI")
    False
    """
    m = pattern_for(rule, zone_id).fullmatch(text)
    return m is not None and ("%" not in text or BAD_PERCENT.search(text) is None)


_IRI_REFERENCE = pattern_for(Rule.IRI_REFERENCE, ZoneID.REJECT)


def iri_reference_match(text: str) -> re.Match[str] | None:
    """The full-grammar match of ``text`` as an IRI reference if it is valid, else ``None``.

    ``is_valid(text)`` for the default rule and options, with no option handling, for the
    conversions, which run it on every call and then read the components from the match
    (a test checks that it agrees with :func:`is_valid`).
    """
    m = _IRI_REFERENCE.fullmatch(text)
    if m is None or ("%" in text and BAD_PERCENT.search(text) is not None):
        return None
    return m


def invalid(
    text: str, *, rule: Rule | str = Rule.IRI_REFERENCE, zone_id: ZoneID | str = ZoneID.REJECT
) -> InvalidIRI:
    """The :class:`iri.InvalidIRI` to raise for ``text``: it carries every violation."""
    return InvalidIRI(text, check(text, rule=rule, zone_id=zone_id), str(Rule(rule)))


@cache
def _invalid(classes: Classes, ascii_chars: str, private: bool) -> re.Pattern[str]:
    """A pattern finding the characters *not* in a component's set (bounded cache)."""
    return re.compile(classes.cls(ascii_chars, private=private, negate=True))


class _Checker:
    """Collects the violations of one text; one method per ABNF rule it checks."""

    def __init__(self, text: str, rule: Rule, zone_id: ZoneID) -> None:
        self.text = text
        self.rule = rule
        self.zone_id = zone_id
        self.c = IRI_CLASSES if rule.is_iri else URI_CLASSES
        self.out: list[Violation] = []

    def add(self, code: Code, component: str | None, start: int, end: int, msg: str) -> None:
        self.out.append(Violation.of(code, component, start, end, msg))

    # -- characters --------------------------------------------------------------------

    def chars(
        self, component: str, start: int, end: int, ascii_chars: str, *, private: bool = False
    ) -> None:
        """Report every character of ``text[start:end]`` outside the component's set."""
        text = self.text
        for m in _invalid(self.c, ascii_chars, private).finditer(text, start, end):
            p = m.start()
            ch = text[p]
            cp = ord(ch)
            what = describe_char(ch)
            if cp in BIDI_FORMATTING:
                self.add(
                    Code.BIDI_FORMATTING_CHARACTER,
                    component,
                    p,
                    p + 1,
                    f"{what} is a bidirectional formatting character, which IRIs MUST NOT contain",
                )
            elif not self.rule.is_iri and (is_ucschar(cp) or is_iprivate(cp)):
                self.add(
                    Code.NON_ASCII_CHARACTER,
                    component,
                    p,
                    p + 1,
                    f"{what} is not allowed in a URI ({self.rule}); it is allowed in an IRI",
                )
            elif is_iprivate(cp):
                self.add(
                    Code.IPRIVATE_OUTSIDE_QUERY,
                    component,
                    p,
                    p + 1,
                    f"{what} is a private-use character (iprivate), allowed only "
                    "in the query, not in the " + component,
                )
            else:
                self.add(
                    Code.INVALID_CHARACTER,
                    component,
                    p,
                    p + 1,
                    f"{what} is not allowed in the {component}",
                )
        if "%" in text[start:end]:
            for m in BAD_PERCENT.finditer(text, start, end):
                p = m.start()
                q = p + 1
                while q < min(p + 3, end) and text[q] in "0123456789ABCDEFabcdef":
                    q += 1
                self.add(
                    Code.INVALID_PERCENT_ENCODING,
                    component,
                    p,
                    q,
                    f'"%" at {p} is not followed by two hexadecimal digits',
                )

    # -- components --------------------------------------------------------------------

    def scheme(self, scheme: str) -> None:
        """scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )"""
        if not scheme[0].isascii() or not scheme[0].isalpha():
            self.add(
                Code.INVALID_SCHEME,
                "scheme",
                0,
                1,
                f"the scheme must start with a letter, not {describe_char(scheme[0])}",
            )
        for i, ch in enumerate(scheme[1:], 1):
            if not (ch.isascii() and (ch.isalnum() or ch in "+-.")):
                self.add(
                    Code.INVALID_SCHEME,
                    "scheme",
                    i,
                    i + 1,
                    f"{describe_char(ch)} is not allowed in a scheme",
                )
        if any("A" <= ch <= "Z" for ch in scheme):
            self.add(
                Code.UPPERCASE_SCHEME,
                "scheme",
                0,
                len(scheme),
                f"scheme {scheme!r} should be written in lowercase",
            )

    def authority(
        self, authority: str, start: int, scheme: str | None
    ) -> list[tuple[str, int, int]]:
        """iauthority = [ iuserinfo "@" ] ihost [ ":" port ]; returns the sub-spans."""
        a = split_authority(authority)
        spans = [("host", start + a.host_start, start + a.host_start + len(a.host))]
        if a.userinfo is not None:
            spans.insert(0, ("userinfo", start, start + len(a.userinfo)))
            self.chars("userinfo", start, start + len(a.userinfo), self.c.userinfo)
            colon = a.userinfo.find(":")
            if colon >= 0:
                self.add(
                    Code.PASSWORD_IN_USERINFO,
                    "userinfo",
                    start + colon,
                    start + len(a.userinfo),
                    'the userinfo has a password part ("user:password" is deprecated)',
                )
        self.host(a.host, start + a.host_start)
        if a.port is not None:
            spans.append(("port", start + a.port_start, start + a.port_start + len(a.port)))
            self.port(a.port, start + a.port_start, scheme)
        return spans

    def host(self, host: str, start: int) -> None:
        """ihost = IP-literal / IPv4address / ireg-name"""
        end = start + len(host)
        if host.startswith("["):
            if re.fullmatch(ip_literal(self.zone_id), host):
                if _UPPER_ASCII.search(host):
                    self.add(
                        Code.UPPERCASE_HOST,
                        "host",
                        start,
                        end,
                        "hexadecimal digits of an IP literal should be lowercase",
                    )
            elif self.zone_id is ZoneID.REJECT and _IPV6Z.fullmatch(host):
                p = host.find("%25")
                self.add(
                    Code.ZONE_ID_NOT_ALLOWED,
                    "host",
                    start + p,
                    end - 1,
                    "IPv6 zone identifiers are not part of RFC 3986/3987; "
                    "pass zone_id='accept' to allow RFC 6874 syntax",
                )
            else:
                self.add(
                    Code.INVALID_IP_LITERAL,
                    "host",
                    start,
                    end,
                    f"{host!r} is neither an IPv6address nor an IPvFuture (RFC 3986 3.2.2)",
                )
            return
        errors_before = len(self.out)
        self.chars("host", start, end, self.c.reg_name)
        if len(self.out) == errors_before:
            self.dns_syntax(host, start)
        # The hex digits of a percent-encoding are not letters of the name: RFC 3986 2.1
        # wants them uppercase (lowercase-percent-encoding covers them).
        if _UPPER_ASCII.search(PCT_ENCODED_RUN.sub("", host) if "%" in host else host):
            self.add(
                Code.UPPERCASE_HOST,
                "host",
                start,
                end,
                f"host {host!r} has uppercase letters; registered names should be lowercase",
            )

    def dns_syntax(self, host: str, start: int) -> None:
        """RFC 3986 3.2.2: "URI producers should use names that conform to the DNS syntax
        ... and should limit these names to no more than 255 characters in length."

        Checked for US-ASCII names without percent-encodings (a non-ASCII or encoded name
        is an IDN: whether it maps to DNS syntax is up to IDNA, see :func:`iri.to_uri`).
        """
        if not host or not host.isascii() or "%" in host:
            return
        if len(host) > _DNS_MAX:
            self.add(
                Code.REG_NAME_TOO_LONG,
                "host",
                start,
                start + len(host),
                f"the host name has {len(host)} characters; names should have no more "
                f"than {_DNS_MAX}",
            )
        labels = host.split(".")
        if len(labels) > 1 and labels[-1] == "":
            labels.pop()  # a final dot: the root label
        offset = start
        for label in labels:
            if not _LDH_LABEL.fullmatch(label):
                self.add(
                    Code.REG_NAME_NOT_DNS,
                    "host",
                    offset,
                    offset + len(label),
                    f"label {label!r} is not in DNS syntax (1 to 63 letters, digits or "
                    "hyphens, no hyphen first or last)",
                )
            offset += len(label) + 1

    def port(self, port: str, start: int, scheme: str | None) -> None:
        """port = *DIGIT"""
        m = _DIGITS.match(port)
        assert m is not None
        if m.end() < len(port):
            self.add(
                Code.INVALID_PORT,
                "port",
                start,
                start + len(port),
                f"port {port!r} is not a sequence of digits: "
                f"{describe_char(port[m.end()])} at {start + m.end()}",
            )
        elif port == "":
            self.add(Code.EMPTY_PORT, "port", start - 1, start, 'the port is empty: omit the ":"')
        else:
            default = schemes.default_port(scheme)
            if default is not None and int(port) == int(default):
                self.add(
                    Code.DEFAULT_PORT,
                    "port",
                    start - 1,
                    start + len(port),
                    f"port {port} is the default of {scheme!r}: omit it",
                )

    def path(self, path: str, start: int, *, relative: bool, colon_reported: bool) -> None:
        """ipath-abempty / ipath-absolute / ipath-noscheme / ipath-rootless / ipath-empty"""
        self.chars("path", start, start + len(path), self.c.pchar + "/")
        if relative and not colon_reported:
            # ipath-noscheme = isegment-nz-nc *( "/" isegment ): no ":" in the first segment
            first = path.split("/", 1)[0]
            colon = first.find(":")
            if colon >= 0:
                self.add(
                    Code.COLON_IN_FIRST_SEGMENT,
                    "path",
                    start + colon,
                    start + colon + 1,
                    'the first segment of a relative-path reference cannot contain ":" '
                    '(it would read as a scheme); write "./" before it',
                )
        if path.startswith("/") or (not relative and path):
            offset = start
            for segment in path.split("/"):
                if segment in (".", ".."):
                    self.add(
                        Code.DOT_SEGMENT,
                        "path",
                        offset,
                        offset + len(segment),
                        f'"{segment}" segment in an absolute path',
                    )
                offset += len(segment) + 1


def check(
    text: str, *, rule: Rule | str = Rule.IRI_REFERENCE, zone_id: ZoneID | str = ZoneID.REJECT
) -> list[Violation]:
    """Return every violation of ``text`` against ``rule``, ordered by position.

    Never raises for any ``str``. Errors (``severity == "error"``) break the ABNF or a
    MUST; warnings break a SHOULD.

    >>> [v.code.value for v in check("http://example.org:80/a b")]
    ['default-port', 'invalid-character']
    """
    rule = Rule(rule)
    zone_id = ZoneID(zone_id)
    if _plainly_fine(text, rule, zone_id):
        return []
    return explain(text, rule=rule, zone_id=zone_id)


#: DNS preferred name syntax (RFC 1034 3.5, RFC 1123 2.1): a label has 1 to 63 letters,
#: digits and hyphens, and neither starts nor ends with a hyphen; a name has at most 255
#: characters (RFC 3986 3.2.2) and may end with the root's dot.
_LDH_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_DNS_NAME = re.compile(
    r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*"
    r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?"
)
_DNS_MAX = 255

# Dot-segments anywhere in a path ("." or ".." between slashes or at either end).
_DOT_SEGMENT = re.compile(r"(?:\A|/)\.\.?+(?=/|\Z)")


def _plainly_fine(text: str, rule: Rule, zone_id: ZoneID) -> bool:
    """Fast path of :func:`check`: ``True`` only when :func:`explain` would report nothing.

    The text must match the rule (no error) and give no hold to any warning: ASCII only
    (no NFC, joiner or private-use warning), no ``%`` (no percent-encoding warning), no
    port, no password, no uppercase letter in scheme or host, no dot-segment. A property
    test checks that this never hides a violation :func:`explain` finds.
    """
    if not text.isascii() or "%" in text:
        return False
    m = pattern_for(rule, zone_id).fullmatch(text)
    if m is None or m["port"] is not None or _DOT_SEGMENT.search(m["path"]):
        return False
    if m["scheme"] in SPECIFIC_SCHEMES:  # lowercase here, else the test below fails
        return False
    userinfo, scheme, host = m["userinfo"], m["scheme"], m["host"]
    return (
        (userinfo is None or ":" not in userinfo)
        and (scheme is None or _UPPER_ASCII.search(scheme) is None)
        # a lowercase DNS name (or no name at all) draws neither uppercase-host nor the
        # DNS syntax warnings
        and (not host or (len(host) <= _DNS_MAX and _DNS_NAME.fullmatch(host) is not None))
    )


def explain(
    text: str, *, rule: Rule | str = Rule.IRI_REFERENCE, zone_id: ZoneID | str = ZoneID.REJECT
) -> list[Violation]:
    """The readable transcription behind :func:`check`: every rule checked, no fast path.

    Same contract and result as :func:`check`; kept apart so that tests can compare the two.
    """
    rule = Rule(rule)
    ch = _Checker(text, rule, ZoneID(zone_id))
    comps, spans = split_with_spans(text)
    scheme, authority, path = comps.scheme, comps.authority, comps.path
    query, fragment = comps.query, comps.fragment
    path_start = spans.path
    colon_reported = False
    if scheme is not None:
        valid_scheme = _SCHEME_RE.fullmatch(scheme) is not None
        if rule.needs_scheme or (valid_scheme and not rule.forbids_scheme):
            ch.scheme(scheme)
        else:
            # Not a scheme after all (or not allowed here): the text is a relative
            # reference whose path runs from the start up to the first "?" or "#".
            if valid_scheme:
                ch.add(
                    Code.SCHEME_NOT_ALLOWED,
                    "scheme",
                    0,
                    len(scheme) + 1,
                    f"{rule} is a relative reference and cannot start with a scheme ({scheme!r})",
                )
                colon_reported = True
            scheme = None
            authority = None  # "1a://x" is then a relative path "1a:" "" "x"
            path_start = 0
            path = text[: spans.path + len(path)]
    elif rule.needs_scheme:
        ch.add(
            Code.MISSING_SCHEME,
            None,
            0,
            0,
            f"{rule} requires a scheme (such as 'http:') and there is none",
        )
    components: list[tuple[str, int, int]] = []
    if scheme is not None:
        components.append(("scheme", 0, len(scheme)))
    if authority is not None:
        components += ch.authority(authority, spans.authority, scheme)
    components.append(("path", path_start, path_start + len(path)))
    # A rule that needs a scheme has already reported missing-scheme; the path is then
    # not read as a relative-path reference (no colon-in-first-segment on top).
    ch.path(
        path,
        path_start,
        relative=scheme is None and authority is None and not rule.needs_scheme,
        colon_reported=colon_reported,
    )
    if query is not None:
        components.append(("query", spans.query, spans.query + len(query)))
        ch.chars("query", spans.query, spans.query + len(query), ch.c.query, private=True)
    if fragment is not None:
        components.append(("fragment", spans.fragment, len(text)))
        if rule.forbids_fragment:
            ch.add(
                Code.FRAGMENT_NOT_ALLOWED,
                "fragment",
                spans.fragment - 1,
                len(text),
                f"{rule} does not allow a fragment",
            )
        ch.chars("fragment", spans.fragment, len(text), ch.c.fragment)
    if scheme is not None and scheme.lower() in SPECIFIC_SCHEMES:
        # guidelines draft 6: scheme-specific processing (warnings only)
        ch.out += scheme_violations(text, comps, spans)
    if "%" in text:
        ch.out += percent_encoding_warnings(text, components)
    if not text.isascii():
        ch.out += character_warnings(text, components, iri=rule.is_iri)
    ch.out.sort(key=lambda v: (v.span[0], v.code))
    return ch.out
