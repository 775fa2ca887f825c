"""Peak memory of a 10-million-row column through iri.scale.batch.arrow_column (issue 26).

Each measurement runs in a fresh process: the column is built in Arrow (the lines of
tests/corpora/bench/web.txt taken over and over, no Python object per row), the process's
peak resident set is reset to the current one (Linux: ``/proc/self/clear_refs``), and the
peak (``VmHWM``) is read after one ``arrow_column`` call. Reported: the input's and the
output's Arrow buffers, the peak growth during the call, and that growth beyond the output
(the working set). Shapes: one 10-million-row
array (the kernel walks it in slices) and a ChunkedArray of ten 1-million-row chunks (one
result chunk per input chunk).

Run: ``.venv/bin/python bench/bench_column_memory.py [ROWS]`` (default 10,000,000).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


def _status(field: str) -> int:
    """A size from /proc/self/status (Linux), in bytes."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise LookupError(field)


def _reset_peak() -> None:
    """Set the peak resident set (VmHWM) to the current one (Linux: clear_refs 5), so the
    peak read after the call is the call's, not the building of its input's."""
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def one(task: str, shape: str, rows: int) -> dict[str, float]:
    """One measurement (in this process)."""
    import pyarrow as pa

    from iri.scale import batch

    web = [x for x in (ROOT / "tests/corpora/bench/web.txt").read_text("utf-8").split("\n") if x]
    base = pa.array(web, pa.large_string())
    reps = -(-rows // len(base))
    column = pa.concat_arrays([base] * reps).slice(0, rows)
    column = column.cast(pa.string()) if column.nbytes < 2**31 - MB else column
    if shape == "chunked":
        step = rows // 10
        column = pa.chunked_array([column.slice(k * step, step) for k in range(10)])
    else:
        column = pa.concat_arrays([column])  # one contiguous array
    batch.arrow_column(task, column.slice(0, 1000), on_invalid="null")  # warm up (imports)
    try:  # whether the kernel dictionary-encodes the chunks (their sample shows repeats)
        from iri._native import column_repeats

        encoded = any(column_repeats(task, column))
    except ImportError:
        encoded = True  # the Python path encodes every chunk
    _reset_peak()
    before = _status("VmRSS")
    t = time.perf_counter()
    out = batch.arrow_column(task, column, on_invalid="null")
    seconds = time.perf_counter() - t
    peak = _status("VmHWM")
    return {
        "input_mb": column.nbytes / MB,
        "output_mb": out.nbytes / MB,
        "growth_mb": (peak - before) / MB,
        "seconds": seconds,
        "rows": rows,
        "path": "dictionary" if encoded else "every row",
    }


def main(rows: int) -> list[str]:
    import iri

    out = [
        f"### Memory: {rows:,} rows through arrow_column "
        f"({'native kernels' if iri.NATIVE else 'pure Python'})",
        "",
        "Peak resident growth during the call (fresh process each), against the Arrow "
        "buffers of the input and of the result.",
        "",
        "| task | shape | path | input MB | output MB | peak growth MB | working set MB | rows/s |",
        "|---|---|---|--:|--:|--:|--:|--:|",
    ]
    for task in ("is_valid", "to_uri"):
        for shape in ("one array", "chunked"):
            got = subprocess.run(
                [sys.executable, __file__, "--one", task, shape, str(rows)],
                check=True,
                capture_output=True,
                text=True,
            )
            r = json.loads(got.stdout)
            out.append(
                f"| {task} | {shape} | {r['path']} | {r['input_mb']:,.0f} | {r['output_mb']:,.0f} "
                f"| {r['growth_mb']:,.0f} | {r['growth_mb'] - r['output_mb']:,.0f} "
                f"| {r['rows'] / r['seconds']:,.0f} |"
            )
    return [*out, ""]


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    if sys.argv[1:2] == ["--one"]:
        print(json.dumps(one(sys.argv[2], sys.argv[3], int(sys.argv[4]))))
    else:
        print("\n".join(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000)))
