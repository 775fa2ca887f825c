"""The Sphinx extension of the documentation site (docs/conf.py loads it).

* Before Sphinx reads the sources, the API pages are written (tools/docs_reference.py).
* A cross-reference written to a public name's defining module
  (``iri.value.reference.IRIReference``, as autodoc writes type hints) goes to the entry of
  its public name (``iri.IRIReference``).
* The "Bases:" line of a class lists public classes, never an internal base.
"""

from __future__ import annotations

import importlib
from typing import Any

from docs_reference import DATA_DOCS, public_names, python_object, write_pages


def _exists(target: str) -> bool:
    """Whether ``target`` names a module of iri or an attribute reachable from one."""
    parts = target.split(".")
    for k in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:k]))
        except ImportError:
            continue
        for part in parts[k:]:
            if not hasattr(obj, part):
                return False
            obj = getattr(obj, part)
        return True
    return False


def _public_twin(target: str) -> str | None:
    """``iri.NAME[.attr]`` when ``target`` is a module path to the object ``iri.NAME``
    (``iri.safety.findings.Level`` is ``iri.AuditLevel``)."""

    parts = target.split(".")
    for k in range(2, len(parts)):
        try:
            obj = getattr(importlib.import_module(".".join(parts[:k])), parts[k])
        except (ImportError, AttributeError):
            continue
        for name in public_names():
            if name not in DATA_DOCS and python_object(name) is obj:
                return ".".join(["iri", name, *parts[k + 1 :]])
    return None


def _missing_reference(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """A reference into iri that Sphinx did not find: to a public name's module path, the
    public name's entry; to an internal object that exists (``iri.syntax.hosts``, a helper a
    docstring names), its name as code without a link, since internals have no page. A
    reference to something that does not exist stays missing, and fails the build."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    if not target.startswith("iri."):
        return None
    twin = _public_twin(target)
    if twin is not None:
        domain = env.get_domain("py")
        return domain.resolve_xref(
            env, node.get("refdoc"), app.builder, node.get("reftype"), twin, node, contnode
        )
    return contnode if _exists(target) else None


def _public_bases(app: Any, name: str, obj: Any, options: Any, bases: list[Any]) -> None:
    """The "Bases:" line lists public classes: an internal base is replaced by its own bases."""

    public = {id(python_object(n)) for n in public_names() if n not in DATA_DOCS}

    def visible(cls: Any) -> list[Any]:
        internal = getattr(cls, "__module__", "").startswith("iri") and id(cls) not in public
        if internal and cls is not obj:
            return [b for base in cls.__bases__ for b in visible(base)]
        return [cls]

    bases[:] = [b for base in list(bases) for b in visible(base)]


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", lambda app: write_pages())
    app.connect("missing-reference", _missing_reference)
    app.connect("autodoc-process-bases", _public_bases)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
