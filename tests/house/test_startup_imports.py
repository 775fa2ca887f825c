"""Start-up (issue 12): ``import iri`` and ``iri check URL`` do not import heavy modules.

Each check runs in a fresh interpreter, so that modules loaded by other tests do not count.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[2] / "src")

#: Loaded on first need only: the idna package (non-ASCII or escaped hosts), dataclasses
#: (whose import pulls in inspect and ast), the modules behind the other public functions,
#: shutil (argparse's terminal width), typing (TYPE_CHECKING = False in the modules on the
#: path; the named tuples of iri.syntax.split are collections.namedtuple at run time) and the full
#: IPv6 grammar.
HEAVY = (
    "dataclasses",
    "idna",
    "idna.core",
    "inspect",
    "iri.convert.uri",
    "iri.text.extract",
    "iri.ladder.normalize",
    "iri.syntax.percent",
    "iri.value.reference",
    "iri.syntax.should",
    "json",
    "shutil",
    "typing",
)


def _modules_after(code: str, *, pure: bool = False) -> set[str]:
    """The modules a fresh interpreter has loaded after ``code``; ``pure``: with
    IRI_NO_EXTENSIONS=1 (the Python path, which is what loads the most modules)."""
    env = {**os.environ, "PYTHONPATH": SRC}
    if pure:
        env["IRI_NO_EXTENSIONS"] = "1"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            # modules loaded from a file: not the aliases of moved module paths (no spec)
            code + "\nimport sys; print(sorted(n for n, m in sys.modules.items()"
            " if getattr(m, '__spec__', None) is not None or n in sys.builtin_module_names))",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return set(ast.literal_eval(done.stdout.splitlines()[-1]))


def test_import_iri_imports_only_the_package() -> None:
    before = _modules_after("")
    after = _modules_after("import iri")
    assert after - before == {"iri"}


def test_check_command_loads_no_heavy_module() -> None:
    loaded = _modules_after(
        "from iri.cli import main\n"
        "assert main(['check', 'http://example.com/']) == 0\n"
        "from iri.syntax import grammar as _grammar\n"
        "assert _grammar.ip_literal_pattern.cache_info().currsize == 0\n"
    )
    import iri

    # it did run: in the compiled core when it is in use (issue 21), else in Python
    assert ("iri._native" if iri.NATIVE else "iri.syntax.check") in loaded
    assert sorted(loaded & set(HEAVY)) == []


def test_heavy_modules_load_when_needed() -> None:
    # a non-ASCII text with an escape: the Python checker needs the warnings and the idna
    # package (the compiled core, when in use, answers this text without them)
    loaded = _modules_after(
        "import iri\nassert iri.check('http://example.com/%C3%A9ü') is not None\n", pure=True
    )
    assert {"iri.syntax.should", "iri.syntax.percent", "idna.core"} <= loaded


def test_lazy_names_resolve_to_functions() -> None:
    import iri.extract
    import iri.normalize
    import iri.relativize
    import iri.resolve

    import iri

    for name in ("normalize", "extract", "resolve", "relativize", "check", "parse"):
        assert callable(getattr(iri, name)) and not isinstance(getattr(iri, name), type(iri))
    assert set(iri.__all__) <= set(dir(iri))


def test_normalize_command_loads_the_idna_package_only_for_an_idn_host() -> None:
    # (the scheme level maps IDN hosts to their U-label form: RFC 3987 5.3.3; the compiled
    # core maps a name of simple labels itself, not a right-to-left one)
    code = "from iri.cli import main\nassert main(['normalize', '--level', 'scheme', {!r}]) == 0\n"
    assert "idna" not in _modules_after(code.format("HTTP://Example.COM/%7e"))
    assert "idna" in _modules_after(code.format("http://xn--mgbh0fb.example/"))
    simple = code.format("http://xn--rsum-bpad.example/")
    assert "idna" in _modules_after(simple, pure=True)
    import iri

    if iri.NATIVE and iri._native.UNICODE_OK:  # type: ignore[attr-defined]
        assert "idna" not in _modules_after(simple)


def test_typing_is_deferred_only_on_the_start_up_path() -> None:
    # ``TYPE_CHECKING = False`` (typing.TYPE_CHECKING without importing typing, 8.5 ms of
    # the start-up) is the house's one exception to ``from typing import ...``: it stands
    # only in modules that ``iri check URL`` loads (which must not import typing: HEAVY;
    # docs/design.md, docs/performance.md).
    # (the Python path: with the compiled core in use, fewer of them load at all)
    loaded = _modules_after(
        "from iri.cli import main\nassert main(['check', 'http://example.com/']) == 0\n",
        pure=True,
    )
    package = Path(SRC) / "iri"
    deferring = set()
    for path in package.rglob("*.py"):
        if "\nTYPE_CHECKING = False" in path.read_text(encoding="utf-8"):
            parts = list(path.relative_to(SRC).with_suffix("").parts)
            deferring.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    assert deferring, "the start-up path defers typing somewhere"
    assert deferring <= loaded, sorted(deferring - loaded)
