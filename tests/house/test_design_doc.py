"""docs/design.md names every module of src/iri, and names nothing that is not one.

The module tree of design.md's "Modules" section is read by indentation (two spaces a level,
one entry a line, a folder ends in "/"), and compared with the files on disk both ways: a new
module that the design does not draw fails, and so does a drawn module that was deleted.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "iri"
DESIGN = ROOT / "docs" / "design.md"

_ENTRY = re.compile(r"^(?P<indent>(?:  )*)(?P<name>[A-Za-z_][\w]*(?:\.py|/))(?:\s|$)")


def drawn_modules(text: str) -> list[str]:
    """The module paths of the first ```text block after the "## Modules" heading."""
    section = text.split("\n## Modules\n", 1)[1]
    block = section.split("```text\n", 1)[1].split("\n```", 1)[0]
    stack: list[str] = []
    paths: list[str] = []
    for line in block.splitlines():
        match = _ENTRY.match(line)
        assert match, f"design.md module tree: cannot read the line {line!r}"
        depth = len(match["indent"]) // 2
        assert depth <= len(stack), f"design.md module tree: {line!r} is indented too far"
        del stack[depth:]
        name = match["name"]
        if name.endswith("/"):
            stack.append(name)
        else:
            paths.append("".join(stack) + name)
    return paths


def present_modules() -> set[str]:
    return {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts
    }


def test_reader_follows_indentation() -> None:
    tree = "a.py  one\nb/  two\n  c.py  three\n  d/\n    e.py\nf.py"
    text = f"x\n## Modules\n\n```text\n{tree}\n```\n"
    assert drawn_modules(text) == ["a.py", "b/c.py", "b/d/e.py", "f.py"]


def test_every_module_is_drawn_in_design_md() -> None:
    drawn = drawn_modules(DESIGN.read_text(encoding="utf-8"))
    assert len(drawn) == len(set(drawn)), "a module is drawn twice in docs/design.md"
    missing = sorted(present_modules() - set(drawn))
    assert not missing, f"modules that docs/design.md does not name: {missing}"


def test_every_drawn_module_exists() -> None:
    drawn = set(drawn_modules(DESIGN.read_text(encoding="utf-8")))
    stale = sorted(drawn - present_modules())
    assert not stale, f"docs/design.md names modules that do not exist: {stale}"
