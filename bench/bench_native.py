"""The native core (iri._native) against its native peers and the pure-Python iri.

Usage: python bench/bench_native.py [--passes N] [--corpus-dir DIR] [--output FILE]

Jobs and peers (issue 21): validation against pyoxigraph ``NamedNode`` (oxiri, Rust);
split and parse against ``can_ada.parse`` and ``ada_url`` (ada, C++); check (the clean
fast path) and the CLI's line loop (``clean_lines``); percent-encoding with a named set
(``IPATH.uri``, the bound native encoder) against ``urllib.parse.quote`` and yarl's
quoter. Each ``iri`` function is measured four ways: the low-level native function called
directly (``None`` = defer), the drop-in ``_native.api_*`` function the dispatch can bind
as the public name (it calls the Python twin itself on a deferral; the ratios are taken
against it), a Python wrapper around the low-level function (the other way to dispatch),
and today's pure-Python function.

Method (as bench/run.py): every contender is an expression in ``s`` (the item) and ``f``
(the prebound function), compiled into the same ``try/except`` wrapper and timed with the
same ``for s in items: f(s)`` loop; contenders interleaved in each pass, ``gc.collect()``
before each; the table shows the **best** pass (items/s) and ratios iri / peer.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import platform
import sys
import time
import urllib.parse
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REJECTED: Any = object()
CRASHED: Any = object()

_WRAPPER = """
def call(s):
    try:
        return {expr}
    except ValueError:
        return REJECTED
    except Exception:
        return CRASHED
"""


def wrap(expr: str, f: Callable[..., Any]) -> Callable[[Any], Any]:
    ns: dict[str, Any] = {"f": f, "REJECTED": REJECTED, "CRASHED": CRASHED}
    exec(_WRAPPER.format(expr=expr), ns)
    call: Callable[[Any], Any] = ns["call"]
    return call


def timed(call: Callable[[Any], Any], items: Sequence[Any]) -> float:
    gc.collect()
    t0 = time.perf_counter()
    for s in items:
        call(s)
    return time.perf_counter() - t0


# -- the dispatch the next phase wires (iri/__init__ or the layer modules) ----------------


def python_twins() -> Any:
    """The pure-Python functions (the public names are the native drop-ins once the
    dispatch is in use): a namespace with the eight of them."""
    import types

    from iri.convert.uri import to_iri, to_uri
    from iri.ladder.normalize import normalize
    from iri.ladder.resolve import resolve
    from iri.syntax.check import check, is_valid
    from iri.syntax.split import split
    from iri.value.reference import parse

    return types.SimpleNamespace(
        is_valid=is_valid,
        check=check,
        split=split,
        parse=parse,
        resolve=resolve,
        to_uri=to_uri,
        to_iri=to_iri,
        normalize=normalize,
    )


def dispatchers() -> dict[str, Callable[..., Any]]:
    """Python wrappers (native first, Python on None: the shape measured slower than the
    drop-ins) and the drop-ins the dispatch binds as the public names."""
    import iri
    from iri import _native
    from iri.syntax.split import Components
    from iri.value.reference import IRIReference

    nv, nc, ns, npg = _native.is_valid, _native.clean, _native.split, _native.parse_groups
    py = python_twins()
    py_is_valid, py_check, py_split, py_parse = py.is_valid, py.check, py.split, py.parse
    tuple_new = tuple.__new__
    new = object.__new__

    def is_valid(text: str, *, rule: str = "IRI_reference", zone_id: str = "reject") -> bool:
        r = nv(text, rule, zone_id)
        return py_is_valid(text, rule=rule, zone_id=zone_id) if r is None else r

    def check(text: str, *, rule: str = "IRI_reference", zone_id: str = "reject") -> list[Any]:
        if nc(text, rule, zone_id):
            return []
        return py_check(text, rule=rule, zone_id=zone_id)

    def split(text: str) -> Any:
        t = ns(text)
        return py_split(text) if t is None else tuple_new(Components, t)

    def parse(text: str, *, rule: str = "IRI_reference", zone_id: str = "reject") -> Any:
        g = npg(text, rule, zone_id)
        if g is None:
            return py_parse(text, rule=rule, zone_id=zone_id)
        ref = new(IRIReference)
        (
            ref._text,
            ref._scheme,
            ref._authority,
            ref._userinfo,
            ref._host,
            ref._port,
            ref._path,
            ref._query,
            ref._fragment,
        ) = (text, *g)
        return ref

    assert iri.NATIVE, "the dispatch is not in use (IRI_NO_EXTENSIONS set?)"
    return {
        "is_valid": is_valid,
        "check": check,
        "split": split,
        "parse": parse,
        "api_is_valid": _native.api_is_valid,
        "api_check": _native.api_check,
        "api_split": _native.api_split,
        "api_parse": _native.api_parse,
        "api_resolve": _native.api_resolve,
        "api_to_uri": _native.api_to_uri,
        "api_to_iri": _native.api_to_iri,
        "api_normalize": _native.api_normalize,
    }


_DISPATCH: dict[str, Callable[..., Any]] = {}


def contenders(job: str) -> list[tuple[str, str, str, Callable[..., Any]]]:
    """(label, role, expression, function) of one job; role: native / dispatch / python /
    target / info / floor."""
    from iri import _native

    iri = python_twins()  # the "pure Python" rows: the Python functions themselves
    if not _DISPATCH:
        _DISPATCH.update(dispatchers())
    d = _DISPATCH
    floor = ("harness `len(s)` (floor)", "floor", "f(s)", len)
    if job == "validate":
        import pyoxigraph

        return [
            ("`_native.is_valid(s)`", "native", "f(s)", _native.is_valid),
            ("drop-in `_native.api_is_valid(s)`", "dispatch", "f(s)", d["api_is_valid"]),
            (
                "Python wrapper `is_valid(s)` (native + Python on None)",
                "wrapper",
                "f(s)",
                d["is_valid"],
            ),
            ("pure Python `iri.is_valid(s)`", "python", "f(s)", iri.is_valid),
            ("`pyoxigraph.NamedNode(s)` (absolute IRIs)", "target", "f(s)", pyoxigraph.NamedNode),
            floor,
        ]
    if job == "split":
        import ada_url
        import can_ada

        return [
            ("`_native.split(s)` (5-tuple)", "native", "f(s)", _native.split),
            ("drop-in `_native.api_split(s)` (Components)", "dispatch", "f(s)", d["api_split"]),
            ("Python wrapper `split(s)` (Components)", "wrapper", "f(s)", d["split"]),
            ("pure Python `iri.split(s)`", "python", "f(s)", iri.split),
            ("`can_ada.parse(s)`", "target", "f(s)", can_ada.parse),
            ("`ada_url.URL(s)`", "target", "f(s)", ada_url.URL),
            ("`urllib.parse.urlsplit(s)`", "info", "f(s)", urllib.parse.urlsplit),
            floor,
        ]
    if job == "parse":
        import ada_url
        import can_ada

        return [
            ("`_native.parse_groups(s)` (8-tuple)", "native", "f(s)", _native.parse_groups),
            ("drop-in `_native.api_parse(s)` (IRIReference)", "dispatch", "f(s)", d["api_parse"]),
            ("Python wrapper `parse(s)` (IRIReference)", "wrapper", "f(s)", d["parse"]),
            ("pure Python `iri.parse(s)`", "python", "f(s)", iri.parse),
            ("`can_ada.parse(s)`", "target", "f(s)", can_ada.parse),
            ("`ada_url.URL(s)`", "target", "f(s)", ada_url.URL),
            floor,
        ]
    if job == "resolve":
        import uritools

        return [
            ("`_native.resolve(b, r)`", "native", "f(s[0], s[1])", _native.resolve),
            ("drop-in `_native.api_resolve(b, r)`", "dispatch", "f(s[0], s[1])", d["api_resolve"]),
            ("pure Python `iri.resolve(b, r)`", "python", "f(s[0], s[1])", iri.resolve),
            ("`uritools.urijoin(b, r)`", "target", "f(s[0], s[1])", uritools.urijoin),
            ("`urllib.parse.urljoin(b, r)`", "info", "f(s[0], s[1])", urllib.parse.urljoin),
            ("harness `len(s)` (floor)", "floor", "f(s)", len),
        ]
    if job in ("to_uri", "to_iri"):
        import yarl

        native_f = getattr(_native, job)
        py_f = getattr(iri, job)
        peer = ("str(f(s))", yarl.URL) if job == "to_uri" else ("f(s).human_repr()", yarl.URL)
        return [
            (f"`_native.{job}(s)`", "native", "f(s)", native_f),
            (f"drop-in `_native.api_{job}(s)`", "dispatch", "f(s)", d[f"api_{job}"]),
            (f"pure Python `iri.{job}(s)`", "python", "f(s)", py_f),
            (f"`{peer[0].replace('f(', 'yarl.URL(')}`", "target", peer[0], peer[1]),
            floor,
        ]
    if job == "normalize":
        import yarl

        return [
            ('`_native.normalize(s, "scheme")`', "native", 'f(s, "scheme")', _native.normalize),
            (
                'drop-in `_native.api_normalize(s, level="scheme")`',
                "dispatch",
                'f(s, level="scheme")',
                d["api_normalize"],
            ),
            (
                'pure Python `iri.normalize(s, level="scheme")`',
                "python",
                'f(s, level="scheme")',
                iri.normalize,
            ),
            ("`str(yarl.URL(s))`", "target", "str(f(s))", yarl.URL),
            floor,
        ]
    if job == "check":
        return [
            ("`_native.clean(s)`", "native", "f(s)", _native.clean),
            ("drop-in `_native.api_check(s)`", "dispatch", "f(s)", d["api_check"]),
            ("Python wrapper `check(s)` (clean, else Python)", "wrapper", "f(s)", d["check"]),
            ("pure Python `iri.check(s)`", "python", "f(s)", iri.check),
            floor,
        ]
    if job == "percent":
        from iri.syntax.percent import IPATH, encode
        from iri.syntax.percent.encodeset import _build_encoder

        # IPATH.uri: what RFC 3986 leaves literal in a path (unreserved, sub-delims, ":",
        # "@", "/"), every other character encoded: the set quote() is given below.
        safe = "!$&'()*+,;=:@/"
        rows = [
            ('`_native.encode(s, "IPATH.uri")`', "native", 'f(s, "IPATH.uri")', _native.encode),
            ("bound `IPATH.uri.encoder(s)` (native)", "dispatch", "f(s)", IPATH.uri.encoder),
            ("`encode(s, IPATH.uri)`", "wrapper", "f(s)", partial(encode, encode_set=IPATH.uri)),
            (
                "pure Python `IPATH.uri` encoder",
                "python",
                "f(s)",
                _build_encoder(IPATH.uri, plus=False),
            ),
            ("bound `IPATH.encoder(s)` (IRI form, native)", "info", "f(s)", IPATH.encoder),
            ("pure Python `IPATH` encoder", "info", "f(s)", _build_encoder(IPATH, plus=False)),
            (
                f"`urllib.parse.quote(s, safe={safe!r})`",
                "target",
                f"f(s, safe={safe!r})",
                urllib.parse.quote,
            ),
        ]
        with contextlib.suppress(ImportError):  # yarl: the bench extra
            from yarl._quoting import _Quoter

            rows.append(
                (
                    f"yarl `_Quoter(safe={safe!r}, requote=False)(s)`",
                    "target",
                    "f(s)",
                    _Quoter(safe=safe, requote=False),
                )
            )
        return [*rows, floor]
    raise KeyError(job)


def read_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
    return [line.strip() for line in text.split("\n") if line.strip()]


def fmt(rate: float) -> str:
    for unit, div in (("M", 1e6), ("k", 1e3)):
        if rate >= div:
            return f"{rate / div:.3g} {unit}"
    return f"{rate:.3g}"


def run_job(job: str, corpora: dict[str, list[str]], passes: int) -> list[str]:
    rows = contenders(job)
    calls = [wrap(expr, f) for _label, _role, expr, f in rows]
    best: dict[tuple[int, str], float] = {}
    rejected: dict[tuple[int, str], int] = {}
    for name, items in corpora.items():
        for i, call in enumerate(calls):  # warm-up, and rejections
            rejected[i, name] = sum(1 for s in items if call(s) in (REJECTED, CRASHED, False, None))
        for _ in range(passes):
            for i, call in enumerate(calls):
                t = timed(call, items)
                best[i, name] = min(best.get((i, name), t), t)
    names = list(corpora)
    subject = next(i for i, r in enumerate(rows) if r[1] == "dispatch")
    lines = [f"#### {job}", ""]
    head = "| contender | role | " + " | ".join(f"{n} /s | dispatch ×" for n in names)
    lines += [head + " | rejected |", "|---|---|" + "--:|--:|" * len(names) + "---|"]
    for i, (label, role, _expr, _f) in enumerate(rows):
        cells = []
        for n in names:
            rate = len(corpora[n]) / best[i, n]
            ratio = best[i, n] / best[subject, n]
            cells.append(f"{fmt(rate)} | {ratio:.2f}")
        rej = " · ".join(str(rejected[i, n]) for n in names)
        lines.append(f"| {label} | {role} | " + " | ".join(cells) + f" | {rej} |")
    lines.append("")
    return lines


def run_lines(corpora: dict[str, list[str]], passes: int) -> list[str]:
    """The CLI's line loops on chunks of 10,000 lines: ``clean_lines`` (``iri check``) and
    ``normalize_lines`` (``iri normalize``), the GIL released, each alone and with the
    Python function for the lines they leave; and the pure-Python loop."""
    import iri
    from iri import _native

    def clean_only(chunk: list[str]) -> None:
        _native.clean_lines(chunk, "IRI_reference", "reject")

    def clean_full(chunk: list[str]) -> None:
        flags = _native.clean_lines(chunk, "IRI_reference", "reject")
        for text, ok in zip(chunk, flags, strict=True):
            if not ok:
                iri.check(text)

    def clean_py(chunk: list[str]) -> None:
        for text in chunk:
            iri.check(text)

    def norm_only(chunk: list[str]) -> None:
        _native.normalize_lines(chunk, "syntax")

    def norm_full(chunk: list[str]) -> None:
        for text, out in zip(chunk, _native.normalize_lines(chunk, "syntax"), strict=True):
            if out is None:
                with contextlib.suppress(ValueError):
                    iri.normalize(text)

    def norm_py(chunk: list[str]) -> None:
        for text in chunk:
            with contextlib.suppress(ValueError):
                iri.normalize(text)

    loops = [
        ("check: `clean_lines`", clean_only),
        ("check: `clean_lines` + Python `check` for the rest", clean_full),
        ("check: pure Python `check`", clean_py),
        ("normalize: `normalize_lines`", norm_only),
        ("normalize: `normalize_lines` + Python for the rest", norm_full),
        ("normalize: pure Python `normalize`", norm_py),
    ]
    names = list(corpora)
    lines = ["#### line loops (chunks of 10,000 lines), lines/s", ""]
    lines += ["| loop | " + " | ".join(names) + " |", "|---|" + "--:|" * len(names)]
    best: dict[tuple[int, str], float] = {}
    for _ in range(passes):
        for name in names:
            items = corpora[name]
            chunks = [items[i : i + 10_000] for i in range(0, len(items), 10_000)]
            for k, (_label, loop) in enumerate(loops):
                gc.collect()
                t0 = time.perf_counter()
                for chunk in chunks:
                    loop(chunk)
                t = time.perf_counter() - t0
                best[k, name] = min(best.get((k, name), t), t)
    for k, (label, _loop) in enumerate(loops):
        cells = [fmt(len(corpora[n]) / best[k, n]) for n in names]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--corpus-dir", type=Path, default=ROOT / "tests" / "corpora")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--output", type=Path, default=ROOT / "bench" / "results" / "native.md")
    args = parser.parse_args(argv)
    try:
        from iri import _native
    except ImportError:
        print("iri._native is not built (no Rust toolchain?): nothing to measure")
        return 0
    corpora = {
        n: read_lines(args.corpus_dir / "bench" / f"{n}.txt") for n in ("web", "iri", "mixed")
    }
    sys.path.insert(0, str(ROOT / "bench"))
    from _corpora import Corpus, load_pairs, uri_form_corpus  # built without iri

    pairs = load_pairs(args.corpus_dir)
    job_corpora: dict[str, dict[str, list[Any]]] = {
        "resolve": {"cc_10k": list(pairs.items)} if pairs else {},
        "to_iri": {
            f"{n} (URI form)": list(uri_form_corpus(Corpus(n, list(corpora[n]), n)).items)
            for n in ("iri", "mixed")
        },
    }
    jobs = args.only or [
        "validate",
        "split",
        "parse",
        "check",
        "resolve",
        "to_uri",
        "to_iri",
        "normalize",
        "percent",
        "lines",
    ]
    out = [
        "### Native core",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; `bench/bench_native.py "
        f"--passes {args.passes}`; best of {args.passes} interleaved passes.",
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"load average {os.getloadavg()[0]:.2f}; Unicode tables {_native.UNICODE_VERSION} "
        f"(in use: {_native.UNICODE_OK}).",
        "× = drop-in (`api_*`) time ÷ this row's time (above 1: the drop-in is faster).",
        "",
    ]
    for job in jobs:
        if job == "lines":
            out += run_lines(corpora, args.passes)
        else:
            out += run_job(job, job_corpora.get(job, corpora), args.passes)
        print("\n".join(out[-12:]), file=sys.stderr)
    text = "\n".join(out)
    print(text)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
