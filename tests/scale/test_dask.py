"""iri.scale.dask on a real distributed LocalCluster (2 worker processes, localhost, no dashboard).

The cluster's answers must be the in-process answers: the deduplicated set equals the set of
in-process iri.key values over the bench corpora.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

dd = pytest.importorskip("dask.dataframe")
db = pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")

import iri  # noqa: E402
from iri.scale import batch  # noqa: E402
from iri.scale import dask as iri_dask  # noqa: E402

CORPORA = Path(__file__).resolve().parents[1] / "corpora" / "bench"
LINES = [
    line
    for name in ("iri.txt", "mixed.txt")
    for line in (CORPORA / name).read_text(encoding="utf-8").splitlines()
]


@cache
def in_process_keys(level: str, n: int = len(LINES)) -> set[str]:
    keys = set()
    for line in LINES[:n]:
        if iri.is_valid(line):
            keys.add(iri.key(line, level))
    return keys


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    with (
        distributed.LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            dashboard_address=None,
            host="127.0.0.1",
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        c.wait_for_workers(2, timeout=60)
        yield c


@pytest.fixture(scope="module")
def column() -> dd.Series:
    # Both corpora, and 3,000 lines again in reverse order with the scheme upper-cased.
    shouted = [line.replace("http://", "HTTP://", 1) for line in reversed(LINES[-3000:])]
    return dd.from_pandas(pd.Series(LINES + shouted, name="u", dtype="string"), npartitions=4)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["syntax", "scheme"])
def test_distributed_deduplication_equals_in_process_keys(
    client: distributed.Client, column: dd.Series, level: str
) -> None:
    assert len(client.scheduler_info()["workers"]) == 2
    result = iri_dask.deduplicate(column, level=level, on_invalid="null").compute()
    keys = result["key"].tolist()
    expected = in_process_keys(level)
    assert len(keys) == len(set(keys))  # one row per key
    assert set(keys) == expected
    assert 5000 < len(expected) < len(LINES)  # the corpora do have duplicates
    # each kept text is a real input line with that key
    sample = result.head(200)
    for text, k in zip(sample["u"], sample["key"], strict=True):
        assert iri.key(text, level) == k


@pytest.mark.slow
def test_distributed_map_column_equals_batch(client: distributed.Client, column: dd.Series) -> None:
    column = column.partitions[:2]  # a sample is enough to compare value by value
    local = column.compute()
    for task, options in [("is_valid", {}), ("to_uri", {}), ("normalize", {"level": "scheme"})]:
        got = iri_dask.map_column(task, column, on_invalid="null", **options).compute()
        expected = batch.pandas_column(task, local, on_invalid="null", **options)
        assert got.index.equals(expected.index)
        assert got.isna().tolist() == expected.isna().tolist()
        assert got.dropna().tolist() == expected.dropna().tolist()


@pytest.mark.slow
def test_distributed_invalid_raises_by_default(client: distributed.Client) -> None:
    s = dd.from_pandas(pd.Series(["http://x/", "a b"], name="u"), npartitions=2)
    with pytest.raises(iri.InvalidIRI) as info:
        iri_dask.deduplicate(s).compute()
    # the worker's error, pickled across the process boundary with its data
    assert info.value.text == "a b"
    assert [v.code for v in info.value.errors] == ["invalid-character"]


@pytest.mark.slow
def test_distributed_bag(client: distributed.Client) -> None:
    # a bag ships Python objects (slower than Arrow columns): the first 5,000 lines
    bag = db.from_sequence([*LINES[:5000], None], npartitions=4)
    keys = set(iri_dask.bag_deduplicate(bag, on_invalid="null").compute())
    assert keys == in_process_keys("syntax", 5000)
    valid = iri_dask.bag_map("is_valid", bag).compute()
    assert valid == [*(iri.is_valid(x) for x in LINES[:5000]), None]


def test_type_errors() -> None:
    with pytest.raises(TypeError, match=r"dask\.dataframe Series"):
        iri_dask.map_column("is_valid", pd.Series(["x"]))
    with pytest.raises(TypeError, match=r"dask\.dataframe Series"):
        iri_dask.deduplicate(["x"])
    with pytest.raises(TypeError, match=r"dask\.bag Bag"):
        iri_dask.bag_map("is_valid", ["x"])
