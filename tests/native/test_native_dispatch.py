"""The dispatch (issue 21 phase B): with the extension built and ``IRI_NO_EXTENSIONS``
unset, the public names are the native drop-ins and ``iri.NATIVE`` is true; with it set
(any non-empty value, yarl's convention) they are the Python functions; a panic of the
core reaches Python as the library's own error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from native_twins import native, py_check, py_normalize, py_parse, py_split, py_to_uri

import iri

_n = native()
SRC = str(Path(__file__).resolve().parents[2] / "src")

PUBLIC = {
    "check": "api_check",
    "is_valid": "api_is_valid",
    "split": "api_split",
    "parse": "api_parse",
    "resolve": "api_resolve",
    "normalize": "api_normalize",
    "to_uri": "api_to_uri",
    "to_iri": "api_to_iri",
}


def test_public_names_are_the_drop_ins() -> None:
    assert iri.NATIVE is True
    for public, drop_in in PUBLIC.items():
        assert getattr(iri, public) is getattr(_n, drop_in), public
    from iri import check, normalize

    assert check is _n.api_check and normalize is _n.api_normalize  # type: ignore[attr-defined]


def _in_fresh(code: str, value: str | None) -> str:
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("IRI_NO_EXTENSIONS", None)
    if value is not None:
        env["IRI_NO_EXTENSIONS"] = value
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.strip()


@pytest.mark.parametrize(
    ("value", "native_on"), [(None, True), ("", True), ("1", False), ("0", False), ("yes", False)]
)
def test_iri_no_extensions(value: str | None, native_on: bool) -> None:
    code = (
        "import iri, sys\nprint(iri.NATIVE, type(iri.check).__name__, 'iri._native' in sys.modules)"
    )
    want = "True builtin_function_or_method True" if native_on else "False function False"
    assert _in_fresh(code, value) == want


def test_python_errors_for_bad_arguments() -> None:
    """Non-str (an IRIReference included: issue 19 will accept it in the Python function,
    and the drop-ins hand every non-str to it) and lone surrogates take the Python path."""
    value = py_parse("http://a/b")
    for func, twin in (
        (iri.check, py_check),
        (iri.split, py_split),
        (iri.normalize, py_normalize),
        (iri.to_uri, py_to_uri),
    ):
        for arg in (None, b"http://a/", 3, value, "http://a/\ud800"):
            try:
                want: object = ("ok", twin(arg))
            except Exception as exc:  # the same type and message
                want = ("raises", type(exc), str(exc))
            try:
                got: object = ("ok", func(arg))
            except Exception as exc:
                got = ("raises", type(exc), str(exc))
            assert got == want, (func, arg)


@pytest.mark.parametrize("detached", [False, True])
def test_a_panic_is_the_library_error(detached: bool) -> None:
    with pytest.raises(iri.IRIError, match=r"internal error in iri\._native\._test_panic"):
        _n._test_panic(detached)  # type: ignore[attr-defined]
