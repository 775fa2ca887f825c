"""Per named set: the bound encoder (native in native mode) against the Python encoder.

    python bench/ab_percent.py [--passes N]

For every named set of ``iri.syntax.percent.sets`` and its URI form (``.uri``), without
and with ``space_as_plus``: ``EncodeSet.encoder`` / ``encoder_plus`` (what
``_native_encoder`` binds: the compiled core's ``Encoder`` when it is in use) against the
Python encoder of the same set (``_build_encoder``), in one process, on the ASCII web lines
and the non-ASCII iri lines of ``tests/corpora/bench``; CPU time (``time.process_time``),
the two alternating, the minimum of N passes each. Prints a Markdown table of Python time ÷
bound time (above 1: the bound encoder is faster). The binding of
``iri.syntax.percent.encodeset._native_encoder`` was chosen from this table.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable
from pathlib import Path

from iri.syntax.percent import sets
from iri.syntax.percent.encodeset import EncodeSet, _build_encoder

ROOT = Path(__file__).resolve().parent.parent


def _cpu(f: Callable[[str], str], items: list[str]) -> float:
    gc.collect()
    t0 = time.process_time()
    for s in items:
        f(s)
    return time.process_time() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--passes", type=int, default=9)
    args = parser.parse_args()
    bench = ROOT / "tests" / "corpora" / "bench"
    corpora = [(n, (bench / f"{n}.txt").read_text("utf-8").splitlines()) for n in ("web", "iri")]
    named: list[tuple[str, EncodeSet]] = []
    for name, value in vars(sets).items():
        if not name.startswith("_") and isinstance(value, EncodeSet):
            named.append((name, value))
            if value.uri is not value:
                named.append((f"{name}.uri", value.uri))
    print("| set | web | iri | web, `+` | iri, `+` |")
    print("|---|--:|--:|--:|--:|")
    for name, s in named:
        cells = []
        for plus in (False, True):
            python = _build_encoder(s, plus=plus)
            bound = s.encoder_plus if plus else s.encoder
            for _corpus, items in corpora:
                py_best = bound_best = float("inf")
                for _ in range(args.passes):
                    py_best = min(py_best, _cpu(python, items))
                    bound_best = min(bound_best, _cpu(bound, items))
                cells.append(f"{py_best / bound_best:.1f}×")
        print(f"| `{name}` | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
