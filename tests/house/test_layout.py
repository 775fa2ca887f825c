"""The layout of tests/ (docs/design.md, Tests): one folder per wing of src/iri/, plus the
folders of the house, the cross-surface properties, the conformance corpora and the cases."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PACKAGE = ROOT / "src" / "iri"
#: Beside the wings: the house rules, cross-surface properties, conformance corpora, spec
#: cases, and the differential tests of the compiled core (native/, iri._native).
OTHERS = {"house", "property", "conformance", "corpora", "cases", "native", "dist"}


def _wings() -> set[str]:
    return {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}


def test_every_wing_of_src_has_its_test_folder_and_nothing_else_is_there() -> None:
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    assert _wings() <= folders
    assert folders - _wings() == OTHERS


def test_test_module_names_are_unique_and_name_no_issue_number() -> None:
    names = [p.name for p in TESTS.rglob("test_*.py") if "corpora" not in p.parts]
    assert [n for n, count in Counter(names).items() if count > 1] == []
    assert [n for n in names if re.search(r"issue|_\d+\.py$", n)] == []


_ISSUE_NAMED = re.compile(r"def (test_\w*(?:issue_?\d|the_issue)\w*)")


def test_test_functions_name_no_issue_number() -> None:
    found = [
        f"{p.relative_to(TESTS)}: {m.group(1)}"
        for p in TESTS.rglob("test_*.py")
        for m in _ISSUE_NAMED.finditer(p.read_text(encoding="utf-8"))
    ]
    assert found == []
