"""The main functions over many IRIs: iterables (streaming), Arrow columns and pandas Series.

A :class:`Task` names the function applied to each value: ``is_valid``, ``check``,
``to_uri``, ``to_iri``, ``normalize``, ``key``, ``split`` or ``resolve`` (keyword options
are passed on, e.g. ``rule=``, ``level=``; ``resolve`` needs ``base=``; see
:mod:`iri.scale.tasks`). Nulls (``None``, and the missing values of Arrow and pandas) are
kept: a null in gives a null out. Anything else that is not a ``str`` is a ``TypeError``.
A value the function rejects raises its error (``on_invalid="raise"``, the default) or,
with ``on_invalid="null"``, gives a null: never a silently changed value.

- :func:`stream` is lazy: it reads one value and yields one result, so a file of any size
  streams in constant memory.
- :func:`arrow_column` takes any Arrow column (an object with ``__arrow_c_array__`` or
  ``__arrow_c_stream__``: pyarrow, Polars, DuckDB, nanoarrow; or a pandas Series, or a
  list) and returns a column of the same length, in the caller's own library where it
  has one. With the compiled core the work runs in Rust over the Arrow buffers, without
  the GIL (:mod:`iri.scale.arrow`).
- :func:`pandas_column` does the same for a ``pandas.Series`` and keeps its index.

The results, by task (Arrow types):

============  ==========================================================================
task          result
============  ==========================================================================
is_valid      ``bool``
check         ``list<struct<code, severity, component, start: int64, end: int64,
              section, message>>`` (all others ``string``): one struct per violation
split         ``struct<scheme, userinfo, host, port, path, query, fragment>``, each a
              ``string``, null where absent (the port as text, as :func:`iri.split` has it)
the others    ``string``
============  ==========================================================================

>>> from iri.scale import batch
>>> list(batch.stream("to_uri", ["http://ü.example/ä", None]))
['http://xn--tda.example/%C3%A4', None]
>>> list(batch.stream("normalize", ["HTTP://x/%7e", "a b"], on_invalid="null"))
['http://x/~', None]
>>> import pyarrow as pa
>>> batch.arrow_column("is_valid", pa.array(["http://x/", None, "a b"])).to_pylist()
[True, None, False]
>>> batch.arrow_column("split", pa.array(["http://h:80/p"]))[0]["port"].as_py()
'80'
>>> batch.arrow_column("resolve", ["../d", None], base="http://a/b/c")
['http://a/d', None]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from importlib import import_module
from typing import Any

from iri.scale.arrow import arrow_type, columns, is_arrow
from iri.scale.tasks import (
    OnInvalid,
    Task,
    applier,
    bound,
    plan,
    unmatched_null,
    violation_row,
)
from iri.syntax.errors import IRIError

__all__ = ["OnInvalid", "Task", "arrow_column", "pandas_column", "stream"]

# the Arrow type of a task's results (iri.scale.dask builds its empty frames with it)
_arrow_type = arrow_type


def stream(
    task: Task | str,
    texts: Iterable[str | None],
    *,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    **options: Any,
) -> Iterator[Any]:
    """Yield ``task(text, **options)`` for each text, lazily, in order; ``None`` for ``None``.

    ``check`` yields lists of :class:`iri.Violation`, ``split`` dicts of the seven
    components (:func:`iri.scale.tasks.split_row`).

    >>> list(stream("is_valid", ["http://x/", "http://x/%zz"], rule="IRI"))
    [True, False]
    """
    if isinstance(texts, str | bytes):
        raise TypeError("expected an iterable of str (one value per item), got a single string")
    # options are checked now, not at the first value
    return _stream(bound(task, options), OnInvalid(on_invalid) is OnInvalid.NULL, texts)


def _stream(fn: Callable[[str], Any], null: bool, texts: Iterable[str | None]) -> Iterator[Any]:
    # One plain loop, no per-item wrapper: this is the per-value cost floor (no cache
    # either: a bounded cache thrashes on real files and costs more than it saves).
    for text in texts:
        if text is None:
            yield None
            continue
        if not isinstance(text, str):
            raise TypeError(f"expected str or None, got {type(text).__name__}: {text!r:.60}")
        try:
            result = fn(text)
        except IRIError:
            if not null:
                raise
            result = None
        yield result


def arrow_column(
    task: Task | str,
    data: Any,
    *,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    **options: Any,
) -> Any:
    """Apply ``task`` to a column of strings; return a column of the same length.

    ``data`` is any object that speaks the Arrow PyCapsule interface (``__arrow_c_array__``
    or ``__arrow_c_stream__``) holding ``string``, ``large_string``, ``string_view``, a
    dictionary of them, or only nulls: a pyarrow ``Array`` or ``ChunkedArray``, a Polars
    ``Series``, a nanoarrow ``Array``; a table of one such column (a DuckDB result, a pyarrow
    ``Table`` or ``RecordBatchReader``); or a pandas ``Series``; or a ``list``. Nulls stay
    nulls. The result types are in the module docstring. What comes back:

    - a pyarrow ``Array`` for an ``Array`` (or any object with ``__arrow_c_array__``), a
      ``ChunkedArray`` (chunk for chunk) for a ``ChunkedArray`` or any other stream (a
      DuckDB result, a table: neither has an array type of its own);
    - a Polars ``Series`` (same name) for a Polars ``Series``; a nanoarrow ``Array`` for a
      nanoarrow array;
    - a pandas ``Series`` with an Arrow dtype (same index and name) for a pandas ``Series``;
    - a ``list`` for a ``list``: ``list(stream(task, data, ...))``, Python values (``check``:
      lists of :class:`iri.Violation`; ``split``: dicts).

    With the compiled core, the options each kernel takes (``rule``/``zone_id``,
    ``level``, ``base``: :data:`iri.scale.arrow.KERNEL_OPTIONS`) run in Rust; any other
    option runs the column through the Python reference, once per distinct value. Needs
    pyarrow for pyarrow and pandas columns and on the Python path.

    >>> import pyarrow as pa
    >>> arrow_column("to_uri", pa.chunked_array([["é"], [None]])).to_pylist()
    ['%C3%A9', None]
    """
    if isinstance(data, list):
        return list(stream(task, data, on_invalid=on_invalid, **options))
    t, _, apply, unmatched = plan(task, on_invalid, options)
    module = type(data).__module__.partition(".")[0]
    if module == "pandas":
        return _pandas_arrow(t, data, apply, options, unmatched)
    if not is_arrow(data):
        raise TypeError(
            "expected an Arrow column (__arrow_c_array__ / __arrow_c_stream__), a pandas "
            f"Series or a list, got {type(data).__name__}"
        )
    chunks = columns(t, data, apply, options, unmatched=unmatched)
    if module == "polars":
        return _polars(data, chunks, t)
    import pyarrow as pa

    arrays = [c if isinstance(c, pa.Array) else pa.array(c) for c in chunks]
    if hasattr(data, "__arrow_c_array__") and len(arrays) == 1:
        result = arrays[0]
    else:
        result = chunked(arrays, t)
    if module == "nanoarrow":
        return import_module("nanoarrow").Array(result)
    return result


def chunked(arrays: list[Any], task: Task) -> Any:
    """The result chunks as one ``ChunkedArray`` of one type: the task's, widened where one
    chunk's text passed 2 GiB and came back ``large_string`` (the whole result, or that
    field of ``split``'s, for every chunk)."""
    import pyarrow as pa

    out_type = _widest(arrow_type(task), [a.type for a in arrays])
    return pa.chunked_array(
        [a if a.type == out_type else a.cast(out_type) for a in arrays], type=out_type
    )


def _widest(base: Any, types: list[Any]) -> Any:
    import pyarrow as pa

    if base == pa.string():
        return pa.large_string() if pa.large_string() in types else base
    if pa.types.is_struct(base):
        fields = [(f.name, _widest(f.type, [t.field(f.name).type for t in types])) for f in base]
        return pa.struct(fields)
    return base


def _polars(data: Any, chunks: list[Any], task: Task) -> Any:
    pl = import_module("polars")  # by name: an optional library, typed or not
    name = getattr(data, "name", "")  # a DataFrame (of one column) has none
    parts = [pl.Series(c).alias(name) for c in chunks]
    if not parts:
        import pyarrow as pa

        return pl.Series(name, pa.array([], type=arrow_type(task)))
    return pl.concat(parts, rechunk=False) if len(parts) > 1 else parts[0]


def _pandas_arrow(
    task: Task, series: Any, apply: Any, options: dict[str, Any], unmatched: bool
) -> Any:
    import pandas as pd
    import pyarrow as pa

    try:
        array = pa.array(series, from_pandas=True)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        # a value that is not a str: the Python path names it (TypeError)
        chunks = [_pandas_factorized(task, series, apply, as_arrow=True)]
    else:
        if array.null_count == len(array):
            array = pa.nulls(len(array))  # all missing: pandas gave it a float dtype, say
        chunks = columns(task, array, apply, options, unmatched=unmatched)
    result = chunked([c if isinstance(c, pa.Array) else pa.array(c) for c in chunks], task)
    return pd.Series(pd.arrays.ArrowExtensionArray(result), index=series.index, name=series.name)


def _pandas_factorized(task: Task, series: Any, apply: Any, *, as_arrow: bool) -> Any:
    """The Python path for a Series: once per distinct value (``pd.factorize``)."""
    import pandas as pd
    import pyarrow as pa

    codes, uniques = pd.factorize(series, use_na_sentinel=True)
    results = [apply(v) for v in list(uniques)]
    if task is Task.CHECK:
        results = [None if r is None else [violation_row(v) for v in r] for r in results]
    if task is Task.CHECK and not as_arrow:
        return [results[c] if c >= 0 else None for c in codes]
    distinct = pa.array(results, type=arrow_type(task))
    return distinct.take(pa.array(codes, mask=codes < 0))


def pandas_column(
    task: Task | str,
    series: Any,
    *,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    **options: Any,
) -> Any:
    """Apply ``task`` to a ``pandas.Series`` of strings; return a Series with the same index.

    Missing values (``None``, ``NaN``, ``pd.NA``) stay missing. The result dtype is an
    Arrow-backed ``bool`` for ``is_valid``, an Arrow ``struct`` for ``split``, Arrow
    ``string`` for the conversions, and ``object`` (lists of violation dicts) for
    ``check``. With the compiled core, the column goes through the Arrow kernel
    (:func:`arrow_column`). Needs the ``pandas`` extra.
    """
    import pandas as pd

    if not isinstance(series, pd.Series):
        raise TypeError(f"expected a pandas Series, got {type(series).__name__}")
    t = Task(task)
    apply = applier(t, on_invalid, options)
    if t is Task.CHECK:
        out = _pandas_factorized(t, series, apply, as_arrow=False)
        return pd.Series(out, index=series.index, dtype=object, name=series.name)
    return _pandas_arrow(t, series, apply, options, unmatched_null(t, on_invalid, options))
