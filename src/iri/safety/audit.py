"""``iri.audit(text)``: the spoofing audit (3987bis 10, bis-07 8.5, RFC 3986 7, UTS #39).

The audit reads any text leniently (RFC 3986 Appendix B split, which never fails) and
reports :class:`~iri.safety.findings.Finding` values, never raising for a ``str``. It
decides nothing: it says what a person shown the text could misread, and how badly.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from iri.safety import delimiters
from iri.safety.audit_host import audit_host, host_key
from iri.safety.findings import AuditCode, Finding, Level, finding
from iri.safety.idn_top_domains import DEFAULT, domain_names, top_domains_option
from iri.safety.lookalike_targets import lookalike_targets
from iri.safety.skeleton import (
    ALL,
    LEVEL_RANK,
    RestrictionLevel,
    resolved_scripts,
    restriction_level,
)
from iri.syntax.argument import as_text
from iri.syntax.invisible import BIDI_CONTROLS, is_invisible
from iri.syntax.option_member import option
from iri.syntax.percent import PCT_ENCODED_RUN, run_octets, utf8_errors
from iri.syntax.split import Components, Spans, split_authority, split_with_spans

__all__ = ["Restriction", "audit"]

Restriction = RestrictionLevel

#: A leading run of name characters (possessive: linear); host-like when it has two or
#: more labels and ends in an alphabetic label of two or more letters (a TLD).
_NAME_RUN: Final = re.compile(r"[\w.-]++")
_DOT_SEGMENTS: Final = frozenset({"%2e", ".%2e", "%2e.", "%2e%2e"})
_WEB: Final = frozenset({"http", "https", "ws", "wss", "ftp"})
_JOINERS: Final = frozenset("\u200c\u200d")
#: Where a component splits into the words of 8.5 (ASCII punctuation, digits, spaces).
_PIECE_SEPARATORS: Final = re.compile(r"[/?&=;+,_\-.~!$'()*:@%0-9\s]")
_ASCII_LETTER: Final = re.compile(r"[A-Za-z]")
_LATIN_OR_CJK: Final = frozenset({"Latn", "Jpan", "Hanb", "Kore"})
_ASCII: Final = frozenset(map(chr, range(128)))


@lru_cache(maxsize=2048)
def _char_kind(c: str) -> str:
    """ "bidi", "joiner", "invisible", "fullwidth", "halfwidth-kana" or "" for a character."""
    cp = ord(c)
    if c in BIDI_CONTROLS:
        return "bidi"
    if c in _JOINERS:
        return "joiner"
    if is_invisible(cp):
        return "invisible"
    if 0xFF01 <= cp <= 0xFF5E:
        return "fullwidth"
    if 0xFF65 <= cp <= 0xFF9F:
        return "halfwidth-kana"
    return ""


def _characters(text: str, parts: list[tuple[str, int, str]]) -> list[Finding]:
    """Raw bidi controls, invisibles, joiners, width variants, NFC/NFKC, per component."""
    out: list[Finding] = []
    special = {c for c in set(text) - _ASCII if _char_kind(c)}
    for part, start, comp in parts:
        if part.isascii():
            continue
        for i, c in enumerate(part) if special else ():
            if c not in special:
                continue
            kind, at = _char_kind(c), start + i
            name = unicodedata.name(c, f"U+{ord(c):04X}")
            if kind == "bidi":
                out.append(
                    finding(
                        Level.DANGER,
                        AuditCode.BIDI_CONTROL,
                        at,
                        at + 1,
                        f"{name} reorders what is displayed",
                        comp,
                    )
                )
            elif kind == "joiner":
                import idna

                try:
                    ok = bool(idna.valid_contextj(part, i))
                except (ValueError, IndexError):
                    ok = False
                code = AuditCode.JOINER_IN_CONTEXT if ok else AuditCode.JOINER_OUT_OF_CONTEXT
                out.append(
                    finding(
                        Level.INFO if ok else Level.WARNING,
                        code,
                        at,
                        at + 1,
                        f"{name} (invisible)",
                        comp,
                    )
                )
            elif kind == "invisible":
                level = Level.DANGER if comp in ("host", "userinfo") else Level.WARNING
                out.append(
                    finding(
                        level,
                        AuditCode.INVISIBLE_CHARACTER,
                        at,
                        at + 1,
                        f"{name} is invisible",
                        comp,
                    )
                )
            else:
                code = (
                    AuditCode.FULLWIDTH_FORM
                    if kind == "fullwidth"
                    else AuditCode.HALFWIDTH_KATAKANA
                )
                level = Level.WARNING if comp == "host" else Level.INFO
                out.append(finding(level, code, at, at + 1, f"{name}", comp))
        if not unicodedata.is_normalized("NFC", part):
            out.append(
                finding(
                    Level.WARNING,
                    AuditCode.NOT_NFC,
                    start,
                    start + len(part),
                    f"the {comp} is not in NFC",
                    comp,
                )
            )
        elif not unicodedata.is_normalized("NFKC", part) and not any(
            _char_kind(c) in ("fullwidth", "halfwidth-kana") for c in part
        ):
            out.append(
                finding(
                    Level.INFO,
                    AuditCode.NOT_NFKC,
                    start,
                    start + len(part),
                    f"the {comp} has compatibility characters (not NFKC)",
                    comp,
                )
            )
    return out


def _escapes(parts: list[tuple[str, int, str]]) -> list[Finding]:
    """Percent-encoded dots, slashes, dot segments, overlong or non-UTF-8 octets, and
    encoded invisibles, per component."""
    out: list[Finding] = []
    for part, start, comp in parts:
        if "%" not in part:
            continue
        if comp == "path":
            at = start
            for segment in part.split("/"):
                if segment.lower() in _DOT_SEGMENTS:
                    out.append(
                        finding(
                            Level.DANGER,
                            AuditCode.ENCODED_DOT_SEGMENT,
                            at,
                            at + len(segment),
                            f"{segment!r} decodes into a dot segment",
                            comp,
                        )
                    )
                at += len(segment) + 1
        for m in PCT_ENCODED_RUN.finditer(part):
            octets = run_octets(m.group())
            base = start + m.start()
            for i, b in enumerate(octets):
                at = base + 3 * i
                if b == 0x2E and comp == "path":
                    out.append(
                        finding(Level.INFO, AuditCode.ENCODED_DOT, at, at + 3, "'%2E' is '.'", comp)
                    )
                elif b in (0x2F, 0x5C) and comp == "path":
                    out.append(
                        finding(
                            Level.WARNING,
                            AuditCode.ENCODED_SLASH,
                            at,
                            at + 3,
                            f"'%{b:02X}' hides a '{chr(b)}' inside a segment",
                            comp,
                        )
                    )
            for i, n, overlong in utf8_errors(octets):
                at = base + 3 * i
                if overlong:
                    out.append(
                        finding(
                            Level.DANGER,
                            AuditCode.OVERLONG_UTF8,
                            at,
                            at + 3 * n,
                            "an overlong UTF-8 form (RFC 3629 forbids it)",
                            comp,
                        )
                    )
                else:
                    out.append(
                        finding(
                            Level.INFO,
                            AuditCode.INVALID_UTF8,
                            at,
                            at + 3 * n,
                            "octets that are not UTF-8 (a legacy charset?)",
                            comp,
                        )
                    )
            decoded = octets.decode("utf-8", "surrogateescape")
            pos = base
            for c in decoded:
                width = 3 if 0xDC80 <= ord(c) <= 0xDCFF else 3 * len(c.encode("utf-8"))
                if (
                    not c.isascii()
                    and width > 3
                    and _char_kind(c) in ("bidi", "invisible", "joiner")
                ):
                    name = unicodedata.name(c, f"U+{ord(c):04X}")
                    out.append(
                        finding(
                            Level.INFO,
                            AuditCode.ENCODED_INVISIBLE,
                            pos,
                            pos + width,
                            f"{name}, percent-encoded (keep it so)",
                            comp,
                        )
                    )
                pos += width
    return out


@lru_cache(maxsize=4096)
def _piece_level(piece: str) -> RestrictionLevel | None:
    """The restriction level of the letters of ``piece`` (None: Unrestricted, that is
    characters outside the identifier profile, which the host audit alone reports)."""
    letters = "".join(filter(str.isalpha, piece))
    if not letters or letters.isascii():
        return None
    level = restriction_level(letters)
    return None if level is RestrictionLevel.UNRESTRICTED else level


def _mixed_scripts(
    parts: list[tuple[str, int, str]], minimum: RestrictionLevel, *, shortcut: bool = True
) -> list[Finding]:
    """bis-07 8.5: "all the characters in a single component are used together in a given
    language": path segments, query names and values, the fragment, the userinfo."""
    out: list[Finding] = []
    # Shortcut, same result: when the non-ASCII letters of the whole text share a script,
    # no piece is mixed beyond Single Script, except by adding ASCII (Latin) letters; and
    # that is at worst Highly Restrictive when the shared script is Latin or Han/Kana/Hangul.
    text = "".join(p for p, _, _ in parts)
    shared = resolved_scripts("".join(c for c in set(text) - _ASCII if c.isalpha()))
    if shortcut and shared and LEVEL_RANK[minimum] >= LEVEL_RANK[RestrictionLevel.SINGLE_SCRIPT]:
        if LEVEL_RANK[minimum] >= LEVEL_RANK[RestrictionLevel.HIGHLY_RESTRICTIVE] and (
            shared is ALL or shared & _LATIN_OR_CJK
        ):
            return out
        only_mixed_with_ascii = True
    else:
        only_mixed_with_ascii = False
    for part, start, comp in parts:
        if part.isascii() or comp == "host":
            continue
        at = start
        for piece in _PIECE_SEPARATORS.split(part):
            skip = piece.isascii() or (only_mixed_with_ascii and not _ASCII_LETTER.search(piece))
            level = None if skip else _piece_level(piece)
            if level is not None and LEVEL_RANK[level] > LEVEL_RANK[minimum]:
                i = part.find(piece, at - start)
                out.append(
                    finding(
                        Level.WARNING,
                        AuditCode.MIXED_SCRIPT_COMPONENT,
                        start + i,
                        start + i + len(piece),
                        f"{piece!r} mixes scripts: {level}",
                        comp,
                    )
                )
            at += len(piece) + 1
    return out


def audit(
    text: str,
    *,
    restriction: RestrictionLevel | str = RestrictionLevel.HIGHLY_RESTRICTIVE,
    protected: Iterable[str] = (),
    top_domains: Iterable[str] | None = None,
) -> list[Finding]:
    """Audit ``text`` for what could mislead a person reading it; never raises for a str.

    Host labels go through the IDN display policy (docs/security.md): one finding per
    reason a label stays an A-label in :func:`iri.to_display`. ``restriction`` is the least
    restrictive UTS #39 5.2 level a host label (danger) or a component (warning) may have
    (Chromium's, and to_display's, is highly restrictive). ``top_domains`` is the policy's
    top-domain list (None: the shipped default; empty: no such stage). ``protected`` lists
    domains a host must not be confusable with (UTS #39 4 skeletons of the host's last
    labels, ASCII hosts too), unless it is that domain or a subdomain of it. Both lists
    also feed Chromium's navigation checks (:mod:`iri.safety.lookalikes`: edit distance
    one, target embedding); ``Finding.target`` names the domain a host imitates. Findings
    come sorted by position.

    >>> [(f.code.value, f.target) for f in audit("http://xn--80ak6aa92e.com/")][1:]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('whole-script-confusable', None), ('host-skeleton', None),
     ('lookalike-edit-distance', 'apple.com')]
    >>> [str(f) for f in audit("https://bank.example@evil.example/")]
    ['danger: userinfo-looks-like-host at 8-20: the userinfo looks like a host name; \
the host is evil.example']
    >>> audit("https://example.org/")
    []
    """
    if not isinstance(text, str):
        text = as_text(text, "audit() expects a str, not {type}")
    minimum = option(RestrictionLevel, restriction, "restriction")
    # TypeError for a str or a non-iterable; None (the shipped list) costs nothing here.
    tops = DEFAULT if top_domains is None else top_domains_option(top_domains)
    names = domain_names(protected, "protected")  # before the text, as the options above
    comps, spans = split_with_spans(text)
    parts: list[tuple[str, int, str]] = []
    if comps.scheme is not None:
        parts.append((comps.scheme, spans.scheme, "scheme"))
    out: list[Finding] = []
    if comps.authority is not None:
        auth = split_authority(comps.authority)
        base = spans.authority
        if auth.userinfo is not None:
            parts.append((auth.userinfo, base, "userinfo"))
            out += _userinfo(auth.userinfo, base, auth.host, comps.scheme)
        parts.append((auth.host, base + auth.host_start, "host"))
        keys = [(d, host_key(d)) for d in names]
        out += audit_host(
            auth.host,
            base + auth.host_start,
            minimum=minimum,
            protected=keys,
            top_domains=tops,
            lookalikes=lookalike_targets(tops, names),
        )
    parts.append((comps.path, spans.path, "path"))
    if comps.query is not None:
        parts.append((comps.query, spans.query, "query"))
    if comps.fragment is not None:
        parts.append((comps.fragment, spans.fragment, "fragment"))
    plain = text.isascii()
    # printable ASCII holds no look-alike and no line break: no call for the common case
    if (not plain or not text.isprintable()) and delimiters.concerns(text):
        out += delimiters.findings(text, _shown_parts(parts, comps, spans))
    if not plain:
        out += _characters(text, parts)
        out += _mixed_scripts(parts, minimum)
    if "%" in text:
        out += _escapes(parts)
    out.sort(key=lambda f: f.span)
    return out


def _shown_parts(
    parts: list[tuple[str, int, str]], comps: Components, spans: Spans
) -> list[tuple[str, int, str]]:
    """The parts as iri.to_display escapes them: the port too, the path in pieces."""
    out = [p for p in parts if p[2] != "path"]
    if comps.authority is not None:
        auth = split_authority(comps.authority)
        if auth.port is not None:
            out.append((auth.port, spans.authority + auth.port_start, "port"))
    first = comps.scheme is None and comps.authority is None
    return out + delimiters.pieces(comps.path, spans.path, first)


def _userinfo(userinfo: str, start: int, host: str, scheme: str | None) -> list[Finding]:
    """RFC 3986 7.6: "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"."""
    end = start + max(len(userinfo), 1)  # an empty userinfo: the span is its "@"
    user = userinfo.split(":", 1)[0]
    m = _NAME_RUN.match(user)
    labels = m.group().strip(".").split(".") if m else []
    if len(labels) >= 2 and all(labels) and labels[-1].isalpha() and len(labels[-1]) >= 2:
        return [
            finding(
                Level.DANGER,
                AuditCode.USERINFO_LOOKS_LIKE_HOST,
                start,
                end,
                f"the userinfo looks like a host name; the host is {host}",
                "userinfo",
            )
        ]
    if scheme is not None and scheme.lower() in _WEB:
        return [
            finding(
                Level.WARNING,
                AuditCode.USERINFO,
                start,
                end,
                "userinfo in a web address: browsers hide or refuse it",
                "userinfo",
            )
        ]
    return []
