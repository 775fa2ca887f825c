"""Sphinx configuration of the documentation site: ``make docs`` builds it into build/html.

Why Sphinx, with MyST-Parser and the Furo theme (checked 2026-11: all three release several
times a year and are maintained by active teams):

* Sphinx is the generator of CPython's and yarl's docs and of most of the Python ecosystem.
  Its autodoc reads our docstrings (reStructuredText, with ``:func:`` cross-references) and
  our signatures with their type hints as they are, and its strict mode (``-W -n``) turns
  every warning and every broken cross-reference into a failed build.
* MyST-Parser keeps the hand-written pages Markdown: they are still read on the forge and
  still run as doctests (tests/house/test_docs.py).
* Furo is a modern, accessible theme (light and dark, readable on a phone), used by pip,
  attrs and urllib3, with Sphinx's own client-side search.

The alternative, MkDocs-Material with mkdocstrings, was set aside: MkDocs itself has had no
release since 1.6.1 (August 2024) and the Material theme's authors have moved to a successor,
while mkdocstrings would have re-read our reStructuredText docstrings through a converter.

The API reference (docs/reference/, not committed) is generated at every build from
``iri.__all__`` and the public submodules by tools/docs_reference.py: a new public name
appears without an edit here, and tests/house/test_api_reference.py fails on a name that has
no docstring.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tools"))
# Document the Python functions (their signatures and docstrings), never the compiled
# drop-ins of iri._native that stand in for some of them at run time.
os.environ["IRI_NO_EXTENSIONS"] = "1"

import iri  # noqa: E402

project = "iri"
author = "The iri developers"
copyright = "The iri developers, Apache-2.0"  # noqa: A001 (Sphinx's own setting name)
release = version = iri.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinxarg.ext",
    "docs_extension",  # tools/docs_extension.py: the generated API pages, cross-references
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

# MyST: GitHub-style anchors on headings (the pages link to them, the forge makes the same),
# ```{directive} fences, and $ not taken as maths (the pages talk about shells).
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence", "deflist"]

# Strict: the Makefile passes -W (a warning fails) and -n (so does a broken cross-reference).
# Names outside iri (str, collections.abc.Iterable, pyarrow.Array ...) have no page here and
# no inventory is downloaded (the build is offline), so only references into iri must resolve.
nitpicky = True
nitpick_ignore_regex = [(r"py:.*", r"(?!iri(\.|$)).*")]

autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_preserve_defaults = True
# The integrations' libraries, when they are not installed (a docs-only environment): autodoc
# imports the modules, and a stand-in takes the place of a missing library. Where they are
# installed (make docs, in the .venv of make test) the real ones are used.
autodoc_mock_imports = [
    name
    for name in ("polars", "duckdb", "pyspark", "dask", "distributed", "pandas", "pyarrow")
    if importlib.util.find_spec(name) is None
]

html_theme = "furo"
html_title = f"iri {release}"
html_static_path = ["_static"]
html_css_files = ["iri.css"]
html_baseurl = "https://iri.readthedocs.io/en/latest/"
html_theme_options = {
    "navigation_with_keys": True,
    # No "view source" button: the API pages are generated and have no source in the forge.
    "top_of_page_buttons": [],
}
html_show_sourcelink = False
html_copy_source = False
pygments_style = "friendly"
pygments_dark_style = "monokai"
html_favicon = "_static/favicon.svg"
