"""Linear time, measured so that load on the machine cannot break the verdict.

A wall-clock ratio t(4n)/t(n) flakes on a loaded machine (issue 8: 9x and 10.8x for
functions that are linear). Here each function is measured in *process* CPU time (time
spent waiting for a core is not counted), interleaved with a linear reference that does
comparable work (one object per character), best of several rounds, with the garbage
collector paused (its full collections scale with the whole heap, not with the call). The
verdict is the function's growth divided by the reference's growth over the same 4x:

* linear: about 1 (the two grow alike, cache effects included);
* quadratic: about 4 (16x against the reference's 4x).

``BOUND`` = 2.5 sits between them with room on both sides; a deliberately quadratic
function fails it (tests/property/test_linear_time.py::test_the_measure_catches_quadratic).
"""

from __future__ import annotations

import gc
import math
import re
import time
from collections.abc import Callable

FACTOR = 4
BOUND = 2.5
ROUNDS = 3
# Each measurement runs the function often enough to last this long at the small size,
# far above the resolution of the process clock.
MIN_SECONDS = 0.002

_ANY = re.compile(".", re.DOTALL)


def reference(text: str) -> int:
    """Linear work of the same kind as the library's: one small object per character."""
    return len(_ANY.findall(text))


def _cpu(fn: Callable[[str], object], text: str, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn(text)
    return time.process_time() - start


def relative_growth(
    fn: Callable[[str], object],
    small: str,
    large: str,
    *,
    reference_texts: tuple[str, str] | None = None,
    attempts: int = 3,
) -> float:
    """The smallest :func:`measure_growth` of up to ``attempts`` runs, stopping at one within
    ``BOUND``. A load spike can inflate one run (seen once in a full ``make test`` on a
    2-core machine at load 10: 2.64), so a linear function passes unless every attempt is
    inflated. Noise can also deflate a run (a quadratic function measured 2.11 once in CI),
    so the smallest of the attempts can miss quadratic work: this errs toward passing, which
    a verdict that must not flake wants, and is why the test that the measure catches
    quadratic work takes the median of its runs instead."""
    best = math.inf
    for _ in range(attempts):
        best = min(best, measure_growth(fn, small, large, reference_texts=reference_texts))
        if best <= BOUND:
            break
    return best


def measure_growth(
    fn: Callable[[str], object],
    small: str,
    large: str,
    *,
    reference_texts: tuple[str, str] | None = None,
) -> float:
    """(t_fn(large) / t_fn(small)) / (t_ref(large) / t_ref(small)), in process CPU time.

    The reference runs on ``small`` and ``large`` unless ``reference_texts`` gives two texts
    of the sizes that ``fn`` works on (when ``small`` and ``large`` only name its inputs).
    """
    ref_small, ref_large = reference_texts or (small, large)
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        fn(small)  # warm caches (compiled patterns, IDNA) before calibrating
        single = max(_cpu(fn, small, 1), _cpu(reference, ref_small, 1), 1e-6)
        repeat = max(1, math.ceil(MIN_SECONDS / single))
        best = [math.inf] * 4
        for _ in range(ROUNDS):
            for i, (f, text) in enumerate(
                ((fn, small), (reference, ref_small), (fn, large), (reference, ref_large))
            ):
                best[i] = min(best[i], _cpu(f, text, repeat))
    finally:
        if enabled:
            gc.enable()
    f_small, r_small, f_large, r_large = (max(t, 1e-9) for t in best)
    return (f_large / f_small) / (r_large / r_small)


def repeated(unit: str, prefix: str = "", suffix: str = "") -> Callable[[int], str]:
    """A maker of inputs of about ``n`` characters: ``prefix``, ``unit`` repeated, ``suffix``."""

    def make(n: int) -> str:
        body = n - len(prefix) - len(suffix)
        return prefix + unit * (body // len(unit)) + suffix

    return make
