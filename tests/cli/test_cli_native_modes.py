"""The CLI's line loops with the compiled core (issue 21: ``check`` and ``normalize`` a
chunk of lines per native call) write byte for byte what the pure-Python loops write: the
same command on the same files, run with and without ``IRI_NO_EXTENSIONS``.

The inputs span several chunks (``iri.cli.inputs.CHUNK`` lines) and hold every kind of
line the loops treat apart: clean, warned, invalid, non-ASCII, undecodable bytes, CRLF
line ends, a byte order mark, empty lines, control characters, IDN hosts.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from iri.cli.inputs import CHUNK

SRC = str(Path(__file__).resolve().parents[2] / "src")

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("IRI_NO_EXTENSIONS")), reason="compares both modes: once is enough"
)

LINES = [
    b"http://example.org/a?q#f",
    b"HTTP://Example.ORG/./a/../b/%7e",  # warnings; normalize changes it
    b"http://h:80/",
    b"http://h/a b",  # invalid
    b"",
    b"relative/path",
    b"http://www.w%33.org/",
    b"http://h:99999/",
    "http://résumé.example/東京".encode(),
    "http://\u2060a.example/".encode(),
    b"http://\xff\xfe.example/\xc3",  # undecodable bytes
    b"http://h/\t",
    b"http://h/\x1b[31m",
    b"http://xn--rsum-bpad.example/%C3%A9",
    "http://ü.example/?q=\u202e".encode(),
    b"mailto:a@b",
    b"http://[::1]:8080/x",
    b"//h/p",
    b"a:" + b"/" * 20,
]


def _write(path: Path, lines: list[bytes], eol: bytes, bom: bytes = b"") -> Path:
    path.write_bytes(bom + eol.join(lines) + eol)
    return path


def _run(args: list[str], pure: bool) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("IRI_NO_EXTENSIONS", None)
    if pure:
        env["IRI_NO_EXTENSIONS"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "iri", *args], capture_output=True, env=env, check=False
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    tmp = tmp_path_factory.mktemp("modes")
    many = (LINES * (2 * CHUNK // len(LINES) + 2))[: 2 * CHUNK + 7]
    return [
        str(_write(tmp / "lf.txt", many, b"\n")),
        str(_write(tmp / "crlf.txt", LINES, b"\r\n", bom=b"\xef\xbb\xbf")),
    ]


OPTIONS = [
    ["check"],
    ["check", "--errors-only"],
    ["check", "-q"],
    ["check", "--rule", "URI", "--zone-id", "accept"],
    ["normalize"],
    ["normalize", "--level", "scheme", "--skip-invalid"],
]


@pytest.mark.parametrize("options", OPTIONS, ids=" ".join)
def test_both_modes_write_the_same_bytes(files: list[str], options: list[str]) -> None:
    native = _run(["--version"], pure=False).stdout
    if b"native core" not in native:
        pytest.skip("the native extension is not built")
    for inputs in (["-i", files[0]], ["-i", files[1]], ["-i", files[0], "-i", files[1]]):
        args = [*options, *inputs]
        got, want = _run(args, pure=False), _run(args, pure=True)
        assert (got.returncode, got.stdout, got.stderr) == (
            want.returncode,
            want.stdout,
            want.stderr,
        ), args
        assert want.stdout  # something was written
