"""The CPythons of this machine (>= 3.11), for the tests that run code under each of them:
the distribution check (``tests/dist``) and the Unicode versions of the native tables
(``tests/native/test_unicode_versions.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def interpreters() -> dict[int, Path]:
    """Every CPython >= 3.11 of the machine: under pyenv, then ``python3.N`` on PATH.

    Each candidate is run once: a pyenv shim of a version that is not selected exists on
    PATH but fails, and is skipped."""
    found: dict[int, Path] = {sys.version_info[1]: Path(sys.executable)}
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    dirs = sorted((pyenv_root / "versions").glob("3.*/bin"))
    dirs += [Path(p) for p in os.environ.get("PATH", "").split(os.pathsep) if p]
    for minor in range(11, 20):
        for folder in dirs:
            if minor in found:
                break
            candidate = folder / f"python3.{minor}"
            if not (candidate.is_file() and os.access(candidate, os.X_OK)):
                continue
            probe = subprocess.run(
                [candidate, "-c", "import sys, venv; print(sys.version_info[1])"],
                capture_output=True,
                text=True,
                check=False,
            )
            if probe.returncode == 0 and probe.stdout.strip() == str(minor):
                found[minor] = candidate
    return {minor: found[minor] for minor in sorted(found)}
