"""IRIs at scale on Spark: column functions named as the tasks, on Arrow UDFs, and deduplicate.

Each function takes a column (a ``Column`` or a column name) and the options of the task of
its name, and returns a ``Column``; the work runs in the executors' Python workers on Arrow
batches (PySpark's ``arrow_udf``: a ``pyarrow.Array`` in, one out, no pandas step), each batch
one call of :func:`iri.scale.batch.arrow_column`. Nulls stay nulls; a value the task rejects
fails the job (``on_invalid="raise"``, the default: a ``PythonException`` naming the error)
or gives a null (``on_invalid="null"``)::

    from pyspark.sql import SparkSession
    from iri.scale import spark as iri_spark

    spark = SparkSession.builder.getOrCreate()
    df = spark.createDataFrame([("HTTP://Example.org:80/%7e",), ("a b",)], "url string")
    df.select(
        iri_spark.is_valid("url").alias("valid"),
        iri_spark.normalize("url", level="scheme", on_invalid="null").alias("normal"),
        iri_spark.split("url").host.alias("host"),
    ).show()

``spark.sql.execution.arrow.maxRecordsPerBatch`` (10,000 by default) sets the batch size.
The executors need ``iri`` installed (``pip install iri[spark]``). Tested on a local session
(``tests/scale/test_spark.py``); ``docs/scale.md`` has a plan for a billion IRIs.
Needs the ``spark`` extra and Java 17.
"""

from __future__ import annotations

from typing import Any, cast

import pyarrow as pa
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F  # noqa: N812 (PySpark's own idiom)
from pyspark.sql.pandas.functions import arrow_udf
from pyspark.sql.pandas.types import from_arrow_type

from iri.ladder.normalize import Level
from iri.scale.batch import OnInvalid, arrow_column

__all__ = [
    "check",
    "deduplicate",
    "is_valid",
    "key",
    "normalize",
    "resolve",
    "split",
    "to_iri",
    "to_uri",
]

ColumnOrName = Column | str


def _kernel(task: str, on_invalid: OnInvalid, options: dict[str, Any]) -> Any:
    def run(urls: pa.Array) -> pa.Array:
        out = arrow_column(task, urls, on_invalid=on_invalid, **options)
        return out.combine_chunks() if isinstance(out, pa.ChunkedArray) else out

    return run


def _column(
    task: str, col: ColumnOrName, on_invalid: OnInvalid | str, options: dict[str, Any]
) -> Column:
    if not isinstance(col, Column | str):
        raise TypeError(f"expected a Column or a column name, got {type(col).__name__}")
    invalid = OnInvalid(on_invalid)
    # The result type is the kernel's own, on an empty column (a task or option it does not
    # know fails here, on the driver, before any job).
    probe = arrow_column(task, pa.array([], pa.string()), **options)
    # (the stubs know atomic return types only; a struct or an array is a DataType too)
    udf = cast(Any, arrow_udf)(_kernel(task, invalid, options), from_arrow_type(probe.type))
    return cast(Column, udf(col))


def is_valid(col: ColumnOrName, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> Column:
    """:func:`iri.is_valid` of each value (``rule=``, ``zone_id=``): a boolean column."""
    return _column("is_valid", col, on_invalid, options)


def check(col: ColumnOrName, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> Column:
    """:func:`iri.check` of each value: an array of violation structs (code, severity, ...)."""
    return _column("check", col, on_invalid, options)


def to_uri(col: ColumnOrName, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> Column:
    """:func:`iri.to_uri` of each value (``host=``, ``charset=``, ...): a string column."""
    return _column("to_uri", col, on_invalid, options)


def to_iri(col: ColumnOrName, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> Column:
    """:func:`iri.to_iri` of each value: a string column."""
    return _column("to_iri", col, on_invalid, options)


def normalize(
    col: ColumnOrName, *, on_invalid: OnInvalid | str = "raise", **options: Any
) -> Column:
    """:func:`iri.normalize` of each value (``level=``, ...): a string column."""
    return _column("normalize", col, on_invalid, options)


def key(col: ColumnOrName, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> Column:
    """:func:`iri.key` of each value (``level=``, ...): equal keys iff equivalent IRIs."""
    return _column("key", col, on_invalid, options)


def split(col: ColumnOrName, *, on_invalid: OnInvalid | str = "raise", **options: Any) -> Column:
    """:func:`iri.split` of each value: a struct of the components (``.host``, ...)."""
    return _column("split", col, on_invalid, options)


def resolve(
    col: ColumnOrName, base: str, *, on_invalid: OnInvalid | str = "raise", **options: Any
) -> Column:
    """:func:`iri.resolve` of each value (a reference) against ``base``: a string column."""
    return _column("resolve", col, on_invalid, {"base": base, **options})


def deduplicate(
    df: DataFrame,
    column: str,
    *,
    level: Level | str = Level.SYNTAX,
    on_invalid: OnInvalid | str = OnInvalid.RAISE,
    key_column: str = "key",
) -> DataFrame:
    """Keep one row per comparison key (:func:`iri.key` of ``column`` at ``level``).

    Lazy, like every Spark transformation: the rows of ``df`` with a new column
    ``key_column``; Spark's shuffle (``dropDuplicates``) brings equal keys together and keeps
    one row of each, which one unspecified. With ``on_invalid="null"`` the rows whose text is
    not a valid IRI reference (no key) are left out; with ``"raise"`` (the default) the job
    fails on the first one. As :func:`iri.scale.dask.deduplicate` does on Dask.
    """
    if not isinstance(df, DataFrame):
        raise TypeError(f"expected a Spark DataFrame, got {type(df).__name__}")
    if not isinstance(column, str):
        raise TypeError(f"expected a column name, got {type(column).__name__}")
    keyed = df.withColumn(key_column, key(column, level=Level(level), on_invalid=on_invalid))
    return keyed.where(F.col(key_column).isNotNull()).dropDuplicates([key_column])
