"""DuckDB: the ``iri_*`` SQL functions, vectorized through Arrow.

:func:`register` adds to a connection one SQL function per column task of
:mod:`iri.scale.batch`. Each is an Arrow UDF: DuckDB hands it a whole vector (up to 2,048
rows) as an Arrow array, which goes to :func:`iri.scale.batch.arrow_column` in one call;
never one row at a time.

=================================  ===========================================================
SQL                                result
=================================  ===========================================================
``iri_is_valid(url [, rule])``     ``BOOLEAN``: :func:`iri.is_valid` (``rule``: ``'IRI'``, ...)
``iri_check(url [, rule])``        ``STRUCT(code, severity, start, "end", section, message)[]``
``iri_to_uri(url [, host])``       ``VARCHAR``: :func:`iri.to_uri` (``host``: ``'idna'``, ...)
``iri_to_iri(url)``                ``VARCHAR``: :func:`iri.to_iri`
``iri_normalize(url [, level])``   ``VARCHAR``: :func:`iri.normalize` (``level``: ``'scheme'``)
``iri_key(url [, level])``         ``VARCHAR``: :func:`iri.key`, equal iff equivalent
``iri_split(url)``                 ``STRUCT`` of the components (:func:`iri.split`)
=================================  ===========================================================

The option is the second argument, by position; without it the function's default holds. It
may differ from row to row (each distinct value is one call). NULL in gives NULL out, for the
option too. A value the task rejects aborts the query (``duckdb.InvalidInputException``
naming the error), or gives NULL with ``register(con, on_invalid="null")``.

>>> import duckdb
>>> from iri.integrations.duckdb import register
>>> con = register(duckdb.connect(), on_invalid="null")
>>> con.execute("SELECT iri_normalize('HTTP://Example.org:80/%7e', 'scheme')").fetchone()
('http://example.org/~',)
>>> con.execute("SELECT iri_is_valid(u) FROM (VALUES ('http://x/'), ('a b'), (NULL)) t(u)"
...             ).fetchall()
[(True,), (False,), (None,)]

The macros stand on Arrow UDFs named ``_<macro>_<arity>`` (``_iri_key_2``); both are
temporary (they live as long as the connection). Needs the ``duckdb`` extra.
"""

from __future__ import annotations

from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from iri.scale.batch import OnInvalid, Task, arrow_column, chunked

__all__ = ["FUNCTIONS", "register"]

#: SQL name -> (task, the option its second argument gives, if any)
FUNCTIONS: dict[str, tuple[str, str | None]] = {
    "iri_is_valid": ("is_valid", "rule"),
    "iri_check": ("check", "rule"),
    "iri_to_uri": ("to_uri", "host"),
    "iri_to_iri": ("to_iri", None),
    "iri_normalize": ("normalize", "level"),
    "iri_key": ("key", "level"),
    "iri_split": ("split", None),
}


def _by_option(task: str, option: str, urls: Any, values: Any, on_invalid: OnInvalid) -> Any:
    """The task on each row with that row's option: one call per distinct option value."""
    distinct = pc.unique(values).drop_null()
    if len(distinct) == 1 and values.null_count == 0:  # the usual case: a literal
        return arrow_column(task, urls, on_invalid=on_invalid, **{option: distinct[0].as_py()})
    out_type = arrow_column(task, pa.array([], pa.string())).type
    rows, parts = [], []
    for value in distinct:
        where = pc.indices_nonzero(pc.equal(values, value))
        rows.append(where)
        parts.append(
            arrow_column(task, urls.take(where), on_invalid=on_invalid, **{option: value.as_py()})
        )
    nulls = pc.indices_nonzero(pc.is_null(values))  # a NULL option: a NULL result
    rows.append(nulls)
    parts.append(pa.nulls(len(nulls), out_type))
    joined = chunked([p for part in parts for p in _chunks(part)], Task(task))
    order = pc.sort_indices(pa.chunked_array(rows, pa.uint64()))
    return joined.take(order)


def _chunks(array: Any) -> list[Any]:
    return list(array.chunks) if isinstance(array, pa.ChunkedArray) else [array]


def _bare(task: str, on_invalid: OnInvalid) -> Any:
    # DuckDB counts a Python function's parameters, defaults too: closures, not partials
    def udf(urls: Any) -> Any:
        return arrow_column(task, urls, on_invalid=on_invalid)

    return udf


def _with_option(task: str, option: str, on_invalid: OnInvalid) -> Any:
    def udf(urls: Any, values: Any) -> Any:
        return _by_option(task, option, urls, values, on_invalid)

    return udf


def _arrow_udf(con: Any, name: str, udf: Any, parameters: list[str], returns: Any) -> None:
    # the option names as strings: the enums moved between DuckDB 1.x and 2.x (so: con Any)
    con.create_function(
        name, udf, parameters, returns, type="arrow", null_handling="special", side_effects=False
    )


def register(
    con: duckdb.DuckDBPyConnection, *, on_invalid: OnInvalid | str = OnInvalid.RAISE
) -> duckdb.DuckDBPyConnection:
    """Add the ``iri_*`` SQL functions (:data:`FUNCTIONS`) to ``con``; return ``con``.

    A task that :mod:`iri.scale.batch` does not know (``split`` before the column kernels)
    is left out. Registering twice on one connection is a ``duckdb`` error.
    """
    if not isinstance(con, duckdb.DuckDBPyConnection):
        raise TypeError(f"expected a duckdb connection, got {type(con).__name__}")
    invalid = OnInvalid(on_invalid)
    known = {t.value for t in Task}
    for name, (task, option) in FUNCTIONS.items():
        if task not in known:
            continue
        probe = arrow_column(task, pa.array([], pa.string()))
        returns = con.from_arrow(pa.table({"r": probe})).dtypes[0]
        one, two = f"_{name}_1", f"_{name}_2"
        _arrow_udf(con, one, _bare(task, invalid), ["VARCHAR"], returns)
        if option is None:
            con.execute(f"CREATE TEMP MACRO {name}(url) AS {one}(url)")
            continue
        _arrow_udf(con, two, _with_option(task, option, invalid), ["VARCHAR", "VARCHAR"], returns)
        con.execute(f"CREATE TEMP MACRO {name}(url) AS {one}(url), (url, opt) AS {two}(url, opt)")
    return con
