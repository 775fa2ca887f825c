"""The import graph of iri's modules has no cycle, counting every import statement.

Imports inside functions and under ``if TYPE_CHECKING:`` count too (issue 18): a lazy import
is still a dependency, and a type-only import still couples two modules. The layer rules
themselves are import-linter contracts in pyproject.toml (``lint-imports``, run by
``make test``); this test is the independent check that no circle exists at all, with the
package root included (its type-checking imports name every public module, so a module
importing ``iri`` itself would close a loop).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "iri"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _all_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of the module: at top level, in functions, under any ``if``."""
    return [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _edges(module: str, path: Path) -> set[str]:
    """The modules that ``module`` needs loaded at import time.

    A package's ``__init__`` counts only when named for itself (``import iri``, or
    ``from iri import parse``): while ``iri/__init__.py`` runs, ``import iri.syntax.split`` or
    ``from iri.syntax import hosts`` load only the submodule.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    targets: set[str] = set()
    for node in _all_imports(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = _resolve(module, path, node)
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
            names = subs if len(subs) == len(node.names) else [base, *subs]
        targets.update(n for n in names if n in MODULES and n != module)
    return targets


def graph() -> dict[str, set[str]]:
    return {name: _edges(name, path) for name, path in MODULES.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle as a list of modules (first == last), or None. Iterative DFS, three colours."""
    white, grey, black = 0, 1, 2
    colour = dict.fromkeys(edges, white)
    for root in sorted(edges):
        if colour[root] != white:
            continue
        stack: list[tuple[str, list[str]]] = [(root, sorted(edges[root]))]
        colour[root] = grey
        path = [root]
        while stack:
            node, todo = stack[-1]
            if not todo:
                colour[node] = black
                stack.pop()
                path.pop()
                continue
            nxt = todo.pop()
            if nxt not in colour:
                continue
            if colour[nxt] == grey:
                return [*path[path.index(nxt) :], nxt]
            if colour[nxt] == white:
                colour[nxt] = grey
                path.append(nxt)
                stack.append((nxt, sorted(edges[nxt])))
    return None


def test_the_package_is_found() -> None:
    expected = {"iri", "iri.value.reference", "iri.ladder.normalize", "iri.syntax.grammar"}
    assert expected <= set(MODULES)


def test_no_import_cycle() -> None:
    edges = graph()
    # The package's __init__ imports everything; a module importing "iri" itself (to
    # reach the public API) would close a loop through it, which is a cycle too.
    cycle = find_cycle(edges)
    assert cycle is None, " -> ".join(cycle or [])


def test_normalize_does_not_import_the_value() -> None:
    assert "iri.value.reference" not in graph()["iri.ladder.normalize"]


@pytest.mark.parametrize(
    ("edges", "cyclic"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, False),
        ({"a": {"b"}, "b": {"a"}}, True),
        ({"a": {"b", "c"}, "b": {"c"}, "c": {"a"}}, True),
        ({"a": {"a"}}, True),
        ({"a": {"b"}, "b": set(), "c": {"b"}}, False),
    ],
)
def test_find_cycle_itself(edges: dict[str, set[str]], cyclic: bool) -> None:
    assert (find_cycle(edges) is not None) is cyclic


def test_lazy_and_type_checking_imports_count() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import iri.errors\n"
        "if TYPE_CHECKING:\n    import iri.value.query\n"
        "def f():\n    import iri.ladder.normalize\n"
        "try:\n    import iri.syntax.hosts\nexcept ImportError:\n    pass\n"
    )
    tree = ast.parse(source)
    names = {a.name for n in _all_imports(tree) if isinstance(n, ast.Import) for a in n.names}
    assert names == {"iri.errors", "iri.value.query", "iri.ladder.normalize", "iri.syntax.hosts"}


def test_a_module_importing_the_root_closes_a_loop() -> None:
    # the root's type-checking imports name the public modules: importing ``iri`` from one
    # of them is a circle, which the graph must see
    edges = graph()
    edges["iri.syntax.split"] = {*edges["iri.syntax.split"], "iri"}
    assert find_cycle(edges) is not None
