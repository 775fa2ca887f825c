"""The column kernel ``iri._native.column`` itself: what it asks the Python twin, its
chunks, its slices, its options and its errors (the answers, value for value, are the
differential tests of ``tests/scale/test_columns.py``, which run in both modes)."""

from __future__ import annotations

import pytest
from native_twins import corpus, native, py_is_valid, py_normalize

import iri

_n = native()
pa = pytest.importorskip("pyarrow")


def run(task: str, data: object, fallback: object = None, **options: object) -> list[object]:
    asked: list[str] = []

    def twin(text: str) -> object:
        asked.append(text)
        return fallback(text) if callable(fallback) else None

    chunks = _n.column(task, data, twin, **options)  # type: ignore[attr-defined]
    assert chunks is not None
    out = [pa.array(c) for c in chunks]
    return [out, asked]


def test_the_twin_is_asked_only_for_what_the_core_leaves() -> None:
    values = ["http://x/", "a b", "http://www.w%33.org/", None, "http://x:99999/"]
    (out,), asked = run("is_valid", pa.array(values), py_is_valid)
    # a reg-name with "%" and a port above 65535 are Python's (native/README.md)
    assert asked == ["http://www.w%33.org/", "http://x:99999/"]
    assert out.to_pylist() == [True, False, py_is_valid(values[2]), None, py_is_valid(values[4])]


def test_deferred_and_null_rows_keep_their_places_across_runs() -> None:
    # is_valid's runs come back as bits (64 rows to a word, 1,024-row runs shared among
    # the threads): a period of 9 puts the deferred rows (the twin answering true and
    # false), the nulls and the others on every bit of a word, over 10,000 rows (past the
    # rows one thread takes alone)
    deferred = ["http://www.w%33.org/", "http://x:99999/", "http://a%00b/", "http://x%20y/"]
    cycle = ["http://x/", "a b", None, "", *deferred, "b c"]
    values = [cycle[k % 9] for k in range(10_000)]
    assert {py_is_valid(v) for v in deferred} == {True, False}
    (out,), asked = run("is_valid", pa.array(values), py_is_valid)
    assert out.to_pylist() == [None if v is None else py_is_valid(v) for v in values]
    assert asked == [v for v in values if v in deferred]
    # a twin that gives null: a null row
    (out,), _ = run("is_valid", pa.array(values), lambda text: None)
    assert out.to_pylist() == [
        None if v is None or v in deferred else py_is_valid(v) for v in values
    ]


@pytest.mark.parametrize(
    ("task", "options"),
    [("to_uri", {}), ("to_iri", {}), ("normalize", {"level": "scheme"}), ("key", {})],
)
def test_unmatched_rows_are_null_without_the_twin(task: str, options: dict[str, str]) -> None:
    # with unmatched_null (on_invalid="null" and a function that matches IRI-reference
    # first), a text that is no valid IRI reference is a null the core writes itself, as
    # the applier would give it; the twin is asked only for what the core leaves of the
    # others, and with the flag off for the unmatched ones too
    from iri.scale.tasks import applier, unmatched_null
    from iri.syntax.check import iri_reference_match

    assert unmatched_null(task, "null", options)
    assert not unmatched_null(task, "raise", options)
    values = ["a b", "http://x/\\y", "http://www.w%33.org/", "HTTP://Y/", '"x', None, ""]
    apply = applier(task, "null", options)
    (out,), asked = run(task, pa.array(values), apply, unmatched_null=True, **options)
    assert out.to_pylist() == [None if v is None else apply(v) for v in values]
    assert all(iri_reference_match(text) is not None for text in asked)
    (out,), asked = run(task, pa.array(values), apply, **options)
    assert out.to_pylist() == [None if v is None else apply(v) for v in values]
    assert {"a b", "http://x/\\y", '"x'} <= set(asked)


def test_one_result_per_chunk_of_a_stream() -> None:
    data = pa.chunked_array([["http://x/"], [], ["HTTP://Y/", None]])
    out, asked = run("normalize", data, py_normalize)
    assert [c.to_pylist() for c in out] == [["http://x/"], [], ["http://y/", None]]
    assert asked == []


def test_slices_keep_the_rows_in_order() -> None:
    # 140,000 rows: three slices (65,536 rows each), each cut among threads; the twin is
    # asked for the rows the core leaves, in row order, once each
    texts = [f"a b{k}" if k % 7 == 0 else f"http://x/{k}" for k in range(140_000)]
    (out,), asked = run("normalize", pa.array(texts), lambda t: t.upper())
    assert asked == [t for k, t in enumerate(texts) if k % 7 == 0]
    assert out.to_pylist() == [t.upper() if k % 7 == 0 else t for k, t in enumerate(texts)]


@pytest.mark.parametrize("task", ["normalize", "split"])
def test_kernels_called_at_once_from_many_threads(task: str) -> None:
    """Calls from several threads at once (the streaming engine of Polars calls one per
    morsel, from threads of its own), each with threads of its own: each answers exactly
    what one call alone answers, and asks the twin for the same rows."""
    from concurrent.futures import ThreadPoolExecutor

    texts = [f"a b{k}" if k % 7 == 0 else f"HTTP://X/{k}/./y" for k in range(30_000)]
    data = pa.array(texts)
    alone, asked = run(task, data, lambda t: t.upper())
    want = [c.to_pylist() for c in alone]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: run(task, data, lambda t: t.upper()), range(8)))
    for out, their_asked in results:
        assert [c.to_pylist() for c in out] == want
        assert their_asked == asked


def test_unknown_options_and_tasks_go_the_python_way() -> None:
    data = pa.array(["http://x/"])
    for task, options in (
        ("nonsense", {}),
        ("normalize", {"level": "simple"}),
        ("is_valid", {"rule": "nonsense"}),
        ("resolve", {}),
        ("resolve", {"base": 3}),
    ):
        assert _n.column(task, data, lambda t: None, **options) is None  # type: ignore[attr-defined]


def test_type_errors() -> None:
    with pytest.raises(TypeError, match="strings"):
        _n.column("is_valid", pa.array([1]), lambda t: None)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="strings"):
        _n.column("is_valid", pa.array([b"x"]), lambda t: None)  # type: ignore[attr-defined]


def test_twin_errors_propagate() -> None:
    def twin(text: str) -> object:
        raise iri.InvalidIRI(text, [])

    with pytest.raises(iri.InvalidIRI):
        _n.column("to_uri", pa.array(["http://x/", "a b"]), twin)  # type: ignore[attr-defined]


def test_idna_hosts_are_mapped_without_the_twin() -> None:
    hosts = [t for t in corpus("iri") if "://" in t and iri.is_valid(t)][:200]
    (out,), asked = run("to_uri", pa.array(hosts), iri.to_uri)
    assert out.to_pylist() == [iri.to_uri(t) for t in hosts]
    assert not asked  # every IDN host through the cached IDNA function, none by the twin


def test_arrow_column_runs_the_kernel_in_native_mode() -> None:
    from iri.scale.arrow import _kernel

    assert _kernel() is _n.column  # type: ignore[attr-defined]


_THREADS_SCRIPT = """
import hashlib, sys
import pyarrow as pa
from iri.scale import batch
lines = [x for x in sys.stdin.read().split("\\n") if x]
arr = pa.array(lines[:70_000] + [None] + lines[:3])  # past one slice (65,536 rows)
for task in ("is_valid", "check", "to_uri", "split"):
    got = batch.arrow_column(task, arr, on_invalid="null").to_pylist()
    print(task, len(got), hashlib.sha256(repr(got).encode()).hexdigest())
"""


def test_the_threads_give_the_same_column() -> None:
    # The rows claimed by 1, 2, 3 or 4 threads (IRI_THREADS, read once per process):
    # the same column, row for row, whichever thread took which rows (split: the caller's
    # rows from the front, the others' from the back; the others: runs by turns).
    import os
    import subprocess
    import sys

    text = "\n".join(corpus("web") * 2)
    outs = {}
    for threads in ("1", "2", "3", "4"):
        env = {**os.environ, "IRI_THREADS": threads}
        env.pop("IRI_NO_EXTENSIONS", None)
        done = subprocess.run(
            [sys.executable, "-c", _THREADS_SCRIPT],
            input=text,
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        outs[threads] = done.stdout
    assert [line.split()[1] for line in outs["1"].splitlines()] == ["70004"] * 4
    assert len(set(outs.values())) == 1, outs
