"""iri.scale.spark on a real local SparkSession (local[1], no UI, two shuffle partitions).

The Python workers inherit the driver's environment, so this file runs in both modes (with
IRI_NO_EXTENSIONS=1 the workers run pure Python too; a test says which core they ran). The
reference is the per-value loop (iri.scale.batch.stream). Skips only where no Java exists.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("no Java on this machine: PySpark needs a JVM (Java 17)", allow_module_level=True)
pyspark = pytest.importorskip("pyspark")
pa = pytest.importorskip("pyarrow")

import iri  # noqa: E402
from iri.scale import batch  # noqa: E402
from iri.scale import spark as iri_spark  # noqa: E402

pytestmark = [
    # PySpark 4.3 warns that it has not caught up with pandas 3 (its Arrow UDFs do not use it)
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning"),
    pytest.mark.slow,
]

CORPORA = Path(__file__).resolve().parents[1] / "corpora" / "bench"
LINES = [
    *(CORPORA / "mixed.txt").read_text(encoding="utf-8").splitlines()[:1500],
    *(CORPORA / "iri.txt").read_text(encoding="utf-8").splitlines()[:1500],
]
VALUES: list[str | None] = [*LINES, None, "", *LINES[:40], None, "a b", "HTTP://X/%7e"]

TASKS: list[tuple[str, dict[str, Any]]] = [
    ("is_valid", {}),
    ("is_valid", {"rule": "IRI"}),
    ("to_uri", {}),
    ("to_iri", {}),
    ("normalize", {"level": "scheme"}),
    ("key", {}),
]
AFTER_KERNELS = pytest.mark.skipif(
    not {"split", "resolve"} <= {t.value for t in batch.Task},
    reason="iri.scale.batch has no split/resolve task yet (the column kernels' branch)",
)


def reference(task: str, values: list[str | None], **options: Any) -> list[Any]:
    return list(batch.stream(task, values, on_invalid="null", **options))


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the workers: this venv
    session = (
        SparkSession.builder.master("local[1]")
        .appName("iri-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.driver.memory", "512m")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def urls(spark: Any) -> Any:
    rows = [(i, u) for i, u in enumerate(VALUES)]
    return spark.createDataFrame(rows, "i long, url string").repartition(2).cache()


def collected(df: Any, *columns: Any) -> list[Any]:
    return [tuple(r) for r in df.orderBy("i").select(*columns).collect()]


def test_the_workers_run_the_drivers_core(spark: Any) -> None:
    from pyspark.sql import functions as F  # noqa: N812 (PySpark's own idiom)

    def core(x: pa.Array) -> pa.Array:
        import iri as worker_iri

        return pa.array([worker_iri.NATIVE] * len(x))

    (row,) = spark.range(1).select(F.arrow_udf(core, "boolean")("id")).collect()
    assert row[0] is iri.NATIVE


def test_column_functions_agree_with_per_value(urls: Any) -> None:
    columns = [
        getattr(iri_spark, task)("url", on_invalid="null", **options).alias(f"c{n}")
        for n, (task, options) in enumerate(TASKS)
    ]
    rows = collected(urls, *columns)
    assert len(rows) == len(VALUES)
    for n, (task, options) in enumerate(TASKS):
        assert [r[n] for r in rows] == reference(task, VALUES, **options), (task, options)


def test_check_gives_violation_structs(spark: Any) -> None:
    texts = ["http://x/%zz", "HTTP://X:80/", "http://x/", None]
    df = spark.createDataFrame([(i, t) for i, t in enumerate(texts)], "i long, url string")
    got = [r[0] for r in collected(df, iri_spark.check("url"))]
    assert got[2] == [] and got[3] is None
    for rows, text in zip(got[:2], texts[:2], strict=True):
        assert text is not None
        violations = iri.check(text)
        assert [r["code"] for r in rows] == [v.code.value for v in violations]
        assert [(r["start"], r["end"]) for r in rows] == [v.span for v in violations]


def test_invalid_fails_the_job_by_default(spark: Any) -> None:
    from pyspark.errors import PythonException

    df = spark.createDataFrame([("http://x/",), ("a b",)], "url string")
    with pytest.raises(PythonException, match="InvalidIRI"):
        df.select(iri_spark.normalize("url")).collect()


@pytest.mark.parametrize("level", ["syntax", "scheme"])
def test_deduplicate_keeps_one_row_per_key(urls: Any, level: str) -> None:
    result = iri_spark.deduplicate(urls, "url", level=level, on_invalid="null").collect()
    keys = [r["key"] for r in result]
    expected = {k for k in reference("key", VALUES, level=level) if k is not None}
    assert len(keys) == len(set(keys))
    assert set(keys) == expected
    assert len(expected) < len(VALUES)  # the column does have duplicates
    for r in result:  # each kept row is an input row with that key
        assert VALUES[r["i"]] == r["url"] and iri.key(r["url"], level) == r["key"]


def test_deduplicate_raises_on_invalid_by_default(spark: Any) -> None:
    from pyspark.errors import PythonException

    df = spark.createDataFrame([("http://x/",), ("a b",)], "url string")
    with pytest.raises(PythonException, match="InvalidIRI"):
        iri_spark.deduplicate(df, "url").collect()


def test_type_and_option_errors_on_the_driver(urls: Any) -> None:
    with pytest.raises(TypeError, match="Column or a column name"):
        iri_spark.is_valid(3)
    with pytest.raises(TypeError, match="Spark DataFrame"):
        iri_spark.deduplicate(["http://x/"], "url")
    with pytest.raises(ValueError, match="nonsense"):
        iri_spark.normalize("url", on_invalid="nonsense")
    # an option value too, when the column is built (it had passed until a job ran)
    with pytest.raises(ValueError, match="nonsense"):
        iri_spark.normalize("url", level="nonsense")
    with pytest.raises(TypeError, match="Rule must be a str"):
        iri_spark.is_valid("url", rule=None)
    with pytest.raises(ValueError, match="nonsense"):
        iri_spark.deduplicate(urls, "url", level="nonsense")


@AFTER_KERNELS
def test_split_host_and_resolve(urls: Any) -> None:
    kernel = batch.arrow_column("split", pa.array(VALUES), on_invalid="null").to_pylist()
    base = "http://a/b/c/d;p?q"
    rows = collected(
        urls,
        iri_spark.split("url", on_invalid="null").host,
        iri_spark.resolve("url", base, on_invalid="null"),
    )
    assert [r[0] for r in rows] == [None if k is None else k["host"] for k in kernel]
    resolved = batch.arrow_column("resolve", pa.array(VALUES), on_invalid="null", base=base)
    assert [r[1] for r in rows] == resolved.to_pylist()
