"""The smoke test of an installed ``iri`` (issue 25): run where the wheel is installed.

``python smoke.py README.md --native`` (or ``--pure``; ``--native --then-pure`` runs both
modes from one wheel) checks that ``iri`` is imported from
the environment it runs in (never from a source tree), that the core in use is the one
expected (``iri.NATIVE``, and ``iri --version`` saying so), and runs every example of the
README as a doctest. It prints ``N passed, N failed`` and exits non-zero on any failure.
Used by ``tests/dist/test_distribution.py`` (each CPython of the machine, each wheel) and by
cibuildwheel's ``test-command`` on every platform of the release matrix.
"""

from __future__ import annotations

import argparse
import doctest
import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("readme", type=Path, help="the README.md whose examples are run")
    core = parser.add_mutually_exclusive_group(required=True)
    core.add_argument("--native", action="store_true", help="iri.NATIVE must be True")
    core.add_argument("--pure", action="store_true", help="iri.NATIVE must be False")
    parser.add_argument(
        "--then-pure",
        action="store_true",
        help="after the checks, run them again forced to pure Python (IRI_NO_EXTENSIONS=1)",
    )
    args = parser.parse_args(argv)

    import iri

    checks: list[tuple[str, bool, str]] = []
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    platsite = Path(sysconfig.get_paths()["platlib"]).resolve()
    where = Path(iri.__file__).resolve()
    checks.append(
        (
            "iri is the installed package",
            where.is_relative_to(site) or where.is_relative_to(platsite),
            str(where),
        )
    )
    checks.append(("iri.NATIVE", iri.NATIVE is bool(args.native), f"NATIVE={iri.NATIVE}"))
    if args.native:
        from iri import _native

        name = Path(_native.__file__).name
        checks.append(("the stable-ABI module", ".abi3." in name or name.endswith(".pyd"), name))
        # the tables hold for this CPython's Unicode (3.11 to 3.13): non-ASCII text is
        # checked natively, not handed to Python (tests/native/test_unicode_versions.py)
        import unicodedata

        ours = unicodedata.unidata_version
        if ours in ("14.0.0", "15.0.0", "15.1.0"):
            checks.append(("the tables hold for this Unicode", _native.UNICODE_OK, ours))
    version = subprocess.run(
        [sys.executable, "-m", "iri", "--version"], capture_output=True, text=True, check=False
    ).stdout
    said = "(native core)" if args.native else "(pure Python)"
    checks.append(("iri --version", iri.__version__ in version and said in version, version))

    # As tests/house/test_docs.py: a Markdown fence ends an example's expected output.
    text = re.sub(r"^\s*```.*$", "", args.readme.read_text(encoding="utf-8"), flags=re.M)
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(args.readme), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    checks.append(("README examples", result.failed == 0 and result.attempted > 0, f"{result}"))

    failed = [c for c in checks if not c[1]]
    for name, ok, detail in checks:
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail.strip()}")
    python = f"CPython {sys.version.split()[0]}"
    mode = "IRI_NO_EXTENSIONS=1" if os.environ.get("IRI_NO_EXTENSIONS") else "default"
    print(f"smoke ({python}, {mode}): {len(checks) - len(failed)} passed, {len(failed)} failed")
    status = 1 if failed else 0
    if args.then_pure:
        env = dict(os.environ, IRI_NO_EXTENSIONS="1")
        again = [sys.executable, __file__, str(args.readme), "--pure"]
        status = max(status, subprocess.call(again, env=env))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
