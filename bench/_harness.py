"""The measuring loop: one wrapper shape and one timing loop for every contender.

Every contender is an expression in ``s`` (the item) and ``f`` (the prebound function under
test). It is compiled into a wrapper with exactly this shape::

    def call(s):
        try:
            return <expression>
        except ValueError:
            return REJECTED
        except Exception:
            return CRASHED

and timed with exactly this loop (``_timed_pass``)::

    for s in items:
        f(s)

so the harness overhead per item is identical for the library and for its peers; the floor
row (``len(s)`` through the same wrapper and loop) shows how much that overhead is.

For peers, a ValueError and any other exception both count as a rejection. For ``iri`` the
documented failure is ``iri.IRIError`` (a ValueError); any other exception is a bug and is
reported separately as a crash.
"""

from __future__ import annotations

import gc
import importlib
import statistics
import time
import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

REJECTED: Any = object()
CRASHED: Any = object()

_WRAPPER_SRC = """
def call(s):
    try:
        return {expr}
    except ValueError:
        return REJECTED
    except Exception:
        return CRASHED
"""


class Role(Enum):
    SUBJECT = "subject"  # the iri function under test
    TARGET = "target"  # a peer the job has a target ratio against
    INFO = "info"  # a peer shown for information
    FLOOR = "floor"  # harness overhead only


class UnavailableError(Exception):
    """A contender cannot be measured (function missing, package missing, import failure)."""


def load_dotted(name: str) -> Callable[..., Any]:
    """Import ``pkg.mod.attr.attr`` and return the object; raise UnavailableError if impossible.

    Attributes win over submodules (``url_normalize.url_normalize`` is the function the package
    exports, not its submodule of the same name); a submodule is imported only when the
    attribute is absent (``w3lib.url``). The result must be callable and not a module, so a
    missing ``iri.parse`` is reported even if ``iri/parse.py`` exists.
    """
    parts = name.split(".")
    try:
        obj: Any = importlib.import_module(parts[0])
    except Exception as exc:
        raise UnavailableError(f"cannot import {parts[0]}: {type(exc).__name__}: {exc}") from exc
    for i, attr in enumerate(parts[1:], start=2):
        if hasattr(obj, attr):
            obj = getattr(obj, attr)
            continue
        if not isinstance(obj, types.ModuleType):
            raise UnavailableError(f"`{name}` not implemented")
        modname = ".".join(parts[:i])
        try:
            obj = importlib.import_module(modname)
        except ModuleNotFoundError as exc:
            if exc.name == modname:
                raise UnavailableError(f"`{name}` not implemented") from exc
            raise UnavailableError(f"importing {modname} failed: {exc}") from exc
        except Exception as exc:
            raise UnavailableError(
                f"importing {modname} failed: {type(exc).__name__}: {exc}"
            ) from exc
    if isinstance(obj, types.ModuleType):
        raise UnavailableError(f"`{name}` not implemented (only a module of that name exists)")
    if not callable(obj):
        raise UnavailableError(f"`{name}` not implemented (not callable)")
    return obj  # type: ignore[no-any-return]


@dataclass
class Contender:
    """One row of a job table."""

    label: str  # shown in the table, e.g. ``iri.parse(s)``
    expr: str  # the expression timed, in ``s`` and ``f``
    load: Callable[[], Callable[..., Any]]  # returns ``f``; raises UnavailableError
    role: Role
    target: float | None = None  # iri_rate / this_rate must be >= target
    falsy_rejects: bool = False  # a false result counts as a rejection (validators)
    note: str = ""
    short: str = ""  # short name for summaries, e.g. ``rfc3987.match``


@dataclass
class Measurement:
    """The result of one contender on one corpus."""

    rate: float | None = None  # items per second (median pass)
    times: list[float] = field(default_factory=list)
    n_items: int = 0  # items per timed pass
    n_checked: int = 0  # items of the warm-up pass, over which rejections are counted
    rejected: int = 0
    crashed: int = 0
    crash_example: str = ""
    unavailable: str = ""  # why it was not measured

    @property
    def spread(self) -> float:
        """(max - min) / median of the timed passes."""
        if len(self.times) < 2:
            return 0.0
        med = statistics.median(self.times)
        return (max(self.times) - min(self.times)) / med if med else 0.0


def compile_wrapper(expr: str, f: Callable[..., Any]) -> tuple[Callable[[Any], Any], Any]:
    """The wrapper for ``expr`` with ``f`` bound, and the bare (unwrapped) function."""
    ns: dict[str, Any] = {"f": f, "REJECTED": REJECTED, "CRASHED": CRASHED}
    exec(_WRAPPER_SRC.format(expr=expr), ns)
    bare_ns: dict[str, Any] = {"f": f}
    exec(f"def bare(s):\n    return {expr}\n", bare_ns)
    return ns["call"], bare_ns["bare"]


def _timed_pass(f: Callable[[Any], Any], items: Sequence[Any]) -> float:
    t0 = time.perf_counter()
    for s in items:
        f(s)
    return time.perf_counter() - t0


def bare_loop_pass(items: Sequence[Any]) -> float:
    """``for s in items: pass``: the loop alone, for the floor table."""
    t0 = time.perf_counter()
    for _s in items:
        pass
    return time.perf_counter() - t0


def _count_pass(
    f: Callable[[Any], Any], items: Sequence[Any], falsy_rejects: bool
) -> tuple[int, int, int]:
    """Warm-up pass that also counts rejections; returns (rejected, crashed, first crash)."""
    rejected = crashed = 0
    first_crash = -1
    for i, s in enumerate(items):
        r = f(s)
        if r is REJECTED:
            rejected += 1
        elif r is CRASHED:
            crashed += 1
            if first_crash < 0:
                first_crash = i
        elif falsy_rejects and not r:
            rejected += 1
    return rejected, crashed, first_crash


def evenly_spaced(items: Sequence[Any], n: int) -> list[Any]:
    """``n`` items spread evenly over ``items`` (first item included)."""
    total = len(items)
    if n >= total:
        return list(items)
    return [items[i * total // n] for i in range(n)]


@dataclass
class Prepared:
    contender: Contender
    call: Callable[[Any], Any] | None
    bare: Callable[[Any], Any] | None
    unavailable: str = ""


def prepare(contenders: Sequence[Contender]) -> list[Prepared]:
    out: list[Prepared] = []
    for c in contenders:
        try:
            f = c.load()
        except UnavailableError as exc:
            out.append(Prepared(c, None, None, str(exc)))
            continue
        call, bare = compile_wrapper(c.expr, f)
        out.append(Prepared(c, call, bare))
    return out


@dataclass
class CorpusRun:
    """All contenders of one job on one corpus."""

    corpus: str
    n_total: int
    n_timed: int
    results: list[Measurement]
    subsample_reason: str = ""


def measure_corpus(
    prepared: Sequence[Prepared],
    corpus_name: str,
    items: Sequence[Any],
    *,
    passes: int,
    max_pass_seconds: float,
    min_items: int = 2000,
    probe_items: int = 300,
) -> CorpusRun:
    """Warm-up 1 pass, then ``passes`` timed passes, contenders interleaved in each pass.

    The warm-up pass runs over all of ``items`` and counts rejections.

    If the slowest contender would need more than ``max_pass_seconds`` for one pass, every
    contender is timed on the same evenly spaced subsample (at least ``min_items`` items).
    """
    live = [p for p in prepared if p.call is not None]
    # Estimate the slowest pass from a small evenly spaced probe.
    probe = evenly_spaced(items, probe_items)
    worst, worst_label = 0.0, ""
    for p in live:
        assert p.call is not None
        _timed_pass(p.call, probe[:20])
        est = _timed_pass(p.call, probe) * len(items) / max(1, len(probe))
        if est > worst:
            worst, worst_label = est, p.contender.label
    timed_items: Sequence[Any] = items
    reason = ""
    if worst > max_pass_seconds:
        n = max(min_items, int(len(items) * max_pass_seconds / worst))
        if n < len(items):
            timed_items = evenly_spaced(items, n)
            reason = (
                f"timed on an evenly spaced subsample of {n:,} of {len(items):,} items: "
                f"{worst_label} would take ~{worst:.1f} s a pass"
            )

    results: dict[int, Measurement] = {}
    for i, p in enumerate(prepared):
        results[i] = Measurement(
            n_items=len(timed_items), n_checked=len(items), unavailable=p.unavailable
        )

    # Warm-up pass over the whole corpus (counts rejections on every item, even when the
    # timed passes use a subsample).
    for i, p in enumerate(prepared):
        if p.call is None:
            continue
        m = results[i]
        m.rejected, m.crashed, first = _count_pass(p.call, items, p.contender.falsy_rejects)
        if first >= 0:
            assert p.bare is not None
            try:
                p.bare(items[first])
            except Exception as exc:
                shown = f"{items[first]!r:.80}"
                m.crash_example = f"{type(exc).__name__}: {exc}"[:200] + f" on {shown}"
        if m.crashed == len(items):
            m.unavailable = f"raises on every item: {m.crash_example}"

    # Timed passes, interleaved.
    for _ in range(passes):
        for i, p in enumerate(prepared):
            m = results[i]
            if p.call is None or m.unavailable:
                continue
            gc.collect()
            m.times.append(_timed_pass(p.call, timed_items))

    for m in results.values():
        if m.times:
            med = statistics.median(m.times)
            m.rate = len(timed_items) / med if med > 0 else float("inf")
    return CorpusRun(
        corpus_name,
        len(items),
        len(timed_items),
        [results[i] for i in range(len(prepared))],
        reason,
    )
