"""``iri.to_display(text)``: the form of an IRI to show a person (RFC 3987 4.1, 3987bis 8.6).

Steps (each one a reading recorded in docs/rationale.md SF5):

1. URI-to-IRI decoding where safe (:func:`iri.to_iri`, 3987bis 4.2): bidi controls and
   invisible characters stay percent-encoded; A-labels become U-labels (step 7).
2. Hosts the audit calls dangerous (mixed scripts, whole-script confusables, lookalikes,
   restricted characters, protected-domain confusables) are shown as A-labels, as browsers'
   address bars do.
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

from iri.convert.charsets import text_codec
from iri.convert.uri import to_iri
from iri.safety.findings import AuditCode, Level
from iri.syntax import hosts as idna
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
_UNSAFE_HOST: Final = frozenset(
    {
        AuditCode.MIXED_SCRIPT_LABEL,
        AuditCode.WHOLE_SCRIPT_CONFUSABLE,
        AuditCode.RESTRICTED_CHARACTER,
        AuditCode.MIXED_NUMBERS,
        AuditCode.SLASH_LOOKALIKE,
        AuditCode.CONFUSABLE_WITH_PROTECTED,
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
    codec = text_codec(charset).name  # CharsetError for a name that is not a text encoding

    def unshowable(c: str) -> bool:
        try:
            c.encode(codec)
        except UnicodeError:
            return True
        return False

    return unshowable


def to_display(
    text: str,
    *,
    wrap: Wrap | str = Wrap.ISOLATE,
    password: Password | str = Password.MASK,
    charset: str | None = None,
    showable: Callable[[str], bool] | None = None,
    protected: Iterable[str] = (),
) -> str:
    """Return the IRI reference ``text`` (or its URI form) as it should be shown to a person.

    ``charset`` (a codec name) or ``showable`` (a predicate per character) say what the
    renderer can show; anything else is percent-encoded. ``protected`` is passed to the
    audit (hosts confusable with these stay A-labels). Raises :class:`iri.InvalidIRI` for
    text that is not an IRI reference (use a liberal pre-processing step first).

    >>> to_display("http://xn--99zt52a.example.org/%E2%80%AE%C3%A9", wrap="none")
    'http://納豆.example.org/%E2%80%AEé'
    >>> to_display("https://user:secret@xn--80ak6aa92e.com/", wrap="none")
    'https://user:****@xn--80ak6aa92e.com/'
    """
    if not isinstance(text, str):
        raise TypeError(f"to_display() expects a str, not {type(text).__name__}")
    start, end = _WRAPPERS[Wrap(wrap)]
    show_password = Password(password) is Password.SHOW
    iri = to_iri(text)  # step 1 (raises InvalidIRI for what is not an IRI reference)
    comps, spans = split_with_spans(iri)
    if comps.authority is not None:
        auth = split_authority(comps.authority)
        host = auth.host
        if not host.isascii() and _unsafe_host(iri, protected):
            # step 2: the A-label form, as the original text had it or as IDNA gives it
            original = split_authority(split_with_spans(text)[0].authority or "").host
            host = original if original.isascii() else _a_labels(host)
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


def _unsafe_host(iri: str, protected: Iterable[str]) -> bool:
    from iri.safety.audit import audit

    return any(
        f.component == "host" and (f.code in _UNSAFE_HOST or f.level is Level.DANGER)
        for f in audit(iri, protected=protected)
    )


def _a_labels(host: str) -> str:
    try:
        return idna.to_ascii(host)
    except ValueError:
        return _encode_where(host, lambda c: not c.isascii())
