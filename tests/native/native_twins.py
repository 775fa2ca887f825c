"""The Python twins of the native functions, and the inputs every differential test reads.

The one place the native tests name Python modules of ``iri``: the reference functions
(the Python twins in their own modules, e.g. ``iri.syntax.check``, never the public names,
which the dispatch binds to the native drop-ins) and the corpora of ``tests/corpora`` and
``tests/cases`` that hold IRIs or URIs.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import iri
from iri.convert.uri import to_iri as py_to_iri
from iri.convert.uri import to_uri as py_to_uri
from iri.ladder.normalize import normalize as py_normalize
from iri.ladder.resolve import resolve as py_resolve
from iri.syntax.check import check as py_check
from iri.syntax.check import is_valid as py_is_valid
from iri.syntax.split import split as py_split
from iri.value.reference import parse as py_parse

#: The Python reference of each native function: never the dispatching public name (the
#: drop-in), so that these stay pure Python.
assert all(
    callable(f) and not type(f).__name__.startswith("builtin")
    for f in (
        py_is_valid,
        py_check,
        py_split,
        py_parse,
        py_resolve,
        py_to_uri,
        py_to_iri,
        py_normalize,
    )
)

RULES = (
    "IRI_reference",
    "IRI",
    "absolute_IRI",
    "irelative_ref",
    "URI",
    "URI_reference",
    "absolute_URI",
    "relative_ref",
)
ZONES = ("reject", "accept")

CORPORA = Path(__file__).resolve().parents[1] / "corpora"
CASES = Path(__file__).resolve().parents[1] / "cases"


def native() -> object:
    """The compiled module, or a clean skip when it is not built (or forced off)."""
    import pytest

    if os.environ.get("IRI_NO_EXTENSIONS"):
        pytest.skip("IRI_NO_EXTENSIONS is set: the pure-Python run", allow_module_level=True)
    return pytest.importorskip("iri._native", reason="the native extension is not built")


def configured() -> object:
    """The compiled module with its drop-in functions bound to the Python twins (once per
    process; the dispatch in ``iri`` does it, with the same twins, loaded on first need)."""
    n = native()
    assert iri.NATIVE  # the dispatch is in use whenever the module is
    from iri.ladder.scheme_facts import dns_host
    from iri.syntax import hosts as idna
    from iri.syntax.split import Components
    from iri.syntax.violations import from_row
    from iri.value.reference import IRIReference

    with contextlib.suppress(RuntimeError):  # already configured in this process
        n.configure(  # type: ignore[attr-defined]
            is_valid=py_is_valid,
            check=py_check,
            split=py_split,
            parse=py_parse,
            components=Components,
            reference=IRIReference,
            resolve=py_resolve,
            to_uri=py_to_uri,
            to_iri=py_to_iri,
            host_to_ascii=idna.host_to_ascii,
            host_to_unicode=idna.to_unicode,
            normalize=py_normalize,
            dns_host=dns_host,
            violation=from_row,
            to_ascii=idna.to_ascii,
        )
    return n


def py_rows(text: str, rule: str, zone: str) -> list[tuple[object, ...]]:
    """``check``'s violations of ``text`` as the rows the native functions give."""
    from iri.scale.tasks import violation_row

    return [tuple(violation_row(v).values()) for v in py_check(text, rule=rule, zone_id=zone)]


#: The warnings on the form of a valid text that the native ``violations`` tells
#: (``native/src/form_faults.rs``).
FORM = frozenset(
    {
        "uppercase-scheme",
        "password-in-userinfo",
        "uppercase-host",
        "default-port",
        "empty-port",
        "dot-segment",
    }
)
#: The faults the native ``violations`` tells (``native/src/faults.rs``): it answers nearly
#: every text with these alone.
FAULTS = FORM | {
    "invalid-character",
    "reg-name-not-dns",
    "lowercase-percent-encoding",
    "percent-encoded-unreserved",
    "percent-encoded-invalid-utf8",
    "percent-encoded-overlong-utf8",
}
#: Every code it tells: the faults, the warnings on the components outside the host of a
#: valid text with no other violation: the 4.2 bidi ones (only where ``repr`` writes the
#: piece as itself and the host is left-to-right: ``test_native_bidi_faults.py`` measures
#: those) and ``not-nfc`` (``test_native_component_warnings.py``), and the summary of a
#: group of more than ten (``violations-omitted``, ``test_native_omitted.py``).
TOLD = FAULTS | {"bidi-mixed-direction", "bidi-component-edge", "not-nfc", "violations-omitted"}


def outcome(func: object, *args: object, **kwargs: object) -> tuple[str, object]:
    """What a call gives: ``("ok", value)``, or ``("raises", (type, message))``."""
    try:
        return "ok", func(*args, **kwargs)  # type: ignore[operator]
    except Exception as exc:
        return "raises", (type(exc), str(exc))


def fixed_examples(count: int) -> Any:
    """Hypothesis settings for a differential test of ``count`` examples that runs the same
    texts every time (derandomized, no database, no deadline, no health check)."""
    from hypothesis import HealthCheck, settings

    return settings(
        max_examples=count,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


def check_column(values: list[str | None]) -> tuple[list[str], list[object], list[object]]:
    """The native ``check`` column of ``values`` with a twin that records the texts it is
    asked about: (asked, the column's rows per value, ``check()``'s rows per value)."""
    import pyarrow as pa

    asked: list[str] = []

    def twin(text: str) -> object:
        asked.append(text)
        return None

    (out,) = native().column("check", pa.array(values), twin)  # type: ignore[attr-defined]
    got = [
        None if rows is None else [tuple(r.values()) for r in rows]
        for rows in pa.array(out).to_pylist()
    ]
    want = [None if v is None else py_rows(v, "IRI_reference", "reject") for v in values]
    return asked, got, want


def only_told(rows: list[tuple[object, ...]]) -> bool:
    """Whether ``rows`` are violations of the codes the native ``violations`` tells, and
    nothing else (none omitted): what it may answer."""
    return bool(rows) and all(r[0] in TOLD for r in rows)


def only_faults(rows: list[tuple[object, ...]]) -> bool:
    """Whether ``rows`` are violations of :data:`FAULTS` alone: what it should answer."""
    return bool(rows) and all(r[0] in FAULTS for r in rows)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _lines(path: Path) -> list[str]:
    # split("\n") only: every other line break (U+2028, U+0085, CR...) stays in a line
    return path.read_text(encoding="utf-8").split("\n")


@cache
def corpus(name: str) -> tuple[str, ...]:
    """The texts of one corpus (every string it holds, as it is)."""
    if name in ("web", "iri", "mixed", "iri_real"):
        return tuple(_lines(CORPORA / "bench" / f"{name}.txt"))
    if name == "cc_10k":
        out: list[str] = []
        for line in _lines(CORPORA / "url-datasets" / "relative_urls_cc_10k.csv")[1:]:
            out += line.split(",", 1)
        return tuple(out)
    if name in ("wpt-urltestdata", "wpt-toascii", "wpt-percent-encoding"):
        file = {
            "wpt-urltestdata": "urltestdata.json",
            "wpt-toascii": "toascii.json",
            "wpt-percent-encoding": "percent-encoding.json",
        }[name]
        return tuple(_strings(json.loads((CORPORA / "wpt-url" / file).read_text("utf-8"))))
    if name == "rfc3986-examples":
        path = CORPORA / "rfc3986-examples" / "rfc3986_resolution_examples.json"
        return tuple(_strings(json.loads(path.read_text("utf-8"))))
    if name == "rfc3987-dgerber":
        path = CORPORA / "rfc3987-dgerber" / "rfc3987_doctest_vectors.json"
        return tuple(_strings(json.loads(path.read_text("utf-8"))))
    if name.startswith("cases/"):
        data = tomllib.loads((CASES / name.removeprefix("cases/")).read_text("utf-8"))
        out = []
        for rows in data.values():
            for row in rows if isinstance(rows, list) else []:
                for key in ("text", "input", "expected", "base", "reference"):
                    if isinstance(row.get(key), str):
                        out.append(row[key])
                if isinstance(row.get("text_py"), str):
                    out.append(ast.literal_eval(row["text_py"]))
        return tuple(out)
    raise KeyError(name)


CORPUS_NAMES = (
    "web",
    "iri",
    "mixed",
    "iri_real",
    "cc_10k",
    "wpt-urltestdata",
    "wpt-toascii",
    "wpt-percent-encoding",
    "rfc3986-examples",
    "rfc3987-dgerber",
    "cases/syntax.toml",
    "cases/convert_cases.toml",
    "cases/normalize_cases.toml",
)


def has_surrogate(text: str) -> bool:
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def may_defer(text: str) -> bool:
    """The native side may leave these to Python (native/README.md): a lone surrogate, an
    authority with "%" (a host with escapes), a port above 65535 (issue 19)."""
    parts = py_split(text)
    if has_surrogate(text):
        return True
    if parts.authority is None:
        return False
    hostport = parts.authority.rpartition("@")[2]
    port = hostport.rpartition("]")[2].rpartition(":")[2] if ":" in hostport else ""
    return "%" in parts.authority or (port.isdigit() and (len(port) > 5 or int(port) > 65535))


def py_groups(text: str, rule: str = "IRI_reference", zone_id: str = "reject") -> tuple | None:
    """What ``iri.parse`` builds its value from, or ``None`` when it raises InvalidIRI."""
    try:
        ref = py_parse(text, rule=rule, zone_id=zone_id)
    except iri.InvalidIRI:
        return None
    c = ref.components()
    return (
        c["scheme"],
        ref.authority,
        c["userinfo"],
        c["host"],
        c["port"],
        c["path"],
        c["query"],
        c["fragment"],
    )
