"""The optional compiled core, iri._native (issue 21); everything else is in pyproject.toml.

setuptools-rust builds the Rust crate in native/ as the extension module ``iri._native``
(PyO3, the stable ABI of CPython 3.11+). It is *optional*: where no Rust toolchain exists
(no ``cargo`` on PATH) or the build fails, setuptools-rust warns and ``pip install`` still
gives the pure-Python library, which is the reference and always complete.
``IRI_NO_EXTENSIONS=1`` at install time skips the build (and at run time, once the
dispatch is wired, forces pure Python), as yarl's YARL_NO_EXTENSIONS does.
"""

import os

from setuptools import setup
from setuptools_rust import Binding, RustExtension

rust_extensions = []
if not os.environ.get("IRI_NO_EXTENSIONS"):
    rust_extensions.append(
        RustExtension(
            "iri._native",
            path="native/Cargo.toml",
            binding=Binding.PyO3,
            optional=True,  # no cargo, or a failed build: the pure-Python library
            features=["python"],  # the bindings (cargo test builds the core alone)
            py_limited_api="auto",  # abi3 when the crate's pyo3 has abi3-py311
            debug=False,  # release mode, even for `pip install -e`
        )
    )

setup(rust_extensions=rust_extensions)
