"""``iri.to_display(text)``: the form of an IRI to show a person (RFC 3987 4.1, 3987bis 8.6).

Steps (each one a reading recorded in docs/rationale.md SF5):

1. URI-to-IRI decoding where safe (:func:`iri.to_iri`, 3987bis 4.2): bidi controls and
   invisible characters stay percent-encoded; A-labels become U-labels (step 7).
2. Host labels are shown in Unicode exactly when the IDN display policy lets them
   (:mod:`iri.safety.idn_hosts`, Chromium's rules, per label: ``xn--googl-3we.한국``); a
   host that looks like a top domain or a protected domain, or that holds an invisible
   character, a bidi control or a "/" lookalike, is shown all in A-labels.
3. A password in the userinfo is masked (RFC 3986 7.5; 3.2.1 "deprecated").
4. No bidi control and no invisible character stays raw inside the IRI (RFC 3987 4.1
   "MUST NOT contain bidirectional formatting characters"): they are percent-encoded.
5. Characters a renderer or charset cannot show are percent-encoded (3987bis 8.6).
6. The result is wrapped so that it renders "as if it were in a left-to-right embedding"
   (4.1) wherever it is pasted: LRI...PDI by default (UAX #9 6.3 recommends isolates, which,
   unlike LRE...PDF, do not act on the surrounding text), LRE...PDF or nothing on request.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Final

from iri.convert.charsets import output_encoding
from iri.convert.uri import to_iri
from iri.safety.findings import AuditCode, Level
from iri.syntax import hosts as idna
from iri.syntax import schemes
from iri.syntax.percent import encode_octets
from iri.syntax.report import hidden
from iri.syntax.split import split_authority, split_with_spans

__all__ = ["Password", "Wrap", "to_display"]


class Wrap(StrEnum):
    """How :func:`to_display` keeps the IRI left-to-right in any surrounding text."""

    #: U+2066 LEFT-TO-RIGHT ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE (UAX #9 6.3).
    ISOLATE = "isolate"
    #: U+202A LEFT-TO-RIGHT EMBEDDING ... U+202C POP DIRECTIONAL FORMATTING (RFC 3987 4.1).
    EMBEDDING = "embedding"
    #: No wrapper: for a caller that sets the direction itself (HTML ``dir="ltr"``).
    NONE = "none"


class Password(StrEnum):
    """What :func:`to_display` does with ``user:password`` in the userinfo."""

    MASK = "mask"
    SHOW = "show"


_WRAPPERS: Final = {
    Wrap.ISOLATE: ("\u2066", "\u2069"),
    Wrap.EMBEDDING: ("\u202a", "\u202c"),
    Wrap.NONE: ("", ""),
}
#: The password is replaced by this (ASCII, so it survives any charset).
MASK: Final = "****"
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
    return not c.isascii() and hidden(c)  # the one decision of what may be shown raw


def _encode_where(text: str, bad: Callable[[str], bool]) -> str:
    if text.isascii():
        return text
    return "".join(encode_octets(c.encode("utf-8")) if bad(c) else c for c in text)


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
    percent-encoded. ``protected`` and ``top_domains`` are passed to the audit (hosts
    confusable with these stay A-labels; ``top_domains`` None is the shipped list, empty
    turns that check off). Raises :class:`iri.InvalidIRI` for text that is not an IRI
    reference (use a liberal pre-processing step first).

    >>> to_display("http://xn--99zt52a.example.org/%E2%80%AE%C3%A9", wrap="none")
    'http://納豆.example.org/%E2%80%AEé'
    >>> to_display("https://user:secret@xn--80ak6aa92e.com/", wrap="none")
    'https://user:****@xn--80ak6aa92e.com/'
    """
    if not isinstance(text, str):
        raise TypeError(f"to_display() expects a str, not {type(text).__name__}")
    start, end = _WRAPPERS[Wrap(wrap)]
    domains = None if top_domains is None else _top_domains(top_domains)
    show_password = Password(password) is Password.SHOW
    iri = to_iri(text)  # step 1 (raises InvalidIRI for what is not an IRI reference)
    comps, spans = split_with_spans(iri)
    if comps.authority is not None:
        auth = split_authority(comps.authority)
        host = auth.host
        if not host.isascii() or ("--" in host and idna.ACE_PREFIX in host.lower()):
            dns = schemes.uses_dns(comps.scheme)
            host = _shown_host(text, iri, host, tuple(protected), domains, dns)  # step 2
        userinfo = auth.userinfo
        if userinfo is not None and ":" in userinfo and not show_password:
            userinfo = userinfo.split(":", 1)[0] + ":" + MASK  # step 3
        authority = "".join(
            (
                "" if userinfo is None else userinfo + "@",
                host,
                "" if auth.port is None else ":" + auth.port,
            )
        )
        a = spans.authority
        iri = iri[:a] + authority + iri[a + len(comps.authority) :]
    iri = _encode_where(iri, _hidden)  # step 4
    if charset is not None:  # step 5
        iri = _encode_where(iri, _charset_check(charset))
    if showable is not None:
        iri = _encode_where(iri, lambda c: not c.isascii() and not showable(c))
    return start + iri + end  # step 6


def _top_domains(value: Iterable[str]) -> tuple[str, ...]:
    from iri.safety.idn_top_domains import top_domains_option

    prepared = top_domains_option(value)  # TypeError for a str or a non-iterable
    return () if prepared is None else prepared.domains


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
        f.code in _WHOLE_HOST or (f.level is Level.DANGER and f.code not in LEVELS)
        for f in findings
    ):
        # the URI form: A-labels as the original text had them or as IDNA gives them (a
        # host of a scheme that does not use DNS: percent-encoded, as to_uri does)
        original = split_authority(split_with_spans(text)[0].authority or "").host
        if not dns:
            return _encode_where(host, lambda c: not c.isascii())
        return original if original.isascii() else _a_labels(host)
    # The same (cached) decision the audit reported: per label, Unicode or its URI form (an
    # A-label that to_iri left as it is, e.g. in upper case, stays as written).
    return decide_host(host, top_domains_option(domains)).display(decode=False, dns=dns)


def _a_labels(host: str) -> str:
    try:
        return idna.to_ascii(host)
    except ValueError:
        return _encode_where(host, lambda c: not c.isascii())
