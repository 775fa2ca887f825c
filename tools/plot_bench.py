"""The benchmark charts of docs/performance.md, drawn from the results ``make bench`` writes.

``make charts`` (or ``.venv/bin/python tools/plot_bench.py``) reads

* ``bench/results/latest.json`` (bench/run.py with the compiled core) and
  ``bench/results/latest-pure.json`` (the same run with ``IRI_NO_EXTENSIONS=1``), and draws one
  chart per job: items per second of ``iri`` (native and pure Python) beside every peer, one
  panel per corpus;
* ``bench/results/latest-pure-linear.json`` (bench/bench_linear.py ``--json``; else
  ``latest-linear.json``) and draws time and memory against input length.

Each chart carries the run's date, machine, load average and command. The SVGs go to
docs/_static/bench/ (committed) with a copy of the results they were drawn from, so that a
chart can always be traced back to its numbers. matplotlib is in the ``docs`` dependency group.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
OUT = ROOT / "docs" / "_static" / "bench"

NATIVE_COLOUR = "#1f5fae"
PURE_COLOUR = "#7fa7d9"
PEER_COLOUR = "#9a9a9a"
NATIVE_PEER_COLOUR = "#5c5c5c"


def _rate(row: dict[str, Any], corpus: str) -> float | None:
    result = row.get("results", {}).get(corpus) or {}
    rate = result.get("rate")
    return float(rate) if rate else None


def _fmt(rate: float) -> str:
    for unit, div in (("M", 1e6), ("k", 1e3)):
        if rate >= div:
            return f"{rate / div:.3g} {unit}/s"
    return f"{rate:.3g} /s"


def _titles(run: dict[str, Any], md: Path) -> dict[str, str]:
    """Job titles: in the JSON since they were added, else from the Markdown report."""
    titles = {j["job"]: j["title"] for j in run["jobs"] if j.get("title")}
    if md.is_file():
        for m in re.finditer(r"^### ([\w-]+): (.+)$", md.read_text(encoding="utf-8"), re.M):
            titles.setdefault(m.group(1), m.group(2))
    return titles


def _command(run: dict[str, Any]) -> str:
    """The run's command, its long ``--only`` list of every job and ``--output`` shortened."""
    command = run.get("command", "bench/run.py")
    command = re.sub(r" --output \S+", "", command)
    return re.sub(r"--only (\S+)", lambda m: f"--only <{m.group(1).count(',') + 1} jobs>", command)


def footer(run: dict[str, Any], extra: str = "", what: str = "Run") -> str:
    """The line written on every chart: when, on what, under which load, how."""
    started = dt.datetime.fromisoformat(run["started"])
    load = run.get("load_average") or {}
    parts = [
        f"{what} {started:%Y-%m-%d %H:%M} UTC",
        f"{run.get('cpu', 'unknown CPU')}, {run.get('cores', '?')} cores",
        f"Python {run.get('python', '?')}",
        f"load average (1/5/15 min) {load.get('start', '?')} at start,"
        f" {load.get('end', '?')} at end",
    ]
    text = "; ".join(parts)
    return text + ("\n" + extra if extra else "")


def _is_native_peer(label: str) -> bool:
    return "native" in label.lower() or any(
        n in label for n in ("can_ada", "ada_url", "pyoxigraph")
    )


def _own_run_note(pure: dict[str, Any], corpus: str, rate: float) -> str:
    """The pure Python bar against the fastest Python peer of its own run: the two runs
    are minutes apart on a shared machine, so only ratios within one run compare fairly."""
    peers = [
        (r, row["label"].replace("`", ""))
        for row in pure["rows"]
        if row["role"] not in ("subject", "floor") and not _is_native_peer(row["label"])
        if (r := _rate(row, corpus)) is not None
    ]
    if not peers:
        return ""
    best, _label = max(peers)
    return f"   ({rate / best:.1f}x the fastest Python peer, in its own run)"


def contenders(
    job: dict[str, Any], pure: dict[str, Any] | None, corpus: str
) -> list[tuple[str, float, str, str]]:
    """(label, items/s, colour, note) of one panel: iri native, iri pure Python, the peers."""
    bars: list[tuple[str, float, str, str]] = []
    subject = next((r for r in job["rows"] if r["role"] == "subject"), None)
    if subject is not None and (rate := _rate(subject, corpus)) is not None:
        bars.append((f"{subject['label']} (native)", rate, NATIVE_COLOUR, ""))
    native = rate if bars else None
    if pure is not None:
        psub = next((r for r in pure["rows"] if r["role"] == "subject"), None)
        if psub is not None and (prate := _rate(psub, corpus)) is not None:
            note = _own_run_note(pure, corpus, prate)
            bars.append((f"{psub['label']} (pure Python)", prate, PURE_COLOUR, note))
    for row in job["rows"]:
        if row["role"] in ("subject", "floor"):
            continue
        rate = _rate(row, corpus)
        if rate is not None:
            label = row["label"].replace("`", "")
            ratio = native / rate if native else None
            note = (
                ""
                if ratio is None
                else f"   (iri native: {ratio:.{1 if ratio >= 1 else 2}f}x this)"
            )
            colour = NATIVE_PEER_COLOUR if _is_native_peer(label) else PEER_COLOUR
            bars.append((label, rate, colour, note))
    return bars


def _legend(fig: Any, top: float) -> None:
    from matplotlib.patches import Patch

    kinds = [
        (NATIVE_COLOUR, "iri, native core"),
        (PURE_COLOUR, "iri, pure Python"),
        (PEER_COLOUR, "peer (Python)"),
        (NATIVE_PEER_COLOUR, "peer (compiled: Rust, C++)"),
    ]
    handles = [Patch(color=colour, label=label) for colour, label in kinds]
    fig.legend(
        handles=handles,
        loc="upper left",
        bbox_to_anchor=(0.005, top),
        ncol=4,
        fontsize=7.5,
        frameon=False,
    )


def job_chart(
    job: dict[str, Any],
    pure: dict[str, Any] | None,
    run: dict[str, Any],
    pure_run: dict[str, Any] | None,
    *,
    title: str,
    note: str,
) -> Any:
    """One panel per corpus, stacked, so that the chart stays readable at the page's width."""
    import matplotlib.pyplot as plt

    panels = [(c, contenders(job, pure, c)) for c in job.get("corpora", {})]
    panels = [(c, bars) for c, bars in panels if bars]
    if not panels:
        return None
    heights = [0.3 * len(bars) + 0.75 for _, bars in panels]
    extra = 1.5 if pure_run is not None else 1.35
    fig, axes = plt.subplots(
        len(panels),
        1,
        figsize=(8.5, sum(heights) + extra),
        squeeze=False,
        gridspec_kw={"height_ratios": heights},
    )
    for ax, (corpus, bars) in zip(axes[:, 0], panels, strict=True):
        labels = [label for label, _, _, _ in bars]
        values = [rate for _, rate, _, _ in bars]
        ax.barh(range(len(bars)), values, color=[c for _, _, c, _ in bars], height=0.72)
        top = max(values)
        for y, (_label, value, _colour, beside) in enumerate(bars):
            ax.text(value + top * 0.01, y, _fmt(value) + beside, va="center", fontsize=7.5)
        ax.set_yticks(range(len(bars)), labels, fontsize=7.5)
        ax.invert_yaxis()
        ax.set_xlim(0, top * 1.45)
        n = job["corpora"][corpus]
        sub = "" if n.get("n_timed") == n.get("n_total") else f"; {n.get('n_timed'):,} timed"
        ax.set_title(
            f"corpus {corpus} ({n.get('n_total', 0):,} items{sub})", fontsize=8.5, loc="left"
        )
        ax.tick_params(axis="x", labelsize=7)
        ax.xaxis.set_major_formatter(lambda x, _pos: _fmt(x).removesuffix("/s").strip())
        ax.grid(axis="x", alpha=0.3)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    axes[-1, 0].set_xlabel("items per second (higher is better)", fontsize=8)
    fig.suptitle(f"{job['job']}: {title}", fontsize=10.5, x=0.01, ha="left", fontweight="bold")
    total = sum(heights) + extra
    _legend(fig, 1 - 0.3 / total)
    text = footer(run, note, "Native run")
    if pure_run is not None:
        text += "\n" + footer(pure_run, what="Pure Python run (IRI_NO_EXTENSIONS=1)")
    fig.text(0.01, 0.004, text, fontsize=6.5, color="#444444", va="bottom")
    fig.tight_layout(rect=(0, (extra - 0.85) / total, 1, 1 - 0.6 / total))
    return fig


def linear_chart(curve: dict[str, Any]) -> Any:
    import matplotlib.pyplot as plt

    sizes = curve["sizes"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.8))
    colours = plt.get_cmap("tab20").colors  # 20 distinct colours: one per function
    for i, (name, data) in enumerate(curve["functions"].items()):
        style: dict[str, Any] = {"color": colours[i % 20], "linestyle": "-" if i < 10 else "--"}
        ms = [s * 1e3 for s in data["seconds"]]
        kb = [b / 1024 for b in data["peak_bytes"]]
        growth = data["seconds"][-1] / max(data["seconds"][0], 1e-12)
        style["label"] = f"{name} ({growth:.1f}x)"
        left.plot(sizes, ms, marker="o", markersize=3, linewidth=1.2, **style)
        right.plot(sizes, kb, marker="o", markersize=3, linewidth=1.2, **style)
    span = sizes[-1] / sizes[0]
    left.set_title(
        f"CPU time of the slowest adversarial input\n(legend: growth over {span:g}x the length;"
        f" linear is {span:g}x, quadratic {span * span:g}x)",
        fontsize=9,
    )
    right.set_title("Peak memory Python allocates in one call (tracemalloc)", fontsize=9)
    left.set_ylabel("milliseconds of CPU time", fontsize=8)
    right.set_ylabel("KiB", fontsize=8)
    for ax in (left, right):
        ax.set_xlabel("input length (characters)", fontsize=8)
        ax.set_xlim(0, sizes[-1] * 1.05)
        ax.set_ylim(bottom=0)
        ax.tick_params(labelsize=7)
        ax.grid(alpha=0.3)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
    left.legend(fontsize=6.5, ncol=2, frameon=False)
    core = "native core" if curve.get("native") else "pure Python"
    fig.suptitle(
        f"Linear time and memory: every public function on hostile input ({core})",
        fontsize=11,
        x=0.01,
        ha="left",
        fontweight="bold",
    )
    note = (
        "bench/bench_linear.py --json: the process's CPU time, best of 3 per size and input;"
        " the inputs of tests/property/test_linear_time.py"
    )
    fig.text(0.01, 0.005, footer(curve, note), fontsize=7, color="#444444", va="bottom")
    fig.tight_layout(rect=(0, 0.07, 1, 0.95))
    return fig


def _save(fig: Any, path: Path) -> None:
    import matplotlib.pyplot as plt

    # Text stays text (small, searchable files); no date in the file (reproducible output).
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--native", type=Path, default=RESULTS / "latest.json")
    ap.add_argument("--pure", type=Path, default=RESULTS / "latest-pure.json")
    ap.add_argument("--linear", type=Path, default=None, help="default: latest-pure-linear.json")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)

    import matplotlib

    matplotlib.use("svg")
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "iri", "font.size": 8})

    if not args.native.is_file():
        print(f"plot_bench: no {args.native}: run `make bench` first", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    run = json.loads(args.native.read_text(encoding="utf-8"))
    pure = json.loads(args.pure.read_text(encoding="utf-8")) if args.pure.is_file() else None
    pure_jobs = {j["job"]: j for j in (pure or {}).get("jobs", [])}
    titles = _titles(run, args.native.with_suffix(".md"))
    note = _command(run)
    if run.get("quick"):
        note += " (a reduced run: 3 timed passes, at most 1 s a pass, large corpora subsampled)"
    written = []
    for job in run["jobs"]:
        pure_job = pure_jobs.get(job["job"])
        fig = job_chart(job, pure_job, run, pure, title=titles.get(job["job"], ""), note=note)
        if fig is not None:
            path = args.out / f"{job['job']}.svg"
            _save(fig, path)
            written.append(path)
    linear = args.linear or next(
        (
            p
            for p in (RESULTS / "latest-pure-linear.json", RESULTS / "latest-linear.json")
            if p.is_file()
        ),
        None,
    )
    if linear is not None and linear.is_file():
        _save(linear_chart(json.loads(linear.read_text(encoding="utf-8"))), args.out / "linear.svg")
        written.append(args.out / "linear.svg")
        shutil.copyfile(linear, args.out / "linear.json")
    shutil.copyfile(args.native, args.out / "native.json")
    if pure is not None:
        shutil.copyfile(args.pure, args.out / "pure.json")
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
