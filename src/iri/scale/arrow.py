"""Arrow columns for :mod:`iri.scale.batch`: the compiled core's column kernels, or the
Python reference once per distinct value, and the caller's own array type back.

Any object with ``__arrow_c_array__`` or ``__arrow_c_stream__`` (the Arrow PyCapsule
interface) is a column: pyarrow arrays and chunked arrays, Polars Series, DuckDB results,
nanoarrow arrays, pandas Series with Arrow dtypes (through pyarrow). Its chunks are read
one at a time. With the compiled core (``iri.NATIVE``) the kernel ``iri._native.column``
reads each chunk's buffers without copying and answers with the GIL released, asking the
Python twin (:func:`iri.scale.tasks.applier`) only for what it cannot decide; for a task
with a text result, a chunk whose sample shows many repeats is dictionary-encoded there
first, and the kernel runs over its distinct values (``iri._native.column_repeats`` tells
which chunks). Without it, or for an option the kernel does not take
(:data:`KERNEL_OPTIONS`), the Python reference runs once per distinct value of each chunk
(dictionary-encoded by pyarrow) and the results are spread back with one ``take``: the
same answers, needing pyarrow.
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from iri.scale.tasks import SPLIT_FIELDS, Task, violation_row

__all__ = [
    "KERNEL_OPTIONS",
    "arrow_type",
    "columns",
    "is_arrow",
]

#: The options each task's kernel takes; any other option runs the whole column through
#: the Python reference (the per-value native functions take no more).
KERNEL_OPTIONS: dict[Task, frozenset[str]] = {
    Task.IS_VALID: frozenset({"rule", "zone_id"}),
    Task.CHECK: frozenset({"rule", "zone_id"}),
    Task.TO_URI: frozenset(),
    Task.TO_IRI: frozenset(),
    Task.NORMALIZE: frozenset({"level"}),
    Task.KEY: frozenset({"level"}),
    Task.SPLIT: frozenset(),
    Task.RESOLVE: frozenset({"base"}),
}


def arrow_type(task: Task) -> Any:
    """The Arrow type of ``task``'s results (needs pyarrow)."""
    import pyarrow as pa

    if task is Task.IS_VALID:
        return pa.bool_()
    if task is Task.CHECK:
        return pa.list_(
            pa.struct(
                [
                    ("code", pa.string()),
                    ("severity", pa.string()),
                    ("component", pa.string()),
                    ("start", pa.int64()),
                    ("end", pa.int64()),
                    ("section", pa.string()),
                    ("message", pa.string()),
                ]
            )
        )
    if task is Task.SPLIT:
        return pa.struct([(name, pa.string()) for name in SPLIT_FIELDS])
    return pa.string()


def is_arrow(data: object) -> bool:
    """Whether ``data`` speaks the Arrow PyCapsule interface."""
    return hasattr(data, "__arrow_c_array__") or hasattr(data, "__arrow_c_stream__")


@cache
def _kernel() -> Any:
    """``iri._native.column`` when the compiled core is in use (``IRI_NO_EXTENSIONS`` unset
    or empty and ``iri._native`` imports, as ``iri.NATIVE``), else ``None``: decided once
    per process, as ``iri.NATIVE`` is (the environment read and the import on every call
    had cost tens of microseconds a call on a cold cache)."""
    if os.environ.get("IRI_NO_EXTENSIONS"):
        return None
    try:
        from iri._native import column  # optional, loaded on first use
    except ImportError:
        return None
    return column


def _native_fallback(task: Task, apply: Any) -> Any:
    if task is not Task.CHECK:
        return apply

    def rows(text: str) -> Any:
        found = apply(text)
        if found is None:
            return None
        return [tuple(violation_row(v).values()) for v in found]

    return rows


def columns(
    task: Task, data: Any, apply: Any, options: dict[str, Any], *, unmatched: bool = False
) -> list[Any]:
    """``task`` over the Arrow column ``data``: one result array per chunk, each an object
    speaking the Arrow PyCapsule interface (a pyarrow array on the Python path).
    ``unmatched``: ``apply`` gives a null for a text that is no valid IRI reference
    (:func:`iri.scale.tasks.unmatched_null`), which the kernel then writes itself."""
    kernel = _kernel()
    if kernel is not None and set(options) <= KERNEL_OPTIONS[task]:
        fallback = _native_fallback(task, apply)
        out: list[Any] = []
        for chunk in _pyarrow_chunks(data) if _is_pyarrow(data) else [data]:
            got = _kernel_chunk(kernel, task, chunk, fallback, options, unmatched=unmatched)
            if got is None:  # an option value the kernel does not know: Python's to judge
                break
            out += got
        else:
            return out
    return [_python_chunk(task, chunk, apply) for chunk in _pyarrow_chunks(data)]


def _is_pyarrow(data: Any) -> bool:
    return type(data).__module__.partition(".")[0] == "pyarrow"


def _kernel_chunk(
    kernel: Any,
    task: Task,
    chunk: Any,
    fallback: Any,
    options: dict[str, Any],
    *,
    unmatched: bool,
) -> list[Any] | None:
    got = kernel(
        task.value, chunk, fallback, text_max=SMALL_MAX, unmatched_null=unmatched, **options
    )
    return None if got is None else list(got)


def _pyarrow_chunks(data: Any) -> list[Any]:
    import pyarrow as pa

    if isinstance(data, pa.Array):
        return [data]
    if isinstance(data, pa.ChunkedArray):
        return list(data.chunks)
    if hasattr(data, "__arrow_c_array__"):
        return [pa.array(data)]
    return list(pa.chunked_array(data).chunks)


def _python_chunk(task: Task, array: Any, apply: Any) -> Any:
    import pyarrow as pa

    out_type = arrow_type(task)
    if pa.types.is_struct(array.type) and array.type.num_fields == 1 and not array.null_count:
        array = array.field(0)  # a table of one column (a DuckDB result, a record batch)
    if pa.types.is_dictionary(array.type):
        # decode first: a dictionary may hold values no row uses (after a slice, say),
        # and those must not be checked (nor raise)
        array = array.dictionary_decode()
    if pa.types.is_null(array.type):
        return pa.nulls(len(array), type=out_type)
    if str(array.type) == "string_view":  # pyarrow 16+ (pa.types.is_string_view: 16+ too)
        array = array.cast(pa.large_string())
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
        raise TypeError(f"expected an Arrow column of strings, got type {array.type}")
    # Dictionary-encode in C: the Python function then runs once per distinct value, and
    # the results are spread back with one vectorized take (null indices stay null).
    encoded = array.dictionary_encode()
    results = [apply(v) for v in encoded.dictionary.to_pylist()]
    if task is Task.CHECK:
        results = [None if r is None else [violation_row(v) for v in r] for r in results]
    if out_type == pa.string():
        out_type = _wide(results, encoded.indices)
    if task is Task.SPLIT:  # each field by the same rule, on its own text
        out_type = pa.struct(
            [
                (name, _wide([None if r is None else r[name] for r in results], encoded.indices))
                for name in SPLIT_FIELDS
            ]
        )
    return pa.array(results, type=out_type).take(encoded.indices)


def _wide(results: list[Any], indices: Any) -> Any:
    """``string``, or ``large_string`` when the rows' text passes :data:`SMALL_MAX`."""
    import pyarrow as pa

    return pa.large_string() if _text_bytes(results, indices) > SMALL_MAX else pa.string()


#: The most bytes of text a ``string`` array holds (its offsets are 32-bit). A chunk whose
#: text results come to more is ``large_string``, in both modes (the kernel's rule).
SMALL_MAX = 2**31 - 1


def _text_bytes(results: list[Any], indices: Any) -> int:
    """The bytes of UTF-8 the rows of ``indices`` take, each row ``results[i]`` (0 when
    that is sure to be at most :data:`SMALL_MAX`)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    longest = max((len(r) for r in results if r is not None), default=0)
    if 4 * longest * len(indices) <= SMALL_MAX:  # a character is at most 4 bytes
        return 0
    sizes = pa.array([0 if r is None else len(r.encode()) for r in results], type=pa.int64())
    return pc.sum(sizes.take(indices)).as_py() or 0
