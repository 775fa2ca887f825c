"""IRIs in running text: UTS #58 Link Detection (formatting: :mod:`iri.text.linkformat`).

3987bis 8.3 asks that a non-ASCII character not end an IRI found in text; RFC 3986 Appendix C
recommends delimiting URIs by angle brackets or quotes. UTS #58 (Unicode 17.0) makes both
precise: where a link starts (a scheme, a bare domain whose last label is a TLD of the IANA
list, or an e-mail address) and where it ends (the path/query/fragment scan driven by the
``Link_Term`` and ``Link_Bracket`` properties). The property data is generated from Unicode's
files into :mod:`iri.text._linkdata` by ``tools/gen_link_tables.py``.

>>> [m.text for m in extract("See example.com/αβγ/δεζ?δ. Or write to αβγ@example.org!")]
['example.com/αβγ/δεζ?δ', 'αβγ@example.org']
>>> m = extract("Lorem ipsum 普遍适用测试.我爱你/测试 dolor")[0]
>>> m.start, m.end, m.kind.value, m.iri
(12, 25, 'domain', 'https://普遍适用测试.我爱你/测试')
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Final

from iri.syntax.errors import IDNAError
from iri.text import _linkdata as ld

__all__ = [
    "Accept",
    "Find",
    "LinkKind",
    "Match",
    "extract",
    "link_term",
    "scan_path_query_fragment",
]


class Find(StrEnum):
    """What :func:`extract` looks for."""

    URLS = "urls"  #: ``http://``, ``https://`` links (UTS #58)
    EMAILS = "emails"  #: e-mail addresses, with or without ``mailto:`` (UTS #58)
    DOMAINS = "domains"  #: bare domains whose last label is an IANA TLD (UTS #58)
    DELIMITED = "delimited"  #: any absolute IRI in ``<...>`` or ``"..."`` (RFC 3986 C)


class LinkKind(StrEnum):
    """What a :class:`Match` is."""

    URL = "url"
    EMAIL = "email"
    DOMAIN = "domain"
    DELIMITED = "delimited"


class Accept(StrEnum):
    """Which of the links found :func:`extract` returns."""

    ALL = "all"  #: every link UTS #58 detection finds
    IRI = "iri"  #: only links whose :attr:`Match.iri` is a valid IRI (RFC 3987 2.2)


DEFAULT_FIND: Final = (Find.URLS, Find.EMAILS, Find.DOMAINS)


@dataclass(frozen=True, slots=True)
class Match:
    """A link found in text: ``text == source[start:end]`` as written."""

    start: int
    end: int
    text: str
    kind: LinkKind

    @property
    def iri(self) -> str:
        """The IRI to follow: ``https://`` imputed for a bare domain, ``mailto:`` for an
        e-mail address (UTS #58), and for a delimited IRI the text without whitespace
        (RFC 3986 Appendix C)."""
        if self.kind is LinkKind.DOMAIN:
            return "https://" + self.text
        if self.kind is LinkKind.EMAIL and self.text[:7].lower() != "mailto:":
            return "mailto:" + self.text
        if self.kind is LinkKind.DELIMITED:
            return "".join(self.text.split())
        return self.text


# -- the link properties ---------------------------------------------------------------------

_TERM_STARTS: Final = [lo for lo, _hi, _v in ld.LINK_TERM]
_TERM_ENDS: Final = [hi for _lo, hi, _v in ld.LINK_TERM]
_TERM_VALUES: Final = [v for _lo, _hi, v in ld.LINK_TERM]
_EMAIL_STARTS: Final = [lo for lo, _hi in ld.LINK_EMAIL]
_EMAIL_ENDS: Final = [hi for _lo, hi in ld.LINK_EMAIL]


def _term(cp: int) -> int:
    """``Link_Term`` of a code point (``Hard`` when not listed)."""
    i = bisect_right(_TERM_STARTS, cp) - 1
    return _TERM_VALUES[i] if i >= 0 and cp <= _TERM_ENDS[i] else ld.HARD


_ASCII_TERM: Final = tuple(_term(cp) for cp in range(128))


def link_term(char: str) -> int:
    """``Link_Term`` of ``char`` as one of the :mod:`iri.text._linkdata` constants."""
    cp = ord(char)
    return _ASCII_TERM[cp] if cp < 128 else _term(cp)


def _is_email_char(char: str) -> bool:
    cp = ord(char)
    i = bisect_right(_EMAIL_STARTS, cp) - 1
    return i >= 0 and cp <= _EMAIL_ENDS[i]


_DOTS: Final = ".\uff0e\u3002"


@cache
def _host_class() -> str:
    # Host characters: ASCII letters, digits, "-" and the non-ASCII Link_Term=Include code
    # points (the IDNA validity of each label is checked afterwards, by UTS #46 itself).
    parts = ["\\-a-zA-Z0-9"]
    for lo, hi, v in ld.LINK_TERM:
        if v == ld.INCLUDE and hi >= 0x80:
            parts.append(f"\\U{max(lo, 0x80):08x}-\\U{hi:08x}")
    return "[" + "".join(parts) + "]"


@cache
def _scanner() -> re.Pattern[str]:
    # Compiled on first use (the host class is large). Three alternatives, found left to
    # right: a scheme not inside a word, an at sign, or a dotted host run that does not start
    # inside a run. Linear: the lookbehinds fail at once inside a run, and the possessive
    # runs never backtrack.
    host = _host_class()
    dot = f"[{_DOTS}]"
    return re.compile(
        rf"(?P<scheme>(?<!{host})[Hh][Tt][Tt][Pp][Ss]?+://)"
        r"|(?P<at>@)"
        rf"|(?P<domain>(?<!{host}){host}++(?:{dot}{host}++)++{dot}?+)"
    )


@cache
def _host_run() -> re.Pattern[str]:
    host = _host_class()
    return re.compile(rf"{host}++(?:[{_DOTS}]{host}++)*+[{_DOTS}]?+")


_PORT: Final = re.compile(r":[0-9]++")
_DELIMITED: Final = re.compile(r'<(?:URL:)?+([^<>"]++)>|"([^"<>]++)"')


# -- hosts -----------------------------------------------------------------------------------


def _host_ok(host: str, *, need_tld: bool) -> bool:
    """Whether ``host`` (no trailing dot) is a valid IDN host (UTS #46 ToASCII) and, when
    ``need_tld``, has at least two labels and ends in a TLD of the IANA list."""
    from iri.syntax.hosts import to_ascii

    try:
        ascii_host = to_ascii(host)
    except IDNAError:
        return False
    labels = ascii_host.split(".")
    if any(not label for label in labels):
        return False
    return not need_tld or (len(labels) > 1 and labels[-1].lower() in ld.TLDS)


def _run_ends_cleanly(text: str, end: int) -> bool:
    """Whether a host run ending at ``end`` is followed by something that can end a host:
    not another dot (``foo..example.com``) and no other Include character than the
    initiators of a port, path, query or fragment."""
    after = text[end : end + 1]
    return not after or (after not in _DOTS and (after in "/?#:" or link_term(after) != ld.INCLUDE))


def _trim_dot(text: str, start: int, end: int) -> int:
    """End of the host run ``text[start:end]``: a final dot belongs to the host only when a
    port, path, query or fragment follows (UTS #58: "we don't include the . unless followed
    by a Path, Query, or Fragment")."""
    if end > start and text[end - 1] in _DOTS:
        after = text[end : end + 1]
        if not after or after not in "/?#:":
            return end - 1
    return end


# -- the path / query / fragment scan (UTS #58 Link Detection, termination) ------------------

# Part: initiator -> (terminators, characters that clear the bracket stack)
_PARTS: Final = {"/": ("?#", "/"), "?": ("#", "=&"), "#": ("", "")}


def scan_path_query_fragment(text: str, start: int) -> int:
    """End of the path, query and fragment that begin at ``start`` (UTS #58).

    Include characters extend the link, Soft ones only when something safe follows, a Hard
    one ends it; an Open bracket is pushed and a Close one must match the top of the stack
    (``Link_Bracket``) or the link ends before it. Part terminators (``?`` and ``#`` in the
    path, ``#`` in the query) start the next part; ``/`` in the path, ``=`` and ``&`` in the
    query and ``:~:`` in the fragment clear the stack. The end of the text acts as Hard.
    """
    n = len(text)
    if start >= n or text[start] not in _PARTS:
        return start
    terminators, clears = _PARTS[text[start]]
    last_safe = start + 1
    stack: list[int] = []
    fragment = text[start] == "#"
    i = start + 1
    while i < n:
        c = text[i]
        if c in terminators:
            terminators, clears = _PARTS[c]
            fragment = c == "#"
            stack.clear()
            last_safe = i + 1
            i += 1
            continue
        if c in clears or (fragment and c == ":" and text.startswith(":~:", i)):
            stack.clear()
        lt = link_term(c)
        if lt == ld.INCLUDE:
            last_safe = i + 1
        elif lt == ld.HARD:
            return last_safe
        elif lt == ld.OPEN:
            stack.append(ord(c))
            last_safe = i + 1
        elif lt == ld.CLOSE:
            if not stack or stack.pop() != ld.LINK_BRACKET.get(ord(c)):
                return last_safe
            last_safe = i + 1
        i += 1
    return last_safe


# -- detection -------------------------------------------------------------------------------


def extract(
    text: str,
    *,
    find: Iterable[Find | str] = DEFAULT_FIND,
    accept: Accept | str = Accept.ALL,
) -> list[Match]:
    """Return every link in ``text``, in order, as :class:`Match` values.

    ``find`` chooses what is looked for (:class:`Find`; UTS #58 detection finds URLs,
    e-mail addresses and bare domains, the default); ``accept="iri"`` keeps only links whose
    :attr:`Match.iri` is a valid IRI (RFC 3987 2.2). Linear in the length of
    ``text``; never raises for any ``str``.
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() expects str, got {type(text).__name__}")
    wanted = frozenset(Find(f) for f in find)
    accept = Accept(accept)
    out: list[Match] = []
    pos = 0
    if Find.DELIMITED in wanted:
        out, blocked = _delimited(text)
    else:
        blocked = []
    scanner = _scanner()
    n = len(text)
    floor = 0  # end of the last link found: an e-mail's local part cannot reach back past it
    b = 0  # index into blocked (delimited spans, sorted)
    while pos < n:
        m = scanner.search(text, pos)
        if m is None:
            break
        while b < len(blocked) and blocked[b][1] <= m.start():
            b += 1
        if b < len(blocked) and blocked[b][0] <= m.start():
            pos = floor = blocked[b][1]
            continue
        kind = m.lastgroup
        if kind == "scheme":
            found, pos = _url(text, m.start(), m.end())
            wanted_kind = Find.URLS
        elif kind == "at":
            found, pos = _email(text, m.start(), floor)
            wanted_kind = Find.EMAILS
        else:
            found, pos = _domain(text, m.start(), m.end())
            wanted_kind = Find.DOMAINS
        if found is not None:
            floor = found.end
            if wanted_kind in wanted:
                out.append(found)
    if blocked:
        out.sort(key=lambda x: x.start)
    if accept is Accept.IRI:
        from iri.syntax.check import is_valid

        out = [x for x in out if is_valid(x.iri, rule="IRI")]
    return out


def _skip_to_hard(text: str, i: int) -> int:
    n = len(text)
    while i < n and link_term(text[i]) != ld.HARD:
        i += 1
    return i


def _url(text: str, start: int, host_start: int) -> tuple[Match | None, int]:
    """A scheme link: ``http(s)://`` + a valid host + optional port + path/query/fragment.
    Anything else after the scheme (no host, an invalid host, a userinfo) is not a link,
    and nothing up to the next Hard character is linked either."""
    run = _host_run().match(text, host_start)
    if run is None or not _run_ends_cleanly(text, run.end()) or text.startswith("@", run.end()):
        return None, _skip_to_hard(text, host_start)
    end = _trim_dot(text, host_start, run.end())
    host = text[host_start:end].rstrip(_DOTS)
    if not _host_ok(host, need_tld=False):
        return None, _skip_to_hard(text, host_start)
    end = _after_host(text, end)
    return Match(start, end, text[start:end], LinkKind.URL), end


def _after_host(text: str, end: int) -> int:
    port = _PORT.match(text, end)
    if port is not None:
        end = port.end()
    return scan_path_query_fragment(text, end)


def _domain(text: str, start: int, run_end: int) -> tuple[Match | None, int]:
    """A bare domain: not inside a word, not the local part of an e-mail address, valid,
    and ending in an IANA TLD; then an optional port and the path/query/fragment."""
    if text.startswith("@", run_end):
        return None, run_end  # the local part of an e-mail address: the "@" decides
    if start > 0 and (text[start - 1] == "@" or link_term(text[start - 1]) == ld.INCLUDE):
        return None, run_end
    if not _run_ends_cleanly(text, run_end):
        return None, _skip_to_hard(text, run_end)
    end = _trim_dot(text, start, run_end)
    host = text[start:end].rstrip(_DOTS)
    if not _host_ok(host, need_tld=True):
        return None, run_end
    end = _after_host(text, end)
    return Match(start, end, text[start:end], LinkKind.DOMAIN), end


def _email(text: str, at: int, floor: int) -> tuple[Match | None, int]:
    """An e-mail address around the ``@`` at ``at``: the domain after it (valid, with an IANA
    TLD) and the local part before it, scanned backwards over ``Link_Email`` characters;
    a local part that is empty or has a leading, trailing or double dot is no address, and
    then its domain is not linked either. ``mailto:`` just before is part of the link."""
    run = _host_run().match(text, at + 1)
    if run is None or not _run_ends_cleanly(text, run.end()):
        return None, at + 1
    end = _trim_dot(text, at + 1, run.end())
    ls = at
    while ls > floor and _is_email_char(text[ls - 1]):
        ls -= 1
    local = text[ls:at]
    domain = text[at + 1 : end].rstrip(_DOTS)
    if (
        not local
        or local[0] == "."
        or local[-1] == "."
        or ".." in local
        or not _host_ok(domain, need_tld=True)
    ):
        return None, run.end()
    start = ls - 7 if ls >= 7 and text[ls - 7 : ls].lower() == "mailto:" else ls
    if start < floor:
        start = ls
    return Match(start, end, text[start:end], LinkKind.EMAIL), end


def _delimited(text: str) -> tuple[list[Match], list[tuple[int, int]]]:
    """RFC 3986 Appendix C: an absolute IRI in angle brackets (optionally ``<URL:...>``) or
    double quotes; whitespace inside is ignored (line breaks in long IRIs)."""
    from iri.syntax.check import is_valid

    found: list[Match] = []
    spans: list[tuple[int, int]] = []
    for m in _DELIMITED.finditer(text):
        group = 1 if m.group(1) is not None else 2
        inner = m.group(group)
        if inner.strip() and is_valid("".join(inner.split()), rule="IRI"):
            s, e = m.span(group)
            found.append(Match(s, e, inner, LinkKind.DELIMITED))
            spans.append(m.span())
    return found, spans
