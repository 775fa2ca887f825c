"""The examples in README.md, CONTRIBUTING.md and docs/*.md (every hand-written page of the
documentation site; the generated API pages show the docstrings, which pytest runs with
--doctest-modules) are run as doctests: documentation cannot rot."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(r"^\s*```.*$", re.MULTILINE)


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_examples_in_docs(path: Path) -> None:
    # Markdown code fences end an example's expected output, as a blank line would.
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0


def test_docs_that_must_exist() -> None:
    for name in (
        "index.md",
        "conf.py",
        "design.md",
        "api.md",
        "rationale.md",
        "spec-map.md",
        "violations.md",
    ):
        assert (ROOT / "docs" / name).is_file(), name
