"""Generate native/src/tables.rs, the data of the compiled core, from the Python modules.

Usage: python tools/gen_native_tables.py [--check]

One source of truth (issue 21): the Rust side never holds a hand-written copy of a
character set or a scheme fact. Every table below is computed from the Python reference
that :func:`iri.check` and :func:`iri.is_valid` use:

* the ASCII part of each component's character set, from the grammar's ``Classes``
  (RFC 3987 2.2 / RFC 3986 Appendix A), as one bit per set and byte;
* ``ucschar``, ``iprivate`` and the bidi formatting characters (RFC 3987 2.2, 4.1), from the
  grammar's constants;
* the right-to-left pre-test of the 4.2 checks (``iri.safety.bidi.may_have_rtl``), probed
  code point by code point;
* the code points that can never draw a character warning of ``check()`` (NFC, RFC 3987
  5.3.2.2; joiners, 3987bis 5.1; private use, bis-07 7.3), and those whose only possible
  warning is ``not-nfc`` (told by an NFC check of the component), from Python's
  ``unicodedata``;
  the file is stamped with its Unicode version and the native core uses the table only
  when the running Python has that one or one of :data:`SAME_IN_LATER_VERSIONS`;
* the characters URI-to-IRI conversion may decode (3987bis 4.2), probed with
  ``iri.percent.may_decode`` code point by code point;
* the code points of the labels whose IDNA the core decides alone (``idna_simple``): PVALID
  in the ``idna`` package's IDNA2008 tables, left as they are by its UTS #46 mapping, of
  Bidi_Class L and inert (above), and those of them that are combining marks (no label may
  start with one), from the ``idna`` package and ``unicodedata``; stamped with the ``idna``
  version (the test group pins it) and the Unicode version of its tables;
* default ports, DNS-host schemes and the schemes with checks of their own, from
  ``iri.schemes``;
* the name of each ASCII character in messages (``iri.syntax.violations.describe_char``:
  the Unicode name, or the formal alias of a control) and the severity and section of
  ``invalid-character`` (the registry), for the violations the core reports itself;
* every named percent-encode set of ``iri.syntax.percent.sets`` (and the URI form,
  ``.uri``, of each set that leaves non-ASCII characters literal): the ASCII characters it
  encodes (128 bits) and the non-ASCII code point ranges it encodes, from the
  :class:`~iri.syntax.percent.EncodeSet` definition (``literal`` minus ``excluded``,
  complemented).

``--check`` fails (exit 1) when the committed file differs from what this script writes.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "native" / "src" / "tables.rs"
sys.path.insert(0, str(ROOT / "src"))


import idna  # noqa: E402 (the IDNA2008 and UTS #46 tables iri.syntax.hosts reads)
from idna import idnadata, intranges  # noqa: E402
from idna.core import uts46_remap  # noqa: E402

from iri.syntax import bidi, grammar, percent, schemes  # noqa: E402 (after the path)
from iri.syntax.violations import REGISTRY, Code, describe_char  # noqa: E402

#: Later Unicode versions (of the later CPythons' ``unicodedata``: 3.12 has 15.0.0, 3.13 has
#: 15.1.0) in which every code point assigned in the tables' version keeps each property the
#: tables are computed from: Bidi_Class, Canonical_Combining_Class, the decomposition, NFC
#: of the lone character, being the second of a canonical pair, and being a combining mark
#: (IDNA_SIMPLE_MARKS). A text of such code points then gets the same answer from
#: ``check()`` and the IDNA functions under either version; a code point
#: assigned later is in none of the tables, and the core leaves it to Python.
#: tests/native/test_unicode_versions.py proves each entry under the CPython that has it,
#: and fails when a CPython of the machine agrees but its version is missing here.
SAME_IN_LATER_VERSIONS: tuple[str, ...] = ("15.0.0", "15.1.0")

#: The bit of each ASCII set in CLASS (order: the constants in tables.rs).
SETS: tuple[tuple[str, str], ...] = (
    ("SCHEME_FIRST", grammar.ALPHA),
    ("SCHEME", grammar.ALPHA + grammar.DIGIT + "+-."),
    ("USERINFO", grammar.IRI_CLASSES.userinfo),
    ("REG_NAME", grammar.IRI_CLASSES.reg_name),
    ("PATH", grammar.IRI_CLASSES.pchar + "/"),
    ("SEGMENT_NC", grammar.IRI_CLASSES.segment_nc),
    ("QUERY", grammar.IRI_CLASSES.query),
    ("FRAGMENT", grammar.IRI_CLASSES.fragment),
    ("UNRESERVED", grammar.UNRESERVED),
    ("SUB_DELIMS", grammar.SUB_DELIMS),
    ("HEXDIG", grammar.HEXDIG),
    ("DIGIT", grammar.DIGIT),
)


def _ranges(points: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for cp in points:
        if out and out[-1][1] == cp - 1:
            out[-1] = (out[-1][0], cp)
        else:
            out.append((cp, cp))
    return out


def _rust_ranges(
    name: str, doc: str, ranges: list[tuple[int, int]] | tuple[tuple[int, int], ...]
) -> list[str]:
    lines = [f"/// {doc}", f"pub const {name}: &[(u32, u32)] = &["]
    lines += [f"    (0x{lo:04X}, 0x{hi:04X})," for lo, hi in ranges]
    lines.append("];")
    return lines


def _second_of_pair() -> set[int]:
    """Code points that can be the second of a canonical composition pair (NFC_QC Maybe is
    a subset): never inert."""
    out: set[int] = set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))  # Hangul V, T
    for cp in range(0x110000):
        d = unicodedata.decomposition(chr(cp))
        if d and not d.startswith("<"):
            parts = d.split()
            out.update(int(p, 16) for p in parts[1:])
    return out


def _inert() -> list[tuple[int, int]]:
    """Non-ASCII code points that no character warning of ``check()`` can concern.

    A text of such characters is in NFC (its quick check answers YES: every character is
    NFC_QC=Yes with canonical combining class 0, UAX #15 9), holds no joiner (3987bis
    5.1 d) and no private-use character (bis-07 7.3). Conservative by construction: the
    native ``clean`` answers "ask Python" for any other character. (Right-to-left
    characters are inert here; RTL_BLOCKS and BIDI_CLASS drive the 4.2 checks.)
    """
    seconds = _second_of_pair()
    private = grammar.IPRIVATE
    points = []
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp <= 0xDFFF or cp in (0x200C, 0x200D) or cp in seconds:
            continue
        c = chr(cp)
        if unicodedata.category(c) == "Cn":  # unassigned: its properties may change
            continue
        if unicodedata.combining(c) or unicodedata.normalize("NFC", c) != c:
            continue
        if any(lo <= cp <= hi for lo, hi in private):
            continue
        points.append(cp)
    return _ranges(points)


def _idna_simple() -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The code points of a simple label (``native/src/idna_simple.rs``), and the
    combining marks among them.

    A non-ASCII label of such code points (and ASCII letters, digits and hyphens) passes
    each test ``iri.syntax.hosts`` makes of it but the hyphen and first-mark rules, which
    the core reads: UTS #46 leaves it as it is (``uts46_remap`` maps each code point to
    itself; NFC holds, since all are inert), IDNA2008 finds every code point PVALID (no
    CONTEXTJ or CONTEXTO rule to run), and no Bidi rule applies (all are L: a name of such
    labels and of ASCII ones is no Bidi domain name, RFC 5893 1.4).
    """
    pvalid = idnadata.codepoint_classes["PVALID"]
    ucs = grammar.UCSCHAR
    simple: list[int] = []
    marks: list[int] = []
    for lo, hi in _inert():
        for cp in range(lo, hi + 1):
            c = chr(cp)
            if not intranges.intranges_contain(cp, pvalid) or unicodedata.bidirectional(c) != "L":
                continue
            if not any(a <= cp <= b for a, b in ucs):
                continue
            try:
                if uts46_remap(c, std3_rules=False, transitional=False) != c:
                    continue
            except (UnicodeError, ValueError):
                continue
            simple.append(cp)
            if unicodedata.category(c).startswith("M"):
                marks.append(cp)
    return _ranges(simple), _ranges(marks)


def _nfc_read() -> list[tuple[int, int]]:
    """Non-ASCII code points whose character warnings the native ``clean`` can tell with an
    NFC check of their component (RFC 3987 5.3.2.2): every one assigned in this Unicode
    version (no surrogate, not Cn: an unassigned one may be a combining mark in a later
    version), but the joiners (3987bis 5.1 d: their contexts are RFC 5892's to judge) and
    private use (bis-07 7.3). A superset of :func:`_inert`."""
    private = grammar.IPRIVATE
    points = []
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp <= 0xDFFF or cp in (0x200C, 0x200D):
            continue
        if unicodedata.category(chr(cp)) == "Cn":
            continue
        if any(lo <= cp <= hi for lo, hi in private):
            continue
        points.append(cp)
    return _ranges(points)


def _repr_plain() -> list[tuple[int, int]]:
    """Non-ASCII code points that Python's ``repr`` of a ``str`` writes as themselves
    (``str.isprintable``: assigned, and not a control, format, separator, surrogate or
    private-use character): a message that quotes a piece of text made of them and of
    printable ASCII, as ``f"{piece!r}"`` does, is the piece between quotes."""
    return _ranges([cp for cp in range(0x80, 0x110000) if chr(cp).isprintable()])


#: The classes of unicodedata.bidirectional that the 4.2 checks tell apart.
BIDI_CODES = {"L": 1, "R": 2, "AL": 2, "NSM": 3}


def _bidi_classes() -> list[tuple[int, int, int]]:
    """(first, last, code) runs over all code points: 1 = L, 2 = R or AL, 3 = NSM, and
    runs of any other class (code 0) left out (``iri.safety.bidi._structure``)."""
    out: list[tuple[int, int, int]] = []
    for cp in range(0x110000):
        code = (
            0 if 0xD800 <= cp <= 0xDFFF else BIDI_CODES.get(unicodedata.bidirectional(chr(cp)), 0)
        )
        if out and out[-1][2] == code and out[-1][1] == cp - 1:
            out[-1] = (out[-1][0], cp, code)
        else:
            out.append((cp, cp, code))
    return [r for r in out if r[2]]


def _subtract(ranges: list[tuple[int, int]], cut: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``ranges`` without ``cut`` (both sorted, disjoint)."""
    out: list[tuple[int, int]] = []
    for first, hi in ranges:
        lo = first
        for clo, chi in cut:
            if chi < lo or clo > hi:
                continue
            if clo > lo:
                out.append((lo, clo - 1))
            lo = chi + 1
            if lo > hi:
                break
        if lo <= hi:
            out.append((lo, hi))
    return out


def _merge(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(hi, out[-1][1]))
        else:
            out.append((lo, hi))
    return out


def encode_sets() -> list[tuple[str, percent.EncodeSet]]:
    """The named sets of ``iri.syntax.percent.sets`` (module order), each followed by its
    URI form ``NAME.uri`` when that is another set; the native name is the Python one."""
    from iri.syntax.percent import sets

    out: list[tuple[str, percent.EncodeSet]] = []
    for name, value in vars(sets).items():
        if name.startswith("_") or not isinstance(value, percent.EncodeSet):
            continue
        assert value.native_name == name, (name, value.native_name)
        out.append((name, value))
        if value.uri is not value:
            assert value.uri.native_name == f"{name}.uri", name
            out.append((f"{name}.uri", value.uri))
    return out


def encoded_non_ascii(s: percent.EncodeSet) -> list[tuple[int, int]]:
    """The non-ASCII code points ``s`` encodes (:meth:`EncodeSet.encodes`), as ranges."""
    literal = _merge([(max(lo, 0x80), hi) for group in s.literal for lo, hi in group if hi >= 0x80])
    literal = _subtract(literal, _ranges(sorted(s.excluded)))
    return _subtract([(0x80, 0x10FFFF)], literal)


def _render_encode_sets() -> list[str]:
    lines = [
        "/// The named percent-encode sets (iri.syntax.percent.sets, and `NAME.uri`): the",
        "/// ASCII characters each encodes (bit n = code point n) and the non-ASCII ranges.",
        "/// (name, ASCII bits, non-ASCII ranges).",
        "pub type EncodeSetRow = (&'static str, u128, &'static [(u32, u32)]);",
        "pub const ENCODE_SETS: &[EncodeSetRow] = &[",
    ]
    for name, s in encode_sets():
        mask = sum(1 << ord(c) for c in s.ascii_encoded)
        body = ", ".join(f"(0x{lo:04X}, 0x{hi:04X})" for lo, hi in encoded_non_ascii(s))
        lines.append(f'    ("{name}", 0x{mask:032X}, &[{body}]),')
    lines.append("];")
    return lines


def render() -> str:
    lines = [
        "// GENERATED by tools/gen_native_tables.py from the Python reference; do not edit.",
        "// Regenerate with `python tools/gen_native_tables.py`; `--check` fails when stale.",
        f"// Sources: {grammar.__name__}, {schemes.__name__}, {bidi.__name__},"
        f" {percent.__name__}, unicodedata"
        f" {unicodedata.unidata_version}, idna {idna.__version__} (its tables: Unicode"
        f" {idnadata.__version__}).",
        "",
        "/// The Unicode version of Python's `unicodedata` that computed [`INERT`].",
        f'pub const UNICODE_VERSION: &str = "{unicodedata.unidata_version}";',
        "/// The versions of Python's `unicodedata` the tables hold for: [`UNICODE_VERSION`]",
        "/// and the later ones that give every code point assigned in it the same properties",
        "/// (`SAME_IN_LATER_VERSIONS` of the generator).",
        "pub const UNICODE_VERSIONS: &[&str] = &["
        + ", ".join(f'"{v}"' for v in (unicodedata.unidata_version, *SAME_IN_LATER_VERSIONS))
        + "];",
        "",
        "// One bit per ASCII set (RFC 3987 2.2, RFC 3986 Appendix A); `%` is in every",
        "// component set, as in the Python patterns, and pct-encoded is checked apart.",
    ]
    for bit, (name, _chars) in enumerate(SETS):
        lines.append(f"pub const {name}: u16 = 1 << {bit};")
    lines.append("")
    lines.append("/// The sets each ASCII byte belongs to; 0 for every byte of 0x80 and above.")
    lines.append("pub const CLASS: [u16; 256] = [")
    for b in range(256):
        mask = 0
        if b < 0x80:
            for bit, (_name, chars) in enumerate(SETS):
                if chr(b) in chars:
                    mask |= 1 << bit
        shown = repr(chr(b)) if 0x20 <= b < 0x7F else f"0x{b:02X}"
        lines.append(f"    0x{mask:04X}, // {shown}")
    lines.append("];")
    lines.append("")
    lines += _rust_ranges("UCSCHAR", "ucschar (RFC 3987 2.2).", grammar.UCSCHAR)
    lines += _rust_ranges(
        "IPRIVATE", "iprivate (RFC 3987 2.2, plus the tags of 3987bis).", grammar.IPRIVATE
    )
    lines.append("/// Bidi formatting characters (RFC 3987 4.1, read as Bidi_Control).")
    lines.append("pub const BIDI_FORMATTING: &[u32] = &[")
    lines += [f"    0x{cp:04X}," for cp in sorted(grammar.BIDI_FORMATTING)]
    lines.append("];")
    lines += _rust_ranges(
        "INERT",
        "Non-ASCII code points that draw no character warning in `check()` (see the generator).",
        _inert(),
    )
    lines += _rust_ranges(
        "NFC_READ",
        "Non-ASCII code points whose warnings the core tells with an NFC check (see the"
        " generator).",
        _nfc_read(),
    )
    lines += _rust_ranges(
        "RTL_BLOCKS",
        "The right-to-left pre-test of the 4.2 checks (iri.syntax.bidi.may_have_rtl).",
        _ranges(
            [
                cp
                for cp in range(0x80, 0x110000)
                if not 0xD800 <= cp <= 0xDFFF and bidi.may_have_rtl(chr(cp))
            ]
        ),
    )
    lines += _rust_ranges(
        "REPR_PLAIN",
        "Non-ASCII code points that Python's `repr` of a `str` writes as themselves"
        " (`str.isprintable`; see the generator).",
        _repr_plain(),
    )
    simple, marks = _idna_simple()
    lines += _rust_ranges(
        "IDNA_SIMPLE",
        f"The code points of a simple label (idna {idna.__version__}: PVALID, UTS #46 valid;"
        " inert, Bidi_Class L; see the generator).",
        simple,
    )
    lines += _rust_ranges(
        "IDNA_SIMPLE_MARKS", "The combining marks of IDNA_SIMPLE (none may start a label).", marks
    )
    lines.append("/// Bidi classes (unicodedata.bidirectional): 1 = L, 2 = R or AL, 3 = NSM;")
    lines.append("/// code points in no run have another class.")
    lines.append("pub const BIDI_CLASS: &[(u32, u32, u8)] = &[")
    lines += [f"    (0x{lo:04X}, 0x{hi:04X}, {c})," for lo, hi, c in _bidi_classes()]
    lines.append("];")
    lines.append("/// Default ports by lowercase scheme (iri.schemes.DEFAULT_PORTS).")
    lines.append("pub const DEFAULT_PORTS: &[(&str, &str)] = &[")
    lines += [f'    ("{s}", "{p}"),' for s, p in sorted(schemes.DEFAULT_PORTS.items())]
    lines.append("];")
    for name, in_query in (("MAY_DECODE", False), ("MAY_DECODE_QUERY", True)):
        lines += _rust_ranges(
            name,
            "Non-ASCII code points that URI-to-IRI conversion may decode"
            f" (percent.may_decode(c, in_query={in_query}), 3987bis 4.2 steps 2 and 4).",
            _ranges(
                [
                    cp
                    for cp in range(0x80, 0x110000)
                    if not 0xD800 <= cp <= 0xDFFF and percent.may_decode(chr(cp), in_query=in_query)
                ]
            ),
        )
    lines.append("/// Schemes whose host is a DNS name (iri.schemes.DNS_HOST_SCHEMES).")
    lines.append("pub const DNS_HOST_SCHEMES: &[&str] = &[")
    lines += [f'    "{s}",' for s in sorted(schemes.DNS_HOST_SCHEMES)]
    lines.append("];")
    for name, values in (
        ("EMPTY_PATH_IS_SLASH", schemes.EMPTY_PATH_IS_SLASH),
        ("ADDR_SPEC_PATH_SCHEMES", schemes.ADDR_SPEC_PATH_SCHEMES),
    ):
        lines.append(f"/// iri.schemes.{name}.")
        lines.append(f"pub const {name}: &[&str] = &[")
        lines += [f'    "{v}",' for v in sorted(values)]
        lines.append("];")
    lines.append("/// Default hosts by scheme (iri.schemes.DEFAULT_HOSTS).")
    lines.append("pub const DEFAULT_HOSTS: &[(&str, &str)] = &[")
    lines += [f'    ("{k}", "{v}"),' for k, v in sorted(schemes.DEFAULT_HOSTS.items())]
    lines.append("];")
    lines.append("/// Schemes with checks of their own (iri.schemes.SPECIFIC_SCHEMES).")
    lines.append("pub const SPECIFIC_SCHEMES: &[&str] = &[")
    lines += [f'    "{s}",' for s in sorted(schemes.SPECIFIC_SCHEMES)]
    lines.append("];")
    lines.append("/// How messages name each ASCII character (violations.describe_char).")
    lines.append("pub const ASCII_NAMES: [&str; 128] = [")
    lines += [f'    "{describe_char(chr(b))}",' for b in range(128)]
    lines.append("];")
    for code in (
        Code.INVALID_CHARACTER,
        Code.REG_NAME_NOT_DNS,
        Code.LOWERCASE_PERCENT_ENCODING,
        Code.PERCENT_ENCODED_UNRESERVED,
        Code.PERCENT_ENCODED_INVALID_UTF8,
        Code.PERCENT_ENCODED_OVERLONG_UTF8,
        Code.BIDI_MIXED_DIRECTION,
        Code.BIDI_COMPONENT_EDGE,
        Code.NOT_NFC,
        Code.UPPERCASE_SCHEME,
        Code.UPPERCASE_HOST,
        Code.DEFAULT_PORT,
        Code.EMPTY_PORT,
        Code.PASSWORD_IN_USERINFO,
        Code.DOT_SEGMENT,
        Code.VIOLATIONS_OMITTED,
    ):
        info = REGISTRY[code]
        lines.append(f"/// The code, severity and section of {code} (iri.syntax.registry).")
        lines.append(
            f"pub const {code.name}: (&str, &str, &str) ="
            f' ("{code}", "{info.severity}", "{info.section}");'
        )
    lines += _render_encode_sets()
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    args = parser.parse_args()
    text = render()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run tools/gen_native_tables.py")
            return 1
        print(f"{OUT.relative_to(ROOT)} is up to date")
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
