"""IRIs at scale on Dask: validate, convert, normalize and deduplicate a column, partition-wise.

Thin wrappers over :mod:`iri.scale.batch`: every partition is handed to
:func:`iri.scale.batch.arrow_column` as one Arrow array (a ``dask.dataframe`` Series; the
column kernels) or to :func:`iri.scale.batch.stream` (a ``dask.bag``), so a cluster computes
exactly what one process computes, value by value.
Deduplication by the comparison ladder (RFC 3987 5.3) computes :func:`iri.key` per
partition, then shuffles rows by key so that equal keys meet in one output partition
(``drop_duplicates(split_out=...)``), and keeps one row per key.

Works with any Dask scheduler; with ``distributed`` (a ``Client`` on a ``LocalCluster`` or
a real cluster) the work runs in the worker processes. Needs the ``dask`` extra. See
``docs/scale.md`` for measured rates and a plan for a billion IRIs.

>>> import pandas as pd, dask.dataframe as dd
>>> from iri.scale import dask as iri_dask
>>> s = dd.from_pandas(pd.Series(["HTTP://x/%7e", "http://x/~", "a b"], name="u"), 2)
>>> iri_dask.map_column("is_valid", s).compute().tolist()
[True, True, False]
>>> iri_dask.deduplicate(s, on_invalid="null").compute()["key"].tolist()
['http://x/~']
"""

from __future__ import annotations

from typing import Any

from iri.ladder.normalize import Level
from iri.scale.batch import OnInvalid, Task, arrow_column, stream

__all__ = ["bag_deduplicate", "bag_map", "deduplicate", "map_column"]


def _result_type(task: Task, options: dict[str, Any]) -> Any:
    """The Arrow type of the task's result: the kernel's own, on an empty column."""
    import pyarrow as pa

    return arrow_column(task, pa.array([], pa.string()), **options).type


def _meta(task: Task, name: object, options: dict[str, Any]) -> Any:
    import pandas as pd

    if task is Task.CHECK:
        return pd.Series([], dtype=object, name=name)
    return pd.Series([], dtype=pd.ArrowDtype(_result_type(task, options)), name=name)


def _require(value: object, cls: type, what: str) -> None:
    # a helper, so that the caller's argument stays Any for mypy (Dask is partly untyped)
    if not isinstance(value, cls):
        raise TypeError(f"expected {what}, got {type(value).__name__}")


def _column(part: Any, task: Task, on_invalid: OnInvalid, options: dict[str, Any]) -> Any:
    """One partition (a pandas Series) as one Arrow array through the kernel; same index."""
    import pandas as pd
    import pyarrow as pa

    if not isinstance(part, pd.Series):
        raise TypeError(f"expected a pandas Series partition, got {type(part).__name__}")
    array = pa.array(part)  # Arrow-backed strings: no copy; object: converted once
    if pa.types.is_null(array.type):  # an empty or all-missing object partition
        array = array.cast(pa.string())
    out = arrow_column(task, array, on_invalid=on_invalid, **options)
    if task is Task.CHECK:
        return pd.Series(out.to_pylist(), index=part.index, dtype=object, name=part.name)
    return pd.Series(out, index=part.index, dtype=pd.ArrowDtype(out.type), name=part.name)


def map_column(
    task: Task | str,
    series: Any,
    *,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    **options: Any,
) -> Any:
    """Apply ``task`` (:class:`iri.scale.batch.Task`) to every value of a ``dask.dataframe`` Series.

    Lazy: returns a Dask Series with the same partitions and index, computed partition by
    partition with :func:`iri.scale.batch.arrow_column` (same options, same nulls, the same
    result types as :func:`iri.scale.batch.pandas_column`).
    """
    import dask.dataframe as dd

    _require(series, dd.Series, "a dask.dataframe Series")
    t = Task(task)
    invalid = OnInvalid(on_invalid)
    meta = _meta(t, series.name, options)
    return series.map_partitions(_column, t, invalid, options, meta=meta)


def _keyed(part: Any, name: str, level: Level, on_invalid: OnInvalid) -> Any:
    """One partition: the texts and their keys; rows without a key (invalid) left out."""
    import pandas as pd

    keys = _column(part, Task.KEY, on_invalid, {"level": level})
    frame = pd.DataFrame({name: part, "key": keys}, index=part.index)
    # on_invalid="null": an invalid IRI has no key; it cannot be deduplicated by the
    # ladder and is left out (documented; count them with map_column("is_valid")).
    return frame[keys.notna()]


def deduplicate(
    series: Any,
    *,
    level: Level | str = Level.SYNTAX,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    split_out: int | None = None,
    shuffle_method: str = "tasks",
) -> Any:
    """Keep one IRI per comparison key (:func:`iri.key` at ``level``): a lazy DataFrame.

    The result has two columns: the series' name (or ``"iri"``), one of the original
    texts with that key, and ``"key"``. Keys are computed per partition; rows are then
    shuffled by key into ``split_out`` partitions (default: as many as the input has)
    and duplicates dropped in each. With ``on_invalid="null"`` rows that are not valid
    IRI references (no key) are left out of the result; with ``"raise"`` (the default)
    the computation fails on the first one.
    """
    import dask.dataframe as dd
    import pandas as pd

    _require(series, dd.Series, "a dask.dataframe Series")
    lvl = Level(level)
    invalid = OnInvalid(on_invalid)
    name = series.name if isinstance(series.name, str) and series.name != "key" else "iri"
    string = pd.ArrowDtype(_result_type(Task.KEY, {"level": lvl}))
    meta = pd.DataFrame({name: pd.Series([], dtype=string), "key": pd.Series([], dtype=string)})
    keyed = series.map_partitions(_keyed, name, lvl, invalid, meta=meta)
    return keyed.drop_duplicates(
        subset=["key"],
        split_out=split_out or series.npartitions,
        shuffle_method=shuffle_method,
    )


def _bag_partition(
    part: Any, task: Task, on_invalid: OnInvalid, options: dict[str, Any]
) -> list[Any]:
    return list(stream(task, part, on_invalid=on_invalid, **options))


def bag_map(
    task: Task | str,
    bag: Any,
    *,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    **options: Any,
) -> Any:
    """Apply ``task`` to every item of a ``dask.bag`` of strings (and ``None``), lazily."""
    import dask.bag as db

    _require(bag, db.Bag, "a dask.bag Bag")
    return bag.map_partitions(_bag_partition, Task(task), OnInvalid(on_invalid), options)


def bag_deduplicate(
    bag: Any,
    *,
    level: Level | str = Level.SYNTAX,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
) -> Any:
    """The distinct comparison keys (:func:`iri.key` at ``level``) of a bag of IRIs.

    With ``on_invalid="null"`` invalid items (no key) and ``None`` are left out.
    """
    keys = bag_map(Task.KEY, bag, on_invalid=on_invalid, level=Level(level))
    return keys.filter(_not_none).distinct()


def _not_none(value: object) -> bool:
    return value is not None
