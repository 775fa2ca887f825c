"""The ``iri`` command against the library in-process: start-up time and throughput.

Run alone (``.venv/bin/python bench/bench_cli.py [--quick]``) or from ``bench/run.py``.

* Start-up: wall time of ``iri check http://example.com/`` (``python -m iri``), next to a bare
  ``python -c pass`` and ``python -c "import iri"``; minimum and median of N runs (the
  minimum is the least disturbed by other load on the machine). Byte-code is compiled first
  and the child runs without ``PYTHONDONTWRITEBYTECODE``, as an installed package would.
* Throughput: a file of the bench corpora repeated to :data:`MIN_LINES` lines (100,000 with
  ``--quick``); the library in-process (``iri.check`` / ``iri.normalize`` on each line,
  lines already in memory) against the real command reading the file, its output going
  to a pipe (read and discarded by this process), with ``--jobs 1`` and ``--jobs 2``; the
  passes interleaved (in-process, one job, two jobs, again), the best of each kept. The
  command's time includes its start-up and warm-up; the in-process loop is timed warm.
  Ratios are command rate / in-process rate.

Targets (issue 12): start-up at most :data:`STARTUP_TARGET_MS`; ``check`` and ``normalize``
with one job at least :data:`THROUGHPUT_TARGET` of in-process; the verdict is printed.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(ROOT / "src"))

import iri  # noqa: E402
from iri.errors import IRIError  # noqa: E402

CORPUS_DIR = ROOT / "tests" / "corpora" / "bench"
#: Lines of the throughput file: a million, as the issue measured. The command's time
#: includes its start-up and its warm-up (the patterns' compilation, the idna package, the
#: first conversion of each host: about 0.1 s in all), which the in-process loop, timed
#: warm, does not pay: at 500,000 lines they weigh twice as much (``--lines`` to try).
MIN_LINES = 1_000_000
STARTUP_TARGET_MS = 40.0
THROUGHPUT_TARGET = 0.80
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPATH"] = str(ROOT / "src")


def _wall(cmd: list[str], stdin: Path | None = None) -> float:
    start = time.perf_counter()
    with open(stdin or os.devnull, "rb") as f:
        done = subprocess.run(
            cmd, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV, check=False
        )
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{cmd}: exit status {done.returncode}")
    return elapsed


def startup(runs: int) -> list[tuple[str, float, float]]:
    """(what, min ms, median ms) for each start-up command."""
    compileall.compile_dir(str(ROOT / "src" / "iri"), quiet=1)
    py = sys.executable
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "python -c 'import iri'": [py, "-c", "import iri"],
        "iri check http://example.com/": [py, "-m", "iri", "check", "http://example.com/"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):  # interleaved, so that load changes hit every command alike
        for name, cmd in commands.items():
            times[name].append(_wall(cmd) * 1000)
    return [(name, min(t), statistics.median(t)) for name, t in times.items()]


def _in_process(lines: list[str], func: Callable[[str], object]) -> float:
    start = time.perf_counter()
    for line in lines:
        try:  # noqa: SIM105 (contextlib.suppress would slow the baseline loop down)
            func(line)
        except IRIError:
            pass
    return len(lines) / (time.perf_counter() - start)


def throughput(corpus: str, passes: int, size: int) -> list[tuple[str, float, float]]:
    """(job, in-process lines/s, command lines/s) on ``corpus`` repeated to MIN_LINES."""
    text = (CORPUS_DIR / f"{corpus}.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    lines = lines * -(-size // len(lines))
    py = sys.executable
    out: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{corpus}.txt"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        functions: list[tuple[str, Callable[[str], object]]] = [
            ("check", iri.check),
            ("normalize", iri.normalize),
        ]
        for name, func in functions:
            rates: list[float] = []
            walls: dict[str, list[float]] = {"1": [], "2": []}
            for _ in range(passes):  # interleaved: a burst of load hits every side alike
                rates.append(_in_process(lines, func))
                for jobs, times in walls.items():
                    cmd = [py, "-m", "iri", name, "--jobs", jobs, "--input", str(path)]
                    times.append(_wall(cmd))
            for jobs, times in walls.items():
                label = name if jobs == "1" else f"{name} --jobs {jobs}"
                out.append((label, max(rates), len(lines) / min(times)))
    return out


def report(quick: bool = False, lines: int | None = None) -> list[str]:
    runs, passes, size = (5, 1, 100_000) if quick else (20, 3, MIN_LINES)
    size = lines or size
    rows = ["## The `iri` command", "", "Start-up (wall time, ms):", ""]
    rows += ["| command | min | median |", "|---|--:|--:|"]
    times = startup(runs)
    rows += [f"| `{name}` | {lo:.1f} | {med:.1f} |" for name, lo, med in times]
    lo = times[-1][1]
    verdict = "met" if lo <= STARTUP_TARGET_MS else "NOT met"
    rows += ["", f"Start-up target ({STARTUP_TARGET_MS:.0f} ms, minimum): {verdict}."]
    for corpus in ("mixed", "iri"):
        rows += ["", f"Throughput on `{corpus}.txt` repeated to {size:,} lines (lines/s):", ""]
        rows += ["| job | in-process | command | ratio | target |", "|---|--:|--:|--:|---|"]
        for name, lib, cli in throughput(corpus, passes, size):
            ratio = cli / lib
            target = "" if "--jobs" in name else f"≥ {THROUGHPUT_TARGET:.2f}: "
            if target:
                target += "met" if ratio >= THROUGHPUT_TARGET else "NOT met"
                if size != MIN_LINES:
                    target += f" (indicative: the target is for {MIN_LINES:,} lines)"
            rows.append(f"| {name} | {lib:,.0f} | {cli:,.0f} | {ratio:.2f} | {target} |")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, 100,000 lines")
    parser.add_argument("--lines", type=int, help=f"lines of the file (default {MIN_LINES:,})")
    args = parser.parse_args(argv)
    print("\n".join(report(args.quick, args.lines)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
