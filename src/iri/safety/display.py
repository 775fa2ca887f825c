"""``iri.to_display(text)``: the form of an IRI to show a person (RFC 3987 4.1, 3987bis 8.6).

Total: any ``str`` gets a safe display, never an exception for its content. Steps (each
one a reading recorded in docs/rationale.md SF5, SF8-SF10):

1. URI-to-IRI decoding where safe (:func:`iri.to_iri`, 3987bis 4.2): bidi controls and
   invisible characters stay percent-encoded; A-labels become U-labels (step 7). Text that
   is not an IRI reference is first made one where it can be: every character its
   component may not hold is percent-encoded (a lone surrogate as its three octets), the
   delimiters staying where they are; what stays invalid (a port, a scheme, an IP literal)
   is shown so repaired, undecoded.
2. A host holding a delimiter look-alike (:mod:`iri.safety.delimiters`: ``／ ？ ＃ ＠ 。``
   ...) is shown percent-encoded, whole, as written: its A-label form would hold the
   delimiter IDNA maps it to. Other host labels are shown in Unicode exactly when the IDN
   display policy lets them (:mod:`iri.safety.idn_hosts`, Chromium's rules, per label:
   ``xn--googl-3we.한국``); a host that looks like a top domain or a protected domain, or
   that holds an invisible character, a bidi control or a "/" lookalike, is shown all in
   A-labels. Elsewhere, a look-alike of a delimiter of its component is percent-encoded.
3. A password in the userinfo is masked (RFC 3986 7.5; 3.2.1 "deprecated").
4. No bidi control, no invisible character and no line break stays raw inside the IRI
   (RFC 3987 4.1 "MUST NOT contain bidirectional formatting characters"; a line break
   would show one IRI as two lines): they are percent-encoded.
5. Characters a renderer or charset cannot show are percent-encoded (3987bis 8.6).
6. The result is wrapped so that it renders "as if it were in a left-to-right embedding"
   (4.1) wherever it is pasted: LRI...PDI by default (UAX #9 6.3 recommends isolates, which,
   unlike LRE...PDF, do not act on the surrounding text), LRE...PDF or nothing on request.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Final

from iri.convert.charsets import output_encoding
from iri.convert.uri import to_iri
from iri.safety import delimiters
from iri.safety.delimiters import LINE_BREAKS
from iri.safety.findings import AuditCode, Level
from iri.syntax import hosts as idna
from iri.syntax import schemes
from iri.syntax.argument import as_text
from iri.syntax.check import iri_reference_match
from iri.syntax.errors import InvalidIRI
from iri.syntax.grammar import (
    ALPHA,
    DIGIT,
    IRI_CLASSES,
    SUB_DELIMS,
    UNRESERVED,
    char_class,
)
from iri.syntax.options import Option
from iri.syntax.percent import BAD_PERCENT, encode_octets
from iri.syntax.report import hidden
from iri.syntax.split import Components, split_authority, split_with_spans

__all__ = ["Password", "Wrap", "to_display"]


class Wrap(Option):
    """How :func:`to_display` keeps the IRI left-to-right in any surrounding text."""

    #: U+2066 LEFT-TO-RIGHT ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE (UAX #9 6.3).
    ISOLATE = "isolate"
    #: U+202A LEFT-TO-RIGHT EMBEDDING ... U+202C POP DIRECTIONAL FORMATTING (RFC 3987 4.1).
    EMBEDDING = "embedding"
    #: No wrapper: for a caller that sets the direction itself (HTML ``dir="ltr"``).
    NONE = "none"


class Password(Option):
    """What :func:`to_display` does with ``user:password`` in the userinfo."""

    MASK = "mask"
    SHOW = "show"


_WRAPPERS: Final = {
    Wrap.ISOLATE: ("\u2066", "\u2069"),
    Wrap.EMBEDDING: ("\u202a", "\u202c"),
    Wrap.NONE: ("", ""),
}
#: Texts longer than this are matched before conversion: an invalid one is repaired without
#: building the InvalidIRI that to_iri would raise (a check() of the whole text).
_LONG: Final = 1000
#: The password is replaced by this (ASCII, so it survives any charset).
MASK: Final = "****"
#: Chromium's navigation checks (issue 27): a warning before a visit, not how a host is shown.
_NAVIGATION: Final = frozenset(
    {AuditCode.LOOKALIKE_TARGET_EMBEDDING, AuditCode.LOOKALIKE_EDIT_DISTANCE}
)
#: Host findings that keep the whole host in A-labels (with any other danger that is not a
#: per-label decision of the display policy).
_WHOLE_HOST: Final = frozenset(
    {
        AuditCode.SLASH_LOOKALIKE,
        AuditCode.CONFUSABLE_WITH_PROTECTED,
        AuditCode.CONFUSABLE_WITH_TOP_DOMAIN,
        AuditCode.INVISIBLE_CHARACTER,
        AuditCode.BIDI_CONTROL,
    }
)


def _hidden(c: str) -> bool:
    return c in LINE_BREAKS or (not c.isascii() and hidden(c))  # the one decision of what
    # may be shown raw (iri.syntax.report.hidden), and every line break


def _non_ascii(c: str) -> bool:
    return not c.isascii()


def _percent(c: str) -> str:
    return encode_octets(c.encode("utf-8", "surrogatepass"))  # a lone surrogate: 3 octets


def _percent_match(m: re.Match[str]) -> str:
    return encode_octets(m.group().encode("utf-8", "surrogatepass"))  # a run at a time


def _encode_where(text: str, bad: Callable[[str], bool]) -> str:
    """``text`` (no ASCII control left: step 1 encoded them) with each non-ASCII character
    for which ``bad`` holds percent-encoded: ``bad`` is asked once per distinct character,
    and ``str.translate`` does the rest (linear, in C)."""
    if text.isascii():
        return text
    table = {ord(c): _percent(c) for c in set(text) if not c.isascii() and bad(c)}
    return text.translate(table) if table else text


def _charset_check(charset: str) -> Callable[[str], bool]:
    # The one resolver (Encoding Standard labels; CharsetError for an unknown one), written
    # in its output encoding (UTF-16 and replacement: UTF-8), as everything that encodes.
    encoding = output_encoding(charset)
    return lambda c: not encoding.can_encode(c)


def to_display(
    text: str,
    *,
    wrap: Wrap | str = Wrap.ISOLATE,
    password: Password | str = Password.MASK,
    charset: str | None = None,
    showable: Callable[[str], bool] | None = None,
    protected: Iterable[str] = (),
    top_domains: Iterable[str] | None = None,
) -> str:
    """Return the IRI reference ``text`` (or its URI form) as it should be shown to a person.

    ``charset`` (an Encoding Standard label: ``"latin1"`` is windows-1252) or ``showable``
    (a predicate per character) say what the renderer can show; anything else is
    percent-encoded. ``protected`` and ``top_domains``
    are passed to the audit (hosts confusable with these stay A-labels; ``top_domains``
    None is the shipped list, empty turns that check off). Never raises for the content
    of ``text``: what is not valid is shown percent-encoded (a liberal pre-processing step
    gives a friendlier form of sloppy input). Raises only for bad options (``TypeError``,
    ``ValueError``, :class:`iri.CharsetError`).

    >>> to_display("http://xn--99zt52a.example.org/%E2%80%AE%C3%A9", wrap="none")
    'http://納豆.example.org/%E2%80%AEé'
    >>> to_display("https://user:secret@xn--80ak6aa92e.com/", wrap="none")
    'https://user:****@xn--80ak6aa92e.com/'
    >>> to_display("http://bank.example\uff0fevil.example/ a", wrap="none")
    'http://bank.example%EF%BC%8Fevil.example/%20a'
    """
    if type(text) is not str:
        text = as_text(text, "to_display() expects a str, not {type}")
    start, end = _WRAPPERS[Wrap(wrap)]
    domains = None if top_domains is None else _top_domains(top_domains)
    # the default (no protected domain) costs nothing; anything else is checked
    names = protected if type(protected) is tuple and not protected else _protected(protected)
    if showable is not None and not callable(showable):
        kind = type(showable).__name__
        raise TypeError(f"to_display() expects showable as a callable or None, got {kind}")
    show_password = Password(password) is Password.SHOW
    unshowable = None if charset is None else _charset_check(charset)
    if len(text) > _LONG and iri_reference_match(text) is None:
        text, iri = _invalid_text(text)  # no InvalidIRI built for a long text (its check())
    else:
        try:
            iri = to_iri(text)  # step 1
        except InvalidIRI:  # total: what is invalid is shown percent-encoded
            text, iri = _invalid_text(text)
    plain = iri.isascii()
    if plain and unshowable is None and showable is None and "@" not in iri and "--" not in iri:
        return start + iri + end  # ASCII with no userinfo and no A-label: nothing to change
    comps, spans = split_with_spans(iri)
    if not plain and delimiters.concerns(iri[spans.path :]):  # step 2, outside the authority
        iri = iri[: spans.path] + _escaped_tail(comps)
    if comps.authority is not None:
        auth = split_authority(comps.authority)
        host = auth.host
        if not host.isascii() or ("--" in host and idna.ACE_PREFIX in host.lower()):
            if delimiters.host_needs_encoding(host):  # step 2, on the host as written
                host = _encode_where(host, _non_ascii)
            else:
                dns = schemes.uses_dns(comps.scheme)
                host = _shown_host(text, iri, host, names, domains, dns)
        userinfo, port = auth.userinfo, auth.port
        if userinfo is not None:
            if not userinfo.isascii():
                userinfo = delimiters.escape(userinfo, "userinfo")
            if ":" in userinfo and not show_password:
                userinfo = userinfo.split(":", 1)[0] + ":" + MASK  # step 3
        authority = "".join(
            (
                "" if userinfo is None else userinfo + "@",
                host,
                "" if port is None else ":" + delimiters.escape(port, "port"),
            )
        )
        a = spans.authority
        iri = iri[:a] + authority + iri[a + len(comps.authority) :]
    if not plain:
        iri = _encode_where(iri, _hidden)  # step 4
    if unshowable is not None:  # step 5
        iri = _encode_where(iri, unshowable)
    if showable is not None:
        iri = _encode_where(iri, lambda c: not c.isascii() and not showable(c))
    return start + iri + end  # step 6


def _escaped_tail(comps: Components) -> str:
    """Path, query and fragment with the look-alikes of their delimiters percent-encoded."""
    first = comps.scheme is None and comps.authority is None
    out = [delimiters.escape(p, c) for p, _, c in delimiters.pieces(comps.path, 0, first)]
    if comps.query is not None:
        out += ("?", delimiters.escape(comps.query, "query"))
    if comps.fragment is not None:
        out += ("#", delimiters.escape(comps.fragment, "fragment"))
    return "".join(out)


def _invalid_text(text: str) -> tuple[str, str]:
    """Step 1 for text that is not an IRI reference: made one where it can be
    (:func:`_repair`), then ``(repaired, to_iri(repaired))``; else shown as repaired,
    undecoded (``(repaired, repaired)``)."""
    repaired = _repair(text)
    if iri_reference_match(repaired) is None:  # structure (port, scheme, IP literal)
        return repaired, repaired  # no decoding, escapes only
    return repaired, to_iri(repaired)


@cache
def _invalid(component: str) -> re.Pattern[str]:
    """Runs of the characters not allowed in ``component`` (RFC 3987 2.2; the bidi
    formatting characters of 4.1 included, the IRI classes of iri.syntax.grammar)."""
    c = IRI_CLASSES
    if component == "scheme":
        return re.compile(char_class(ALPHA + DIGIT + "+-.", negate=True) + "++")
    if component == "port":
        return re.compile(char_class(UNRESERVED + SUB_DELIMS + "%", negate=True) + "++")
    allowed = {
        "userinfo": c.userinfo,
        "host": c.reg_name,
        "ip-literal": c.reg_name + "[]:",  # its brackets and colons stay as written
        "path": c.pchar + "/",
        "query": c.query,
        "fragment": c.fragment,
    }[component]
    return re.compile(c.cls(allowed, private=component == "query", negate=True) + "++")


def _fix(part: str, component: str) -> str:
    part = BAD_PERCENT.sub("%25", part)  # a "%" that does not start "%" HEXDIG HEXDIG
    return _invalid(component).sub(_percent_match, part)


def _repair(text: str) -> str:
    """``text`` with every character that its component (RFC 3986 Appendix B split, the
    authority at its last "@" and the first ":" after the host) may not hold
    percent-encoded as UTF-8 (a lone surrogate as its three octets): the delimiters stay
    where they are, so the repaired text splits into the same components."""
    comps = split_with_spans(text)[0]
    out: list[str] = []
    if comps.scheme is not None:
        out += (_fix(comps.scheme, "scheme"), ":")
    if comps.authority is not None:
        auth = split_authority(comps.authority)
        out += (
            "//",
            "" if auth.userinfo is None else _fix(auth.userinfo, "userinfo") + "@",
            _fix(auth.host, "ip-literal" if auth.host.startswith("[") else "host"),
            "" if auth.port is None else ":" + _fix(auth.port, "port"),
        )
    out.append(_fix(comps.path, "path"))
    if comps.query is not None:
        out += ("?", _fix(comps.query, "query"))
    if comps.fragment is not None:
        out += ("#", _fix(comps.fragment, "fragment"))
    return "".join(out)


def _top_domains(value: Iterable[str]) -> tuple[str, ...]:
    from iri.safety.idn_top_domains import top_domains_option

    prepared = top_domains_option(value)  # TypeError for a str or a non-iterable
    return () if prepared is None else prepared.domains


def _protected(value: Iterable[str]) -> tuple[str, ...]:
    from iri.safety.idn_top_domains import domain_names

    return domain_names(value, "protected")  # TypeError for a str, a non-iterable, a non-str


def _shown_host(  # noqa: PLR0917 (one private call site)
    text: str,
    iri: str,
    host: str,
    protected: tuple[str, ...],
    domains: tuple[str, ...] | None,
    dns: bool,
) -> str:
    from iri.safety.audit import audit
    from iri.safety.idn_hosts import LEVELS, decide_host
    from iri.safety.idn_top_domains import top_domains_option

    findings = [
        f for f in audit(iri, protected=protected, top_domains=domains) if f.component == "host"
    ]
    if any(
        f.code in _WHOLE_HOST
        or (f.level is Level.DANGER and f.code not in LEVELS and f.code not in _NAVIGATION)
        for f in findings
    ):
        # the URI form: A-labels as the original text had them or as IDNA gives them (a
        # host of a scheme that does not use DNS: percent-encoded, as to_uri does)
        original = split_authority(split_with_spans(text)[0].authority or "").host
        if not dns:
            return _encode_where(host, _non_ascii)
        return original if original.isascii() else _a_labels(host)
    # The same (cached) decision the audit reported: per label, Unicode or its URI form (an
    # A-label that to_iri left as it is, e.g. in upper case, stays as written).
    return decide_host(host, top_domains_option(domains)).display(decode=False, dns=dns)


def _a_labels(host: str) -> str:
    """The host in A-labels, or percent-encoded when IDNA rejects it or when its mapping
    would change what a reader takes for structure (UTS #46 deletes ignored characters:
    ``\u200b[x`` would become ``[x``, an IP literal's start)."""
    from iri.syntax.host_validity import conversion_failure

    # The one decision on hosts: exactly the conversion to_uri(host="idna") makes.
    if conversion_failure(host) is not None:
        return _encode_where(host, _non_ascii)
    ascii_host = idna.host_to_ascii(host, decode_ascii=True)
    return (
        ascii_host
        if _structure(ascii_host) == _structure(host)
        else _encode_where(host, _non_ascii)
    )


def _structure(host: str) -> tuple[object, ...]:
    return (host[:1] == "[", *(host.count(d) for d in ":/?#[]@."))
