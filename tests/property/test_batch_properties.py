"""iri.scale.batch over generated columns: the same values as the single functions, nulls kept.

Columns mix generated valid IRI references, arbitrary text (mostly invalid), duplicates and
nulls; every Task and input kind (iterable, Arrow, pandas) must give, position by position,
what the single-value function gives (with on_invalid="null": None where it raises IRIError).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reference  # type: ignore[import-not-found]

import iri
from iri.scale import batch

pa = pytest.importorskip("pyarrow")
pd = pytest.importorskip("pandas")

SETTINGS = settings(deadline=None, max_examples=60)

VALUE = st.one_of(st.none(), reference("IRI_reference"), st.text(max_size=20))
COLUMN = st.lists(VALUE, max_size=12).flatmap(
    # repeat some values, as real columns do
    lambda xs: st.permutations(xs + xs[: len(xs) // 2])
)
TASKS = ["is_valid", "to_uri", "to_iri", "normalize", "key"]


def single(task: str, text: str | None) -> Any:
    if text is None:
        return None
    try:
        return getattr(iri, task)(text)
    except iri.IRIError:
        return None


@SETTINGS
@given(column=COLUMN, task=st.sampled_from(TASKS))
def test_every_input_kind_agrees_with_the_single_function(
    column: list[str | None], task: str
) -> None:
    expected = [single(task, x) for x in column]
    assert list(batch.stream(task, column, on_invalid="null")) == expected
    got = batch.arrow_column(task, pa.array(column, type=pa.string()), on_invalid="null")
    assert got.to_pylist() == expected
    series = pd.Series(column, dtype=object)
    out = batch.pandas_column(task, series, on_invalid="null")
    assert [None if pd.isna(x) else x for x in out.tolist()] == expected


@SETTINGS
@given(column=COLUMN)
def test_check_agrees(column: list[str | None]) -> None:
    expected = [None if x is None else iri.check(x) for x in column]
    assert list(batch.stream("check", column)) == expected
    rows = batch.arrow_column("check", pa.array(column, type=pa.string())).to_pylist()
    got = [None if r is None else [(v["code"], v["start"], v["end"]) for v in r] for r in rows]
    assert got == [None if vs is None else [(v.code.value, *v.span) for v in vs] for vs in expected]
