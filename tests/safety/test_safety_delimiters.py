"""Issue 19, cases 1-3: to_display shows no delimiter the IRI does not have, no line break,
and a display for any str; audit reports the same characters (iri.safety.delimiters)."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

import iri
from iri.safety import delimiters
from iri.safety._tables.delimiters import LOOKALIKES
from iri.safety.findings import CODES, AuditCode, Level
from iri.syntax.split import split, split_authority

ROOT = Path(__file__).resolve().parents[2]
C = AuditCode


def shown(text: str, **options: object) -> str:
    return iri.to_display(text, wrap="none", **options)  # type: ignore[arg-type]


def host_of(text: str) -> str:
    return split_authority(split(text).authority or "").host


#: The two codes of the one rule: a look-alike of a delimiter, or of a space.
LOOKALIKE_CODES = (C.DELIMITER_LOOKALIKE, C.SPACE_LOOKALIKE)


def code_of(char: str) -> AuditCode:
    """The code a look-alike draws: space-lookalike when it reads as spaces only."""
    return C.SPACE_LOOKALIKE if LOOKALIKES[ord(char)].strip(" ") == "" else C.DELIMITER_LOOKALIKE


def codes(text: str, code: AuditCode) -> list[tuple[Level, str, str]]:
    return [
        (f.level, text[f.span[0] : f.span[1]], f.component)
        for f in iri.audit(text)
        if f.code is code
    ]


# -- the class ----------------------------------------------------------------------------


def test_the_table_is_what_the_unicode_data_gives() -> None:
    # Recomputed over every code point (NFKC and idna's UTS #46 mapping): not hand-listed.
    gen = ROOT / "tools" / "gen_delimiter_table.py"
    done = subprocess.run(
        [sys.executable, str(gen), "--check"], check=False, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_the_class_has_97_members_and_each_reads_as_a_delimiter_or_a_space() -> None:
    # 56 from NFKC and UTS #46 holding a delimiter, 41 more from the spaces (NFKC) and the
    # UTS #39 prototypes of punctuation, symbols and spaces (Python 3.11's Unicode data).
    assert len(LOOKALIKES) == 97
    for cp, reading in LOOKALIKES.items():
        assert cp > 0x7F and (set(reading) & set(":/?#[]@.") or reading.strip(" ") == "")
        nfkc = unicodedata.normalize("NFKC", chr(cp))
        assert reading == nfkc or not set(nfkc) & set(":/?#[]@.")
    # letters, digits and marks whose prototype is a delimiter are read in their script
    for char in "\u30ce\u4e3f\u0660\u06f0\u0903\u2cc6\ua4f8\u2028\u2029":
        assert ord(char) not in LOOKALIKES, f"U+{ord(char):04X}"
    # The four of the issue, and the ideographic full stops (UTS #46 maps them to "." in a
    # host; NFKC keeps U+3002 and makes U+FF61 U+3002).
    for char, reading in {
        "／": "/",
        "？": "?",
        "＃": "#",
        "＠": "@",
        "。": ".",
        "｡": ".",
        "．": ".",
        # the seed rows of 3987bis 10 (UTS #39 prototypes) and the ideographic space (NFKC)
        "\u2215": "/",
        "\u2044": "/",
        "\u3000": " ",
        "\u00a0": " ",
    }.items():
        assert LOOKALIKES[ord(char)] == reading


# -- case 1: the display invents no delimiter ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://bank.example\uff0fevil.example/", "http://bank.example%EF%BC%8Fevil.example/"),
        ("http://bank.example\uff1fevil.example/", "http://bank.example%EF%BC%9Fevil.example/"),
        ("http://bank.example\uff03evil.example/", "http://bank.example%EF%BC%83evil.example/"),
        ("http://bank.example\uff20evil.example/", "http://bank.example%EF%BC%A0evil.example/"),
        # the ideographic full stops, raw: the host as written, percent-encoded
        ("http://bank.example\u3002evil.example/", "http://bank.example%E3%80%82evil.example/"),
        ("http://b\u00fccher\uff0ede/", "http://b%C3%BCcher%EF%BC%8Ede/"),
        # ... and percent-encoded: a DNS host's escapes stay as they are; another scheme's
        # host is decoded by to_iri, then encoded again here
        ("http://bank.example%E3%80%82evil.example/", "http://bank.example%E3%80%82evil.example/"),
        ("foo://bank.example%EF%BD%A1evil.example/", "foo://bank.example%EF%BD%A1evil.example/"),
        ("foo://a%EF%BC%8Fb/", "foo://a%EF%BC%8Fb/"),
        # the userinfo and the port
        (
            "http://bank.example\uff1apw@evil.example/",
            "http://bank.example%EF%BC%9Apw@evil.example/",
        ),
        ("http://[::1]\uff1a80/", "http://[::1]%EF%BC%9A80/"),
        # a relative reference that would read as scheme + authority
        ("http\uff1a\uff0f\uff0fbank.example/x", "http%EF%BC%9A%EF%BC%8F%EF%BC%8Fbank.example/x"),
        ("\ufe55\uff0f\uff0fa", "%EF%B9%95%EF%BC%8F%EF%BC%8Fa"),
        # path: "/", "?", "#" look-alikes; ":" and "." ones change nothing there
        ("http://a/b\uff1fc\uff03d\uff0fe", "http://a/b%EF%BC%9Fc%EF%BC%83d%EF%BC%8Fe"),
        ("http://a/b\uff1ac\u2026d\uff0e", "http://a/b\uff1ac\u2026d\uff0e"),
        ("http://a/%EF%BC%9F", "http://a/%EF%BC%9F"),  # to_iri decodes it, the display not
        # query and fragment: the same rule as the path ("/", "?", "#" and space look-alikes)
        ("http://a/?q\uff03x\uff1fy\uff0fz", "http://a/?q%EF%BC%83x%EF%BC%9Fy%EF%BC%8Fz"),
        ("http://a/#f\uff03\uff1f\uff0f", "http://a/#f%EF%BC%83%EF%BC%9F%EF%BC%8F"),
        ("http://a/?q=a\u2215b#c\u3000d", "http://a/?q=a%E2%88%95b#c%E3%80%80d"),
        ("http://a/?q\uff1ar\u2026", "http://a/?q\uff1ar\u2026"),  # ":" and "." change nothing
    ],
)
def test_no_delimiter_the_iri_lacks(text: str, expected: str) -> None:
    assert shown(text) == expected
    read = split(delimiters.reading(expected))
    assert [c is None for c in read] == [c is None for c in split(text)]


@pytest.mark.parametrize("cp", sorted(LOOKALIKES), ids=lambda cp: f"U+{cp:04X}")
def test_every_lookalike_in_a_host_is_encoded_and_audited(cp: int) -> None:
    char = chr(cp)
    for scheme in ("http", "foo"):  # a DNS host and another one
        text = f"{scheme}://bank.example{char}evil.example/p"
        out = shown(text)
        host = host_of(out)
        assert char not in out and host.isascii()
        assert host == "bank.example" + "".join(f"%{b:02X}" for b in char.encode()) + "evil.example"
        found = codes(text, code_of(char))
        assert found == [(Level.WARNING, char, "host")]
    # and in the userinfo
    text = f"http://bank.example{char}x@evil.example/"
    assert char not in shown(text) and codes(text, code_of(char))


def test_display_and_audit_agree_on_lookalikes_everywhere() -> None:
    # Every look-alike the display encodes is one the audit reports, and no other.
    texts = [
        f"{pre}{c}{post}"
        for c in map(chr, LOOKALIKES)
        for pre, post in (
            ("http://a/b", "c"),
            ("http://a/?q", "r"),
            ("http://a/#f", "g"),
            ("x", "y/z"),
            ("//u", "v@h/"),
        )
    ]
    for text in texts:
        found = {text[f.span[0]] for f in iri.audit(text) if f.code in LOOKALIKE_CODES}
        kept = {c for c in map(chr, LOOKALIKES) if c in shown(text)}
        assert not found & kept, text
        assert {c for c in map(chr, LOOKALIKES) if c in text} == found | kept, text


def test_the_section_and_level() -> None:
    assert CODES[C.DELIMITER_LOOKALIKE].section == "RFC 3987 6.1 b"
    (f,) = [f for f in iri.audit("http://a/b\uff1fc") if f.code is C.DELIMITER_LOOKALIKE]
    assert (f.level, f.span, f.component, f.section) == (
        Level.WARNING,
        (10, 11),
        "path",
        "RFC 3987 6.1 b",
    )
    assert "'?'" in f.message


# -- case 2: line breaks -------------------------------------------------------------------


def test_line_breaks_are_everything_splitlines_splits_on() -> None:
    every = {chr(cp) for cp in range(0x110000) if len(f"a{chr(cp)}b".splitlines()) == 2}
    assert every == set(delimiters.LINE_BREAKS)
    assert {"\x85", "\u2028", "\u2029"} <= every


@pytest.mark.parametrize("brk", list(delimiters.LINE_BREAKS), ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize(
    ("template", "component"),
    [
        ("http://h.example/a{}b", "path"),
        ("http://h.example/?a{}b", "query"),
        ("http://h.example/#a{}b", "fragment"),
        ("http://u{}v@h.example/", "userinfo"),
        ("http://h{}x.example/", "host"),
    ],
)
def test_line_breaks_are_escaped_and_audited(brk: str, template: str, component: str) -> None:
    text = template.format(brk)
    out = iri.to_display(text)
    assert len(out.splitlines()) == 1 and brk not in out
    found = [f for f in iri.audit(text) if f.code is C.LINE_BREAK]
    assert len(found) == 1
    f = found[0]
    assert text[f.span[0] : f.span[1]] == brk and f.component == component
    assert f.section == CODES[C.LINE_BREAK].section
    assert f.level is (Level.DANGER if component in ("userinfo", "host") else Level.WARNING)


def test_u2028_u2029_are_ucschar_and_check_stays_silent() -> None:
    # docs/rationale.md D19-2: the ABNF allows them (ucschar = %xA0-D7FF / ...); check
    # reports grammar and the SHOULDs it can state exactly; display and audit handle them.
    for text in ("http://h.example/a\u2028b", "http://h.example/?a\u2029b"):
        assert iri.is_valid(text) and iri.check(text) == []
        assert shown(text) in ("http://h.example/a%E2%80%A8b", "http://h.example/?a%E2%80%A9b")
        assert iri.to_iri(iri.to_uri(text)) == iri.to_uri(text)  # and stay encoded there


# -- case 3: total ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://h/\u202e", "http://h/%E2%80%AE"),
        ("http://a b/c d", "http://a%20b/c%20d"),
        ("http://h/\ud800x", "http://h/%ED%A0%80x"),
        ("\udfff", "%ED%BF%BF"),
        ("http://h/%zz%", "http://h/%25zz%25"),
        ("http://a@b@h/", "http://a%40b@h/"),
        ("http://h:80x/", "http://h:80x/"),  # a bad port: shown as it is
        ("http://[::1/", "http://[::1/"),
        ("1http://h/", "1http://h/"),
        ("http://h/<script>", "http://h/%3Cscript%3E"),
        ("http://h/\x00\x7f\x85", "http://h/%00%7F%C2%85"),
        ("", ""),
        ("http://xn--80ak6aa92e.com/ \u2028", "http://xn--80ak6aa92e.com/%20%E2%80%A8"),
        ("http://b\u00fccher.de/a b", "http://b\u00fccher.de/a%20b"),
        ("http://joe:s\u00e9cret x@h/", "http://joe:****@h/"),
    ],
)
def test_total(text: str, expected: str) -> None:
    assert shown(text) == expected


def test_invalid_text_keeps_its_components() -> None:
    for text in ("ht tp://a b@c d:9 9/e f?g h#i j", "\ud800:\udc00//x", "//a\ud800/b?c#d"):
        out = shown(text)
        assert [c is None for c in split(out)] == [c is None for c in split(text)]
        assert iri.is_valid(out) or "%" in out or out == text
