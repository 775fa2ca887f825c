"""Write tests/corpora/unicode-idna/expected_failures-<version>.txt for the installed idna.

Run with the `idna` whose Unicode version (``idna.idnadata.__version__``) the file is for:
``python tools/gen_uts46_expected_failures.py``. Every failing case of
tests/conformance/test_uts46.py must fall under one of the test's categories (predicates);
a failure that none explains is printed and the script exits 1 without writing.
For a new Unicode version: copy IdnaTestV2-<version>.txt into tests/corpora/unicode-idna/
(byte for byte, README.md row), add the version to RECORDED in the test, then run this.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests" / "conformance")]

from idna import idnadata  # noqa: E402

CORPUS = ROOT / "tests" / "corpora" / "unicode-idna"
VERSION = idnadata.__version__
TARGET = CORPUS / f"expected_failures-{VERSION}.txt"
HEADER = f"""\
# Expected failures of tests/conformance/test_uts46.py on IdnaTestV2-{VERSION}.txt.
# Written by tools/gen_uts46_expected_failures.py with idna's Unicode {VERSION} tables.
# One line per case: <line number in the file> TAB <category> TAB <source column as written>.
# Categories (predicates in the test, checked for every line):
#   idna2008-strict  the expected toUnicode holds a character that IDNA2008 does not allow
#                    (NV8/XV8 in IdnaMappingTable.txt); the file's header says an IDNA2008
#                    implementation skips these lines. We use IDNA2008 code point classes
#                    (`idna` package), as 3987bis 3.4.2 asks (RFC 5891 lookup).
#   unicode-version  the case holds a character unassigned in CPython 3.11's unicodedata
#                    (Unicode 14.0); the RFC 5893 Bidi Rule cannot classify it. Applies only
#                    while the running Python lacks the character.
#   std3-as-v6       IdnaTestV2 15.1.0 marks an ASCII character that only UseSTD3ASCIIRules
#                    disallows (e.g. "$") with V6; 16.0.0 says U1, ignored with STD3 off.
"""


def main() -> int:
    if not TARGET.exists():
        TARGET.write_text(HEADER, encoding="utf-8")  # the test module reads it on import
    import test_uts46 as t

    from iri.errors import IDNAError

    lines: list[str] = []
    unexplained = 0
    for case in t.CASES:
        try:
            result: str | None = t.to_ascii(case.source)
        except IDNAError:
            result = None
        ok = result is None if case.errors else result == case.to_ascii
        if ok:
            continue
        category = next((name for name, pred in t.PREDICATES.items() if pred(case)), None)
        if category is None:
            unexplained += 1
            print(f"unexplained: line {case.line}: {case.raw} {sorted(case.errors)}")
            continue
        lines.append(f"{case.line}\t{category}\t{case.raw}\n")
    if unexplained:
        print(f"{unexplained} failures without a category; nothing written")
        return 1
    TARGET.write_text(HEADER + "".join(lines), encoding="utf-8")
    print(f"{TARGET.name}: {len(lines)} expected failures of {len(t.CASES)} cases")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
