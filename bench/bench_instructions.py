"""Instructions per call of the charset paths, counted by callgrind: a measure the load of a
shared machine does not move (``bench/run.py``'s rates moved 2-3x between runs at load 5-7).

Usage: python bench/bench_instructions.py SRC [SRC ...]   (SRC: a tree's ``src`` folder)

Each job runs on 600 lines (300 spread over ``bench/iri.txt``, 300 over ``bench/mixed.txt``)
after a warm-up on 40 lines of ``bench/web.txt``; the count of the first 300 items is taken
from the count of all 600, so start-up, imports and first-use caches cancel out. Needs
``valgrind``; the corpora are ``tests/corpora/bench`` (``--corpus-dir``).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JOBS = {
    "to_uri": "iri.to_uri(s)",
    "to_uri_charset": "iri.to_uri(s, charset='windows-1252')",
    "from_href": "iri.from_href(s)",
    "from_href_charset": "iri.from_href(s, charset='shift_jis')",
    "from_bytes": "iri.from_bytes(s.encode(), 'iso-8859-2')",
    "display": "iri.to_display(s)",
    "display_charset": "iri.to_display(s, charset='windows-1252')",
}
WORK = """
import sys
sys.path.insert(0, {src!r})
import iri
from pathlib import Path
C = Path({corpora!r})
def sample(name, k):
    lines = (C / name).read_text(encoding="utf-8").splitlines()
    return lines[:: max(1, len(lines) // k)][:k]
def run(xs):
    for s in xs:
        try:
            {expr}
        except ValueError:
            pass
run(sample("web.txt", 40))
run((sample("iri.txt", 300) + sample("mixed.txt", 300))[:{n}])
"""


def instructions(src: str, expr: str, n: int, corpora: str) -> int:
    code = WORK.format(src=src, expr=expr, n=n, corpora=corpora)
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    m = re.search(r"Collected : (\d+)", done.stderr)
    assert m, done.stderr[-500:]
    return int(m[1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("src", nargs="+", help="src folders to compare (the first is the reference)")
    ap.add_argument("--corpus-dir", default=str(ROOT / "tests" / "corpora" / "bench"))
    args = ap.parse_args()
    print("| job | " + " | ".join(f"Ir/call {s}" for s in args.src) + " | change |")
    print("|---|" + "---:|" * (len(args.src) + 1))
    for job, expr in JOBS.items():
        per_call = [
            (
                instructions(s, expr, 600, args.corpus_dir)
                - instructions(s, expr, 300, args.corpus_dir)
            )
            / 300
            for s in args.src
        ]
        change = f"{per_call[-1] / per_call[0] - 1:+.1%}" if len(per_call) > 1 else ""
        print(f"| {job} | " + " | ".join(f"{p:,.0f}" for p in per_call) + f" | {change} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
