"""The API reference of the documentation site, generated at every build from the code.

tools/docs_extension.py (the Sphinx extension docs/conf.py loads) calls :func:`write_pages`
before Sphinx reads the sources; it writes docs/reference/ (not committed):

* one page per topic of :data:`TOPICS` with an autodoc entry for each name of ``iri.__all__``
  (a name no topic lists lands on the page "More names", so a new public name always has a
  page), each followed by links to the readings of docs/rationale.md that mention it;
* one page per public submodule of :data:`PACKAGES` (found by walking the packages, so a new
  integration module appears by itself);
* the ``iri`` command, from its argparse parser (sphinx-argparse).

tests/house/test_api_reference.py checks the result: every public name on a page, with a
docstring.

Run alone, ``python tools/docs_reference.py`` writes the pages and lists them.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
OUT = DOCS / "reference"
RATIONALE = DOCS / "rationale.md"

# The public packages whose submodules each get a page (their own docstring opens it).
PACKAGES = ("iri.schemes", "iri.scale", "iri.integrations")


@dataclass(frozen=True)
class Topic:
    slug: str
    title: str
    intro: str
    names: tuple[str, ...]


TOPICS = (
    Topic(
        "checking",
        "Checking and splitting",
        "Strict validation against RFC 3987 / 3987bis, with every violation reported as data.",
        (
            "check",
            "is_valid",
            "Violation",
            "Code",
            "Severity",
            "Rule",
            "ZoneID",
            "split",
            "Components",
        ),
    ),
    Topic(
        "values",
        "IRI values",
        "The immutable reference value: components, building and modifying, query as data.",
        (
            "parse",
            "IRIReference",
            "query_params",
            "QueryParams",
            "QueryStyle",
            "Origin",
            "OpaqueOrigin",
        ),
    ),
    Topic(
        "resolution",
        "Resolution",
        "RFC 3986 section 5 reference resolution, applied to IRIs, and its inverse.",
        ("resolve", "relativize", "remove_dot_segments"),
    ),
    Topic(
        "conversion",
        "Conversion between IRIs and URIs",
        "RFC 3987 section 3: IRI to URI and back, IDNA2008 / UTS #46 hosts.",
        ("to_uri", "to_iri", "HostMapping", "KeepQuery", "Unencodable"),
    ),
    Topic(
        "comparison",
        "Comparison and normalization",
        "The RFC 3987 section 5 comparison ladder, rung by rung.",
        ("normalize", "equivalent", "key", "Level", "CharacterNormalization"),
    ),
    Topic(
        "liberal",
        "Liberal input",
        "What people type, LEIRIs, web addresses as browsers read them, legacy charsets.",
        (
            "preprocess",
            "split_references",
            "lenient",
            "from_leiri",
            "from_href",
            "href_steps",
            "from_bytes",
            "to_document",
            "from_local_name",
            "candidate_readings",
        ),
    ),
    Topic(
        "text",
        "Links in text",
        "Finding IRIs in running text (UTS #58) and formatting them back.",
        ("extract", "format_link"),
    ),
    Topic(
        "safety",
        "Display and safety",
        "Bidi-safe display, visual order and the spoofing audit.",
        (
            "to_display",
            "Password",
            "Wrap",
            "visual_order",
            "audit",
            "Finding",
            "AuditCode",
            "AuditLevel",
            "RestrictionLevel",
        ),
    ),
    Topic(
        "errors",
        "Exceptions",
        "Every exception the library raises on purpose; all derive from :class:`iri.IRIError`.",
        (
            "IRIError",
            "InvalidIRI",
            "ComponentError",
            "ResolutionError",
            "IDNAError",
            "CharsetError",
            "HrefError",
        ),
    ),
    Topic(
        "package", "The package", "Which core runs, and which release.", ("NATIVE", "__version__")
    ),
)
MORE = Topic("more", "More names", "Public names no topic lists yet.", ())

# Data names carry no docstring of their own (a bool, a str): their text is here.
DATA_DOCS = {
    "NATIVE": (
        "``True`` when the compiled core (``iri._native``, Rust) is in use, ``False`` for pure "
        "Python: the extension is not built or ``IRI_NO_EXTENSIONS`` is set. Both give the "
        "same values, types and errors; ``iri --version`` prints which one runs."
    ),
    "__version__": 'The release of the installed package, as a string (``"0.1.0"``).',
}

_LABEL = re.compile(r"^\((rationale-[a-z0-9-]+)\)=\s*$")
_HEADING = re.compile(r"^#{2,6}\s+(.*?)\s*$")


# --- what is public ---------------------------------------------------------------------------


def public_names() -> list[str]:
    import iri

    return list(iri.__all__)


def topic_of() -> dict[str, Topic]:
    """Each public name and the topic whose page shows it (MORE for names no topic lists)."""
    listed = {n: t for t in TOPICS for n in t.names}
    return {n: listed.get(n, MORE) for n in public_names()}


def documented_modules() -> list[str]:
    """The public submodules of PACKAGES, found by walking them (no ``_`` module)."""
    found: list[str] = []
    for package in PACKAGES:
        found.append(package)
        module = importlib.import_module(package)
        for info in pkgutil.iter_modules(module.__path__, package + "."):
            if not info.name.rsplit(".", 1)[1].startswith("_"):
                found.append(info.name)
    return found


def python_object(name: str) -> Any:
    """The Python object of a public name: ``iri.check`` may be the compiled core's drop-in
    at run time, but the reference documents the Python function it stands in for."""
    import iri

    module, _, attr = getattr(iri, "_LAZY", {}).get(name, "").partition(":")
    if module:
        return getattr(importlib.import_module(module), attr or name)
    return getattr(iri, name)


def docstring(name: str) -> str:
    """The text a public name is documented by: its docstring, or DATA_DOCS for data."""
    if name in DATA_DOCS:
        return DATA_DOCS[name]
    obj = python_object(name)
    doc = getattr(obj, "__doc__", None) or ""
    return doc if callable(obj) or isinstance(obj, type) else ""


def _annotation_types(func: Any) -> set[type]:
    """The classes named in ``func``'s annotations that the module can see at run time."""
    hints = getattr(func, "__annotations__", None)
    if not isinstance(hints, dict):
        return set()
    scope = getattr(func, "__globals__", {})
    found: set[type] = set()
    for hint in hints.values():
        for word in re.findall(r"[A-Za-z_][A-Za-z0-9_.]*", hint if isinstance(hint, str) else ""):
            obj: Any = scope.get(word.split(".")[0])
            for part in word.split(".")[1:]:
                obj = getattr(obj, part, None)
            if isinstance(obj, type):
                found.add(obj)
        if isinstance(hint, type):
            found.add(hint)
    return found


def related_types(names: list[str]) -> list[type]:
    """Classes of iri that the signatures of ``names`` (and of their methods) use but that
    are not public names: option enums and result types of the submodules. They are
    documented on the topic's page under their module path, so the signatures link to them."""

    public = {id(python_object(n)) for n in public_names() if n not in DATA_DOCS}
    found: dict[str, type] = {}
    for name in names:
        if name in DATA_DOCS:
            continue
        obj = python_object(name)
        funcs = [obj]
        if isinstance(obj, type):
            funcs = [v for k, v in vars(obj).items() if not k.startswith("_") and callable(v)]
            funcs.append(getattr(obj, "__init__", None))
        for func in funcs:
            for cls in _annotation_types(func):
                module = getattr(cls, "__module__", "")
                if module.startswith("iri.") and id(cls) not in public:
                    found.setdefault(f"{module}.{cls.__qualname__}", cls)
    return [found[k] for k in sorted(found)]


# --- the readings of docs/rationale.md --------------------------------------------------------


def readings() -> list[tuple[str, str, str]]:
    """(label, heading, body) of each labelled entry of docs/rationale.md."""
    entries: list[tuple[str, str, str]] = []
    label = ""
    heading = ""
    body: list[str] = []
    for line in RATIONALE.read_text(encoding="utf-8").splitlines():
        m = _LABEL.match(line)
        if m:
            if label:
                entries.append((label, heading, "\n".join(body)))
            label, heading, body = m.group(1), "", []
            continue
        h = _HEADING.match(line)
        if h and label and not heading:
            heading = h.group(1)
        else:
            body.append(line)
    if label:
        entries.append((label, heading, "\n".join(body)))
    return [e for e in entries if e[1]]


def readings_of(name: str, entries: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """The entries (label, text) about ``name``: its heading names it as code, or its body
    calls it (``name(``) or names it in full (``iri.name``); the text is "section › heading"."""
    if name.startswith("_") or name == "NATIVE":
        return []
    word = re.escape(name)
    in_heading = re.compile(rf"`(?:iri\.)?{word}(?:\(|`|\.)")
    in_body = re.compile(rf"`(?:iri\.)?{word}\(|\biri\.{word}\b")
    sections = {label: heading for label, heading, _ in entries if label.count("-") == 1}
    found = []
    for label, heading, body in entries:
        if in_heading.search(heading) or in_body.search(body):
            section = sections.get(label.rsplit("-", 1)[0] if label.count("-") > 1 else "")
            found.append((label, f"{section} › {heading}" if section else heading))
    return found


# --- the pages --------------------------------------------------------------------------------


def _title(text: str, mark: str = "=") -> list[str]:
    return [text, mark * len(text), ""]


def _entry(name: str) -> list[str]:

    if name in DATA_DOCS:
        return [f".. py:data:: {name}", "", f"   {DATA_DOCS[name]}", ""]
    obj = python_object(name)
    if isinstance(obj, type) and issubclass(obj, BaseException):
        return [f".. autoexception:: {name}", ""]
    if isinstance(obj, type):
        return [f".. autoclass:: {name}", *_inherited(obj), ""]
    return [f".. autofunction:: {name}", ""]


def _inherited(cls: type) -> list[str]:
    """Members a class takes from an internal base of iri (IRIReference's from QueryAndPath)
    are shown on its page; those of Python's own bases (tuple, str) are not."""
    import iri

    internal = [
        b
        for b in cls.__mro__[1:]
        if b.__module__.startswith("iri") and getattr(iri, b.__name__, None) is not b
    ]
    if not internal:
        return []
    outside = next(b for b in cls.__mro__ if not b.__module__.startswith("iri"))
    return [f"   :inherited-members: {outside.__name__}"]


def topic_page(topic: Topic, names: list[str], entries: list[tuple[str, str, str]]) -> str:
    lines = [
        ".. This page is generated by tools/docs_reference.py at every build: edit the docstrings.",
        "",
        *_title(topic.title),
        topic.intro,
        "",
        ".. currentmodule:: iri",
        "",
        ".. list-table::",
        "   :widths: 30 70",
        "",
    ]
    for name in names:
        first = docstring(name).strip().split("\n\n")[0].replace("\n", " ")
        lines += [f"   * - :py:obj:`{name}`", f"     - {first}"]
    lines.append("")
    for name in names:
        lines += _entry(name)
        found = readings_of(name, entries)
        if found:
            lines += [
                "   .. admonition:: Readings of the specifications",
                "      :class: readings",
                "",
            ]
            lines += [f"      - :ref:`{text.replace('`', '')} <{label}>`" for label, text in found]
            lines.append("")
    types = related_types(names)
    if types:
        lines += [
            *_title("Types in these signatures", "-"),
            "Option and result types of the functions above, imported from their module.",
            "",
        ]
        for cls in types:
            lines += [f".. autoclass:: {cls.__module__}.{cls.__qualname__}", ""]
    return "\n".join(lines)


def module_page(module: str) -> str:
    lines = [
        ".. This page is generated by tools/docs_reference.py at every build: edit the docstrings.",
        "",
        *_title(f"``{module}``"),
    ]
    if module in PACKAGES:
        subs = [m for m in documented_modules() if m.startswith(module + ".")]
        lines += [f".. automodule:: {module}", "   :no-members:", ""]
        lines += [".. toctree::", "   :maxdepth: 1", ""] + [f"   {m}" for m in subs] + [""]
    else:
        lines += [f".. automodule:: {module}", "   :members:", ""]
    return "\n".join(lines)


def cli_page() -> str:
    return "\n".join(
        [
            ".. This page is generated by tools/docs_reference.py at every build from the"
            " command's parser (iri/cli/_parser.py).",
            "",
            *_title("The ``iri`` command"),
            "Every option of every subcommand, generated from the parser the command runs"
            " (``iri COMMAND --help`` prints the same). :doc:`../cli` explains them with"
            " examples.",
            "",
            ".. argparse::",
            "   :module: iri.cli._parser",
            "   :func: parser",
            "   :prog: iri",
            "   :noepilog:",
            "",
        ]
    )


def index_page(topics: list[Topic]) -> str:
    modules = [m for m in documented_modules() if m in PACKAGES]
    lines = [
        ".. This page is generated by tools/docs_reference.py at every build.",
        "",
        *_title("API reference"),
        "Everything below is generated from the docstrings. ``import iri`` gives every name of"
        " the first part (``iri.check``, ``iri.IRIReference`` ...); the submodules of the"
        " second part are imported by their full name. :doc:`../api` walks through the same"
        " names with examples.",
        "",
        ".. toctree::",
        "   :caption: import iri",
        "   :maxdepth: 1",
        "",
        *[f"   {t.slug}" for t in topics],
        "",
        ".. toctree::",
        "   :caption: Submodules and the command",
        "   :maxdepth: 1",
        "",
        *[f"   {m}" for m in modules],
        "   cli",
        "",
    ]
    return "\n".join(lines)


def pages() -> Iterator[tuple[str, str]]:
    """(file name, text) of every generated page."""
    by_topic = topic_of()
    entries = readings()
    topics = [t for t in (*TOPICS, MORE) if any(by_topic[n] is t for n in by_topic)]
    for t in topics:
        names = [n for n in (t.names or public_names()) if by_topic.get(n) is t]
        yield f"{t.slug}.rst", topic_page(t, names, entries)
    for module in documented_modules():
        yield f"{module}.rst", module_page(module)
    yield "cli.rst", cli_page()
    yield "index.rst", index_page(topics)


def write_pages(out: Path = OUT) -> list[Path]:
    """Write the pages (only those that changed, for Sphinx's incremental build) and remove
    pages of names or modules that are gone."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for filename, text in pages():
        path = out / filename
        if not path.exists() or path.read_text(encoding="utf-8") != text + "\n":
            path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    for stale in set(out.glob("*.rst")) - set(written):
        stale.unlink()
    return written


if __name__ == "__main__":
    os.environ["IRI_NO_EXTENSIONS"] = "1"  # the Python functions, as docs/conf.py
    sys.path.insert(0, str(ROOT / "src"))
    for path in write_pages():
        print(path.relative_to(ROOT))
