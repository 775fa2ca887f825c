"""Differential tests of the column tasks: ``iri.scale.batch.arrow_column`` equals the
per-value public function, value for value, in both modes (the compiled core's kernels,
or the Python reference under ``IRI_NO_EXTENSIONS=1``).

Inputs: every corpus of ``tests/corpora`` the native differential tests read (a fixed
stride sample of each, so the suite stays quick), texts from the hostile generators of
``tests/property`` (fixed seed), nulls and empty strings; as ``string``, ``large_string``
and ``string_view`` arrays, sliced, chunked and dictionary-encoded.
"""

from __future__ import annotations

import random
import sys
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest

import iri
from iri.scale import batch
from iri.scale.tasks import split_row, violation_row

pa = pytest.importorskip("pyarrow")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "native"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "property"))
from hostile import build_any, build_valid  # type: ignore[import-not-found]  # noqa: E402
from native_twins import CORPUS_NAMES, corpus  # type: ignore[import-not-found]  # noqa: E402

BASE = "http://a/b/c/d;p?q"

#: (task, options): every task, each level and some rules; the last ones take options the
#: kernels do not (the whole column then runs the Python way, in both modes).
TASKS: list[tuple[str, dict[str, Any]]] = [
    ("is_valid", {}),
    ("is_valid", {"rule": "absolute_URI", "zone_id": "accept"}),
    ("check", {}),
    ("check", {"rule": "IRI"}),
    ("to_uri", {}),
    ("to_iri", {}),
    ("normalize", {}),
    ("normalize", {"level": "scheme"}),
    ("key", {"level": "simple"}),
    ("key", {"level": "scheme"}),
    ("split", {}),
    ("resolve", {"base": BASE}),
    ("to_uri", {"host": "percent"}),
    ("check", {"limit": 2}),
]
IDS = [f"{t}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for t, o in TASKS]


def per_value(task: str, text: str | None, options: dict[str, Any]) -> object:
    """The reference: the public per-value function, a rejected value as None."""
    if text is None:
        return None
    opts = dict(options)
    try:
        if task == "split":
            return split_row(text)
        if task == "resolve":
            return iri.resolve(opts.pop("base"), text, **opts)
        if task == "key":
            return iri.key(text, **opts)
        result = getattr(iri, task)(text, **opts)
    except iri.IRIError:
        return None
    if task == "check":
        return [violation_row(v) for v in result]
    return result


def sample(texts: tuple[str, ...], size: int) -> list[str]:
    """A fixed stride sample (the same every run)."""
    step = max(1, len(texts) // size)
    return [t for t in texts[::step][:size] if not _surrogate(t)]


def _surrogate(text: str) -> bool:
    # a lone surrogate has no UTF-8: it cannot be in an Arrow string column
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


@cache
def hostile() -> list[str]:
    rng = random.Random(26)
    texts = [build_any(rng) if k % 2 else build_valid(rng) for k in range(600)]
    return [t for t in texts if not _surrogate(t)]


def column(values: list[str | None], task: str, options: dict[str, Any]) -> list[object]:
    return batch.arrow_column(task, pa.array(values), on_invalid="null", **options).to_pylist()


@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_every_corpus(name: str) -> None:
    values = sample(corpus(name), 250)
    for task, options in TASKS[:12]:
        expected = [per_value(task, t, options) for t in values]
        assert column(values, task, options) == expected, (name, task, options)


@pytest.mark.parametrize(("task", "options"), TASKS, ids=IDS)
def test_hostile(task: str, options: dict[str, Any]) -> None:
    values = hostile()
    assert column(values, task, options) == [per_value(task, t, options) for t in values]


def _values() -> list[str | None]:
    mixed = sample(corpus("mixed"), 120)
    return [None, "", *mixed[:60], None, "", *mixed, *hostile()[:60], None, *mixed[:30]]


def _shapes(values: list[str | None]) -> list[tuple[str, Any, list[str | None]]]:
    n = len(values)
    return [
        ("string", pa.array(values, pa.string()), values),
        ("large_string", pa.array(values, pa.large_string()), values),
        ("string_view", pa.array(values, pa.string_view()), values),
        ("sliced", pa.array(values).slice(7, n - 20), values[7 : n - 13]),
        ("sliced_large", pa.array(values, pa.large_string()).slice(3), values[3:]),
        ("sliced_view", pa.array(values, pa.string_view()).slice(5, 40), values[5:45]),
        (
            "chunked",
            pa.chunked_array([values[:50], [], values[50:]], type=pa.string()),
            values,
        ),
        ("dictionary", pa.array(values).dictionary_encode(), values),
        ("dictionary_sliced", pa.array(values).dictionary_encode().slice(60), values[60:]),
        ("nulls", pa.array([None, None, None]), [None, None, None]),
        ("empty", pa.array([], pa.string()), []),
    ]


@pytest.mark.parametrize(("task", "options"), TASKS, ids=IDS)
def test_array_shapes(task: str, options: dict[str, Any]) -> None:
    for shape, array, values in _shapes(_values()):
        got = batch.arrow_column(task, array, on_invalid="null", **options)
        kind = pa.ChunkedArray if isinstance(array, pa.ChunkedArray) else pa.Array
        assert isinstance(got, kind), shape
        assert got.type == batch._arrow_type(batch.Task(task)), shape
        if isinstance(array, pa.ChunkedArray):
            assert [len(c) for c in got.chunks] == [len(c) for c in array.chunks], shape
        expected = [per_value(task, t, options) for t in values]
        assert got.to_pylist() == expected, shape


def test_raise_keeps_its_meaning() -> None:
    for task in ("to_uri", "to_iri", "normalize", "key"):
        with pytest.raises(iri.InvalidIRI):
            batch.arrow_column(task, pa.array(["http://x/", None, "a b"]))
    with pytest.raises(iri.IRIError):
        batch.arrow_column("resolve", pa.array(["a b"]), base=BASE)
    # never raising tasks
    assert batch.arrow_column("is_valid", pa.array(["a b"])).to_pylist() == [False]
    assert batch.arrow_column("check", pa.array(["a b"])).to_pylist()[0][0]["code"] == (
        "invalid-character"
    )


def test_errors() -> None:
    with pytest.raises(TypeError, match="strings"):
        batch.arrow_column("is_valid", pa.array([1, 2]))
    with pytest.raises(TypeError, match="Arrow column"):
        batch.arrow_column("is_valid", ("http://x/",))
    with pytest.raises(TypeError, match="base="):
        batch.arrow_column("resolve", pa.array(["a"]))
    with pytest.raises(ValueError, match="nonsense"):
        batch.arrow_column("nonsense", pa.array(["a"]))
    with pytest.raises(ValueError, match="nonsense"):
        batch.arrow_column("normalize", pa.array(["http://x/"]), level="nonsense")
    with pytest.raises(ValueError, match="nonsense"):
        batch.arrow_column("is_valid", pa.array(["http://x/"]), on_invalid="nonsense")


def test_list_in_list_out() -> None:
    values = [None, "http://x/ü", "a b"]
    assert batch.arrow_column("to_uri", values, on_invalid="null") == [
        None,
        "http://x/%C3%BC",
        None,
    ]
    assert batch.arrow_column("check", ["a b"]) == [iri.check("a b")]
    assert batch.arrow_column("split", ["//h:1"])[0]["port"] == "1"


def test_repeated_values_cross_slices() -> None:
    # many repeats over many rows: the same answers
    distinct = sample(corpus("mixed"), 300)
    values: list[str | None] = [distinct[k % len(distinct)] for k in range(40_000)]
    values[123] = None
    for task, options in (("normalize", {}), ("check", {}), ("is_valid", {})):
        got = column(values, task, options)
        ref = {t: per_value(task, t, options) for t in distinct}
        assert got == [None if t is None else ref[t] for t in values], task


@cache
def _many_distinct() -> list[str | None]:
    """Every distinct value of the bench corpora and the hostile texts, about 67,000: more
    rows than a slice of the kernel (65,536), so the column is cut in two slices, the first
    worked on in runs, one per thread, the second (1,600 rows or so) on one; with nulls and
    an empty string among them."""
    texts = list(dict.fromkeys(t for name in ("web", "iri", "mixed") for t in corpus(name)))
    values: list[str | None] = list(
        dict.fromkeys(hostile() + [t for t in texts if not _surrogate(t)])
    )
    assert len(values) > 65_536
    for k in range(0, len(values), 101):
        values[k] = None
    values[5] = ""
    return values


@pytest.mark.skipif(not iri.NATIVE, reason="the slices and threads are the compiled kernel's")
def test_distinct_values_across_slices_and_threads() -> None:
    values = _many_distinct()
    n = len(values)
    shapes = [
        ("string", pa.array(values), values),
        ("sliced", pa.array(values).slice(3, n - 10), values[3 : n - 7]),
        ("large_string", pa.array(values, pa.large_string()), values),
        ("string_view", pa.array(values, pa.string_view()), values),
        ("chunked", pa.chunked_array([values[:5000], values[5000:]]), values),
    ]
    for task, options in TASKS[:12]:
        ref = {t: per_value(task, t, options) for t in values if t is not None}
        for shape, array, rows in shapes if task in ("split", "to_uri", "check") else shapes[:1]:
            got = batch.arrow_column(task, array, on_invalid="null", **options).to_pylist()
            assert got == [None if t is None else ref[t] for t in rows], (task, shape)


def test_pandas_series_with_arrow_dtype() -> None:
    pd = pytest.importorskip("pandas")
    values = _values()
    s = pd.Series(pd.array(values, dtype=pd.ArrowDtype(pa.string())), name="u")
    got = batch.arrow_column("split", s)
    assert isinstance(got, pd.Series) and got.name == "u" and got.index.equals(s.index)
    assert [None if v is pd.NA else v for v in got.tolist()] == [
        per_value("split", t, {}) for t in values
    ]
    assert batch.arrow_column("is_valid", pd.Series([float("nan")])).isna().all()


def test_repeats_are_sampled_by_stride() -> None:
    native = pytest.importorskip("iri._native") if iri.NATIVE else None
    if native is None:
        pytest.skip("the repeat sampling is the compiled kernel's (IRI_NO_EXTENSIONS)")
    distinct = [f"http://x/{k}" for k in range(8192)]
    for task in ("to_uri", "to_iri", "normalize", "key", "resolve"):
        sampled = partial(native.column_repeats, task)
        assert sampled(pa.array(distinct)) == [False]
        assert sampled(pa.array(distinct[:2000] * 5)) == [True]
        assert sampled(pa.array(distinct[:2000] * 5, pa.large_string())) == [True]
        assert sampled(pa.array(distinct[:2000] * 5, pa.string_view())) == [True]
        assert sampled(pa.array(distinct[:2000])) == [False]  # too short to sample
        assert sampled(pa.array([None] * 8192, pa.string())) == [False]
        assert sampled(pa.chunked_array([distinct, distinct[:100] * 90])) == [False, True]
    # the tasks whose encoding costs more than it saves (measured) run over every row
    for task in ("is_valid", "check", "split"):
        assert native.column_repeats(task, pa.array(distinct[:100] * 90)) == [False], task
    with pytest.raises(ValueError, match='no column kernel for task "frobnicate"'):
        native.column_repeats("frobnicate", pa.array(distinct))


def test_repeats_give_the_per_row_answers() -> None:
    # a column the kernel dictionary-encodes: the same answers as row by row, nulls kept
    values = _values()
    repeated = (values * (9000 // len(values) + 1))[:9000]
    arrays = [pa.array(repeated), pa.array(repeated, pa.string_view())]
    if iri.NATIVE:
        from iri._native import column_repeats

        for arr in arrays:  # the kernel takes the dictionary path (for a text result)
            assert column_repeats("to_uri", arr) == [True], arr.type
    for task, options in TASKS:
        ref = {t: per_value(task, t, options) for t in set(repeated) - {None}}
        for arr in arrays:
            got = batch.arrow_column(task, arr, on_invalid="null", **options).to_pylist()
            assert got == [None if t is None else ref[t] for t in repeated], (task, arr.type)


def test_polars_series_in_polars_series_out() -> None:
    pl = pytest.importorskip("polars")
    values = _values()
    s = pl.Series("u", values, dtype=pl.String)
    for task, options in TASKS[:12]:
        got = batch.arrow_column(task, s, on_invalid="null", **options)
        assert isinstance(got, pl.Series) and got.name == "u" and len(got) == len(values)
        assert got.to_list() == [per_value(task, t, options) for t in values], task
    chunked = pl.concat([s[:40], s[40:]], rechunk=False)
    assert batch.arrow_column("to_uri", chunked, on_invalid="null").to_list() == [
        per_value("to_uri", t, {}) for t in values
    ]


def test_a_table_of_one_column_is_that_column() -> None:
    # a record batch stream (what a DuckDB result exports) of one string column
    values = _values()
    table = pa.table({"u": pa.array(values)}).to_batches(max_chunksize=50)
    for data in (
        pa.Table.from_batches(table),
        pa.RecordBatchReader.from_batches(table[0].schema, table),
    ):
        got = batch.arrow_column("normalize", data, on_invalid="null")
        assert isinstance(got, pa.ChunkedArray)
        assert got.to_pylist() == [per_value("normalize", t, {}) for t in values]
    with pytest.raises(TypeError, match="strings"):
        batch.arrow_column("is_valid", pa.table({"a": ["x"], "b": ["y"]}))


def test_a_duckdb_result() -> None:
    duckdb = pytest.importorskip("duckdb")
    values = _values()
    con = duckdb.connect()
    con.register("t", pa.table({"url": pa.array(values)}))
    got = batch.arrow_column("to_uri", con.sql("select url from t"), on_invalid="null")
    assert isinstance(got, pa.ChunkedArray)
    assert got.to_pylist() == [per_value("to_uri", t, {}) for t in values]


def test_a_nanoarrow_array() -> None:
    na = pytest.importorskip("nanoarrow")
    values = _values()
    got = batch.arrow_column("to_uri", na.Array(pa.array(values)), on_invalid="null")
    assert isinstance(got, na.Array)
    assert got.to_pylist() == [per_value("to_uri", t, {}) for t in values]


# Text results past 2 GiB (the 32-bit offsets of `string`) come back `large_string`, in both
# modes, by one rule: a chunk's text results are `large_string` exactly when they come to
# more than `iri.scale.arrow.SMALL_MAX` bytes.


def test_text_past_two_gib_is_large_string() -> None:
    """At the real limit: 8,200 rows of one value (the kernel samples the repeats and
    spreads the one answer; so does the Python path), 722 MB in; `to_uri` writes each "é"
    (2 bytes) as "%C3%A9" (6), 2.165 GB out, past 2**31 - 1 = 2.147 GB."""
    pa = pytest.importorskip("pyarrow")
    pc = pytest.importorskip("pyarrow.compute")
    rows = 8_200
    value = "http://h/" + "é" * 44_000
    column = pa.array([value] * rows + [None])
    want = iri.to_uri(value)
    out = batch.arrow_column("to_uri", column)
    assert (str(out.type), len(out), out.null_count) == ("large_string", rows + 1, 1)
    assert pc.sum(pc.binary_length(out)).as_py() == len(want) * rows
    assert pc.all(pc.equal(out.slice(0, rows), want)).as_py() and out[rows].as_py() is None


@pytest.mark.parametrize("repeated", [False, True], ids=["distinct", "repeated"])
def test_text_past_the_limit_turns_large(monkeypatch: pytest.MonkeyPatch, repeated: bool) -> None:
    """The same rule under a lower limit (the kernel takes the constant from Python): the
    rows before the one that passes it are carried into the `large_string`, none lost or
    moved; a column of many repeats (sampled, spread) and one of distinct values (written
    row by row) alike. At the limit exactly: `string`."""
    pa = pytest.importorskip("pyarrow")
    from iri.scale import arrow

    texts = [f"http://h/{k % 50 if repeated else k}/é" for k in range(10_000)]
    texts[7] = None  # type: ignore[call-overload]
    want = [None if t is None else iri.to_uri(t) for t in texts]
    size = sum(len(w) for w in want if w is not None)
    for limit, kind in [(size - 1, "large_string"), (size, "string"), (1, "large_string")]:
        monkeypatch.setattr(arrow, "SMALL_MAX", limit)
        out = batch.arrow_column("to_uri", pa.array(texts))
        assert (str(out.type), out.to_pylist()) == (kind, want), limit
    # one chunk large, one not: the chunked result is one column of one type
    monkeypatch.setattr(arrow, "SMALL_MAX", size)
    chunked = batch.arrow_column("to_uri", pa.chunked_array([pa.array(texts), ["http://h/é"]]))
    assert (str(chunked.type), chunked.num_chunks) == ("string", 2)
    monkeypatch.setattr(arrow, "SMALL_MAX", size - 1)
    chunked = batch.arrow_column("to_uri", pa.chunked_array([pa.array(texts), ["http://h/é"]]))
    assert (str(chunked.type), chunked.num_chunks) == ("large_string", 2)
    assert chunked.to_pylist() == [*want, "http://h/%C3%A9"]
    if iri.NATIVE:
        from iri import _native

        assert _native.column_repeats("to_uri", pa.array(texts)) == [repeated]


@pytest.mark.parametrize("repeated", [False, True], ids=["distinct", "repeated"])
def test_split_fields_turn_large_each_on_its_own(
    monkeypatch: pytest.MonkeyPatch, repeated: bool
) -> None:
    """`split`'s fields, each by the rule on its own text: under a limit that the paths
    pass and the hosts do not, the path field alone is `large_string`; across chunks, the
    field is `large_string` in every chunk."""
    pa = pytest.importorskip("pyarrow")
    from iri.scale import arrow

    texts = [f"http://h{k % 7}/{'p' * 40}/{k % 50 if repeated else k}" for k in range(10_000)]
    texts[3] = None  # type: ignore[call-overload]
    want = [None if t is None else split_row(t) for t in texts]
    path = sum(len(w["path"]) for w in want if w is not None)
    host = sum(len(w["host"]) for w in want if w is not None)
    assert host < path // 4
    monkeypatch.setattr(arrow, "SMALL_MAX", path // 2)
    out = batch.arrow_column("split", pa.array(texts))
    types = {f.name: str(f.type) for f in out.type}
    assert types == {name: "large_string" if name == "path" else "string" for name in types}
    assert out.to_pylist() == want
    chunked = batch.arrow_column("split", pa.chunked_array([["http://x/y"], pa.array(texts)]))
    assert str(chunked.type.field("path").type) == "large_string" and chunked.num_chunks == 2
    assert chunked.to_pylist() == [split_row("http://x/y"), *want]
    if iri.NATIVE:
        from iri import _native

        # split is never encoded: the repeated column is written row by row as well
        assert _native.column_repeats("split", pa.array(texts)) == [False]
