"""UTS #46 conformance of the host mapping (``iri.syntax.hosts.to_ascii``) on IdnaTestV2.

The test file is the one whose Unicode version is that of the installed `idna` package's
tables (``idna.idnadata.__version__``): IdnaTestV2-<version>.txt in
tests/corpora/unicode-idna/ (15.1.0: idna 3.7, 3.8, 3.10; 16.0.0: 3.9, 3.11; 17.0.0:
3.12-3.19). An `idna` whose Unicode version has no file here (3.20: Unicode 18.0.0) is
tested against the newest older file with that file's expected failures (measured with
idna 3.20 on 17.0.0: the same 229 expected failures, everything else passes); a newer
`idna` than the newest file is skipped only if no file is older.

Flags (see src/iri/idna.py): Nontransitional, CheckHyphens, CheckBidi, CheckJoiners on;
UseSTD3ASCIIRules and VerifyDnsLength off, so the status codes U1, A4_1 and A4_2 are
ignored as the file's header prescribes. Only the ToASCII (N) columns are tested: an
error is expected when the remaining status set is not empty, else the exact result.

Expected failures are listed case by case, per Unicode version, in
``tests/corpora/unicode-idna/expected_failures-<version>.txt`` (line number, category, source);
each category has a predicate below that must hold for every listed case, and each listed
case is an ``xfail(strict=True)``: a case that starts passing fails the run.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

import pytest
from idna import idnadata
from idna.intranges import intranges_contain

from iri.errors import IDNAError
from iri.syntax.hosts import to_ascii

CORPUS = Path(__file__).parent.parent / "corpora" / "unicode-idna"
#: Per Unicode version: (test cases in the file, expected idna2008-strict failures).
RECORDED = {"15.1.0": (6265, 154), "16.0.0": (6389, 224), "17.0.0": (6391, 224)}


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _file_version(installed: str) -> str | None:
    """The installed tables' version if there is a file for it, else the newest older."""
    older = [v for v in RECORDED if _version(v) <= _version(installed)]
    return max(older, key=_version) if older else None


IDNA_UNICODE = idnadata.__version__
VERSION = _file_version(IDNA_UNICODE) or IDNA_UNICODE
if VERSION not in RECORDED:
    pytest.skip(
        f"no UTS #46 test file for idna's Unicode {IDNA_UNICODE} or older here: copy "
        f"IdnaTestV2.txt into tests/corpora/unicode-idna/ with its expected failures",
        allow_module_level=True,
    )
DATA = CORPUS / f"IdnaTestV2-{VERSION}.txt"
EXPECTED_FAILURES = CORPUS / f"expected_failures-{VERSION}.txt"
IGNORED = frozenset({"U1", "A4_1", "A4_2"})  # UseSTD3ASCIIRules, VerifyDnsLength off
_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}")


class Case(NamedTuple):
    line: int
    raw: str
    source: str
    to_unicode: str
    to_ascii: str
    errors: frozenset[str]


def _unescape(field: str) -> str:
    if field == '""':
        return ""
    return _ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), field)


def load_cases() -> list[Case]:
    cases = []
    with DATA.open(encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            body = line.split("#", 1)[0].strip()
            if not body:
                continue
            cols = [c.strip() for c in body.split(";")]
            source = _unescape(cols[0])
            to_unicode = source if cols[1] == "" else _unescape(cols[1])
            to_ascii_n = to_unicode if cols[3] == "" else _unescape(cols[3])
            status = cols[4] if cols[4] else cols[2]
            codes = frozenset(c.strip() for c in status.strip("[]").split(",") if c.strip())
            cases.append(Case(number, cols[0], source, to_unicode, to_ascii_n, codes - IGNORED))
    return cases


def _idna2008_valid(char: str) -> bool:
    cp = ord(char)
    classes = idnadata.codepoint_classes
    return any(intranges_contain(cp, classes[k]) for k in ("PVALID", "CONTEXTJ", "CONTEXTO"))


def idna2008_strict(case: Case) -> bool:
    """The header's rule: "an implementation conformant to IDNA2008 would skip any line
    ... that contained a character in the toUnicode field that has the IDNA2008 Status
    value NV8 or XV8". We use the `idna` package's IDNA2008 classes: a non-ASCII label of
    the expected toUnicode holds a character that is not PVALID/CONTEXTJ/CONTEXTO (NV8,
    XV8, and STD3-disallowed ASCII inside a U-label, which IDNA2008 also rejects)."""
    if case.errors:
        return False
    return any(
        not label.isascii() and not all(_idna2008_valid(c) for c in label)
        for label in case.to_unicode.split(".")
    )


def unicode_version(case: Case) -> bool:
    """A success is expected but the case holds a character unassigned in this Python's
    ``unicodedata`` (3.11: Unicode 14.0), whose Bidi_Class the Bidi Rule needs."""
    return not case.errors and any(
        unicodedata.category(c) == "Cn" for c in case.source + case.to_unicode
    )


_LDH = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")


def std3_as_v6(case: Case) -> bool:
    """IdnaTestV2 15.1.0 only: an ASCII character that only UseSTD3ASCIIRules disallows
    (e.g. ``$``) carries V6; from 16.0.0 the same line says U1, which the header tells us
    to ignore with UseSTD3ASCIIRules=false, as 3987bis 3.4 asks."""
    return (
        case.errors == {"V6"} and case.source.isascii() and any(c not in _LDH for c in case.source)
    )


PREDICATES = {
    "idna2008-strict": idna2008_strict,
    "unicode-version": unicode_version,
    "std3-as-v6": std3_as_v6,
}


def load_expected_failures() -> dict[int, tuple[str, str]]:
    expected: dict[int, tuple[str, str]] = {}
    for line in EXPECTED_FAILURES.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        number, category, raw = line.split("\t")
        expected[int(number)] = (category, raw)
    return expected


CASES = load_cases()
EXPECTED = load_expected_failures()


def _params() -> list[object]:
    params: list[object] = []
    for case in CASES:
        marks = []
        if case.line in EXPECTED:
            category, raw = EXPECTED[case.line]
            assert raw == case.raw, f"expected_failures.txt line {case.line} is stale"
            # unicode-version entries only apply while this Python lacks the characters.
            if PREDICATES[category](case):
                marks.append(pytest.mark.xfail(strict=True, reason=category))
        params.append(pytest.param(case, id=f"L{case.line}", marks=marks))
    return params


def test_expected_failures_are_reasoned() -> None:
    by_line = {c.line: c for c in CASES}
    for number, (category, _) in EXPECTED.items():
        assert category in PREDICATES
        if category != "unicode-version":
            assert PREDICATES[category](by_line[number]), number


def test_file_choice() -> None:
    assert _file_version("15.1.0") == "15.1.0"
    assert _file_version("16.0.0") == "16.0.0"
    assert _file_version("17.0.0") == "17.0.0"
    assert _file_version("18.0.0") == "17.0.0"
    assert _file_version("15.0.0") is None
    assert DATA.exists() and EXPECTED_FAILURES.exists()


def test_pass_rate_recorded() -> None:
    failing = sum(1 for n, (cat, _) in EXPECTED.items() if cat == "idna2008-strict")
    assert (len(CASES), failing) == RECORDED[VERSION]


@pytest.mark.parametrize("case", _params())
def test_to_ascii(case: Case) -> None:
    if case.errors:
        with pytest.raises(IDNAError):
            to_ascii(case.source)
    else:
        assert to_ascii(case.source) == case.to_ascii
