"""The named encode sets of iri.syntax.percent, each checked against its specification.

* The URL Standard's sets: the code points each one encodes, transcribed here from the
  Standard's definitions ("Percent-encoded bytes"), and the WPT data that exercises them
  (``urltestdata.json``: userinfo, path, query and fragment of URLs whose component holds
  every ASCII punctuation character; ``percent-encoding.json``, UTF-8 column: the query of
  a special URL and its fragment).
* The RFC 3987 sets: the ABNF of RFC 3987 2.2, transcribed here independently of
  ``iri.syntax.grammar``, on every ASCII character and on the first and last code point of
  every ``ucschar`` / ``iprivate`` range and their neighbours.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from iri.syntax import percent
from iri.syntax.percent import (
    C0_CONTROL,
    COMPONENT,
    FORM_URLENCODED,
    FRAGMENT,
    IFRAGMENT,
    IPATH,
    IPCHAR,
    IQUERY,
    IREG_NAME,
    IUNRESERVED,
    IUSERINFO,
    PATH,
    QUERY,
    SPECIAL_QUERY,
    USERINFO,
    EncodeSet,
    encode,
    encode_by_character,
)

WPT = Path(__file__).resolve().parents[1] / "corpora" / "wpt-url"
ASCII = [chr(c) for c in range(0x80)]


def _cases(name: str) -> list[dict[str, object]]:
    data = json.loads((WPT / name).read_text(encoding="utf-8"))
    return [case for case in data if isinstance(case, dict)]


def _span(first: str, last: str) -> set[str]:
    return {chr(c) for c in range(ord(first), ord(last) + 1)}


# -- the URL Standard ----------------------------------------------------------------------

# The Standard's definitions, restated: the C0 control set is U+0000-001F and every code
# point above U+007E; each other set adds code points to the set it names. Below, each set's
# ASCII part.
_C0 = _span("\x00", "\x1f") | {"\x7f"}
_FRAGMENT = _C0 | set(' "<>`')
_QUERY = _C0 | set(' "#<>')
_SPECIAL_QUERY = _QUERY | {"'"}
_PATH = _QUERY | set("?^`{}")
_USERINFO = _PATH | set("/:;=@") | _span("[", "^") | {"|"}
_COMPONENT = _USERINFO | _span("$", "&") | set("+,")
_FORM = _COMPONENT | {"!"} | _span("'", ")") | {"~"}

WHATWG = [
    (C0_CONTROL, _C0),
    (FRAGMENT, _FRAGMENT),
    (QUERY, _QUERY),
    (SPECIAL_QUERY, _SPECIAL_QUERY),
    (PATH, _PATH),
    (USERINFO, _USERINFO),
    (COMPONENT, _COMPONENT),
    (FORM_URLENCODED, _FORM),
]
NON_ASCII_SAMPLES = ["\x80", "\xa0", "é", "\u202e", "\ue000", "\ufffd", "\U0001f600", "\U0010fffd"]


@pytest.mark.parametrize(("encode_set", "ascii_encoded"), WHATWG, ids=lambda v: str(v)[:30])
def test_whatwg_set_is_the_standards(encode_set: EncodeSet, ascii_encoded: set[str]) -> None:
    assert {c for c in ASCII if encode_set.encodes(c)} == ascii_encoded
    assert all(encode_set.encodes(c) for c in NON_ASCII_SAMPLES)  # "greater than U+007E"
    # the fast encoder agrees, character by character
    for c in ASCII + NON_ASCII_SAMPLES:
        expected = "".join(f"%{b:02X}" for b in c.encode()) if c in ascii_encoded or c > "~" else c
        assert encode(c, encode_set) == expected, repr(c)
    assert encode_set.uri is encode_set


def test_each_whatwg_set_contains_the_one_it_extends() -> None:
    # The Standard defines each set as the previous one plus some code points.
    chain = [C0_CONTROL, FRAGMENT, QUERY, SPECIAL_QUERY, PATH, USERINFO, COMPONENT]
    assert set(C0_CONTROL.ascii_encoded) < set(FRAGMENT.ascii_encoded)
    assert set(QUERY.ascii_encoded) < set(SPECIAL_QUERY.ascii_encoded)
    assert set(QUERY.ascii_encoded) < set(PATH.ascii_encoded) < set(USERINFO.ascii_encoded)
    assert set(USERINFO.ascii_encoded) < set(COMPONENT.ascii_encoded)
    assert set(COMPONENT.ascii_encoded) < set(FORM_URLENCODED.ascii_encoded)
    assert len({s.name for s in chain}) == len(chain)


_PARSER_REMOVES = str.maketrans("", "", "\t\n\r")
_SPECIAL = ("ftp", "file", "http", "https", "ws", "wss")


def _component_cases() -> list[tuple[str, EncodeSet, str, str]]:
    """(what, set, raw component text, expected) from urltestdata.json."""
    out: list[tuple[str, EncodeSet, str, str]] = []
    for case in _cases("urltestdata.json"):
        if "href" not in case or case.get("base") is not None:
            continue
        text = str(case["input"])
        m = re.fullmatch(r"(\w+)://(?:joe:)?( !.*~)@host/", text)
        if m:  # the userinfo of every ASCII punctuation character
            part = "password" if "joe:" in text else "username"
            out.append((part, USERINFO, m.group(2), str(case[part])))
        m = re.fullmatch(r"(\w+)://host/( !.*~)", text)
        if m:  # the path ("\" is a path separator in a special URL)
            raw = m.group(2).replace("\\", "/") if m.group(1) in _SPECIAL else m.group(2)
            out.append(("path", PATH, raw, str(case["pathname"])[1:]))
    for case in _cases("urltestdata.json"):
        if "href" not in case or case.get("base") is not None:
            continue
        text = str(case["input"]).strip("".join(map(chr, range(0x21)))).translate(_PARSER_REMOVES)
        if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            continue  # a lone surrogate: the parser's USVString made it U+FFFD first
        scheme = text.partition(":")[0].lower()
        head, hash_, fragment = text.partition("#")
        if hash_:
            out.append(("fragment", FRAGMENT, fragment, str(case["hash"])[1:]))
        _, question, query = head.partition("?")
        if question:
            query_set = SPECIAL_QUERY if scheme in _SPECIAL else QUERY
            out.append(("query", query_set, query, str(case["search"])[1:]))
    return out


COMPONENT_CASES = _component_cases()


def test_the_wpt_cases_were_found() -> None:
    found = {(what, s.name) for what, s, _, _ in COMPONENT_CASES}
    assert found == {
        ("username", "userinfo"),
        ("password", "userinfo"),
        ("path", "path"),
        ("query", "query"),
        ("query", "special-query"),
        ("fragment", "fragment"),
    }
    assert sum(1 for what, *_ in COMPONENT_CASES if what == "fragment") > 15
    assert sum(1 for what, *_ in COMPONENT_CASES if what == "query") > 50


@pytest.mark.parametrize(("what", "encode_set", "raw", "expected"), COMPONENT_CASES)
def test_wpt_urltestdata(what: str, encode_set: EncodeSet, raw: str, expected: str) -> None:
    assert encode(raw, encode_set) == expected


@pytest.mark.parametrize(
    "case",
    [c for c in _cases("percent-encoding.json") if "utf-8" in c["output"]],
)
def test_wpt_percent_encoding_utf8(case: dict[str, dict[str, str] | str]) -> None:
    # The harness writes <a href="https://doesnotmatter.invalid/?{input}#{input}">: the query
    # of a special URL and the fragment, both in UTF-8 for the utf-8 output.
    raw, output = case["input"], case["output"]
    assert isinstance(raw, str) and isinstance(output, dict)
    assert encode(raw, SPECIAL_QUERY) == output["utf-8"]
    assert encode(raw, FRAGMENT) == output["utf-8"]


# -- RFC 3987 2.2 ---------------------------------------------------------------------------

# Transcribed from RFC 3987 2.2 (and 3987bis for the tags in iprivate), not from the grammar.
_ALPHA_DIGIT = _span("A", "Z") | _span("a", "z") | _span("0", "9")
_UNRESERVED = _ALPHA_DIGIT | set("-._~")
_SUB_DELIMS = set("!$&'()*+,;=")
_UCSCHAR = [
    (0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF),
    (0x10000, 0x1FFFD), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD), (0x40000, 0x4FFFD),
    (0x50000, 0x5FFFD), (0x60000, 0x6FFFD), (0x70000, 0x7FFFD), (0x80000, 0x8FFFD),
    (0x90000, 0x9FFFD), (0xA0000, 0xAFFFD), (0xB0000, 0xBFFFD), (0xC0000, 0xCFFFD),
    (0xD0000, 0xDFFFD), (0xE1000, 0xEFFFD),
]  # fmt: skip
_IPRIVATE = [(0xE000, 0xF8FF), (0xE0000, 0xE0FFF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)]
# RFC 3987 4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE,
# RLE, LRO, RLO, and PDF)", read with ALM and the isolates (docs/rationale.md R2).
_BIDI = set("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u061c\u2066\u2067\u2068\u2069")


def _in(c: str, ranges: list[tuple[int, int]]) -> bool:
    return any(lo <= ord(c) <= hi for lo, hi in ranges)


def _ucschar(c: str) -> bool:
    return _in(c, _UCSCHAR) and c not in _BIDI


# rule: (the ASCII it allows, iprivate allowed)
RFC3987: list[tuple[EncodeSet, set[str], bool]] = [
    # iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
    (IUNRESERVED, _UNRESERVED, False),
    # ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
    (IPCHAR, _UNRESERVED | _SUB_DELIMS | set(":@"), False),
    # ipath-abempty = *( "/" isegment ), isegment = *ipchar
    (IPATH, _UNRESERVED | _SUB_DELIMS | set(":@/"), False),
    # iquery = *( ipchar / iprivate / "/" / "?" )
    (IQUERY, _UNRESERVED | _SUB_DELIMS | set(":@/?"), True),
    # ifragment = *( ipchar / "/" / "?" )
    (IFRAGMENT, _UNRESERVED | _SUB_DELIMS | set(":@/?"), False),
    # iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
    (IUSERINFO, _UNRESERVED | _SUB_DELIMS | {":"}, False),
    # ireg-name = *( iunreserved / pct-encoded / sub-delims )
    (IREG_NAME, _UNRESERVED | _SUB_DELIMS, False),
]


def _samples() -> list[str]:
    cps = {cp for c in _BIDI for cp in (ord(c) - 1, ord(c), ord(c) + 1)}
    for lo, hi in _UCSCHAR + _IPRIVATE:
        cps |= {lo - 1, lo, lo + 1, hi - 1, hi, hi + 1}
    cps |= {0x80, 0x85, 0x9F, 0xD800 - 1, 0xE000 - 1, 0xFFFE, 0xFFFF, 0x10FFFF}
    return ASCII + [chr(cp) for cp in sorted(cps) if not 0xD800 <= cp <= 0xDFFF]


SAMPLES = _samples()


@pytest.mark.parametrize(("encode_set", "ascii_allowed", "private"), RFC3987, ids=str)
def test_rfc3987_set_is_the_abnf(
    encode_set: EncodeSet, ascii_allowed: set[str], private: bool
) -> None:
    for c in SAMPLES:
        if c.isascii():
            allowed = c in ascii_allowed  # "%" is not: the set writes pct-encoded itself
        else:
            allowed = _ucschar(c) or (private and _in(c, _IPRIVATE))
        expected = c if allowed else "".join(f"%{b:02X}" for b in c.encode())
        assert encode_set.encodes(c) is not allowed, repr(c)
        assert encode(c, encode_set) == expected, repr(c)
        # the URI form (RFC 3986): the same ASCII, every non-ASCII character encoded
        uri_expected = expected if c.isascii() else "".join(f"%{b:02X}" for b in c.encode())
        assert encode(c, encode_set.uri) == uri_expected, repr(c)
    assert encode_set.uri.name == encode_set.name.removeprefix("i")


def test_every_named_set_is_tested() -> None:
    named = {n for n in dir(percent) if isinstance(getattr(percent, n), EncodeSet)}
    tested = {s.name for s, _ in WHATWG} | {s.name for s, _, _ in RFC3987}
    # The sets the callers need besides the specifications' own, tested in
    # tests/unit/test_percent.py and by the property tests:
    others = {
        "ALL_CHARACTERS",
        "ASCII_BUT_UNRESERVED",
        "DATA_PARAMETER",
        "INAPPROPRIATE_CHARACTERS",
        "IRI_CHARACTERS",
        "IRI_QUERY_CHARACTERS",
        "MAILTO_ADDRESS",
        "MAILTO_HFIELD",
        "NON_ASCII",
        "QCHAR",
    }
    assert {getattr(percent, n).name for n in named - others} == tested


def test_by_character_is_the_same_definition() -> None:
    for encode_set, _ in WHATWG:
        for c in SAMPLES:
            assert encode_by_character(c, encode_set) == encode(c, encode_set)
