"""The Unicode versions the native tables hold for (``iri._native.UNICODE_VERSIONS``).

The tables are computed from the ``unicodedata`` of the generator's CPython (3.11: Unicode
14.0.0). The core uses them under a later CPython too when its ``unicodedata`` gives every
code point assigned in 14.0.0 the same properties the tables read: Bidi_Class,
Canonical_Combining_Class, the decomposition, NFC of the lone character, being the
second of a canonical pair (the generator's ``_second_of_pair``), whether ``repr``
writes it as itself (``str.isprintable``, the generator's ``_repr_plain``), and whether it
is a combining mark (General_Category M: no label may start with one, the generator's
``_idna_simple``). Each CPython of
the machine computes a digest of those properties; the versions in the list must agree
with the tables' one, and a CPython that agrees must be in the list (else its users lose
the native ``check`` of non-ASCII text for nothing).
"""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from native_twins import native

from cpythons import interpreters

_native = native()

#: Run by each CPython with the ranges of the code points assigned in the tables' version on
#: stdin; prints its Unicode version and the digest. Standard library only.
DIGEST = """
import hashlib, sys, unicodedata as u
ranges = [tuple(map(int, r.split("-"))) for r in sys.stdin.read().split()]
seconds = set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))
for cp in range(0x110000):
    d = u.decomposition(chr(cp))
    if d and not d.startswith("<"):
        seconds.update(int(p, 16) for p in d.split()[1:])
h = hashlib.sha256()
for lo, hi in ranges:
    for cp in range(lo, hi + 1):
        c = chr(cp)
        h.update(
            f"{cp}:{u.bidirectional(c)}:{u.combining(c)}:{u.decomposition(c)}:"
            f"{u.normalize('NFC', c) == c}:{cp in seconds}:{c.isprintable()}:"
            f"{u.category(c)[0] == 'M'};".encode()
        )
print(u.unidata_version, h.hexdigest())
"""


def _assigned() -> str:
    """The non-ASCII code points assigned in this CPython's Unicode (not Cn, no surrogate),
    as ``lo-hi`` ranges."""
    out: list[list[int]] = []
    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp <= 0xDFFF or unicodedata.category(chr(cp)) == "Cn":
            continue
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return " ".join(f"{lo}-{hi}" for lo, hi in out)


def _digest(python: Path, assigned: str) -> tuple[str, str]:
    got = subprocess.run(
        [str(python), "-c", DIGEST], input=assigned, capture_output=True, text=True, check=True
    )
    version, digest = got.stdout.split()
    return version, digest


@pytest.fixture(scope="module")
def digests() -> dict[str, tuple[int, str]]:
    """Unicode version -> (CPython minor, digest), for each CPython of the machine."""
    assert unicodedata.unidata_version == _native.UNICODE_VERSION, (
        "run the suite under the CPython whose unicodedata computed the tables"
    )
    assigned = _assigned()
    out: dict[str, tuple[int, str]] = {}
    for minor, python in interpreters().items():
        version, digest = _digest(python, assigned)
        out[version] = (minor, digest)
    return out


def test_the_tables_version_comes_first_and_this_python_is_ok() -> None:
    assert _native.UNICODE_VERSIONS[0] == _native.UNICODE_VERSION
    assert _native.UNICODE_OK is (unicodedata.unidata_version in _native.UNICODE_VERSIONS)


def test_each_listed_later_version_agrees_with_the_tables(
    digests: dict[str, tuple[int, str]],
) -> None:
    base = digests[_native.UNICODE_VERSION][1]
    checked = [v for v in _native.UNICODE_VERSIONS[1:] if v in digests]
    for version in checked:
        minor, digest = digests[version]
        assert digest == base, (
            f"CPython 3.{minor} (Unicode {version}) changes a property of a code point "
            f"assigned in {_native.UNICODE_VERSION}: take {version} out of "
            "SAME_IN_LATER_VERSIONS (tools/gen_native_tables.py)"
        )
    missing = [v for v in _native.UNICODE_VERSIONS[1:] if v not in digests]
    if missing:
        pytest.skip(f"no CPython of this machine has Unicode {', '.join(missing)} to check")


def test_an_agreeing_cpython_of_the_machine_is_listed(
    digests: dict[str, tuple[int, str]],
) -> None:
    base = digests[_native.UNICODE_VERSION][1]
    agreeing = {v for v, (_, d) in digests.items() if d == base}
    assert agreeing <= set(_native.UNICODE_VERSIONS), (
        f"Unicode {sorted(agreeing - set(_native.UNICODE_VERSIONS))} agree with the tables: "
        "add them to SAME_IN_LATER_VERSIONS (tools/gen_native_tables.py)"
    )


def test_the_digest_tells_a_changed_property() -> None:
    """The digest reads the properties: one code point's Bidi_Class changed by hand (a
    patched ``unicodedata`` in a child process) gives another digest."""
    assigned = "1488-1514"  # Hebrew letters, Bidi_Class R
    patched = DIGEST.replace("u.bidirectional(c)", "('L' if cp == 1500 else u.bidirectional(c))")
    plain = subprocess.run(
        [sys.executable, "-c", DIGEST], input=assigned, capture_output=True, text=True, check=True
    ).stdout
    changed = subprocess.run(
        [sys.executable, "-c", patched], input=assigned, capture_output=True, text=True, check=True
    ).stdout
    assert plain.split()[0] == changed.split()[0] and plain.split()[1] != changed.split()[1]
