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
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from iri.syntax.errors import IDNAError
from iri.syntax.options import Option
from iri.text import _linkdata as ld
from iri.text.signals import FILE_NAME_TLDS, OPAQUE_SCHEMES
from iri.text.terms import is_email_char, link_term, scan, scan_path_query_fragment

__all__ = [
    "Accept",
    "FileNames",
    "Find",
    "LinkKind",
    "Match",
    "extract",
    "link_term",
    "scan_path_query_fragment",
]


class Find(Option):
    """What :func:`extract` looks for."""

    #: scheme-led links: ``http(s)://`` (UTS #58), any other ``scheme://`` (``ftp://``,
    #: ``file:///``), and the schemes of :data:`iri.text.signals.OPAQUE_SCHEMES` (``urn:``)
    URLS = "urls"
    EMAILS = "emails"  #: e-mail addresses, with or without ``mailto:`` (UTS #58)
    DOMAINS = "domains"  #: bare domains whose last label is an IANA TLD (UTS #58)
    DELIMITED = "delimited"  #: any absolute IRI in ``<...>`` or ``"..."`` (RFC 3986 C)


class LinkKind(Option):
    """What a :class:`Match` is."""

    URL = "url"
    EMAIL = "email"
    DOMAIN = "domain"
    DELIMITED = "delimited"


class Accept(Option):
    """Which of the links found :func:`extract` returns."""

    ALL = "all"  #: every link UTS #58 detection finds
    IRI = "iri"  #: only links whose :attr:`Match.iri` is a valid IRI (RFC 3987 2.2)


class FileNames(Option):
    """What :func:`extract` does with a bare domain that looks like a file name: two labels,
    the last one in :data:`iri.text.signals.FILE_NAME_TLDS` (``setup.py``, ``README.md``,
    ``x.zip``), and nothing after it (no port, path, query or fragment)."""

    SKIP = "skip"  #: not a link (the default): a file name in prose
    LINK = "link"  #: a link, as UTS #58 has it (its LinkDetectionTest passes either way)


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
    # Compiled on first use (the host class is large). Four alternatives, found left to
    # right: a scheme and "://" not inside a word, a scheme of OPAQUE_SCHEMES and ":", an at
    # sign, or a dotted host run that does not start inside a run. A scheme starts after the
    # last "." before it ("Visit...https://x.org": "https"; the rare dotted schemes such as
    # z39.50r are not found in text). Linear: the lookbehinds fail at once inside a run, the
    # possessive runs never backtrack, and a scheme is at most 64 characters (a run of
    # "a+a+a+..." is tried from each "a", 64 characters each).
    host = _host_class()
    dot = f"[{_DOTS}]"
    opaque = "|".join(sorted(OPAQUE_SCHEMES, key=lambda name: (-len(name), name)))
    return re.compile(
        rf"(?P<scheme>(?<!{host})[A-Za-z][A-Za-z0-9+\-]{{0,63}}+://)"
        rf"|(?P<opaque>(?<!{host})(?i:{opaque}):(?!//))"
        r"|(?P<at>@)"
        rf"|(?P<domain>(?<!{host}){host}++(?:{dot}{host}++)++{dot}?+)"
    )


@cache
def _host_run() -> re.Pattern[str]:
    host = _host_class()
    return re.compile(rf"{host}++(?:[{_DOTS}]{host}++)*+[{_DOTS}]?+")


_PORT: Final = re.compile(r":[0-9]++")
#: An IP-literal candidate after "//" (RFC 3986 3.2.2; checked by the grammar's pattern).
_IP_LITERAL: Final = re.compile(r"\[[0-9A-Za-z:.\-_~!$&'()*+,;=%]{1,128}+\]")
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


# -- detection -------------------------------------------------------------------------------


def extract(
    text: str,
    *,
    find: Iterable[Find | str] = DEFAULT_FIND,
    accept: Accept | str = Accept.ALL,
    file_names: FileNames | str = FileNames.SKIP,
) -> list[Match]:
    """Return every link in ``text``, in order, as :class:`Match` values.

    ``find`` chooses what is looked for (one :class:`Find` or several; UTS #58 detection
    finds URLs, e-mail addresses and bare domains, the default; here URLs are every scheme-led IRI:
    any ``scheme://`` with a valid host or IP literal, ``file:///``, and the schemes of
    :data:`iri.text.signals.OPAQUE_SCHEMES`); ``accept="iri"`` keeps only links whose
    :attr:`Match.iri` is a valid IRI (RFC 3987 2.2); ``file_names`` says whether a bare
    domain that looks like a file name (``setup.py``) is a link (:class:`FileNames`).
    Linear in the length of ``text``; never raises for any ``str``.
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() expects str, got {type(text).__name__}")
    # one value alone (a str is one option, never its characters; bytes or a value that
    # is no iterable get the option's TypeError), or several
    one = isinstance(find, (str, bytes)) or not isinstance(find, Iterable)
    kinds: Iterable[Any] = (find,) if one else find
    wanted = frozenset(Find(f) for f in kinds)
    accept = Accept(accept)
    skip_files = FileNames(file_names) is FileNames.SKIP
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
        elif kind == "opaque":
            found, pos = _opaque(text, m.start(), m.end())
            wanted_kind = Find.URLS
        elif kind == "at":
            found, pos = _email(text, m.start(), floor)
            wanted_kind = Find.EMAILS
        else:
            found, pos = _domain(text, m.start(), m.end(), skip_files)
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
    """A scheme link: ``scheme://`` + a valid host (a name valid for UTS #46, or an IP
    literal; ``file:`` also none) + optional port + path/query/fragment. Anything else
    after the scheme (no host, an invalid host, a userinfo) is not a link, and nothing up to
    the next Hard character is linked either."""
    if text.startswith("[", host_start):
        literal = _IP_LITERAL.match(text, host_start)
        if literal is None or not _ip_literal(literal.group()):
            return None, _skip_to_hard(text, host_start)
        end = literal.end()
        if not _run_ends_cleanly(text, end) or text.startswith("@", end):
            return None, _skip_to_hard(text, host_start)
        end = _after_host(text, end)
        return Match(start, end, text[start:end], LinkKind.URL), end
    if text.startswith("/", host_start) and text[start : host_start - 3].lower() == "file":
        end = scan_path_query_fragment(text, host_start)  # file:///path (RFC 8089 2)
        return Match(start, end, text[start:end], LinkKind.URL), end
    run = _host_run().match(text, host_start)
    if run is None or not _run_ends_cleanly(text, run.end()) or text.startswith("@", run.end()):
        return None, _skip_to_hard(text, host_start)
    end = _trim_dot(text, host_start, run.end())
    host = text[host_start:end].rstrip(_DOTS)
    if not _host_ok(host, need_tld=False):
        return None, _skip_to_hard(text, host_start)
    end = _after_host(text, end)
    return Match(start, end, text[start:end], LinkKind.URL), end


def _ip_literal(host: str) -> bool:
    from iri.syntax.grammar import ZoneID, ip_literal_pattern

    return ip_literal_pattern(ZoneID.REJECT).fullmatch(host) is not None


def _opaque(text: str, start: int, after_colon: int) -> tuple[Match | None, int]:
    """A link of a scheme without authority (:data:`iri.text.signals.OPAQUE_SCHEMES`): the
    rest is scanned as a path, query and fragment are (UTS #58); the scheme alone (a space
    or other Hard character after the colon: ``tel: 555``) is no link."""
    end = scan(text, after_colon, "/")
    if end == after_colon:
        return None, after_colon
    return Match(start, end, text[start:end], LinkKind.URL), end


def _after_host(text: str, end: int) -> int:
    port = _PORT.match(text, end)
    if port is not None:
        end = port.end()
    return scan_path_query_fragment(text, end)


def _domain(
    text: str, start: int, run_end: int, skip_files: bool = False
) -> tuple[Match | None, int]:
    """A bare domain: not inside a word, not the local part of an e-mail address, valid,
    and ending in an IANA TLD; then an optional port and the path/query/fragment.
    ``skip_files``: a file name (:class:`FileNames`) is no link."""
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
    host_end = end
    end = _after_host(text, end)
    if skip_files and end == host_end and _file_name(host):
        return None, end
    return Match(start, end, text[start:end], LinkKind.DOMAIN), end


def _file_name(host: str) -> bool:
    """Two labels, the last a TLD of :data:`iri.text.signals.FILE_NAME_TLDS`."""
    labels = re.split(f"[{_DOTS}]", host)
    return len(labels) == 2 and labels[1].lower() in FILE_NAME_TLDS


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
    while ls > floor and is_email_char(text[ls - 1]):
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
