"""Check a text against an ABNF rule and report every violation. Never raises for a str.

Two layers, one grammar:

* :func:`is_valid` is the fast gate: one full-grammar pattern from
  :func:`iri.syntax.grammar.reference_pattern` plus one scan for a bad ``%`` (and, for a host
  with a ``%``, the percent-encoded host rule of :mod:`iri.syntax.check_authority`).
* :func:`check` is the explainer: it splits the text (RFC 3986 Appendix B), checks each
  component against the character set of its ABNF rule, and reports errors *and*
  warnings with spans. A property test proves that ``is_valid(s)`` is exactly "``check(s)``
  has no error".

The per-component checks live in :mod:`iri.syntax.check_authority` (userinfo, host, port) and
:mod:`iri.syntax.check_path` (scheme, path); :mod:`iri.syntax.check_chars` holds the checker's state
and :mod:`iri.syntax.collect` bounds the number of violations kept (``limit``).
"""

from __future__ import annotations

import re

from iri import syntax as floor  # the package face: the warning passes load on first use
from iri.syntax.argument import as_text
from iri.syntax.check_authority import DNS_MAX, host_escapes_ok
from iri.syntax.check_authority import authority as authority_spans
from iri.syntax.check_chars import Checker
from iri.syntax.check_path import path as check_path
from iri.syntax.check_path import scheme as check_scheme
from iri.syntax.collect import DEFAULT_LIMIT, check_limit
from iri.syntax.errors import InvalidIRI
from iri.syntax.grammar import SCHEME, Rule, ZoneID, pattern_for
from iri.syntax.schemes import SPECIFIC_SCHEMES, scheme_violations
from iri.syntax.split import split_with_spans
from iri.syntax.violations import Code, Violation

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final, NoReturn


__all__ = [
    "DEFAULT_LIMIT",
    "check",
    "explain",
    "invalid",
    "iri_reference_match",
    "is_valid",
    "valid_match",
]

_SCHEME_RE: Final = re.compile(SCHEME)
_UPPER_ASCII: Final = re.compile(r"[A-Z]+")
#: The byte order mark, U+FEFF ZERO WIDTH NO-BREAK SPACE (RFC 3629 6).
BOM: Final = "\ufeff"
# White space that no ABNF rule allows anywhere: SP, HT, LF, VT, FF, CR and NEL (U+0085).
_LEADING_SPACE: Final = re.compile("[ \t\n\x0b\x0c\r\x85]++")
_TRAILING_SPACE: Final = re.compile("[ \t\n\x0b\x0c\r\x85]++\\Z")


def not_str(func: str, text: object) -> NoReturn:
    """Raise the ``TypeError`` of a public function given a non-``str`` text."""
    raise TypeError(f"iri.{func}() expects str, got {type(text).__name__}")


def text_of(func: str, text: object) -> str:
    """The IRI text of a non-``str`` argument: an ``iri.IRIReference`` gives its text
    (:mod:`iri.syntax.argument`); any other type is the ``TypeError`` of :func:`not_str`."""
    return as_text(text, f"iri.{func}() expects str, got {{type}}")


def is_valid(
    text: str, *, rule: Rule | str = Rule.IRI_REFERENCE, zone_id: ZoneID | str = ZoneID.REJECT
) -> bool:
    """Return whether ``text`` matches ``rule`` with no error-severity violation.

    >>> is_valid("http://résumé.example.org/東京?q=ü")
    True
    >>> is_valid("http://example.org/\\u202e", rule="IRI")
    False
    """
    try:
        m = pattern_for(rule, zone_id).fullmatch(text)
    except (TypeError, AttributeError):
        # Zero cost on the hot path: only a non-str text (or an unhashable option) gets here
        # (AttributeError: the ASCII dispatch of GrammarPattern calls ``text.isascii()``).
        if not isinstance(text, str):
            return is_valid(text_of("is_valid", text), rule=rule, zone_id=zone_id)
        raise
    if m is None:
        return False
    if "%" in text and not escapes_ok(text, m):
        return False
    return text[:1] != BOM  # U+FEFF is a ucschar: the pattern lets it start a path


def escapes_ok(text: str, m: re.Match[str]) -> bool:
    """No bad ``%`` (RFC 3986 2.1) and, in an ireg-name, no forbidden escape (3.2.2).

    :mod:`iri.syntax.percent` loads with the first text that has a ``%`` (the package face,
    ``iri.syntax.__getattr__``: ``iri check`` of a plain address does not pay for it)."""
    if floor.percent.BAD_PERCENT.search(text) is not None:
        return False
    host = m["host"]
    return not host or "%" not in host or host[0] == "[" or host_escapes_ok(host, m["scheme"])


def valid_match(
    text: str, rule: Rule | str, zone_id: ZoneID | str, func: str = "parse"
) -> re.Match[str] | None:
    """The full-grammar match of ``text`` for ``rule`` if :func:`is_valid`, else ``None``.

    For :func:`iri.parse`, which reads the components from the match; a non-``str`` text
    is a ``TypeError`` naming ``iri.<func>()``.
    """
    try:
        m = pattern_for(rule, zone_id).fullmatch(text)
    except (TypeError, AttributeError):  # AttributeError: see is_valid
        if not isinstance(text, str):
            return valid_match(text_of(func, text), rule, zone_id, func)
        raise
    if m is None or ("%" in text and not escapes_ok(text, m)) or text[:1] == BOM:
        return None
    return m


_IRI_REFERENCE = pattern_for(Rule.IRI_REFERENCE, ZoneID.REJECT)


def iri_reference_match(text: str) -> re.Match[str] | None:
    """The full-grammar match of ``text`` as an IRI reference if it is valid, else ``None``.

    ``is_valid(text)`` for the default rule and options, with no option handling, for the
    conversions, which run it on every call and then read the components from the match
    (a test checks that it agrees with :func:`is_valid`).
    """
    m = _IRI_REFERENCE.fullmatch(text)
    if m is None or ("%" in text and not escapes_ok(text, m)) or text[:1] == BOM:
        return None
    return m


def invalid(
    text: str, *, rule: Rule | str = Rule.IRI_REFERENCE, zone_id: ZoneID | str = ZoneID.REJECT
) -> InvalidIRI:
    """The :class:`iri.InvalidIRI` to raise for ``text``: it carries the violations of
    :func:`check` (at most :data:`DEFAULT_LIMIT` per code and component, plus summaries)."""
    return InvalidIRI(text, check(text, rule=rule, zone_id=zone_id), str(Rule(rule)))


def check(
    text: str,
    *,
    rule: Rule | str = Rule.IRI_REFERENCE,
    zone_id: ZoneID | str = ZoneID.REJECT,
    limit: int | None = DEFAULT_LIMIT,
) -> list[Violation]:
    """Return the violations of ``text`` against ``rule``, ordered by position.

    Never raises for any ``str``. Errors (``severity == "error"``) break the ABNF or a
    MUST; warnings break a SHOULD. At most ``limit`` violations are kept per code and
    component; each group cut short ends with one ``violations-omitted`` summary saying
    how many were left out. ``limit=None`` returns every violation.

    >>> [v.code.value for v in check("http://example.org:80/a b")]
    ['default-port', 'invalid-character']
    """
    if type(text) is not str and not isinstance(text, str):
        text = text_of("check", text)
    rule = Rule(rule)
    zone_id = ZoneID(zone_id)
    if _plainly_fine(text, rule, zone_id):
        if limit is not DEFAULT_LIMIT:
            check_limit(limit, "check")
        return []
    return _explain(text, rule, zone_id, limit, "check")


#: A lowercase DNS name (RFC 1034 3.5, RFC 1123 2.1), possibly ending with the root's dot.
_DNS_NAME: Final = re.compile(
    r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*"
    r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?"
)

# Dot-segments anywhere in a path ("." or ".." between slashes or at either end).
_DOT_SEGMENT: Final = re.compile(r"(?:\A|/)\.\.?+(?=/|\Z)")


def _plainly_fine(text: str, rule: Rule, zone_id: ZoneID) -> bool:
    """Fast path of :func:`check`: ``True`` only when :func:`explain` would report nothing.

    The text must match the rule (no error) and give no hold to any warning: ASCII only
    (no NFC, joiner, private-use warning or byte order mark), no ``%`` (no
    percent-encoding warning), no port, no password, no uppercase letter in scheme or
    host, no dot-segment. A property test checks that this never hides a violation
    :func:`explain` finds.
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
        and (not host or (len(host) <= DNS_MAX and _DNS_NAME.fullmatch(host) is not None))
        # an A-label is checked (RFC 5891 5.4: invalid-a-label)
        and (not host or "xn--" not in host)
    )


def explain(
    text: str,
    *,
    rule: Rule | str = Rule.IRI_REFERENCE,
    zone_id: ZoneID | str = ZoneID.REJECT,
    limit: int | None = DEFAULT_LIMIT,
) -> list[Violation]:
    """The readable transcription behind :func:`check`: every rule checked, no fast path.

    Same contract and result as :func:`check`; kept apart so that tests can compare the two.
    """
    if type(text) is not str and not isinstance(text, str):
        text = text_of("explain", text)
    return _explain(text, Rule(rule), ZoneID(zone_id), limit, "explain")


def _edges(ch: Checker, text: str) -> tuple[int, int]:
    """Report a leading byte order mark and leading/trailing white space; return the
    ``(start, end)`` of the text between them, which the component checks read.

    Without this, ``"\\ufeffhttp://a/"`` reads as a relative path whose first segment
    has a colon, and ``" http://a/"`` as a path with a space (docs/rationale.md).
    """
    start, end = 0, len(text)
    if text.startswith(BOM):
        ch.add(
            Code.BYTE_ORDER_MARK,
            None,
            0,
            1,
            "the text starts with U+FEFF, a byte order mark (the encoding signature of the "
            "file it came from), which is not part of any IRI: remove it",
        )
        start = 1
    m = _LEADING_SPACE.match(text, start)
    if m is not None:
        ch.add(
            Code.LEADING_WHITESPACE,
            None,
            m.start(),
            m.end(),
            f"the text starts with {m.end() - m.start()} white-space character(s), which "
            "no IRI contains: strip them",
        )
        start = m.end()
    m = _TRAILING_SPACE.search(text, start) if start < end else None
    if m is not None:
        ch.add(
            Code.TRAILING_WHITESPACE,
            None,
            m.start(),
            m.end(),
            f"the text ends with {m.end() - m.start()} white-space character(s), which "
            "no IRI contains: strip them",
        )
        end = m.start()
    return start, end


def _explain(
    text: str, rule: Rule, zone_id: ZoneID, limit: int | None, func: str
) -> list[Violation]:
    if limit is not DEFAULT_LIMIT:
        check_limit(limit, func)
    ch = Checker(text, rule, zone_id, limit)
    first, last = _edges(ch, text) if _may_have_edges(text) else (0, len(text))
    comps, spans = split_with_spans(text, first, last)
    scheme, authority, path = comps.scheme, comps.authority, comps.path
    query, fragment = comps.query, comps.fragment
    path_start = spans.path
    colon_reported = False
    if scheme is not None:
        valid_scheme = _SCHEME_RE.fullmatch(scheme) is not None
        if rule.needs_scheme or (valid_scheme and not rule.forbids_scheme):
            check_scheme(ch, scheme, first)
        else:
            # Not a scheme after all (or not allowed here): the text is a relative
            # reference whose path runs from the start up to the first "?" or "#".
            if valid_scheme:
                ch.add(
                    Code.SCHEME_NOT_ALLOWED,
                    "scheme",
                    first,
                    first + len(scheme) + 1,
                    f"{rule} is a relative reference and cannot start with a scheme ({scheme!r})",
                )
                colon_reported = True
            scheme = None
            authority = None  # "1a://x" is then a relative path "1a:" "" "x"
            path_start = first
            path = text[first : spans.path + len(path)]
    elif rule.needs_scheme:
        ch.add(
            Code.MISSING_SCHEME,
            None,
            first,
            first,
            f"{rule} requires a scheme (such as 'http:') and there is none",
        )
    components: list[tuple[str, int, int]] = []
    if scheme is not None:
        components.append(("scheme", first, first + len(scheme)))
    if authority is not None:
        components += authority_spans(ch, authority, spans.authority, scheme)
    components.append(("path", path_start, path_start + len(path)))
    # A rule that needs a scheme has already reported missing-scheme; the path is then
    # not read as a relative-path reference (no colon-in-first-segment on top).
    check_path(
        ch,
        path,
        path_start,
        relative=scheme is None and authority is None and not rule.needs_scheme,
        colon_reported=colon_reported,
    )
    if query is not None:
        components.append(("query", spans.query, spans.query + len(query)))
        ch.chars("query", spans.query, spans.query + len(query), ch.c.query, private=True)
    if fragment is not None:
        components.append(("fragment", spans.fragment, last))
        if rule.forbids_fragment:
            ch.add(
                Code.FRAGMENT_NOT_ALLOWED,
                "fragment",
                spans.fragment - 1,
                last,
                f"{rule} does not allow a fragment",
            )
        ch.chars("fragment", spans.fragment, last, ch.c.fragment)
    if scheme is not None and scheme.lower() in SPECIFIC_SCHEMES:
        # guidelines draft 6: scheme-specific processing (warnings only)
        ch.extend(scheme_violations(text, comps, spans))
    # The warning passes load on first use (the package face: iri.syntax.__getattr__).
    if "%" in text:
        floor.should.percent_encoding_warnings(text, components, ch)
    if not text.isascii():
        floor.should.character_warnings(text, components, iri=rule.is_iri, into=ch)
        # RFC 3987 4.2 / RFC 5893: returns at once unless a right-to-left block occurs.
        ch.extend(floor.bidi.bidi_violations(text, components))
    return ch.finish()


def _may_have_edges(text: str) -> bool:
    """Whether :func:`_edges` can find anything (a cheap test for the common case)."""
    return bool(text) and (
        text[0] in " \t\n\x0b\x0c\r\x85\ufeff" or text[-1] in " \t\n\x0b\x0c\r\x85"
    )
