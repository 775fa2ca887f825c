"""What a user and a packager expect to find (issue 25): one version, notices, metadata."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

import iri

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CARGO = tomllib.loads((ROOT / "native/Cargo.toml").read_text(encoding="utf-8"))
LOCK = tomllib.loads((ROOT / "native/Cargo.lock").read_text(encoding="utf-8"))


def test_one_version_source() -> None:
    assert "version" in PYPROJECT["project"]["dynamic"]
    assert "version" not in PYPROJECT["project"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "iri.__version__"}
    assert CARGO["package"]["version"] == iri.__version__
    assert importlib.metadata.version("iri") == iri.__version__


def test_the_stable_abi_floor_is_said_once_in_three_places_that_agree() -> None:
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"
    assert "abi3-py311" in CARGO["dependencies"]["pyo3"]["features"]
    assert re.search(r'^LIMITED_API = "cp311"$', (ROOT / "setup.py").read_text(), re.M)


def test_developer_tool_sets_are_not_published_extras() -> None:
    extras = set(PYPROJECT["project"]["optional-dependencies"])
    groups = set(PYPROJECT["dependency-groups"])
    assert {"test", "lint", "bench"} <= groups
    assert not extras & {"test", "lint", "bench", "docs", "dev"}
    # no extra pulls a GPL peer or a test tool
    flat = " ".join(
        r for reqs in PYPROJECT["project"]["optional-dependencies"].values() for r in reqs
    )
    for tool in ("rfc3987", "pytest", "hypothesis", "ruff", "mypy"):
        assert not re.search(rf"\b{tool}\b", flat), tool


def test_project_metadata_a_packager_expects() -> None:
    project = PYPROJECT["project"]
    assert {"Homepage", "Documentation", "Source", "Issues", "Changelog"} <= set(project["urls"])
    classifiers = project["classifiers"]
    for needed in (
        "Programming Language :: Rust",
        "Development Status :: 4 - Beta",
        "Programming Language :: Python :: 3.11",
        "Operating System :: OS Independent",
        "Typing :: Typed",
    ):
        assert needed in classifiers, needed
    assert project["keywords"]
    for name in ("SECURITY.md", "CONTRIBUTING.md", "NOTICE.md", "CHANGELOG.md", "LICENSE"):
        assert (ROOT / name).is_file(), name


def test_the_changelog_has_a_dated_release_section_for_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(
        rf"^## \[{re.escape(iri.__version__)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", text, re.M
    )


def _notice_crates() -> set[tuple[str, str]]:
    text = (ROOT / "NOTICE.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| `([\w-]+)` \| ([\w.+-]+) \| ", text, re.M))


def test_notices_name_exactly_the_crates_of_the_lock_file() -> None:
    locked = {(p["name"], p["version"]) for p in LOCK["package"] if "source" in p}
    assert locked, "Cargo.lock lists the registry crates"
    assert _notice_crates() == locked, "run python tools/gen_notices.py"


def _tracked_text_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    texts = (".md", ".py", ".toml", ".yml", ".yaml", ".rs", ".txt", ".cfg", ".in")
    return [
        ROOT / f
        for f in listed.stdout.splitlines()
        if (f.endswith(texts) and not f.startswith("tests/corpora/"))
        or f in ("Makefile", ".ci/run")
    ]


#: A path that exists only on the team's machines, never in a clone.
OUTSIDE = re.compile(r"\.\./shared\b|\bshared/(?:DESIGN|research|specs|corpora|hooks)\b|/work/")


def test_no_file_cites_a_path_outside_the_repository() -> None:
    offenders = []
    for path in _tracked_text_files():
        if path == Path(__file__):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
