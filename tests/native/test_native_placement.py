"""Where a column kernel's other threads run (``native/src/python/placement.rs``): a helper
that finds itself on the calling thread's core moves to the process's other cores; the
calling thread's own cores are never touched, and a process kept to one core still gets
its column, from the calling thread alone."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from native_twins import corpus, native

native()
pa = pytest.importorskip("pyarrow")

pytestmark = pytest.mark.skipif(
    not hasattr(os, "sched_getaffinity"), reason="the platform has no CPU affinity (not Linux)"
)

_SCRIPT = """
import hashlib, os, sys
import pyarrow as pa
from iri.scale import batch
cores = {cores!r}
if cores is not None:
    os.sched_setaffinity(0, cores)
before = os.sched_getaffinity(0)
arr = pa.array(sys.stdin.read().split("\\n"))
for _ in range(5):
    for task in ("check", "split"):  # runs claimed by turns; rows from both ends
        got = batch.arrow_column(task, arr, on_invalid="null").to_pylist()
        print(task, hashlib.sha256(repr(got).encode()).hexdigest())
print("cores kept", os.sched_getaffinity(0) == before)
"""


def _run(cores: set[int] | None, threads: str) -> list[str]:
    env = {**os.environ, "IRI_THREADS": threads}
    env.pop("IRI_NO_EXTENSIONS", None)
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT.format(cores=cores)],
        input="\n".join(corpus("iri")),
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return done.stdout.splitlines()


def test_the_calling_threads_cores_are_left_as_they_were() -> None:
    # two threads on every core the process may use: the helpers may move, the caller not
    lines = _run(None, "2")
    assert lines[-1] == "cores kept True"
    # the same answers as on the calling thread alone
    assert lines[:-1] == _run(None, "1")[:-1]


def test_a_process_kept_to_one_core() -> None:
    # no other core to move to: the helper stays, the column is the same
    one = {min(os.sched_getaffinity(0))}
    lines = _run(one, "2")
    assert lines[-1] == "cores kept True"
    assert lines[:-1] == _run(None, "1")[:-1]
    assert len(set(lines[:-1])) == 2  # each task the same every time
