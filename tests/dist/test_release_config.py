"""The release configuration (issue 25), checked here since its builds run on the forge.

cibuildwheel, configured in pyproject.toml, must list one ``cp311`` build per platform of
the matrix (the wheel is abi3, so later CPythons take it), and the workflow file must parse
and build that matrix, the sdist and the pure wheel, with the smoke test in both modes.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "wheels.yml"

#: The matrix of issue 25, platform by platform.
EXPECTED = {
    "linux": [
        "cp311-manylinux_x86_64",
        "cp311-manylinux_aarch64",
        "cp311-musllinux_x86_64",
        "cp311-musllinux_aarch64",
    ],
    "macos": ["cp311-macosx_x86_64", "cp311-macosx_arm64"],
    "windows": ["cp311-win_amd64"],
}


@pytest.mark.parametrize("platform", sorted(EXPECTED))
def test_cibuildwheel_lists_one_cp311_build_per_platform(platform: str) -> None:
    cibuildwheel = shutil.which("cibuildwheel", path=str(Path(sys.executable).parent))
    assert cibuildwheel, "cibuildwheel is in the test group"
    listed = subprocess.run(
        [cibuildwheel, "--print-build-identifiers", "--platform", platform],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert sorted(listed) == sorted(EXPECTED[platform])


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_workflow_parses_and_builds_every_platform() -> None:
    jobs = _workflow()["jobs"]
    include = jobs["native"]["strategy"]["matrix"]["include"]
    archs = sorted(row["archs"] for row in include)
    assert archs == ["AMD64", "aarch64", "arm64", "x86_64", "x86_64"]
    oses = {row["os"].split("-")[0] for row in include}
    assert oses == {"ubuntu", "macos", "windows"}
    steps = jobs["native"]["steps"]
    assert any(str(s.get("uses", "")).startswith("pypa/cibuildwheel@") for s in steps)


def test_the_workflow_builds_the_sdist_and_the_pure_wheel() -> None:
    steps = _workflow()["jobs"]["sdist-and-pure"]["steps"]
    runs = " ".join(str(s.get("run", "")) for s in steps)
    assert "--sdist" in runs
    pure = [s for s in steps if s.get("env", {}).get("IRI_NO_EXTENSIONS") == "1"]
    assert pure and "--wheel" in pure[0]["run"]
    assert "smoke.py" in runs and "--pure" in runs


def test_cibuildwheel_tests_each_wheel_in_both_modes() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["cibuildwheel"]
    assert "smoke.py" in config["test-command"]
    assert "--native --then-pure" in config["test-command"]
    assert config["build"] == "cp311-*"
