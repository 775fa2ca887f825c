"""The machine a benchmark ran on, as the report states it: CPU, Python, the peers'
versions, the git state of ``src/``, the load average, and which core ``iri`` runs on
(bench/run.py's report and JSON; bench/bench_linear.py's header)."""

from __future__ import annotations

import importlib.metadata
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PACKAGES = (
    "iri",
    "idna",
    "pyoxigraph",
    "can-ada",
    "ada-url",
    "rfc3987",
    "regex",
    "rfc3986",
    "uritools",
    "yarl",
    "multidict",
    "propcache",
    "w3lib",
    "hyperlink",
    "url-normalize",
    "furl",
)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _yarl_backend() -> str:
    try:
        from yarl import _quoting

        mod = getattr(_quoting, "_Quoter", None)
        name = getattr(mod, "__module__", "")
        return "compiled `_quoting_c`" if name.endswith("_quoting_c") else f"pure Python ({name})"
    except Exception as exc:
        return f"unknown ({type(exc).__name__})"


def _git(*args: str) -> str:
    """What ``git args...`` prints in the checkout (stripped)."""
    done = subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=5, check=False
    )
    return done.stdout.strip()


def _git_state() -> str:
    try:
        sha = _git("rev-parse", "--short", "HEAD")
        dirty = _git("status", "--porcelain", "--", "src")
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    if not sha:
        return "no commit yet" + (" (src/ has uncommitted changes)" if dirty else "")
    return sha + (" + uncommitted changes in src/" if dirty else "")


def load_average() -> str:
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def _where(path: Path) -> str:
    """A path as the report may print it: relative to the checkout when inside it."""
    absolute = Path(os.path.abspath(path))
    return str(absolute.relative_to(ROOT)) if absolute.is_relative_to(ROOT) else path.name


def machine_lines() -> list[str]:
    try:
        affinity = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        affinity = os.cpu_count() or 0
    versions = ", ".join(f"{p} {_version(p)}" for p in PACKAGES)
    return [
        f"- CPU: {cpu_model()}; {os.cpu_count()} logical cores ({affinity} usable); "
        f"{platform.system()} {platform.machine()}",
        f"- Python: {platform.python_implementation()} {platform.python_version()} "
        f"({_where(Path(sys.executable))})",
        f"- Packages: {versions}",
        f"- yarl quoting: {_yarl_backend()}; rfc3987 regex backend: "
        f"{'`regex`' if _version('regex') != 'not installed' else 'stdlib `re`'}",
        f"- iri source: src/iri (git: {_git_state()})",
        f"- iri core: {_core()}",
    ]


def native_in_use() -> bool:
    import iri

    return bool(iri.NATIVE)


def _core() -> str:
    """Which core ``iri`` runs on in this run (issue 21)."""
    import iri

    if iri.NATIVE:
        return "**native** (the compiled `iri._native`, Rust; native-peer targets apply)"
    why = "IRI_NO_EXTENSIONS set" if os.environ.get("IRI_NO_EXTENSIONS") else "not built"
    return f"**pure Python** ({why}; the native peers are rows for reference)"
