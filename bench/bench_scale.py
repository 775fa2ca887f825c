"""Scale benchmark: iri.scale.batch against a plain loop, iri.scale.dask on 1 vs 2 local workers.

Run by `make bench` (a section of the report) or alone: `.venv/bin/python bench/bench_scale.py`.

Corpus: the lines of bench/{web,iri,mixed}.txt (or tests/corpora/bench/*.txt), each repeated
with a distinct numeric suffix (appending digits keeps a line valid or invalid as it was)
until N lines, so that every value is distinct; a second copy of the first N/2 lines with the
scheme upper-cased gives the deduplication real work. Wall-clock times, best of 3 runs; the
cluster runs are on data already persisted in the workers (loading is not timed).
Ratios: 2 workers / 1 worker, and cluster / in-process.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import column_targets

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(ROOT / "src"))

DEFAULT_LINES = 100_000
RUNS = 3


def corpus_lines(corpus_dir: Path | None, n: int) -> tuple[list[str], str]:
    """N distinct lines built from the bench corpora (see the module docstring)."""
    candidates = [corpus_dir / "bench"] if corpus_dir else []
    candidates.append(ROOT / "tests" / "corpora" / "bench")
    for d in candidates:
        files = sorted(d.glob("*.txt")) if d.is_dir() else []
        if files:
            base = [
                line for f in files for line in f.read_text(encoding="utf-8").splitlines() if line
            ]
            break
    else:
        raise FileNotFoundError("no bench corpus (*.txt) found")
    lines: list[str] = []
    k = 0
    while len(lines) < n:
        lines += [f"{line}{k}" if k else line for line in base[: n - len(lines)]]
        k += 1
    shouted = [line.replace("http", "HTTP", 1) for line in lines[: n // 2]]
    source = f"{', '.join(f.name for f in files)} in {d}"
    return lines + shouted, source


def best(fn: Callable[[], Any], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def batch_section(lines: list[str]) -> list[str]:
    import pandas as pd
    import pyarrow as pa

    from iri.scale import batch

    n = len(lines)
    distinct = lines[: n * 2 // 3]  # the first part of the corpus is all distinct
    dup = distinct[:2000] * (len(distinct) // 2000)  # the same 2,000 values over and over
    rows = [
        "### iri.scale.batch vs a plain loop (in-process, 1 core)",
        "",
        "| task | data | loop /s | stream /s | arrow_column /s | pandas_column /s | arrow / loop |",
        "|---|---|--:|--:|--:|--:|--:|",
    ]
    for task in ("is_valid", "normalize"):
        loop = _loop(task)
        for label, data in (("distinct", distinct), ("2,000 values repeated", dup)):
            arr = pa.array(data)
            ser = pd.Series(data)
            t_loop = best(lambda: loop(data))  # noqa: B023 (called at once)
            t_stream = best(lambda: list(batch.stream(task, data, on_invalid="null")))  # noqa: B023
            t_arrow = best(lambda: batch.arrow_column(task, arr, on_invalid="null"))  # noqa: B023
            t_pd = best(lambda: batch.pandas_column(task, ser, on_invalid="null"))  # noqa: B023
            m = len(data)
            rows.append(
                f"| {task} | {label} ({m:,}) | {m / t_loop:,.0f} | {m / t_stream:,.0f} "
                f"| {m / t_arrow:,.0f} | {m / t_pd:,.0f} | {t_loop / t_arrow:.2f}x |"
            )
    return [*rows, ""]


BASE = "http://a/b/c/d;p?q"


def _loop(task: str, options: dict[str, Any] | None = None) -> Callable[[list[str]], Any]:
    """The per-value loop of a task's public function, with the options the column gets
    (``base`` for ``resolve``), a rejected value as None."""
    import iri
    from iri.scale.tasks import split_row

    options = dict(options or {})
    fn: Callable[[str], Any]
    if task == "split":
        fn = split_row
    elif task == "resolve":
        base = options.pop("base", BASE)
        if options:
            raise ValueError(f"the resolve loop takes base only, not {sorted(options)}")

        def fn(x: str) -> Any:
            return iri.resolve(base, x)
    else:
        fn = getattr(iri, task)

    def run(lines: list[str]) -> list[Any]:
        out: list[Any] = []
        for x in lines:
            try:
                out.append(fn(x))
            except iri.IRIError:
                out.append(None)
        return out

    def run_with_options(lines: list[str]) -> list[Any]:
        # the options written at the call, as a caller's loop has them (no wrapper frame)
        out: list[Any] = []
        for x in lines:
            try:
                out.append(fn(x, **options))
            except iri.IRIError:
                out.append(None)
        return out

    return run_with_options if options else run


def _peers() -> dict[str, Callable[[list[str]], Any]]:
    """The native peers, called once per value (those installed)."""
    peers: dict[str, Callable[[list[str]], Any]] = {}
    try:
        from pyoxigraph import NamedNode

        def oxigraph(lines: list[str]) -> int:
            ok = 0
            for x in lines:
                try:
                    NamedNode(x)
                    ok += 1
                except ValueError:
                    pass
            return ok

        peers["pyoxigraph NamedNode"] = oxigraph
    except ImportError:
        pass
    try:
        import can_ada

        def can_parse(lines: list[str]) -> int:
            f = can_ada.can_parse
            return sum(1 for x in lines if f(x))

        def parse(lines: list[str]) -> int:
            f = can_ada.parse
            n = 0
            for x in lines:
                try:
                    f(x)
                    n += 1
                except ValueError:
                    pass
            return n

        peers["can_ada.can_parse"] = can_parse
        peers["can_ada.parse"] = parse
    except ImportError:
        pass
    return peers


#: The column tasks measured, with their options, and the peers of each.
COLUMN_TASKS: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("is_valid", {}, ("pyoxigraph NamedNode", "can_ada.can_parse")),
    ("check", {}, ()),
    ("to_uri", {}, ()),
    ("to_iri", {}, ()),
    ("normalize", {}, ()),
    ("normalize", {"level": "scheme"}, ()),
    ("key", {}, ()),
    ("split", {}, ("can_ada.parse",)),
    ("resolve", {"base": BASE}, ()),
]


COLUMN_RUNS = 21


def race(fns: dict[str, Callable[[], Any]], runs: int = COLUMN_RUNS) -> dict[str, float]:
    """Best time of each function over ``runs`` rounds, the contenders interleaved in each
    round (a busy machine then slows them alike)."""
    times = {name: float("inf") for name in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            t = time.perf_counter()
            fn()
            times[name] = min(times[name], time.perf_counter() - t)
    return times


def _dictionary_path(task: str, arr: Any) -> Any:
    """What arrow_column did before the kernels (exactly): the Python function of the task
    (``iri.scale.tasks.bound``, the layer functions, as before) once per distinct value
    of the dictionary-encoded column, the results spread back with one ``take``."""
    import pyarrow as pa

    import iri
    from iri.scale.arrow import arrow_type
    from iri.scale.tasks import Task, bound, violation_row

    fn = bound(task, {})
    encoded = arr.dictionary_encode()
    results = []
    for x in encoded.dictionary.to_pylist():
        try:
            results.append(fn(x))
        except iri.IRIError:
            results.append(None)
    if task == "check":
        results = [None if r is None else [violation_row(v) for v in r] for r in results]
    return pa.array(results, type=arrow_type(Task(task))).take(encoded.indices)


def columns_section(corpus_dir: Path | None) -> list[str]:
    """Each task as a column (arrow_column, the kernels) against its per-value loop and
    the native peers per call, on web, iri and mixed (each value once); then a column of
    2,000 values repeated over 100,000 rows against the dictionary path it replaces."""
    import os

    import pyarrow as pa

    import iri
    from iri.scale import batch

    d = ROOT / "tests" / "corpora" / "bench"
    peers = _peers()
    rows = [
        f"### Columns: `arrow_column` (the kernels, {'native' if iri.NATIVE else 'pure Python'})"
        " vs the per-value loop and the native peers per call",
        "",
        f"Values/s, best of {COLUMN_RUNS} interleaved rounds; ratios: the column's rate over "
        f"the other's; `IRI_THREADS`={os.environ.get('IRI_THREADS', 'unset')}, "
        f"{os.cpu_count()} CPUs.",
        "",
        "| corpus | task | column /s | loop /s | column / loop | peer | peer /s | column / peer |",
        "|---|---|--:|--:|--:|---|--:|--:|",
    ]
    for name in ("web", "iri", "mixed"):
        lines = list(
            dict.fromkeys(x for x in (d / f"{name}.txt").read_text("utf-8").split("\n") if x)
        )
        arr = pa.array(lines)
        m = len(lines)
        for task, options, peer_names in COLUMN_TASKS:
            found = [p for p in peer_names if p in peers]
            fns: dict[str, Callable[[], Any]] = {
                "column": lambda: batch.arrow_column(task, arr, on_invalid="null", **options),  # noqa: B023
                "loop": lambda: _loop(task, options)(lines),  # noqa: B023
            }
            for peer in found:
                fns[peer] = lambda peer=peer: peers[peer](lines)  # type: ignore[misc]  # noqa: B023
            t = race(fns)
            label = task + "".join(f" {k}={v}" for k, v in options.items() if k != "base")
            rows += _ratio_rows(f"{name} ({m:,})", label, m, t, found)
            for peer in [None, *found]:  # the ratios issue 26 sets targets for
                what = column_targets.column_target(task, options, peer)
                if what is not None:
                    column_targets.record(what, name, t[peer or "loop"] / t["column"])
    web = [x for x in (d / "web.txt").read_text("utf-8").split("\n") if x]
    repeated = pa.array((web[:2000] * 50)[:100_000])
    rows += [
        "",
        "Many repeats: 2,000 values over 100,000 rows, the kernel vs the dictionary path"
        " (the function once per distinct value, then `take`: what `arrow_column` did before).",
        "",
        "| task | kernel column /s | dictionary path /s | kernel / dictionary |",
        "|---|--:|--:|--:|",
    ]
    for task in ("is_valid", "check", "to_uri", "normalize", "key", "split"):
        t = race(
            {
                "kernel": lambda: batch.arrow_column(task, repeated, on_invalid="null"),  # noqa: B023
                "dictionary": lambda: _dictionary_path(task, repeated),  # noqa: B023
            }
        )
        m = len(repeated)
        rows.append(
            f"| {task} | {m / t['kernel']:,.0f} | {m / t['dictionary']:,.0f} "
            f"| {t['dictionary'] / t['kernel']:.2f}x |"
        )
    rows += [
        "",
        "`check` on values with something to report: the first 10,000 `web` lines, each given"
        " one warning on its form (`warned_lines`), and names of linked data (`urn:uuid:`,"
        " `urn:isbn:`, `mailto:`), the column against the loop of `iri.check`.",
        "",
        "| values | column /s | loop /s | column / loop |",
        "|---|--:|--:|--:|",
    ]
    for label, values in (
        ("web lines with a warning each", warned_lines(web[:10_000])),
        ("urn and mailto names", linked_data_names(10_000)),
    ):
        arr = pa.array(values)
        t = race(
            {
                "column": lambda: batch.arrow_column("check", arr, on_invalid="null"),  # noqa: B023
                "loop": lambda: _loop("check")(values),  # noqa: B023
            }
        )
        m = len(values)
        rows.append(
            f"| {label} ({m:,}) | {m / t['column']:,.0f} | {m / t['loop']:,.0f} "
            f"| {t['loop'] / t['column']:.1f}x |"
        )
    rows += idn_section()
    return [*rows, ""]


def idn_urls(n: int) -> tuple[list[str], list[str]]:
    """``n`` distinct URLs whose hosts are internationalized names (Latin, Cyrillic, Greek,
    CJK, Hangul words numbered, under a few TLDs), and the same URLs with the A-labels of
    those hosts (deterministic)."""
    from iri.syntax.hosts import host_to_ascii

    words = ["résumé", "bücher", "straße", "日本語", "東京", "한국어", "москва", "ελληνικά", "łódź"]
    tlds = ["de", "jp", "com", "рф", "org"]
    hosts = [f"{words[i % 9]}{i}.{tlds[i // 9 % 5]}" for i in range(n)]
    return (
        [f"http://{h}/p?q={i}" for i, h in enumerate(hosts)],
        [f"http://{host_to_ascii(h)}/p?q={i}" for i, h in enumerate(hosts)],
    )


def idn_section(n: int = 10_000) -> list[str]:
    """IDNA as columns: ``to_uri`` and ``check`` of URLs with distinct internationalized
    hosts, ``to_iri`` and ``check`` of the same with their A-labels, against the loop of
    the public function and the hosts' conversion per call by the Python ``idna`` package
    (``idna.encode`` / ``idna.decode`` with UTS #46, what Python code calls today) and by
    ada (``can_ada.parse(url).host``, C++, the URL Standard's ToASCII)."""
    import idna
    import pyarrow as pa

    from iri.scale import batch

    unicode_urls, ascii_urls = idn_urls(n)
    peers: dict[str, Callable[[list[str]], Any]] = {
        "idna.encode": lambda urls: [idna.encode(u[7 : u.index("/", 7)], uts46=True) for u in urls],
        "idna.decode": lambda urls: [idna.decode(u[7 : u.index("/", 7)]) for u in urls],
    }
    try:
        import can_ada

        peers["can_ada.parse"] = lambda urls: [can_ada.parse(u).host for u in urls]
    except ImportError:
        pass
    rows = [
        "",
        f"IDNA: {n:,} URLs, each host a distinct internationalized name (`idn_urls`), and"
        " the same with their A-labels; each host's conversion per call by the Python `idna`"
        " package and by ada for comparison (hosts only: less work than the tasks).",
        "",
        "| values | task | column /s | loop /s | column / loop | peer | peer /s | column / peer |",
        "|---|---|--:|--:|--:|---|--:|--:|",
    ]
    for label, urls, task, peer_names in (
        ("Unicode hosts", unicode_urls, "to_uri", ("idna.encode", "can_ada.parse")),
        ("Unicode hosts", unicode_urls, "check", ()),
        ("A-label hosts", ascii_urls, "to_iri", ("idna.decode",)),
        ("A-label hosts", ascii_urls, "check", ()),
    ):
        arr = pa.array(urls)
        found = [x for x in peer_names if x in peers]
        fns: dict[str, Callable[[], Any]] = {
            "column": lambda: batch.arrow_column(task, arr, on_invalid="null"),  # noqa: B023
            "loop": lambda: _loop(task)(urls),  # noqa: B023
        }
        for peer in found:
            fns[peer] = lambda peer=peer: peers[peer](urls)  # type: ignore[misc]  # noqa: B023
        rows += _ratio_rows(f"{label} ({n:,})", task, n, race(fns, runs=5), found)
    return rows


def _ratio_rows(values: str, task: str, m: int, t: dict[str, float], peers: list[str]) -> list[str]:
    """The table rows of one race over ``m`` values: the column's and the loop's rates and
    their ratio, once per peer with the peer's (a row without a peer when there is none)."""
    rows = []
    for peer in peers or [""]:
        if peer:
            peer_cells = f"{peer} | {m / t[peer]:,.0f} | {t[peer] / t['column']:.1f}x"
        else:
            peer_cells = "- | - | -"
        rows.append(
            f"| {values} | {task} | {m / t['column']:,.0f} | {m / t['loop']:,.0f} "
            f"| {t['loop'] / t['column']:.1f}x | {peer_cells} |"
        )
    return rows


def warned_lines(lines: list[str]) -> list[str]:
    """Each line given one warning on its form, by its index: an uppercase host, a
    default port, a dot-segment, an uppercase scheme, a password (RFC 3986 3.1-3.3)."""
    out = []
    for i, line in enumerate(lines):
        scheme, sep, rest = line.partition("://")
        if not sep:
            out.append(line)
            continue
        cut = min([k for k in (rest.find(c) for c in "/?#") if k >= 0] or [len(rest)])
        host, tail = rest[:cut], rest[cut:]
        kind = i % 5
        if kind == 0:
            host = host.upper()
        elif kind == 1 and ":" not in host:
            host += ":443" if scheme == "https" else ":80"
        elif kind == 2:
            tail = "/a/.." + tail if tail.startswith("/") or not tail else tail
        elif kind == 3:
            scheme = scheme.upper()
        elif kind == 4 and "@" not in host:
            host = "user:pass@" + host
        out.append(f"{scheme}://{host}{tail}")
    return out


def linked_data_names(n: int) -> list[str]:
    """``n`` distinct names as linked data writes them: UUID and ISBN URNs, mail
    addresses (deterministic)."""
    import uuid

    kinds = (
        lambda i: f"urn:uuid:{uuid.UUID(int=i * 0x9E3779B97F4A7C15 % (1 << 128))}",
        lambda i: f"urn:isbn:978{i:010d}",
        lambda i: f"mailto:person{i}@example.org",
    )
    return [kinds[i % 3](i) for i in range(n)]


def dask_section(lines: list[str], partitions: int) -> list[str]:
    import dask.dataframe as dd
    import distributed
    import pandas as pd

    from iri.scale import batch
    from iri.scale import dask as iri_dask

    n = len(lines)
    series = pd.Series(lines, name="iri", dtype="string")
    t_key = best(lambda: batch.pandas_column("key", series, on_invalid="null"))
    expected = batch.pandas_column("key", series, on_invalid="null").dropna().nunique()
    results: dict[int, dict[str, float]] = {}
    for workers in (1, 2):
        with (
            distributed.LocalCluster(
                n_workers=workers,
                processes=True,
                threads_per_worker=1,
                dashboard_address=None,
                host="127.0.0.1",
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            client.wait_for_workers(workers)
            col = client.persist(dd.from_pandas(series, npartitions=partitions))
            distributed.wait(col)
            iri_dask.map_column("is_valid", col).compute()  # warm the workers (imports)
            # Each run computes a new graph (a renamed copy of the column): the scheduler
            # would otherwise hand back results of the previous run still in memory.
            runs = iter(range(10 * RUNS))

            def fresh() -> Any:
                return col.rename(f"iri{next(runs)}")  # noqa: B023 (called at once)

            timings = {
                "is_valid": best(lambda: iri_dask.map_column("is_valid", fresh()).compute()),
                "normalize": best(
                    lambda: iri_dask.map_column("normalize", fresh(), on_invalid="null").compute()
                ),
                "deduplicate": best(
                    lambda: iri_dask.deduplicate(fresh(), on_invalid="null").compute()
                ),
            }
            got = len(iri_dask.deduplicate(col, on_invalid="null").compute())
            if got != expected:
                raise AssertionError(f"dask deduplicate gave {got} keys, in-process {expected}")
            results[workers] = timings
    rows = [
        f"### iri.scale.dask on a LocalCluster ({n:,} lines, {partitions} partitions, "
        "1 thread per worker process)",
        "",
        f"In-process `batch.pandas_column('key')`: {t_key:.2f} s ({n / t_key:,.0f}/s); "
        f"{expected:,} distinct keys (the cluster finds the same number).",
        "",
        "| task | 1 worker s | 2 workers s | 1 worker /s | 2 workers /s | speed-up 2 vs 1 |",
        "|---|--:|--:|--:|--:|--:|",
    ]
    for task in results[1]:
        a, b = results[1][task], results[2][task]
        rows.append(f"| {task} | {a:.2f} | {b:.2f} | {n / a:,.0f} | {n / b:,.0f} | {a / b:.2f}x |")
    d1 = results[1]["deduplicate"]
    rows += [
        "",
        f"Deduplicate, cluster of 1 worker vs in-process key: {t_key / d1:.2f}x "
        "(the cost of the shuffle and of the scheduler).",
        "",
    ]
    return rows


def section(corpus_dir: Path | None = None, n: int = DEFAULT_LINES) -> list[str]:
    """The report section (markdown lines); a line saying why when an extra is missing."""
    try:
        import dask.dataframe  # noqa: F401
        import distributed  # noqa: F401
        import pandas  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError as exc:
        return ["## Scale (iri.scale.batch, iri.scale.dask)", "", f"Not run: {exc}.", ""]
    import os

    lines, source = corpus_lines(corpus_dir, n)
    out = [
        "## Scale (iri.scale.batch, iri.scale.dask)",
        "",
        f"{len(lines):,} lines from {source} (distinct suffixes; see bench/bench_scale.py); "
        f"{os.cpu_count()} CPUs; wall-clock, best of {RUNS}.",
        "",
    ]
    out += columns_section(corpus_dir)
    out += batch_section(lines)
    out += dask_section(lines, partitions=8)
    return out


if __name__ == "__main__":
    if sys.argv[1:] == ["--columns"]:  # the column section alone
        print("\n".join(columns_section(None)))
        sys.exit()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_LINES
    print("\n".join(section(ROOT / "tests" / "corpora", n)))
