"""Benchmark iri against its peers: `make bench` (or `.venv/bin/python bench/run.py`).

Method (docs/performance.md, research/perf-baseline.md): per job and corpus, every contender
runs through the same wrapper and loop; 1 warm-up pass (which counts rejections), then 5 timed
passes with the contenders interleaved in each pass; the median pass gives items/s. When the
slowest contender would take more than 2 s a pass, all contenders are timed on the same evenly
spaced subsample (>= 2,000 items). Ratios are iri_rate / peer_rate.

Writes the report to stdout and to bench/results/latest.md (plus latest.json).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
# Measure the working tree's src/iri even without an editable install.
sys.path.insert(0, str(ROOT / "src"))

from _corpora import (  # noqa: E402
    LINE_CORPORA,
    Corpus,
    load_line_corpus,
    load_pairs,
    uri_form_corpus,
)
from _harness import (  # noqa: E402
    CorpusRun,
    Measurement,
    Role,
    bare_loop_pass,
    compile_wrapper,
    measure_corpus,
    prepare,
)
from _jobs import Job  # noqa: E402
from _jobs import all_jobs as _core_jobs  # noqa: E402
from _machine import cpu_model, load_average, machine_lines, native_in_use  # noqa: E402
from bench_liberal import liberal_jobs  # noqa: E402
from bench_safety import safety_jobs  # noqa: E402
from bench_value import value_jobs  # noqa: E402


def all_jobs() -> list[Job]:
    """Every job: the core ones, then each bench_<topic>.py's (one line per file)."""
    return [*_core_jobs(), *safety_jobs(), *liberal_jobs(), *value_jobs()]


DEFAULT_CORPUS_DIR = ROOT / "tests" / "corpora"  # the corpora copied into the repository
RESULTS = BENCH_DIR / "results"
# Median pass-to-pass spread of a job above which the report flags the job as noisy.
NOISY_SPREAD = 0.10
# --- formatting -------------------------------------------------------------------------------


def fmt_rate(rate: float | None) -> str:
    if rate is None:
        return "—"
    for unit, div in (("M", 1e6), ("k", 1e3)):
        if rate >= div:
            v = rate / div
            return f"{v:.3g} {unit}" if v < 1000 else f"{v:.0f} {unit}"
    return f"{rate:.3g}"


def fmt_ratio(r: float | None) -> str:
    if r is None:
        return "—"
    if r >= 100:
        return f"{r:.0f}"
    return f"{r:.1f}" if r >= 10 else f"{r:.2f}"


def fmt_rejected(m: Measurement) -> str:
    if m.rate is None:
        return "—"
    total = m.rejected + m.crashed
    pct = 100.0 * total / m.n_checked if m.n_checked else 0.0
    return f"{total:,} ({pct:.2g} %)" if total else "0"


# --- one job ----------------------------------------------------------------------------------


def run_job(
    job: Job, corpora: dict[str, Corpus], passes: int, max_pass: float, log: Any
) -> dict[str, Any]:
    prepared = prepare(job.contenders)
    runs: list[CorpusRun] = []
    for key in job.corpora:
        corpus = corpora.get(key)
        if corpus is None:
            continue
        print(
            f"  {job.name} / {corpus.name} ({len(corpus.items):,} items) ...", file=log, flush=True
        )
        runs.append(
            measure_corpus(
                prepared, corpus.name, corpus.items, passes=passes, max_pass_seconds=max_pass
            )
        )
    return {"job": job, "prepared": prepared, "runs": runs}


def render_job(result: dict[str, Any]) -> tuple[list[str], str, dict[str, Any]]:
    """Markdown lines, the verdict, and a JSON-ready record."""
    job: Job = result["job"]
    runs: list[CorpusRun] = result["runs"]
    contenders = job.contenders
    subj_i = next(i for i, c in enumerate(contenders) if c.role is Role.SUBJECT)
    lines = [f"### {job.name}: {job.title}", ""]
    targets = [(i, c) for i, c in enumerate(contenders) if c.role is Role.TARGET]
    tdesc = "; ".join(f"iri ≥ {c.target:g}× `{c.label}`" for _, c in targets)
    lines.append(f"Target: {tdesc} (on every corpus). × = iri items/s ÷ this row's items/s.")
    lines.append("")
    if not runs:
        lines += ["No corpus available for this job.", ""]
        return lines, "no input", {"job": job.name, "verdict": "no input"}

    subj_unavail = ""
    for run in runs:
        m = run.results[subj_i]
        if m.rate is None:
            subj_unavail = m.unavailable or "not measured"
            break

    head = "| contender | role |"
    sep = "|---|---|"
    for run in runs:
        dag = "†" if run.subsample_reason else ""
        head += f" {run.corpus} /s{dag} | × |"
        sep += "--:|--:|"
    head += " rejected (" + " · ".join(r.corpus for r in runs) + ") | note |"
    sep += "---|---|"
    lines += [head, sep]
    record: dict[str, Any] = {"job": job.name, "title": job.title, "corpora": {}, "rows": []}
    for i, c in enumerate(contenders):
        row = (
            f"| `{c.label}` | {c.role.value} |"
            if "`" not in c.label
            else (f"| {c.label} | {c.role.value} |")
        )
        rej = []
        notes = [c.note] if c.note else []
        unavailable_noted = False
        crashes: list[str] = []
        crash_example = ""
        rec_row: dict[str, Any] = {"label": c.label, "role": c.role.value, "results": {}}
        for run in runs:
            m = run.results[i]
            s = run.results[subj_i]
            ratio = None
            if c.role is not Role.FLOOR and m.rate and s.rate:
                ratio = s.rate / m.rate
            row += f" {fmt_rate(m.rate)} | {fmt_ratio(ratio)} |"
            rej.append(fmt_rejected(m))
            if m.unavailable and not unavailable_noted:
                notes.append(m.unavailable)
                unavailable_noted = True
            if m.crashed and c.role is Role.SUBJECT and m.rate is not None:
                crashes.append(f"{m.crashed:,} on {run.corpus}")
                crash_example = crash_example or m.crash_example
            rec_row["results"][run.corpus] = {
                "rate": m.rate,
                "ratio_iri_over_this": ratio,
                "rejected": m.rejected,
                "crashed": m.crashed,
                "n_items": m.n_items,
                "n_checked": m.n_checked,
                "times": m.times,
                "unavailable": m.unavailable,
            }
        if crashes:
            notes.append(
                f"**exceptions other than ValueError (bugs): {', '.join(crashes)}**; "
                f"first: {crash_example}"
            )
        row += " " + " · ".join(rej) + " | " + "; ".join(notes).replace("|", "\\|") + " |"
        lines.append(row)
        record["rows"].append(rec_row)
    lines.append("")
    for run in runs:
        record["corpora"][run.corpus] = {
            "n_total": run.n_total,
            "n_timed": run.n_timed,
            "subsample": run.subsample_reason,
        }
        if run.subsample_reason:
            lines.append(f"† {run.corpus}: {run.subsample_reason}.  ")
    spreads = [m.spread for run in runs for m in run.results if m.times]
    if spreads:
        noisy = statistics.median(spreads) > NOISY_SPREAD
        lines.append(
            "Spread of the timed passes, (max − min) / median: "
            f"median {statistics.median(spreads):.1%}, worst {max(spreads):.1%}."
            + (
                " **Noisy: something else was using the CPU; re-run on an idle machine.**"
                if noisy
                else ""
            )
            + "  "
        )
    lines.append("")

    # Verdict table.
    lines += [
        "| target | " + " | ".join(r.corpus for r in runs) + " | verdict |",
        "|---|" + "---|" * len(runs) + "---|",
    ]
    verdicts: list[str] = []
    subj_crashed = any(run.results[subj_i].crashed for run in runs)
    for i, c in targets:
        cells = []
        missing = failed = False
        for run in runs:
            m, s = run.results[i], run.results[subj_i]
            if s.rate is None:
                cells.append("—")
            elif m.rate is None:
                cells.append("peer unavailable")
                missing = True
            else:
                ratio = s.rate / m.rate
                ok = c.target is not None and ratio >= c.target
                cells.append(f"{fmt_ratio(ratio)}× {'PASS' if ok else 'FAIL'}")
                failed = failed or not ok
        if subj_unavail:
            v = "NOT IMPLEMENTED"
        elif subj_crashed:
            v = "BUG"  # fast because it crashed: the rate does not count
        elif missing:
            v = "INCOMPLETE"
        else:
            v = "FAIL" if failed else "PASS"
        verdicts.append(v)
        lines.append(f"| iri ≥ {c.target:g}× `{c.label}` | " + " | ".join(cells) + f" | {v} |")
    lines.append("")
    if subj_unavail:
        lines += [f"**iri: {subj_unavail}.** Peers measured for reference only.", ""]
    if not verdicts:
        verdict = "no target"
    elif "BUG" in verdicts:
        verdict = "BUG (iri raised exceptions other than ValueError)"
    elif "NOT IMPLEMENTED" in verdicts:
        verdict = "NOT IMPLEMENTED"
    elif "INCOMPLETE" in verdicts:
        verdict = "INCOMPLETE"
    else:
        verdict = "PASS" if all(v == "PASS" for v in verdicts) else "FAIL"
    record["verdict"] = verdict
    return lines, verdict, record


# --- floor table ------------------------------------------------------------------------------


def floor_table(corpora: dict[str, Corpus], passes: int) -> list[str]:
    names = [n for n in LINE_CORPORA if n in corpora]
    if not names:
        return []
    call, _ = compile_wrapper("f(s)", len)
    bare_rates, len_rates = [], []
    for n in names:
        items = corpora[n].items
        bare_loop_pass(items)
        for s in items:
            call(s)
        bt, lt = [], []
        for _ in range(passes):
            bt.append(bare_loop_pass(items))
            t0 = time.perf_counter()
            for s in items:
                call(s)
            lt.append(time.perf_counter() - t0)
        bare_rates.append(len(items) / statistics.median(bt))
        len_rates.append(len(items) / statistics.median(lt))
    return [
        "### Floor: what the harness itself costs",
        "",
        "| work per item | " + " | ".join(f"{n} /s" for n in names) + " |",
        "|---|" + "--:|" * len(names),
        "| `for s in items: pass` | " + " | ".join(fmt_rate(r) for r in bare_rates) + " |",
        "| harness wrapper + loop calling `len(s)` (every row pays this) | "
        + " | ".join(fmt_rate(r) for r in len_rates)
        + " |",
        "",
        "Each job table repeats the harness `len(s)` row, measured interleaved with that job.",
        "",
    ]


# --- main -------------------------------------------------------------------------------------


def load_corpora(
    corpus_dir: Path, needed: set[str], log: Any
) -> tuple[dict[str, Corpus], list[str]]:
    corpora: dict[str, Corpus] = {}
    notes: list[str] = []
    for name in LINE_CORPORA:
        if name in needed or f"{name}-uri" in needed:
            c = load_line_corpus(corpus_dir, name)
            if c is None:
                notes.append(f"missing corpus bench/{name}.txt: jobs skip it")
                continue
            corpora[name] = c
    if "cc_10k" in needed:
        pairs = load_pairs(corpus_dir)
        if pairs is None:
            notes.append("missing url-datasets/relative_urls_cc_10k.csv: resolve skipped")
        else:
            corpora["cc_10k"] = pairs
    for name in ("iri", "mixed"):
        if f"{name}-uri" in needed and name in corpora:
            print(f"  building the URI form of {name} ...", file=log, flush=True)
            uc = uri_form_corpus(corpora[name])
            corpora[f"{name}-uri"] = uc
            notes += uc.notes
    for key in ("web", "iri", "mixed"):
        if key in corpora and key not in needed:
            del corpora[key]
    return corpora, notes


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    names = [j.name for j in all_jobs()]
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument(
        "--quick",
        action="store_true",
        help="3 timed passes and 1 s per pass at most (default: 5 and 2 s)",
    )
    ap.add_argument(
        "--only",
        action="append",
        metavar="JOB",
        default=[],
        help=f"run only this job (repeatable or comma-separated): {', '.join(names)}",
    )
    ap.add_argument(
        "--corpus-dir",
        type=Path,
        default=DEFAULT_CORPUS_DIR,
        help=f"corpora directory (default: {DEFAULT_CORPUS_DIR})",
    )
    ap.add_argument("--passes", type=int, default=None, help="timed passes (overrides --quick)")
    ap.add_argument(
        "--output",
        type=Path,
        default=RESULTS / "latest.md",
        help="report file (default: bench/results/latest.md); a .json is written next to it",
    )
    ap.add_argument(
        "--fail-on-miss",
        action="store_true",
        help="exit 1 if a target is missed or not implemented",
    )
    ap.add_argument(
        "--no-scale",
        action="store_true",
        help="skip the iri.scale.batch / iri.scale.dask section (bench/bench_scale.py) and "
        "the engines' (bench/bench_engines.py); skipped with --only",
    )
    ap.add_argument(
        "--no-linear",
        action="store_true",
        help="skip the linear-time table (bench/bench_linear.py; skipped too with --only)",
    )
    args = ap.parse_args(argv)
    only: list[str] = []
    for o in args.only:
        only += [x.strip() for x in o.split(",") if x.strip()]
    unknown = [o for o in only if o not in names]
    if unknown:
        ap.error(f"unknown job(s) {', '.join(unknown)}; jobs: {', '.join(names)}")
    args.only = only
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    log = sys.stderr
    corpus_dir: Path = args.corpus_dir
    if not (corpus_dir / "bench").is_dir() and not (corpus_dir / "url-datasets").is_dir():
        print(
            f"bench: corpora directory not found: {corpus_dir}\n"
            "  (expected bench/{web,iri,mixed}.txt and url-datasets/relative_urls_cc_10k.csv "
            "under it; pass --corpus-dir DIR). No benchmark run, no numbers.",
        )
        return 0
    passes = args.passes or (3 if args.quick else 5)
    max_pass = 1.0 if args.quick else 2.0
    jobs = [j for j in all_jobs() if not args.only or j.name in args.only]
    needed = {k for j in jobs for k in j.corpora}
    started = dt.datetime.now(dt.UTC)
    load_start = load_average()
    corpora, corpus_notes = load_corpora(corpus_dir, needed, log)
    if not corpora:
        print(f"bench: no corpus files found under {corpus_dir}. No benchmark run, no numbers.")
        return 0

    print("  floor ...", file=log, flush=True)
    floor = floor_table(corpora, passes)
    results = [run_job(j, corpora, passes, max_pass, log) for j in jobs]
    finished = dt.datetime.now(dt.UTC)
    command = " ".join(["bench/run.py", *(sys.argv[1:] if argv is None else argv)])

    out: list[str] = [
        "# iri benchmark results",
        "",
        f"Run {started:%Y-%m-%d %H:%M} UTC, {(finished - started).total_seconds():.0f} s; "
        f"`{command}`; "
        f"1 warm-up pass + {passes} timed passes (median), contenders interleaved; "
        f"subsample when a pass would exceed {max_pass:g} s.",
        "",
        "## Machine",
        "",
        *machine_lines(),
        f"- Load average (1/5/15 min) at start: {load_start}; at end: {load_average()}",
        "",
        "## Corpora",
        "",
    ]
    for c in corpora.values():
        out.append(f"- `{c.name}`: {len(c.items):,} items from `{c.source}`")
    out += [f"- {n}" for n in corpus_notes]
    out.append("")
    job_blocks: list[str] = []
    summary = ["## Summary", "", "| job | target | verdict |", "|---|---|---|"]
    records: list[dict[str, Any]] = []
    any_miss = False
    for r in results:
        block, verdict, record = render_job(r)
        job_blocks += block
        records.append(record)
        job: Job = r["job"]
        tdesc = "; ".join(
            f"≥ {c.target:g}× `{c.short}`" for c in job.contenders if c.role is Role.TARGET
        )
        summary.append(f"| {job.name} | {tdesc} | {verdict} |")
        any_miss = any_miss or verdict != "PASS"
    out += [*summary, "", "## Jobs", "", *floor, *job_blocks]
    if not (args.no_scale or args.only):
        from bench_scale import section as scale_section

        print("  scale (iri.scale.batch, iri.scale.dask) ...", file=log, flush=True)
        out += ["", *scale_section(corpus_dir)]
        from bench_engines import section as engines_section

        print("  engines (Polars, DuckDB, Spark) ...", file=log, flush=True)
        out += ["", *engines_section(corpus_dir)]
        import column_targets

        # the verdicts of issue 26's targets, beside the jobs' summary
        at = out.index("## Jobs")
        native = native_in_use()
        out[at:at] = column_targets.summary(native)
        any_miss = any_miss or column_targets.any_missed(native)
    if not args.only:  # the `iri` command: start-up and throughput (bench/bench_cli.py)
        import bench_cli

        print("  cli ...", file=log, flush=True)
        out += ["", *bench_cli.report(args.quick)]
    report = "\n".join(out).rstrip() + "\n"
    print(report)

    output: Path = args.output
    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = output.with_suffix(".md.tmp")
    tmp.write_text(report, encoding="utf-8")
    tmp.replace(output)
    jpath = output.with_suffix(".json")
    jtmp = output.with_suffix(".json.tmp")
    jtmp.write_text(
        json.dumps(
            {
                "started": started.isoformat(),
                "finished": finished.isoformat(),
                "command": command,
                "quick": bool(args.quick),
                "passes": passes,
                "machine": machine_lines(),
                # what tools/plot_bench.py writes on each chart
                "cpu": cpu_model(),
                "cores": os.cpu_count(),
                "python": platform.python_version(),
                "native": native_in_use(),
                "load_average": {"start": load_start, "end": load_average()},
                "jobs": records,
            },
            indent=1,
        ),
        encoding="utf-8",
    )
    jtmp.replace(jpath)
    print(f"bench: report written to {output} and {jpath}", file=log)
    if not args.no_linear and not args.only:
        import bench_linear  # the linear-time table (bench/bench_linear.py)

        # and the curve of the chart in docs/performance.md (tools/plot_bench.py)
        curve = ["--json", str(output.with_name(f"{output.stem}-linear.json"))]
        bench_linear.main([*(["--size", "10000"] if args.quick else []), *curve])
    return 1 if args.fail_on_miss and any_miss else 0


if __name__ == "__main__":
    sys.exit(main())
