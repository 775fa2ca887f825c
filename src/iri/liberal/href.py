"""Web addresses (3987bis 7.2) through the WHATWG URL Standard's parser.

3987bis 7.2 describes browsers' "Web Address processing" as a preprocessor (steps 1-5,
:func:`href_steps`); 3987bis-13 points HREF at the WHATWG URL Standard, which is what
browsers run. :func:`from_href` asks a well-kept implementation of it (``ada-url``, the
parser inside Node.js; the ``href`` extra) for the address exactly as a browser
serializes it, and adds what the engine lacks: the query in a legacy document charset,
the IRI form of the result and the repairs as data.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from iri.convert.charsets import UTF_8, Encoding, output_encoding
from iri.liberal.repair import Repair, Repaired, reject_surrogates, require_text
from iri.syntax.check import is_valid
from iri.syntax.errors import HrefError
from iri.syntax.option_member import option
from iri.syntax.options import Option
from iri.syntax.percent import BAD_PERCENT, IRI_CHARACTERS, IRI_QUERY_CHARACTERS, encode
from iri.syntax.violations import Code

__all__ = ["HrefForm", "from_href", "from_href_repairs", "href_as_iri", "href_steps", "href_to_iri"]


class HrefForm(Option):
    """Which form :func:`from_href` returns."""

    #: the browser's ``href`` serialization, with 3987bis 7.2 steps 3 and 4 (always an IRI)
    HREF = "href"
    #: the same address as an IRI for display: characters IRIs do not allow encoded,
    #: then the safe percent-encodings decoded (``iri.to_iri``)
    IRI = "iri"
    #: the URL Standard's ``href`` serialization byte for byte, as a browser writes it
    #: (not always an IRI: ``a|b`` in a query, a stray ``%``), for callers that must match
    URL = "url"


# Step 1: "space (U+0020), CR (U+000A), LF (U+000D), and TAB (U+0009)".
_TRIM: Final = " \r\n\t"
_STEP_PARTS: Final = rf"([\t\n\r]+)|(\\)|({BAD_PERCENT.pattern})|"
# href-ucschar not in ucschar (step 3): what no IRI allows; TAB/LF/CR and "\" have their own
# groups, so they stay out of the runs.
_STEP_3: Final = IRI_CHARACTERS.remove("\t\n\r\\", "href step 3")
_STEP_3_QUERY: Final = IRI_QUERY_CHARACTERS.remove("\t\n\r\\", "href step 3, query")
_STEPS: Final = re.compile(f"{_STEP_PARTS}({_STEP_3.encoded_class()}+)")
_STEPS_QUERY: Final = re.compile(f"{_STEP_PARTS}({_STEP_3_QUERY.encoded_class()}+)")
# The common href, which needs no step 3 or 4 (a fast path before is_valid, which it
# implies: tests/property/test_href_invariants.py): scheme ":" ["//" an authority of
# unreserved, sub-delims, ":" and "@" only (no "%": an escaped host must decode to an IDN,
# RFC 3986 3.2.2; no IP literal)], then ipchar / "/" / "?" and "%", and at most one "#"
# (RFC 3986 Appendix A, ASCII only); the escapes are then verified by one BAD_PERCENT scan,
# as the grammar's patterns do (faster than an alternation per escape).
_PCHARS: Final = r"[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*+"
_PLAIN_AUTHORITY: Final = r"//[A-Za-z0-9\-._~!$&'()*+,;=:@]*+(?=[/?#]|\Z)"
_PLAIN_HREF: Final = re.compile(
    rf"[A-Za-z][A-Za-z0-9+.\-]*+:(?:{_PLAIN_AUTHORITY}|(?!//)){_PCHARS}(?:#{_PCHARS})?"
)
#: The URL Standard's special schemes, as an href starts (the serializer writes "//").
_SPECIAL_HREF: Final = ("http://", "https://", "ftp://", "ws://", "wss://", "file://")
# WHATWG: schemes whose query takes the document encoding ("special" minus ws/wss).
_ENCODING_SCHEMES: Final = frozenset({"http:", "https:", "ftp:", "file:"})


def href_steps(text: str) -> Repaired:
    """3987bis 7.2 "Web Address processing", steps 1-5, with every repair.

    1. Leading and trailing SPACE, CR, LF and TAB are removed.
    2. Characters in ``href-strip`` are removed: TAB, LF and CR (the draft leaves the set
       empty "NEED TO FIX THESE SETS TO MATCH HTML5"; the URL Standard removes these).
    3. Characters in ``href-ucschar`` but not in ``ucschar`` are percent-encoded (UTF-8).
    4. A ``%`` not followed by two hexadecimal digits becomes ``%25``.
    5. A backslash before the query and fragment (``href-path-sep``) becomes ``/``.

    >>> href_steps(" http:\\\\\\\\example.org\\\\a b\\n").text
    'http://example.org/a%20b'
    """
    text = require_text(text)
    reject_surrogates(text)
    repairs: list[Repair] = []
    start = len(text) - len(text.lstrip(_TRIM))
    end = len(text.rstrip(_TRIM)) if start < len(text) else start
    if start:
        repairs.append(Repair.of(Code.WHITESPACE_TRIMMED, 0, text[:start], "", "step 1"))
    if end < len(text):
        repairs.append(Repair.of(Code.WHITESPACE_TRIMMED, end, text[end:], "", "step 1"))
    # Where the query and the fragment start (RFC 3986 Appendix B; TAB/LF/CR do not matter).
    hash_at = text.find("#", start, end)
    frag = end if hash_at < 0 else hash_at
    q_at = text.find("?", start, frag)
    head_end = frag if q_at < 0 else q_at
    out: list[str] = []

    def step(m: re.Match[str]) -> str:
        at = m.start()
        kind = m.lastindex
        run = m.group()
        if kind == 1:
            repairs.append(Repair.of(Code.HREF_CHARACTER_STRIPPED, at, run, "", "step 2"))
            return ""
        if kind == 2 and at < head_end:
            repairs.append(Repair.of(Code.HREF_BACKSLASH_CONVERTED, at, run, "/", "step 5"))
            return "/"
        if kind == 3:
            repairs.append(Repair.of(Code.PERCENT_SIGN_ENCODED, at, run, "%25", "step 4"))
            return "%25"
        # Step 3: the run's characters (or a backslash in the query or fragment, which
        # step 5 leaves alone and no IRI allows).
        enc = encode(run, IRI_CHARACTERS)
        repairs.append(Repair.of(Code.HREF_CHARACTER_ENCODED, at, run, enc, "step 3"))
        return enc

    if q_at < 0:
        out.append(_sub(_STEPS, step, text, start, frag))
    else:
        out.append(_sub(_STEPS, step, text, start, q_at))
        out.append(_sub(_STEPS_QUERY, step, text, q_at, frag))
    out.append(_sub(_STEPS, step, text, frag, end))
    repairs.sort(key=lambda r: r.span)
    return Repaired("".join(out), tuple(repairs))


def _sub(pattern: re.Pattern[str], repl: object, text: str, start: int, end: int) -> str:
    """``pattern.sub`` on ``text[start:end]`` with match positions in ``text``."""
    out: list[str] = []
    last = start
    for m in pattern.finditer(text, start, end):
        out.append(text[last : m.start()])
        out.append(repl(m))  # type: ignore[operator]
        last = m.end()
    out.append(text[last:end])
    return "".join(out)


def _engine_href(text: str, base: str | None) -> str:
    """The engine's ``href``; :class:`iri.HrefError` where it fails (as a browser does)."""
    from ada_url import join_url, normalize_url

    try:
        # One call that returns the href string (no URL object, one cffi round trip).
        return normalize_url(text) if base is None else join_url(base, text)
    except ValueError:
        raise HrefError(text, base) from None


def _protocol(href: str) -> str:
    """The scheme and ":" of an href (a serialized URL always starts with them)."""
    return href[: href.find(":") + 1]


def _input_query(text: str) -> tuple[str, int, str] | None:
    """The query of ``text`` as the URL parser sees it, its start in ``text`` and the
    original characters (with any TAB, LF, CR the parser removes).

    The parser first strips leading and trailing C0 controls and spaces and removes every
    TAB, LF and CR; the query then runs from the first ``?`` to the next ``#``.
    """
    start = 0
    end = len(text)
    while start < end and text[start] <= " ":
        start += 1
    while end > start and text[end - 1] <= " ":
        end -= 1
    hash_at = text.find("#", start, end)
    q_end = end if hash_at < 0 else hash_at
    q_at = text.find("?", start, q_end)
    if q_at < 0:
        return None
    query = text[q_at + 1 : q_end]
    return query.replace("\t", "").replace("\n", "").replace("\r", ""), q_at + 1, query


def from_href_repairs(text: str, *, base: str | None = None, charset: str = "utf-8") -> Repaired:
    """:func:`from_href` (the ``href`` form) with the repairs: those of steps 1-5
    (:func:`href_steps`), one ``href-serialized`` when the browser's serialization differs
    from their output, and one ``query-character-reference`` per query character the
    document charset cannot encode.
    """
    text = require_text(text)
    if base is not None:
        base = require_text(base, "base")
    encoding = output_encoding(charset)  # the one resolver; UTF-16, replacement: UTF-8
    steps = href_steps(text)
    href = _engine_href(text, base)
    repairs = list(steps.repairs)
    if encoding is not UTF_8 and _protocol(href) in _ENCODING_SCHEMES:
        href = _legacy_query(text, href, encoding, repairs)
    href = href_as_iri(href)  # as from_href: steps 3 and 4 on the serialization
    if href != steps.text:
        repairs.append(Repair.of(Code.HREF_SERIALIZED, 0, text, href, "as a browser serializes it"))
    return Repaired(href, tuple(repairs))


def _legacy_query(text: str, href: str, encoding: Encoding, repairs: list[Repair]) -> str:
    """WHATWG URL, query state with a document encoding (HTML: the document's charset)."""
    from iri.liberal.charsets import encode_query

    found = _input_query(text)
    if found is None:
        return href
    query, offset, original = found
    if encoding.keeps_ascii(query):
        return href  # ASCII is the same in every encoding the URL parser uses
    encoded, extra = encode_query(query, encoding, offset)
    if original != query:
        # spans into the input: skip the TAB/LF/CR the parser removed
        kept = [offset + i for i, c in enumerate(original) if c not in "\t\n\r"]
        extra = [
            replace(r, span=(kept[r.span[0] - offset], kept[r.span[0] - offset] + 1)) for r in extra
        ]
    repairs.extend(extra)
    hash_at = href.find("#")  # "#" only ever appears in an href as the fragment delimiter
    head, tail = (href, "") if hash_at < 0 else (href[:hash_at], href[hash_at:])
    q_at = head.find("?")  # likewise "?" before the fragment is the query delimiter
    if q_at < 0:
        return href
    return head[: q_at + 1] + encoded + tail


def _plain(href: str) -> bool:
    """Whether ``href`` is the common one, which needs no step 3 or 4 (``_PLAIN_HREF``).

    A special scheme's href first, by what the URL Standard's serializer can leave in it:
    its host is a domain (ASCII, no "%") or an IP address, and its userinfo, path, query
    and fragment percent-encode every control, space, non-ASCII character, '"', "<" and
    ">"; what it leaves that no IRI allows is "[ ] \\ ^ { | } `" (outside an IPv6 host), '"'
    (which a domain may hold), a second "#" and a stray "%" (memchr-speed scans).
    """
    if href.startswith(_SPECIAL_HREF):
        if (
            "[" in href
            or "]" in href
            or '"' in href
            or "\\" in href
            or "^" in href
            or "{" in href
            or "|" in href
            or "}" in href
            or "`" in href
        ):
            return False  # (an IPv6 host too: is_valid decides)
        if href.count("#") > 1:
            return False
    elif _PLAIN_HREF.fullmatch(href) is None:
        return False
    return "%" not in href or BAD_PERCENT.search(href) is None  # the escapes, in both cases


def href_as_iri(href: str) -> str:
    """3987bis 7.2 steps 3 and 4 on a browser's ``href``, so that it is an IRI reference.

    The URL Standard leaves some characters that no IRI allows in its serialization (``|``
    ``[`` ``]`` ``^`` ``{`` ``}`` `````` and ``\\`` in a query, ``#`` in a fragment, a space
    in an opaque path) and a ``%`` not followed by two hexadecimal digits. Step 3 ("characters
    in href-ucschar but not in ucschar are percent-encoded") and step 4 ("%" not followed by
    two hex digits becomes "%25") apply in every form: each component's characters that its
    RFC 3987 2.2 rule does not allow are percent-encoded and a stray ``%`` becomes ``%25``
    (``iri.lenient``, identity on a valid IRI). Raises :class:`iri.InvalidIRI` for a host
    no IRI can carry (``"``, a stray ``%``, escapes that are no IDN: RFC 3986 3.2.2).

    >>> href_as_iri("http://h/100%?a|b#c#d")
    'http://h/100%25?a%7Cb#c%23d'
    """
    if _plain(href) or is_valid(href):
        return href
    from iri.liberal.lenient import lenient

    return str(lenient(href))


def href_to_iri(href: str) -> str:
    """The IRI form of a browser's ``href``: :func:`href_as_iri`, then the
    percent-encodings that are safe to show decoded (``iri.to_iri``).

    >>> href_to_iri("http://xn--rsum-bpad.example/%C3%A9t%C3%A9?a|b")
    'http://résumé.example/été?a%7Cb'
    """
    from iri.convert.uri import to_iri

    return to_iri(href_as_iri(href))


def from_href(
    text: str,
    *,
    base: str | None = None,
    charset: str = "utf-8",
    form: HrefForm | str = HrefForm.HREF,
) -> str:
    """Read ``text`` as a browser reads an ``href`` (3987bis 7.2, WHATWG URL Standard).

    Returns the address as a browser serializes it (its ``href``), resolved against
    ``base`` when given; ``charset`` is the document's encoding, used (as browsers do) for
    the query of http, https, ftp and file addresses, with ``&#N;`` for characters it
    cannot encode. 3987bis 7.2 steps 3 and 4 apply in every form (:func:`href_as_iri`):
    what no IRI allows, which the URL Standard leaves in some components, is
    percent-encoded and a stray ``%`` becomes ``%25``, so the result always passes
    ``iri.check`` (docs/liberal.md lists where this differs from the browser's text).
    ``form="iri"`` returns the IRI form for display; ``form="url"`` the browser's ``href``
    byte for byte (the URL Standard's serialization, not always an IRI: no step 3 or 4).
    Raises :class:`iri.HrefError` (a ``ValueError``) where a browser fails, and
    :class:`iri.InvalidIRI` for an address a browser
    accepts whose host no IRI can carry (``sc://a"b/``: RFC 3986 3.2.2; not with ``"url"``).

    >>> from_href("  HTTP://EXAMPLE.org\\\\a\\\\..\\\\b c?q=é ", base=None)
    'http://example.org/b%20c?q=%C3%A9'
    >>> from_href("../d?q=é", base="http://example.org/a/b/c", charset="windows-1252")
    'http://example.org/a/d?q=%E9'
    >>> from_href("http://xn--rsum-bpad.example/%C3%A9t%C3%A9", form="iri")
    'http://résumé.example/été'
    >>> from_href("http://h/%")  # the browser's href is http://h/%
    'http://h/%25'
    >>> from_href("http://h/%?a|b", form="url")
    'http://h/%?a|b'
    """
    text = require_text(text)
    if base is not None:
        base = require_text(base, "base")
    encoding = output_encoding(charset)  # the one resolver; UTF-16, replacement: UTF-8
    # the options before the text: a bad one raises whatever the text
    chosen = form if form is HrefForm.HREF else option(HrefForm, form, "form")
    href = _engine_href(text, base)
    if encoding is not UTF_8 and _protocol(href) in _ENCODING_SCHEMES:
        href = _legacy_query(text, href, encoding, [])
    if chosen is HrefForm.URL:
        return href  # the URL Standard's href, exactly
    href = href_as_iri(href)  # 3987bis 7.2 steps 3 and 4, in every IRI form
    if chosen is HrefForm.IRI:
        from iri.convert.uri import to_iri

        return to_iri(href)
    return href
