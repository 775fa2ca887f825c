"""The compiled core, iri._native (issue 21); everything else is in pyproject.toml.

setuptools-rust builds the Rust crate in native/ as the extension module ``iri._native``
(PyO3 on the stable ABI of CPython 3.11+: one ``cp311-abi3`` wheel per platform serves
every CPython from 3.11 up). Which wheel a build gives (issue 25):

* a Rust toolchain is found (``cargo`` on PATH, or ``CARGO`` naming one): the core is
  built, and a failed build is an **error** that says so, never a silent fallback; the
  wheel is ``cp311-abi3-<platform>`` with ``iri/_native.abi3.so`` (``.pyd`` on Windows);
* no Rust toolchain, or ``IRI_NO_EXTENSIONS`` set to a non-empty value: no extension is
  declared at all, so the wheel is a true pure ``py3-none-any`` wheel (the pure-Python
  library, complete, the reference) and the build says so on stderr.

``IRI_NO_EXTENSIONS=1`` at run time forces pure Python too (yarl's convention).
"""

import os
import shutil
import sys

from setuptools import setup
from setuptools_rust import Binding, RustExtension

#: The oldest CPython the abi3 extension targets: pyproject's requires-python (>=3.11)
#: and the crate's pyo3 feature ``abi3-py311`` say the same (tests/house/test_packaging.py).
LIMITED_API = "cp311"


def _build_native() -> bool:
    """Whether to declare the Rust extension, saying why not on stderr when it is not."""
    if os.environ.get("IRI_NO_EXTENSIONS"):
        print("iri: IRI_NO_EXTENSIONS is set: building the pure-Python wheel", file=sys.stderr)
        return False
    if not (os.environ.get("CARGO") or shutil.which("cargo")):
        print(
            "iri: no Rust toolchain (cargo) on PATH: building the pure-Python wheel "
            "(install Rust from https://rustup.rs for the compiled core)",
            file=sys.stderr,
        )
        return False
    print("iri: building the compiled core iri._native (Rust, release mode)", file=sys.stderr)
    return True


if _build_native():
    setup(
        rust_extensions=[
            RustExtension(
                "iri._native",
                path="native/Cargo.toml",
                binding=Binding.PyO3,
                # A toolchain is here, so a failed build is a failed install: the error
                # says what broke (setuptools-rust's message) instead of a wheel without
                # its core. Opt out with IRI_NO_EXTENSIONS=1.
                optional=False,
                features=["python"],  # the bindings (cargo test builds the core alone)
                # "auto": abi3 as bdist_wheel's py_limited_api says (below), so the module
                # is _native.abi3.so, pyo3 gets abi3-py311, and the wheel is cp311-abi3.
                py_limited_api="auto",
                debug=False,  # release mode, even for `pip install -e`
            )
        ],
        # bdist_wheel's own tag follows (cp311-abi3-<platform>), so that pip installs the
        # wheel on every CPython >= 3.11 (setuptools-rust's "auto" reads this option).
        options={"bdist_wheel": {"py_limited_api": LIMITED_API}},
    )
else:
    setup()
