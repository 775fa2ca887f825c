"""The targets of issue 26 (columns at native speed) and their verdicts in one run.

The columns' bench (`bench_scale.columns_section`) and the engines' (`bench_engines.section`)
measure; each ratio a target speaks of is handed to `record` as it is computed, and
`bench/run.py` prints `summary()` beside the jobs' summary, so that one run of `make bench`
says which targets it met. A target is met when every corpus (every task, for the engines)
meets it in that run.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Target:
    """One target: the ratio it is read from, the bound, and the ratios seen."""

    what: str
    bound: float
    at_least: bool  # True: ratio >= bound; False: ratio <= bound
    seen: dict[str, float] = field(default_factory=dict)
    # the same ratio for the engine's own built-in function, where one is measured: a
    # floor for any function of the engine's that reads every row (shown beside the verdict)
    floors: dict[str, float] = field(default_factory=dict)

    def met(self) -> bool | None:
        if not self.seen:
            return None
        ok = (r >= self.bound if self.at_least else r <= self.bound for r in self.seen.values())
        return all(ok)


#: Spark's host extraction against its own ``parse_url``.
SPARK_HOST = "Spark `parse_url` time / `iri.scale.spark.split(u).host` time"

# Measured as ratios, on web, iri and mixed, every value distinct (the words).
TARGETS: dict[str, Target] = {
    t.what: t
    for t in (
        Target("`is_valid` column / per-value loop", 4, True),
        Target("`is_valid` column / pyoxigraph `NamedNode` per call", 10, True),
        Target("`to_uri` column / loop", 3, True),
        Target("`to_iri` column / loop", 3, True),
        Target("`normalize` column / loop", 3, True),
        Target("`normalize` (`level=scheme`) column / loop", 3, True),
        Target("`key` column / loop", 3, True),
        Target("`check` column / loop", 3, True),
        Target("`split` column / `can_ada.parse` per call", 5, True),
        Target("Polars time / bare kernel", 1.3, False),
        Target("Polars streaming time / bare kernel", 1.3, False),
        Target("DuckDB time / bare kernel", 1.3, False),
        Target(SPARK_HOST, 1, True),
    )
}


def record(what: str, where: str, ratio: float) -> None:
    """The ratio of target ``what`` on ``where`` (a corpus, a task); unknown targets are an
    error (a renamed target would otherwise never be judged)."""
    TARGETS[what].seen[where] = ratio


def floor(what: str, where: str, ratio: float) -> None:
    """The ratio of target ``what`` on ``where`` for the engine's own built-in function
    (shown beside the verdict; it never decides it)."""
    TARGETS[what].floors[where] = ratio


def column_target(task: str, options: dict[str, object], peer: str | None = None) -> str | None:
    """The target a columns' race speaks of: the column against its loop (``peer`` None)
    or against a native peer; None where the issue sets none."""
    level = options.get("level")
    name = f"`{task}` (`level={level}`)" if level else f"`{task}`"
    if peer is None:
        what = f"{name} column / per-value loop" if task == "is_valid" else f"{name} column / loop"
    else:
        peers = {
            "pyoxigraph NamedNode": "pyoxigraph `NamedNode`",
            "can_ada.parse": "`can_ada.parse`",
        }
        if peer not in peers:
            return None
        what = f"{name} column / {peers[peer]} per call"
    return what if what in TARGETS else None


def summary(native: bool) -> list[str]:
    """The verdict table (markdown lines); empty when nothing was measured. The targets are
    the compiled core's: on the pure-Python core the ratios are given without a verdict."""
    measured = [t for t in TARGETS.values() if t.seen]
    if not measured:
        return []
    out = [
        "## Summary: the column kernels and the engines (issue 26)",
        "",
        "A target is met when every corpus (every task, for the engines) meets it in this run."
        if native
        else "The targets are the compiled core's; this run is the pure-Python core's: no verdict.",
        "",
        "| target | ratios in this run | verdict |",
        "|---|---|---|",
    ]
    for t in TARGETS.values():
        bound = f"{'≥' if t.at_least else '≤'} {t.bound:g}×"
        if not t.seen:
            out.append(f"| {t.what} {bound} | not measured | -- |")
            continue
        ratios = ", ".join(f"{where} {r:.2f}×" for where, r in t.seen.items())
        if t.floors:
            ratios += (
                " (the engine's own function: "
                + ", ".join(f"{where} {r:.2f}×" for where, r in t.floors.items())
                + ")"
            )
        verdict = ("PASS" if t.met() else "FAIL") if native else "--"
        out.append(f"| {t.what} {bound} | {ratios} | {verdict} |")
    return [*out, ""]


def any_missed(native: bool) -> bool:
    """Whether a measured target was missed (the compiled core's only)."""
    return native and any(t.met() is False for t in TARGETS.values())
