"""Differential tests on hostile input: at least 50,000 generated texts per native
function, with a fixed seed and no deadline (the ``ci`` profile of tests/conftest.py is
not enough: these set their own example counts).

The texts are generated once per run (each Hypothesis example is a batch: texts built
from hostile pieces, a grammar-built IRI reference, and the pieces spliced into it) and
every function is compared with its Python twin on all of them; each test checks the
number of texts it ran.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from native_twins import (
    RULES,
    ZONES,
    corpus,
    has_surrogate,
    may_defer,
    native,
    only_faults,
    only_told,
    py_check,
    py_groups,
    py_is_valid,
    py_rows,
    py_split,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "property"))
from strategies import IRI_RULES, reference  # type: ignore[import-not-found]

_n = native()

BATCH = 25
#: Examples; each gives 2 x BATCH + 1 texts: 1,000 x 51 = 51,000 texts for every function.
EXAMPLES = int(os.environ.get("NATIVE_EXAMPLES", "1000"))
MINIMUM = 2 * BATCH * EXAMPLES

FULL_WIDTH = "".join(chr(0xFF00 + ord(c) - 0x20) for c in ":/?#[]@!$&'()*+,;=%.")
PIECES = [
    # delimiters, and their full-width forms (U+FF01-FF5E)
    *":/?#[]@!$&'()*+,;=%.-_~",
    *FULL_WIDTH,
    "//",
    "://",
    "/./",
    "/../",
    ".",
    "..",
    # schemes
    "http:",
    "HTTP:",
    "https://",
    "mailto:",
    "urn:",
    "file:",
    "data:",
    "a+b-c.d:",
    "1a:",
    "javascript:",
    "ws:",
    # percent runs: valid, lowercase, unreserved, invalid, truncated, overlong, surrogate,
    # beyond U+10FFFF
    "%",
    "%4",
    "%41",
    "%7E",
    "%2F",
    "%zz",
    "%C3%A9",
    "%c3%a9",
    "%C3",
    "%C0%AF",
    "%E0%80%AF",
    "%ED%A0%80",
    "%F4%90%80%80",
    "%E6%9D%B1%E4%BA%AC",
    "%25",
    "%%",
    "%FF",
    # hosts
    "example.org",
    "EXAMPLE.org",
    "bücher.example",
    "東京.jp",
    "xn--bcher-kva.example",
    "a_b",
    "-a.b",
    "a..b",
    "a" * 64,
    "127.0.0.1",
    "256.1.1.1",
    "[::1]",
    "[fe80::1%25eth0]",
    "[fe80::1%eth0]",
    "[v1.x]",
    "[V1A.a:b]",
    "[1:2:3:4:5:6:7:8]",
    "[::ffff:1.2.3.4]",
    "[::256.1.1.1]",
    "[1::2::3]",
    "[",
    "]",
    "[::1",
    "user@",
    "u:p@",
    "@@",
    # ports
    ":80",
    ":443",
    ":",
    ":0080",
    ":8a",
    ":" + "9" * 50,
    # bidi controls, line and paragraph separators, white space, BOM, NEL
    "\u202e",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u2066",
    "\u2069",
    "\u2028",
    "\u2029",
    " ",
    "\t",
    "\n",
    "\r",
    "\x0b",
    "\x85",
    "\ufeff",
    "\x00",
    "\x7f",
    "\xa0",
    # right-to-left text, combining marks, joiners, Hangul jamo, Indic, Thai
    "\u05d0",
    "\u05d0\u05d1",
    "\u0627\u0644",
    "\u0661",
    "\u05d0\u0301",
    "e\u0301",
    "\u0301",
    "\u200c",
    "\u200d",
    "\u1100\u1161",
    "\u0915\u094d",
    "\u0e01\u0e48",
    # NFC: marks in and out of canonical order, pairs that compose (not NFC), a nukta
    "\u0301\u0327",
    "\u0327\u0301",
    "<\u0338",
    "\u0928\u093c",
    "\u0915\u093c",
    "\u09c7\u09be",
    "é",
    "ü",
    "Å",
    # private use, tags, non-characters, the last code points
    "\ue000",
    "\U000e0001",
    "\U000f0000",
    "\U0010fffd",
    "\ufffe",
    "\uffff",
    "\U0001fffe",
    "\U0001f600",
    "\ufdd0",
    "\ufdef",
    # lone surrogates: no UTF-8 exists for them, the native side must defer
    "\ud800",
    "\udfff",
    # ASCII letters and digits
    "a",
    "Z",
    "0",
    "9",
    "abc",
    "x" * 10,
]

piece = st.one_of(
    st.sampled_from(PIECES),
    st.text(max_size=3),
    st.characters(min_codepoint=0x80, max_codepoint=0x10FFFF, exclude_categories=()),
)
#: One example: a batch of piece-built texts, and a grammar-built IRI reference (RFC 3987
#: 2.2, tests/property/strategies.py) that each of them is also spliced into.
batches = st.tuples(
    st.lists(st.lists(piece, max_size=12).map("".join), min_size=BATCH, max_size=BATCH),
    st.sampled_from(IRI_RULES).flatmap(reference),
    st.lists(st.integers(0, 1 << 16), min_size=BATCH, max_size=BATCH),
)

SETTINGS = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@cache
def generated() -> tuple[str, ...]:
    """The hostile texts, generated once (fixed seed) and read by every test below."""
    out: list[str] = []

    @SETTINGS
    @given(batches)
    def collect(example: tuple[list[str], str, list[int]]) -> None:
        texts, ref, cuts = example
        out.append(ref)
        for text, cut in zip(texts, cuts, strict=True):
            at = cut % (len(ref) + 1)
            out.append(text)
            out.append(ref[:at] + text + ref[at:])

    collect()
    return tuple(out)


def _run(check_one: object) -> int:
    texts = generated()
    for text in texts:
        check_one(text)  # type: ignore[operator]
    return len(texts)


def test_is_valid() -> None:
    def one(text: str) -> None:
        for rule in (*RULES[::3], "URI"):
            for zone in ZONES:
                got = _n.is_valid(text, rule, zone)
                if got is None:
                    assert may_defer(text), (text, rule, zone)
                else:
                    assert got == py_is_valid(text, rule=rule, zone_id=zone), (text, rule, zone)

    assert _run(one) >= MINIMUM


def test_split() -> None:
    def one(text: str) -> None:
        got = _n.split(text)
        if got is None:
            assert has_surrogate(text)
        else:
            assert got == tuple(py_split(text)), text

    assert _run(one) >= MINIMUM


def test_parse_groups() -> None:
    def one(text: str) -> None:
        for rule, zone in (("IRI_reference", "reject"), ("absolute_IRI", "accept")):
            got = _n.parse_groups(text, rule, zone)
            want = py_groups(text, rule, zone)
            if got is None and want is not None:
                assert may_defer(text), (text, rule)
            else:
                assert got == want, (text, rule, zone)

    assert _run(one) >= MINIMUM


def test_clean() -> None:
    answered = [0]

    def one(text: str) -> None:
        for rule, zone in (("IRI_reference", "reject"), ("URI", "accept")):
            if _n.clean(text, rule, zone):
                answered[0] += 1
                assert py_check(text, rule=rule, zone_id=zone) == [], (text, rule, zone)

    assert _run(one) >= MINIMUM
    assert answered[0] >= MINIMUM // 20  # the "clean" answer itself is exercised


#: What is spliced into the lines of the corpora below: the characters no component
#: holds, those that only delimit ("#", "[", "]"), those that take a host label out of
#: DNS syntax ("_", "~", "'", "-"), and some that change how a text splits, its
#: percent-encodings, its dot-segments, its host or its direction.
FAULTS = " \"<>\\^`{|}\t\x00\x1f\x7f#[]#_~'%:/?@.-Aéא\u0301\u202e\u3002"

#: Percent-encodings that draw warnings (RFC 3986 2.1, 2.3; RFC 3987 3.2, RFC 3629): in
#: lowercase, of an unreserved octet (a dot too), not UTF-8 (cut short, overlong, a
#: surrogate, FF), and a well-formed one.
ESCAPES = ["%7e", "%41", "%2E", "%C3", "%c3%a9", "%E2%80", "%C0%AF", "%ED%A0%80", "%FF", "%C3%A9"]

#: A line of a corpus with characters of FAULTS put in at some of its positions.
faulty = st.tuples(
    st.sampled_from(["web", "iri", "mixed"]),
    st.integers(0, 1 << 20),
    st.lists(st.tuples(st.integers(0, 1 << 16), st.sampled_from(FAULTS)), min_size=1, max_size=14),
)

#: A line of a corpus with ESCAPES (and some FAULTS) put in after its authority.
escaped = st.tuples(
    st.sampled_from(["web", "iri", "mixed"]),
    st.integers(0, 1 << 20),
    st.lists(
        st.tuples(st.integers(0, 1 << 16), st.sampled_from([*ESCAPES, *ESCAPES, *FAULTS])),
        min_size=1,
        max_size=6,
    ),
)


def _compare_violations(text: str, rules: tuple[tuple[str, str], ...], answered: list[int]) -> None:
    """violations() against check() for each (rule, zone_id): when it answers, check()'s
    answer, of the codes it tells alone; ``answered`` counts its answers to texts with
    faults it tells alone (``native_twins.FAULTS``; the bidi warnings have a test of their
    own), and those texts."""
    for rule, zone in rules:
        got = _n.violations(text, rule, zone)
        want = py_rows(text, rule, zone)
        faults = only_faults(want)
        answered[0] += got is not None and faults
        answered[1] += faults
        if got is not None:
            assert only_told(want) and got == want, (text, rule, zone, got, want)


def test_violations() -> None:
    """On the hostile texts and on corpus lines made faulty at random: whenever
    violations() answers, it is check()'s answer, for texts whose violations are all of
    the codes it tells; and it answers most of the faulty corpus lines that have such
    violations alone (the hostile texts' are mostly invalid non-ASCII characters, C1
    controls and noncharacters, which it leaves to Python)."""
    answered = [0, 0]  # answered, texts with violations of the told codes alone

    def one(text: str, rules: tuple[tuple[str, str], ...] = (("IRI_reference", "reject"),)) -> None:
        _compare_violations(text, rules, answered)

    @SETTINGS
    @given(faulty)
    def spliced(example: tuple[str, int, list[tuple[int, str]]]) -> None:
        name, k, faults = example
        lines = [x for x in corpus(name) if x]
        text = lines[k % len(lines)]
        for cut, fault in faults:
            at = cut % (len(text) + 1)
            text = text[:at] + fault + text[at:]
        one(text, (("IRI_reference", "reject"), ("URI", "accept"), ("IRI", "reject")))

    assert _run(one) >= MINIMUM
    assert answered[0] > 0, answered
    answered[:] = [0, 0]
    spliced()
    assert answered[0] >= 0.75 * answered[1] > 0, answered


def test_violations_of_escapes() -> None:
    """Corpus lines with percent-encodings that draw warnings put in after the authority
    (an escape in the host is for the IDNA checks, in Python): whenever violations()
    answers, it is check()'s answer; and it answers most of those whose violations are
    all of the codes it tells."""
    answered = [0, 0]

    @SETTINGS
    @given(escaped)
    def spliced(example: tuple[str, int, list[tuple[int, str]]]) -> None:
        name, k, escapes = example
        lines = [x for x in corpus(name) if x]
        text = lines[k % len(lines)]
        after = text.find("//")
        first = len(text) if after < 0 else text.find("/", after + 2) % (len(text) + 1)
        for cut, escape in escapes:
            at = first + cut % (len(text) - first + 1)
            text = text[:at] + escape + text[at:]
        _compare_violations(text, (("IRI_reference", "reject"), ("URI", "accept")), answered)

    spliced()
    assert answered[0] >= 0.75 * answered[1] > 0, answered


def test_violations_of_every_octet_pair() -> None:
    """Every two octets percent-encoded, alone and after a UTF-8 lead, in the path and
    the query: the warnings of the encodings (which parts are not UTF-8, which overlong,
    which unreserved or in lowercase) as check() tells them."""
    told = 0
    for hi in range(256):
        for lo in range(0, 256, 3):
            for text in (
                f"http://h/a%{hi:02X}%{lo:02x}b",
                f"http://h/?q=%E2%{hi:02X}%{lo:02X}",
                f"a/%F0%{hi:02X}%{lo:02X}%80",
            ):
                got = _n.violations(text, "IRI_reference", "reject")
                want = py_rows(text, "IRI_reference", "reject")
                if got is not None:
                    assert got == want, (text, got, want)
                    told += 1
                else:
                    assert not only_told(want), (text, want)
    assert told > 3 * 256 * 86 * 0.9


def test_clean_lines() -> None:
    chunk: list[str] = []

    def one(text: str) -> None:
        chunk.append(text)

    assert _run(one) >= MINIMUM
    flags = _n.clean_lines(chunk, "IRI_reference", "reject")
    assert list(flags) == [int(_n.clean(t, "IRI_reference", "reject")) for t in chunk]
    flags = _n.valid_lines(chunk, "URI", "accept")
    want = [_n.is_valid(t, "URI", "accept") for t in chunk]
    assert list(flags) == [2 if w is None else int(w) for w in want]
    assert _n.normalize_lines(chunk, "scheme") == [_n.normalize(t, "scheme") for t in chunk]


def test_options_and_types_defer() -> None:
    """Unknown options, non-str and lone surrogates: None (Python raises its own error)."""
    assert _n.is_valid("a", "iri", "reject") is None
    assert _n.is_valid("a", "IRI", "maybe") is None
    assert _n.is_valid(b"a") is None and _n.is_valid(None) is None
    assert _n.split(1) is None and _n.split("\ud800") is None
    assert _n.parse_groups("a", "nope") is None
    assert _n.clean(b"a") is False and _n.clean("a", "nope") is False
    assert _n.clean_lines(["a"], "nope") is None
    assert list(_n.clean_lines(["a", b"a", "\ud800", 3], "IRI_reference")) == [1, 0, 0, 0]


def test_megabyte_lines() -> None:
    """1 MB lines give the same answers (linear time is tests/property/test_linear_time.py's
    and bench/bench_native.py's subject; no wall clock here)."""
    mb = 1 << 20
    texts = [
        "http://example.org/" + "a" * mb,
        "http://example.org/" + "%41" * (mb // 3),
        "http://example.org/" + "%" * mb,
        "http://example.org/?" + "é" * (mb // 2),
        "http://" + "a." * (mb // 2) + "/",
        "http://[" + ":" * mb + "]/",
        "http://[" + "1:" * (mb // 2) + "]/",
        "//" + "@" * mb,
        "a:" + "/" * mb,
        "\u05d0" * mb,
        "x" * mb + " ",
        "http://h:" + "9" * mb + "/",
    ]
    for text in texts:
        for rule in ("IRI_reference", "URI"):
            got = _n.is_valid(text, rule, "accept")
            assert got is None or got == py_is_valid(text, rule=rule, zone_id="accept")
            if _n.clean(text, rule):
                assert py_check(text, rule=rule) == []
        assert _n.split(text) == tuple(py_split(text))
        got_groups = _n.parse_groups(text)
        assert got_groups is None or got_groups == py_groups(text)
