"""iri.integrations.polars: pl.col(...).iri.* on real Polars, eager, lazy and streaming.

The reference is the per-value loop (iri.scale.batch.stream, itself held to the single-value
functions in tests/scale/test_batch.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

pl = pytest.importorskip("polars")
pytest.importorskip("pyarrow")

import iri  # noqa: E402
import iri.integrations.polars  # noqa: E402  (registers the namespace)
from iri.scale import batch  # noqa: E402

CORPORA = Path(__file__).resolve().parents[1] / "corpora" / "bench"
LINES = [
    *(CORPORA / "mixed.txt").read_text(encoding="utf-8").splitlines()[:1500],
    *(CORPORA / "iri.txt").read_text(encoding="utf-8").splitlines()[:1500],
]
# with nulls, repeats, empty strings and invalid values, as a real column has
VALUES: list[str | None] = [*LINES, None, "", *LINES[:40], None, "a b", "HTTP://X/%7e"]

TASKS: list[tuple[str, dict[str, Any]]] = [
    ("is_valid", {}),
    ("is_valid", {"rule": "IRI"}),
    ("to_uri", {}),
    ("to_uri", {"host": "percent"}),
    ("to_iri", {}),
    ("normalize", {}),
    ("normalize", {"level": "scheme"}),
    ("key", {"level": "scheme"}),
]
# split and resolve arrive with the native column kernels (issue 26, part 1): these tests
# run as soon as iri.scale.batch knows the tasks.
AFTER_KERNELS = pytest.mark.skipif(
    not {"split", "resolve"} <= {t.value for t in batch.Task},
    reason="iri.scale.batch has no split/resolve task yet (the column kernels' branch)",
)


def reference(task: str, values: list[str | None], **options: Any) -> list[Any]:
    return list(batch.stream(task, values, on_invalid="null", **options))


def frame(values: list[str | None] = VALUES) -> Any:
    # several chunks, as a frame read from many files has
    half = len(values) // 2
    return pl.concat(
        [pl.DataFrame({"url": values[:half]}), pl.DataFrame({"url": values[half:]})],
        rechunk=False,
    )


@pytest.mark.parametrize(("task", "options"), TASKS, ids=str)
def test_expression_agrees_with_per_value_eager_lazy_and_streaming(
    task: str, options: dict[str, Any]
) -> None:
    expected = reference(task, VALUES, **options)
    df = frame()
    assert df["url"].n_chunks() == 2
    expr = getattr(pl.col("url").iri, task)(on_invalid="null", **options)
    eager = df.select(expr.alias("out"))["out"]
    lazy = df.lazy().select(expr.alias("out")).collect()["out"]
    streaming = df.lazy().select(expr.alias("out")).collect(engine="streaming")["out"]
    for got in (eager, lazy, streaming):
        assert got.to_list() == expected
    assert eager.dtype == (pl.Boolean if task == "is_valid" else pl.String)


def test_streaming_engine_in_a_longer_query() -> None:
    # filter, with_columns and group_by around the expression, in the streaming engine
    lf = frame().lazy().filter(pl.col("url").is_not_null())
    out = (
        lf.with_columns(pl.col("url").iri.key(level="scheme", on_invalid="null").alias("key"))
        .filter(pl.col("key").is_not_null())
        .group_by("key")
        .agg(pl.len())
        .collect(engine="streaming")
    )
    keys = {k for k in reference("key", VALUES, level="scheme") if k is not None}
    assert set(out["key"].to_list()) == keys


def test_check_gives_violation_structs() -> None:
    values = ["http://x/", None, "http://x/%zz", "HTTP://X:80/"]
    got = pl.DataFrame({"u": values}).select(pl.col("u").iri.check())["u"].to_list()
    assert got[0] == [] and got[1] is None
    for rows, text in zip(got[2:], values[2:], strict=True):
        assert text is not None
        violations = iri.check(text)
        assert [r["code"] for r in rows] == [v.code.value for v in violations]
        assert [(r["start"], r["end"]) for r in rows] == [v.span for v in violations]
        assert [r["severity"] for r in rows] == [v.severity.value for v in violations]


def test_invalid_raises_an_iri_error_by_default() -> None:
    df = pl.DataFrame({"u": ["http://x/", "a b"]})
    with pytest.raises(iri.IRIError, match="InvalidIRI"):
        df.select(pl.col("u").iri.normalize())
    with pytest.raises(iri.IRIError, match="InvalidIRI"):
        df.lazy().select(pl.col("u").iri.to_uri()).collect(engine="streaming")


def test_nulls_categoricals_and_wrong_types() -> None:
    nulls = pl.DataFrame({"u": [None, None]})
    assert nulls.select(pl.col("u").iri.to_uri())["u"].to_list() == [None, None]
    empty = pl.DataFrame({"u": []}, schema={"u": pl.String})
    assert empty.select(pl.col("u").iri.is_valid())["u"].dtype == pl.Boolean
    cats = pl.DataFrame({"u": ["http://x/", "a b"]}, schema={"u": pl.Categorical})
    assert cats.select(pl.col("u").iri.is_valid())["u"].to_list() == [True, False]
    with pytest.raises(TypeError, match="String column, got Int64"):
        pl.DataFrame({"u": [1]}).select(pl.col("u").iri.is_valid())


def test_bad_options_fail_when_the_expression_is_built() -> None:
    with pytest.raises(ValueError, match="nonsense"):
        pl.col("u").iri.normalize(on_invalid="nonsense")  # when the expression is built
    # an option value too, when the expression is built (it had passed until a value came)
    with pytest.raises(ValueError, match="nonsense"):
        pl.col("u").iri.normalize(level="nonsense")
    with pytest.raises(TypeError, match="Level must be a str"):
        pl.col("u").iri.key(level=None)
    with pytest.raises(TypeError, match="unexpected keyword"):
        pl.col("u").iri.to_uri(hots="idna")


@AFTER_KERNELS
def test_split_gives_the_kernel_struct() -> None:
    import pyarrow as pa

    got = frame().select(pl.col("url").iri.split())["url"]
    assert isinstance(got.dtype, pl.Struct)
    kernel = batch.arrow_column("split", pa.array(VALUES))
    assert got.to_list() == kernel.to_pylist()
    hosts = (
        frame()
        .lazy()
        .select(pl.col("url").iri.split().struct.field("host"))
        .collect(engine="streaming")
    )
    assert hosts["host"].to_list() == [None if r is None else r["host"] for r in kernel.to_pylist()]


@AFTER_KERNELS
def test_resolve_against_one_base() -> None:
    base = "http://a/b/c/d;p?q"
    refs = ["g", "../g", "//g", "?y", "#s", None, "", "g;x=1/../y"]
    got = pl.DataFrame({"r": refs}).select(pl.col("r").iri.resolve(base))["r"].to_list()
    assert got == [None if r is None else iri.resolve(base, r) for r in refs]


URLISH = st.text(alphabet=st.sampled_from("hts:/?#[]@%.-_~ é東\u202e\u3000:089AFaf"), max_size=30)


@given(values=st.lists(st.none() | URLISH, max_size=30))
def test_any_column_agrees_with_per_value(values: list[str | None]) -> None:
    df = pl.DataFrame({"u": values}, schema={"u": pl.String})
    out = df.lazy().select(
        pl.col("u").iri.is_valid().alias("valid"),
        pl.col("u").iri.to_uri(on_invalid="null").alias("uri"),
        pl.col("u").iri.key(level="scheme", on_invalid="null").alias("key"),
    )
    for got in (out.collect(), out.collect(engine="streaming")):
        assert got["valid"].to_list() == reference("is_valid", values)
        assert got["uri"].to_list() == reference("to_uri", values)
        assert got["key"].to_list() == reference("key", values, level="scheme")
