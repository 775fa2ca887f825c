"""Before/after in one run: two source trees of ``iri``, timed side by side in CPU time.

    python bench/ab.py BEFORE_SRC AFTER_SRC [--passes N] [--only JOB] [--items N]

Each tree runs in its own worker process (``PYTHONPATH=<tree>``, pure Python:
``IRI_NO_EXTENSIONS=1``), so the two never share a module. The parent sends every pass to the
two workers in turn (before, after, before, ...), one at a time, so they never compete for a
core. A worker times a pass of one job over its items with ``time.process_time`` (CPU time of
that process, which the other processes of a shared machine do not inflate) and keeps the
minimum pass. The report is the rate of AFTER ÷ the rate of BEFORE, per job and corpus: 1.00
is no change, 0.95 is 5 % slower.

The inputs are built here, without ``iri`` (``_corpora``), so both trees see the same items.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS_DIR = HERE.parent / "tests" / "corpora"

# job -> (corpora, the call on one item ``s``; ``f`` is the function named after the job).
JOBS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "validate": (("web", "iri", "mixed"), "iri.is_valid", "f(s, rule='IRI_reference')"),
    "check": (("web", "iri", "mixed"), "iri.check", "f(s)"),
    "parse": (("web", "iri", "mixed"), "iri.parse", "f(s)"),
    "resolve": (("pairs",), "iri.resolve", "f(*s)"),
    "to_uri": (("web", "iri", "mixed"), "iri.to_uri", "f(s)"),
    "to_iri": (("web", "uri-iri", "uri-mixed"), "iri.to_iri", "f(s)"),
    "normalize": (("web", "iri", "mixed"), "iri.normalize", "f(s, level='scheme')"),
    "from_href": (("web", "iri", "mixed"), "iri.from_href", "f(s)"),
    "lenient": (("web", "iri", "mixed"), "iri.lenient", "f(s)"),
    "to_display": (("web", "iri", "mixed"), "iri.to_display", "f(s)"),
    "audit": (("web", "iri", "mixed"), "iri.audit", "f(s)"),
}

WORKER = r"""
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
import iri
items = json.loads(sys.stdin.readline())
bound = {}
for line in sys.stdin:
    job, corpus, target, expr = json.loads(line)
    key = (job, corpus)
    if key not in bound:
        module, _, name = target.rpartition(".")
        f = getattr(sys.modules[module], name)
        src = "def call(s):\n try:\n  return " + expr + "\n except ValueError:\n  return None\n"
        scope = {"f": f}
        exec(src, scope)
        call = scope["call"]
        for s in items[corpus]:
            call(s)  # warm-up: caches and patterns as in steady use
        bound[key] = call
    call, data = bound[key], items[corpus]
    gc.collect()
    t0 = time.process_time()
    for s in data:
        call(s)
    print(json.dumps(time.process_time() - t0), flush=True)
"""


def _items(limit: int) -> dict[str, list[object]]:
    sys.path.insert(0, str(HERE))
    from _corpora import load_line_corpus, load_pairs, uri_form_corpus

    out: dict[str, list[object]] = {}
    for name in ("web", "iri", "mixed"):
        corpus = load_line_corpus(CORPUS_DIR, name)
        if corpus is None:
            sys.exit(f"ab.py: no corpus at {CORPUS_DIR}")
        out[name] = _spread(corpus.items, limit)
        if name != "web":
            out["uri-" + name] = _spread(uri_form_corpus(corpus).items, limit)
    pairs = load_pairs(CORPUS_DIR)
    if pairs is not None:
        out["pairs"] = _spread(pairs.items, limit)
    return out


def _spread(items: list[object], limit: int) -> list[object]:
    """At most ``limit`` evenly spaced items (the same ones for both trees)."""
    if len(items) <= limit:
        return list(items)
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


def _worker(src: str, items: dict[str, list[object]]) -> subprocess.Popen[str]:
    env = dict(os.environ, IRI_NO_EXTENSIONS="1", PYTHONPATH=src)
    proc = subprocess.Popen(
        [sys.executable, "-c", WORKER, src],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(items) + "\n")
    proc.stdin.flush()
    return proc


def _ask(proc: subprocess.Popen[str], request: list[str]) -> float:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(request) + "\n")
    proc.stdin.flush()
    answer = proc.stdout.readline()
    if not answer:
        sys.exit(f"ab.py: a worker stopped during {request[:2]}")
    return float(json.loads(answer))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="the BEFORE tree's src directory")
    parser.add_argument("after", help="the AFTER tree's src directory")
    parser.add_argument("--passes", type=int, default=15)
    parser.add_argument("--items", type=int, default=3000, help="items per corpus (spread)")
    parser.add_argument("--only", action="append", choices=sorted(JOBS), default=None)
    args = parser.parse_args(argv)
    items = _items(args.items)
    workers = [_worker(args.before, items), _worker(args.after, items)]
    print(f"AFTER ÷ BEFORE, rate in CPU time, min of {args.passes} passes")
    print("| job | corpus | ratio |\n|---|---|--:|")
    try:
        for job in args.only or JOBS:
            corpora, target, expr = JOBS[job]
            for corpus in corpora:
                if corpus not in items:
                    continue
                best = [float("inf"), float("inf")]
                for _ in range(args.passes):
                    for k, proc in enumerate(workers):
                        best[k] = min(best[k], _ask(proc, [job, corpus, target, expr]))
                print(f"| {job} | {corpus} | {best[0] / best[1]:.2f} |", flush=True)
    finally:
        for proc in workers:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
