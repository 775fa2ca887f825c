"""The main functions over many IRIs: iterables (streaming), Arrow arrays and pandas Series.

A :class:`Task` names the function applied to each value: ``is_valid``, ``check``,
``to_uri``, ``to_iri``, ``normalize`` or ``key`` (keyword options are passed on, e.g.
``rule=`` or ``level=``). Nulls (``None``, and the missing values of Arrow and pandas) are
kept: a null in gives a null out. Anything else that is not a ``str`` is a ``TypeError``.
A value the function rejects raises its error (``on_invalid="raise"``, the default) or,
with ``on_invalid="null"``, gives a null: never a silently changed value.

- :func:`stream` is lazy: it reads one value and yields one result, so a file of any size
  streams in constant memory.
- :func:`arrow_column` takes a ``pyarrow`` string array (or chunked array) and returns an
  array of the same length; the function runs once per *distinct* value (the column is
  dictionary-encoded in C first), which pays on real data, where the same IRIs recur.
- :func:`pandas_column` does the same for a ``pandas.Series`` and keeps its index.

>>> from iri.scale import batch
>>> list(batch.stream("to_uri", ["http://ü.example/ä", None]))
['http://xn--tda.example/%C3%A4', None]
>>> list(batch.stream("normalize", ["HTTP://x/%7e", "a b"], on_invalid="null"))
['http://x/~', None]
>>> import pyarrow as pa
>>> batch.arrow_column("is_valid", pa.array(["http://x/", None, "a b"])).to_pylist()
[True, None, False]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any

from iri.convert.uri import to_iri, to_uri
from iri.ladder.normalize import key, normalize
from iri.syntax.check import check, is_valid
from iri.syntax.errors import IRIError
from iri.syntax.options import Option

__all__ = ["OnInvalid", "Task", "arrow_column", "pandas_column", "stream"]


class Task(Option):
    """The function applied to every value."""

    IS_VALID = "is_valid"  #: bool
    CHECK = "check"  #: list of violations (Arrow/pandas: list of structs)
    TO_URI = "to_uri"  #: str
    TO_IRI = "to_iri"  #: str
    NORMALIZE = "normalize"  #: str
    KEY = "key"  #: str, the comparison key (equal keys iff equivalent)


class OnInvalid(Option):
    """What a value the function rejects (an :class:`iri.IRIError`) gives."""

    RAISE = "raise"  #: the error propagates (default)
    NULL = "null"  #: a null result in its place


_FUNCTIONS: dict[Task, Callable[..., Any]] = {
    Task.IS_VALID: is_valid,
    Task.CHECK: check,
    Task.TO_URI: to_uri,
    Task.TO_IRI: to_iri,
    Task.NORMALIZE: normalize,
    Task.KEY: key,
}


def _bound(task: Task | str, options: dict[str, Any]) -> Callable[[str], Any]:
    fn = _FUNCTIONS[Task(task)]
    return partial(fn, **options) if options else fn


def _function(task: Task | str, on_invalid: OnInvalid | str, options: dict[str, Any]) -> Any:
    """Return ``f(value) -> result | None`` for one non-null value, type-checked."""
    fn = _bound(task, options)
    null = OnInvalid(on_invalid) is OnInvalid.NULL

    def apply(value: object) -> Any:
        if not isinstance(value, str):
            raise TypeError(f"expected str or None, got {type(value).__name__}: {value!r:.60}")
        if not null:
            return fn(value)
        try:
            return fn(value)
        except IRIError:
            return None

    return apply


def stream(
    task: Task | str,
    texts: Iterable[str | None],
    *,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    **options: Any,
) -> Iterator[Any]:
    """Yield ``task(text, **options)`` for each text, lazily, in order; ``None`` for ``None``.

    >>> list(stream("is_valid", ["http://x/", "http://x/%zz"], rule="IRI"))
    [True, False]
    """
    if isinstance(texts, str | bytes):
        raise TypeError("expected an iterable of str (one value per item), got a single string")
    # options are checked now, not at the first value
    return _stream(_bound(task, options), OnInvalid(on_invalid) is OnInvalid.NULL, texts)


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


def _violation_rows(violations: list[Any] | None) -> list[dict[str, object]] | None:
    if violations is None:
        return None
    return [
        {
            "code": v.code.value,
            "severity": v.severity.value,
            "start": v.span[0],
            "end": v.span[1],
            "section": v.section,
            "message": v.message,
        }
        for v in violations
    ]


def _arrow_type(task: Task) -> Any:
    import pyarrow as pa

    if task is Task.IS_VALID:
        return pa.bool_()
    if task is Task.CHECK:
        return pa.list_(
            pa.struct(
                [
                    ("code", pa.string()),
                    ("severity", pa.string()),
                    ("start", pa.int64()),
                    ("end", pa.int64()),
                    ("section", pa.string()),
                    ("message", pa.string()),
                ]
            )
        )
    return pa.string()


def _on_distinct(task: Task, apply: Any, distinct: Iterable[object]) -> list[Any]:
    results = [apply(v) for v in distinct]
    if task is Task.CHECK:
        return [_violation_rows(r) for r in results]
    return results


def arrow_column(
    task: Task | str,
    array: Any,
    *,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    **options: Any,
) -> Any:
    """Apply ``task`` to a ``pyarrow`` string array; return an array of the same length.

    ``array`` is a ``pyarrow.Array`` or ``ChunkedArray`` of ``string`` / ``large_string``
    (or a dictionary of them); nulls stay nulls. The result is ``bool`` for ``is_valid``,
    ``list<struct<code, severity, start, end, section, message>>`` for ``check`` and
    ``string`` otherwise; a chunked array in gives a chunked array out.
    Needs the ``arrow`` extra.
    """
    import pyarrow as pa

    t = Task(task)
    apply = _function(t, on_invalid, options)
    if isinstance(array, pa.ChunkedArray):
        chunks = [arrow_column(t, c, on_invalid=on_invalid, **options) for c in array.chunks]
        return pa.chunked_array(chunks, type=_arrow_type(t))
    if not isinstance(array, pa.Array):
        raise TypeError(f"expected a pyarrow Array or ChunkedArray, got {type(array).__name__}")
    if pa.types.is_dictionary(array.type):
        # decode first: a dictionary may hold values no row uses (after a slice, say),
        # and those must not be checked (nor raise)
        array = array.dictionary_decode()
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
        raise TypeError(f"expected a pyarrow string array, got type {array.type}")
    # Dictionary-encode in C: the Python function then runs once per distinct value, and
    # the results are spread back with one vectorized take (null indices stay null).
    encoded = array.dictionary_encode()
    distinct = pa.array(_on_distinct(t, apply, encoded.dictionary.to_pylist()), type=_arrow_type(t))
    return distinct.take(encoded.indices)


def pandas_column(
    task: Task | str,
    series: Any,
    *,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    **options: Any,
) -> Any:
    """Apply ``task`` to a ``pandas.Series`` of strings; return a Series with the same index.

    Missing values (``None``, ``NaN``, ``pd.NA``) stay missing. The result dtype is an
    Arrow-backed ``bool`` for ``is_valid``, Arrow ``string`` for the conversions, and
    ``object`` (lists of violation dicts) for ``check``. Needs the ``pandas`` extra.
    """
    import pandas as pd

    if not isinstance(series, pd.Series):
        raise TypeError(f"expected a pandas Series, got {type(series).__name__}")
    t = Task(task)
    apply = _function(t, on_invalid, options)
    # factorize: codes per row (-1 for missing) and the distinct values, in C.
    codes, uniques = pd.factorize(series, use_na_sentinel=True)
    results = _on_distinct(t, apply, list(uniques))
    if t is Task.CHECK:
        out: list[Any] = [results[c] if c >= 0 else None for c in codes]
        return pd.Series(out, index=series.index, dtype=object, name=series.name)
    import pyarrow as pa

    distinct = pa.array(results, type=_arrow_type(t))
    taken = distinct.take(pa.array(codes, mask=codes < 0))
    return pd.Series(
        taken, index=series.index, dtype=pd.ArrowDtype(_arrow_type(t)), name=series.name
    )
