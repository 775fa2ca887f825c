"""Engine overhead: Polars, DuckDB and Spark against the bare column kernel on the same column.

Run by `make bench` (a section of bench/run.py's report) or alone:
`.venv/bin/python bench/bench_engines.py [N]`.

The column: the distinct lines of the bench corpora (web, iri, mixed; bench/_corpora's
directories or tests/corpora/bench), every value distinct, N rows at most (default: all).
Each path computes the whole result column and hands it back to its caller:

- bare: `iri.scale.batch.arrow_column(task, pyarrow_array)`;
- Polars: `df.select(pl.col("u").iri.<task>())`, eager and in the streaming engine; beside
  it, Polars' own part: the column through a `map_batches` function that does no work, and
  Polars' own `str.contains` in the streaming engine;
- DuckDB: `SELECT iri_<task>(u) FROM t` from a DuckDB table, fetched as Arrow; beside it,
  DuckDB's own part: `SELECT u FROM t` fetched the same way, the column through an Arrow
  UDF that does no work, and DuckDB's own `contains(u, '%')` (a byte search in C++ over
  every row, fetched the same way: the floor of a function that reads every row's bytes);
- Spark (local[1], Arrow UDFs): the column written to Spark's `noop` sink (every row
  computed, nothing collected) from a cached DataFrame, against Spark's own
  `parse_url(u, 'HOST')` on the same DataFrame (ANSI mode off: an unparsable URL is null);
  SPARK_ROWS rows (the lines again with numeric suffixes), as a job's fixed cost would
  otherwise be all a short column measures.

Wall-clock, best of ENGINE_RUNS (Polars, DuckDB: calls of a few milliseconds, whose minima
over 5 rounds strayed here: 0.76x and 1.79x in one of three runs, 1.1-1.5x in the other
two) or RUNS (Spark) after one warm-up run. Ratios: engine time / bare time (targets: Polars
and DuckDB <= 1.3x) and Spark's parse_url time / iri's host-extraction time (target >= 1x).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import column_targets

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(ROOT / "src"))

RUNS = 5
ENGINE_RUNS = 21
TASKS = ("is_valid", "to_uri", "normalize")
POLARS_DUCKDB_TARGET = 1.3
#: the paths timed against the bare kernel (each has a target in column_targets)
ENGINES = ("Polars", "Polars streaming", "DuckDB")
SPARK_ROWS = 300_000
#: what the engines' own string function looks for in each row (their floor): a byte
#: most rows lack, so that every row is read to its end
FLOOR_NEEDLE = "%"


def corpus(corpus_dir: Path | None, n: int | None) -> tuple[list[str], str]:
    dirs = [d for d in (corpus_dir and corpus_dir / "bench", ROOT / "tests/corpora/bench") if d]
    for d in dirs:
        files = [d / f"{name}.txt" for name in ("web", "iri", "mixed")]
        if all(f.is_file() for f in files):
            seen = dict.fromkeys(
                line for f in files for line in f.read_text(encoding="utf-8").splitlines()
            )
            lines = list(seen)[:n]
            return lines, f"web, iri, mixed in {d}"
    raise FileNotFoundError("no bench corpus (web.txt, iri.txt, mixed.txt)")


def interleaved(paths: dict[str, Callable[[], Any]], runs: int = RUNS) -> dict[str, float]:
    """Best time of each path; the paths take turns in every run (a loaded machine slows
    them alike), after one warm-up run of each (imports, worker processes, caches)."""
    for fn in paths.values():
        fn()
    times: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(runs):
        for name, fn in paths.items():
            t = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
    return {name: min(ts) for name, ts in times.items()}


def _arrow_table(con: Any, sql: str) -> Any:
    # DuckDB 2 fetches a relation's Arrow table with to_arrow_table, 1.x with arrow()
    rel = con.sql(sql)
    return rel.to_arrow_table() if hasattr(rel, "to_arrow_table") else rel.arrow()


def _nothing(urls: Any) -> Any:
    import pyarrow as pa

    return pa.nulls(len(urls), pa.bool_())


def _nothing_polars(batch: Any) -> Any:
    import polars as pl
    import pyarrow as pa

    return pl.Series(batch.name, pa.nulls(len(batch), pa.bool_()))


def engine_paths(lines: list[str], task: str) -> tuple[dict[str, Callable[[], Any]], list[str]]:
    """The bare kernel and each engine's path for one task (and notes on those not run)."""
    import pyarrow as pa

    from iri.scale import batch

    array = pa.array(lines)
    paths: dict[str, Callable[[], Any]] = {
        "bare": lambda: batch.arrow_column(task, array, on_invalid="null")
    }
    notes = []
    try:
        import polars as pl

        import iri.integrations.polars  # noqa: F401  (registers the namespace)

        df = pl.DataFrame({"u": lines})
        expr = getattr(pl.col("u").iri, task)(on_invalid="null")
        paths["Polars"] = lambda: df.select(expr)
        paths["Polars streaming"] = lambda: df.lazy().select(expr).collect(engine="streaming")
        # Polars' own part: the column through a Python batch function that does no work
        # (a null per row), as the namespace's methods are registered (`map_batches`,
        # elementwise): what any Python function in a Polars expression costs
        empty = pl.col("u").map_batches(
            _nothing_polars, return_dtype=pl.Boolean, is_elementwise=True
        )
        paths["Polars empty map"] = lambda: df.select(empty)
        paths["Polars streaming empty map"] = lambda: (
            df.lazy().select(empty).collect(engine="streaming")
        )
        # Polars' floor: one of its own string functions (Rust, no Python per batch), a
        # byte search over every row, in the streaming engine
        builtin = pl.col("u").str.contains(FLOOR_NEEDLE, literal=True)
        paths["Polars streaming builtin"] = lambda: (
            df.lazy().select(builtin).collect(engine="streaming")
        )
    except ImportError as exc:
        notes.append(f"Polars not run: {exc}.")
    try:
        import duckdb

        from iri.integrations.duckdb import register

        con = register(duckdb.connect(), on_invalid="null")
        con.register("source", pa.table({"u": lines}))
        con.execute("CREATE TABLE t AS SELECT u FROM source")
        sql = f"SELECT iri_{task}(u) FROM t"
        paths["DuckDB"] = lambda: _arrow_table(con, sql)
        # DuckDB's own part: the column fetched as Arrow, and through an Arrow UDF that
        # does no work (a null per row): what any Python function in its SQL costs
        con.create_function(
            "_nothing",
            _nothing,
            ["VARCHAR"],
            "BOOLEAN",
            type="arrow",
            null_handling="special",
            side_effects=False,
        )
        paths["DuckDB fetch"] = lambda: _arrow_table(con, "SELECT u FROM t")
        paths["DuckDB empty UDF"] = lambda: _arrow_table(con, "SELECT _nothing(u) FROM t")
        # DuckDB's floor: one of its own string functions (C++, in its engine, no UDF), a
        # byte search over every row, fetched the same way: what DuckDB takes to hand each
        # row's bytes to a function and return its answers, less than any validation does
        paths["DuckDB builtin"] = lambda: _arrow_table(
            con, f"SELECT contains(u, '{FLOOR_NEEDLE}') FROM t"
        )
    except ImportError as exc:
        notes.append(f"DuckDB not run: {exc}.")
    return paths, notes


def spark_column(lines: list[str], rows: int) -> list[str]:
    """The lines, again with a numeric suffix each time (still distinct), up to ``rows``:
    a Spark job has a fixed cost that a short column would be all about."""
    out, k = list(lines), 1
    while len(out) < rows:
        out += [f"{line}{k}" for line in lines[: rows - len(out)]]
        k += 1
    return out


def _spark(lines: list[str]) -> tuple[dict[str, float], str]:
    import pyarrow as pa
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F  # noqa: N812

    from iri.scale import batch
    from iri.scale import spark as iri_spark

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (
        SparkSession.builder.master("local[1]")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.ansi.enabled", "false")
        .config("spark.sql.shuffle.partitions", "1")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    table = pa.table({"u": lines})
    df = spark.createDataFrame(table).coalesce(1).cache()
    df.count()

    def run(col: Any) -> Callable[[], None]:
        return lambda: df.select(col).write.format("noop").mode("overwrite").save()

    paths = {"parse_url HOST": run(F.parse_url(F.col("u"), F.lit("HOST")))}
    if "split" in {t.value for t in batch.Task}:
        paths["split host"] = run(iri_spark.split("u", on_invalid="null").host)
    for task in TASKS:
        paths[task] = run(getattr(iri_spark, task)("u", on_invalid="null"))
        array = table["u"]
        paths[f"bare {task}"] = lambda t=task, a=array: batch.arrow_column(t, a, on_invalid="null")
    out = interleaved(paths)
    version = spark.version
    spark.stop()
    return out, version


def section(corpus_dir: Path | None = None, n: int | None = None) -> list[str]:
    """The report section (markdown lines); a line saying why where an engine is missing."""
    import iri

    lines, source = corpus(corpus_dir, n)
    m = len(lines)
    out = [
        "## Engines (iri.integrations.polars, iri.integrations.duckdb, iri.scale.spark)",
        "",
        f"{m:,} distinct lines ({source}); core: {'native' if iri.NATIVE else 'pure Python'}; "
        f"{os.cpu_count()} CPUs; wall-clock, best of {ENGINE_RUNS} (the paths take turns) after a "
        "warm-up. Overhead = engine time / bare `arrow_column` time (target <= "
        f"{POLARS_DUCKDB_TARGET}x for Polars and DuckDB).",
        "",
        "| task | bare /s | " + " | ".join(f"{e} /s | overhead" for e in ENGINES) + " |",
        "|---|--:|" + "--:|--:|" * len(ENGINES),
    ]
    notes: list[str] = []
    duck: list[str] = []
    polars: list[str] = []
    for task in TASKS:
        paths, notes = engine_paths(lines, task)
        times = interleaved(paths, ENGINE_RUNS)
        b = times["bare"]
        if "Polars" in times:
            e, se = times["Polars empty map"], times["Polars streaming empty map"]
            sb = times["Polars streaming builtin"]
            polars.append(
                f"| {task} | {m / e:,.0f} | {m / se:,.0f} | {times['Polars'] / (e + b):.2f}x "
                f"| {times['Polars streaming'] / (se + b):.2f}x | {sb / b:.2f}x |"
            )
            column_targets.floor("Polars streaming time / bare kernel", task, sb / b)
        if "DuckDB" in times:
            f, e = times["DuckDB fetch"], times["DuckDB empty UDF"]
            bi = times["DuckDB builtin"]
            duck.append(
                f"| {task} | {m / f:,.0f} | {m / e:,.0f} | {times['DuckDB'] / (f + b):.2f}x "
                f"| {f / b:.2f}x | {bi / b:.2f}x |"
            )
            column_targets.floor("DuckDB time / bare kernel", task, bi / b)
        cells = [f"| {task} | {m / b:,.0f}"]
        for e in ENGINES:
            t = times.get(e)
            cells.append("-- | --" if t is None else f"{m / t:,.0f} | {t / b:.2f}x")
            if t is not None:
                column_targets.record(f"{e} time / bare kernel", task, t / b)
        out.append(" | ".join(cells) + " |")
    if polars:
        out += [
            "",
            "Polars' part, measured in the same rounds: the column through a Python batch "
            "function that does no work (a null per row), registered as the namespace's "
            "methods are (`map_batches`, elementwise), eager and streaming, and each `iri` "
            "path against that empty function plus the bare kernel.",
            "",
            "Last, Polars' own `str.contains` (a byte search over every row, no Python) in "
            "the streaming engine, over the bare kernel's time.",
            "",
            "| task | empty map /s | streaming empty map /s | Polars time / (empty + bare) "
            "| streaming time / (empty + bare) | streaming builtin / bare |",
            "|---|--:|--:|--:|--:|--:|",
            *polars,
        ]
    if duck:
        out += [
            "",
            "DuckDB's part, measured in the same rounds: the column fetched as Arrow "
            "(`SELECT u FROM t`), the same through an Arrow UDF that does no work (a null per "
            "row), and `iri_<task>` against the column fetched and then given to the bare "
            "kernel (what a caller does without the SQL function). Last, over the bare "
            "kernel's time: the fetch alone, and DuckDB's own `contains(u, "
            f"'{FLOOR_NEEDLE}')` (C++, no UDF) fetched the same way, what DuckDB takes to hand "
            "every row's bytes to a function that does less than any validation and return "
            "its answers.",
            "",
            "| task | fetch /s | empty UDF /s | DuckDB time / (fetch + bare) | fetch / bare "
            "| builtin / bare |",
            "|---|--:|--:|--:|--:|--:|",
            *duck,
        ]
    return [*out, "", *notes, *_spark_rows(lines)]


def _spark_rows(lines: list[str]) -> list[str]:
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return ["Spark not run: no Java.", ""]
    column = spark_column(lines, SPARK_ROWS)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)  # PySpark 4.3 on pandas 3
            spark, version = _spark(column)
    except ImportError as exc:
        return [f"Spark not run: {exc}.", ""]
    m = len(column)
    builtin = spark["parse_url HOST"]
    rows = [
        f"### Spark {version}, local[1], Arrow UDFs, `noop` sink, {m:,} distinct rows",
        "",
        "| column | rows /s | parse_url time / this time | this time / bare kernel's |",
        "|---|--:|--:|--:|",
        f"| Spark `parse_url(u, 'HOST')` (built in, JVM) | {m / builtin:,.0f} | 1.00x | -- |",
    ]
    if "split host" in spark:
        t = spark["split host"]
        column_targets.record(column_targets.SPARK_HOST, f"{m:,} rows", builtin / t)
        rows.append(
            f"| `iri.scale.spark.split(u).host` | {m / t:,.0f} | {builtin / t:.2f}x (target >= 1x)"
            " | -- |"
        )
    else:
        rows.append("| `iri.scale.spark.split(u).host` | not run: batch has no split | | |")
    for task in TASKS:
        t = spark[task]
        rows.append(
            f"| `iri.scale.spark.{task}(u)` | {m / t:,.0f} | {builtin / t:.2f}x "
            f"| {t / spark[f'bare {task}']:.2f}x |"
        )
    return [*rows, ""]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else None
    print("\n".join(section(None, n)))
