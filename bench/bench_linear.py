"""The linear-time table: wall-clock growth t(4n)/t(n) of every public function on adversarial
inputs, plus the ``iri`` command on one long line. Run by ``make bench`` (bench/run.py) or
alone: ``.venv/bin/python bench/bench_linear.py [--size N] [--only FUNCTION] [--no-cli]``.

The inputs and the functions are those of tests/property/test_linear_time.py (INPUTS and
FUNCTIONS, which others extend), where linearity is *asserted* in a load-proof way (process
time against a linear reference). Here it is *measured* on the wall clock, best of 3: linear
is 4x, quadratic 16x; a ratio above 6 is flagged. The CLI rows run ``iri check`` and
``iri check --json`` as real processes on one line of 10 MB of ``%zz`` against one of 1 MB
(the bar: at most 10x, in bounded memory); each run has a timeout (default 120 s) and reports
its peak RSS (``os.wait4``) under an address-space cap (default 4 GB).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(ROOT / "src"))

FLAG = 6.0
CLI_FLAG = 10.0
# A call that takes this long at the small size is not repeated and not grown.
SLOW = 10.0


def _load_tests() -> ModuleType:
    path = ROOT / "tests" / "property" / "test_linear_time.py"
    # its sibling modules (growth, the input makers) are imported as pytest imports them
    sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location("iri_tests_test_linear_time", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _best_of_3(
    fn: Callable[[str], object], text: str, clock: Callable[[], float] = time.perf_counter
) -> float:
    best = float("inf")
    for _ in range(3):
        start = clock()
        fn(text)
        best = min(best, clock() - start)
        if best > SLOW:
            break
    return best


def function_rows(size: int, only: Sequence[str]) -> list[tuple[str, str, str, str, str]]:
    tests = _load_tests()
    inputs: dict[str, Callable[[int], str]] = tests.INPUTS
    functions: dict[str, Callable[[str], object]] = tests.FUNCTIONS
    rows = []
    for fname, fn in functions.items():
        if only and fname not in only:
            continue
        for iname, make in inputs.items():
            small, large = make(size), make(4 * size)
            try:
                t_small = _best_of_3(fn, small)
                if t_small > SLOW:
                    rows.append((fname, iname, f"{t_small:.3f}", "skipped", "SLOW"))
                    continue
                t_large = _best_of_3(fn, large)
            except Exception as exc:  # a non-library error is a finding, not a crash here
                rows.append((fname, iname, "-", "-", f"raises {type(exc).__name__}"))
                continue
            ratio = t_large / max(t_small, 1e-9)
            flag = "FLAG" if ratio > FLAG else ""
            rows.append((fname, iname, f"{t_small * 1e3:.2f}", f"{t_large * 1e3:.2f}", flag))
            rows[-1] = (*rows[-1][:4], f"{ratio:.1f}x {flag}".strip())
            print(f"  {fname} {iname}: {ratio:.1f}x", file=sys.stderr, flush=True)
    return rows


def curve(sizes: Sequence[int], only: Sequence[str]) -> dict[str, Any]:
    """Time and memory against input length, for the chart of docs/performance.md
    (tools/plot_bench.py): per function, at each size, the worst over every adversarial
    input of tests/property/test_linear_time.py: the process's CPU time (best of 3; other
    processes of a shared machine inflate it less than the wall clock) and the peak of
    the memory Python allocates during one call (tracemalloc; the native core's own
    allocations are not traced, so this is measured in pure Python mode by make bench)."""
    tests = _load_tests()
    inputs: dict[str, Callable[[int], str]] = tests.INPUTS
    functions: dict[str, Callable[[str], object]] = tests.FUNCTIONS
    out: dict[str, Any] = {}
    for fname, fn in functions.items():
        if only and fname not in only:
            continue
        times, peaks, worst = [], [], []
        for size in sizes:
            t_worst, m_worst, which = 0.0, 0, ""
            for iname, make in inputs.items():
                text = make(size)
                try:
                    elapsed = _best_of_3(fn, text, time.process_time)
                    tracemalloc.start()
                    fn(text)
                    peak = tracemalloc.get_traced_memory()[1]
                    tracemalloc.stop()
                except Exception:  # a finding of the table above, not of the curve
                    tracemalloc.stop()
                    continue
                if elapsed > t_worst:
                    t_worst, which = elapsed, iname
                m_worst = max(m_worst, peak)
            times.append(t_worst)
            peaks.append(m_worst)
            worst.append(which)
        out[fname] = {"seconds": times, "peak_bytes": peaks, "slowest_input": worst}
        print(f"  curve {fname}: {times[-1] / max(times[0], 1e-9):.1f}x", file=sys.stderr)
    return out


def write_curve(path: Path, size: int, only: Sequence[str]) -> None:
    """bench/results/linear.json: the curve at size/4 ... 2 x size, with the run's facts."""
    import datetime as dt

    from _machine import cpu_model, load_average

    import iri

    started = dt.datetime.now(dt.UTC)
    load_start = load_average()
    sizes = [size // 4, size // 2, size, 2 * size]
    record = {
        "started": started.isoformat(),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "native": bool(iri.NATIVE),
        "sizes": sizes,
        "functions": curve(sizes, only),
        "load_average": {"start": load_start, "end": load_average()},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1), encoding="utf-8")
    print(f"bench_linear: curve written to {path}", file=sys.stderr)


def _limit_memory(megabytes: int) -> Callable[[], None]:
    def limit() -> None:
        # The child dies of MemoryError rather than exhausting the machine (issue 8: 24 GB).
        size = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return limit


def _run_cli(args: list[str], line_bytes: int, timeout: float, memory_mb: int) -> tuple[str, str]:
    """Run ``python -m iri <args>`` on one line of ``%zz``: (time or what stopped it, peak RSS)."""
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as errors:
        unit = b"%zz"
        stdin.write(b"http://x/" + unit * (line_bytes // len(unit)) + b"\n")
        stdin.seek(0)
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "iri", *args],
            stdin=stdin,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            cwd=ROOT,
            preexec_fn=_limit_memory(memory_mb),  # noqa: PLW1509 (no threads here)
        )
        while True:
            pid, _status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                elapsed = time.perf_counter() - start
                proc.returncode = 0  # reaped by wait4; keep Popen from waiting again
                code = os.waitstatus_to_exitcode(_status)
                errors.seek(0)
                err = errors.read().decode("utf-8", "replace").strip()
                # Exit status 1 is the command's verdict "invalid input"; a traceback is not.
                if code not in (0, 1) or "Traceback" in err:
                    last = err.splitlines()[-1][:60] if err else f"exit status {code}"
                    return "failed", f"{usage.ru_maxrss / 1024:.0f} MB ({last})"
                return f"{elapsed:.2f} s", f"{usage.ru_maxrss / 1024:.0f} MB"
            if time.perf_counter() - start > timeout:
                proc.kill()
                _pid, _status, usage = os.wait4(proc.pid, 0)
                proc.returncode = -9
                return "timeout", f">= {usage.ru_maxrss / 1024:.0f} MB"
            time.sleep(0.05)


def cli_rows(
    timeout: float, small_mb: float = 1.0, memory_mb: int = 4096
) -> list[tuple[str, str, str, str, str]]:
    rows = []
    for args in (["check"], ["check", "--json"]):
        small = _run_cli(args, int(small_mb * 1_000_000), timeout, memory_mb)
        large = _run_cli(args, int(10 * small_mb * 1_000_000), timeout, memory_mb)
        if not (small[0].endswith(" s") and large[0].endswith(" s")):
            verdict = "FLAG (timeout or failure)"
        else:
            ratio = float(large[0][:-2]) / max(float(small[0][:-2]), 1e-9)
            verdict = f"{ratio:.1f}x" + (" FLAG" if ratio > CLI_FLAG else "")
        name = "iri " + " ".join(args)
        what = f"%zz line {small_mb:g} MB / {10 * small_mb:g} MB"
        rows.append((name, what, f"{small[0]}, {small[1]}", f"{large[0]}, {large[1]}", verdict))
        print(f"  {name}: {verdict}", file=sys.stderr, flush=True)
    return rows


def table(
    size: int, only: Sequence[str], *, cli: bool, timeout: float, cli_mb: float, memory_mb: int
) -> str:
    out = [
        "## Linear time (wall clock, best of 3)",
        "",
        f"t(4n)/t(n) with n = {size:,} characters: linear is 4x, quadratic 16x; "
        f"FLAG above {FLAG:g}x. CLI rows: 10x the input, FLAG above {CLI_FLAG:g}x.",
        "",
        "| function | input | t(n) ms | t(4n) ms | ratio |",
        "|---|---|--:|--:|---|",
    ]
    rows = function_rows(size, only)
    out += [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in rows]
    flagged = [r for r in rows if "FLAG" in r[4] or "raises" in r[4] or "SLOW" in r[4]]
    if cli:
        out += ["", "| command | input | t(1x), peak RSS | t(10x), peak RSS | ratio |"]
        out += ["|---|---|---|---|---|"]
        crows = cli_rows(timeout, cli_mb, memory_mb)
        out += [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in crows]
        flagged += [r for r in crows if "FLAG" in r[4]]
    out += ["", f"Flagged: {len(flagged)} of {len(rows) + (2 if cli else 0)} rows."]
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--size", type=int, default=20_000, help="n (default 20,000)")
    ap.add_argument("--only", action="append", default=[], help="only this function")
    ap.add_argument("--no-cli", action="store_true", help="skip the CLI rows")
    ap.add_argument("--timeout", type=float, default=120.0, help="per CLI run (default 120 s)")
    ap.add_argument("--cli-mb", type=float, default=1.0, help="small CLI line in MB (default 1)")
    ap.add_argument("--memory-mb", type=int, default=4096, help="address-space cap per CLI run")
    ap.add_argument(
        "--json",
        type=Path,
        help="also write the time and memory curve (n/4 to 2n, for the chart) to this file",
    )
    ap.add_argument("--curve-only", action="store_true", help="with --json: no table")
    args = ap.parse_args(argv)
    if args.json:
        write_curve(args.json, args.size, args.only)
        if args.curve_only:
            return 0
    print(
        table(
            args.size,
            args.only,
            cli=not args.no_cli,
            timeout=args.timeout,
            cli_mb=args.cli_mb,
            memory_mb=args.memory_mb,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
