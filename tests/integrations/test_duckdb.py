"""iri.integrations.duckdb: the iri_* SQL functions on a real DuckDB connection.

The reference is the per-value loop (iri.scale.batch.stream, itself held to the single-value
functions in tests/scale/test_batch.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

duckdb = pytest.importorskip("duckdb")
pa = pytest.importorskip("pyarrow")

import iri  # noqa: E402
from iri.integrations.duckdb import FUNCTIONS, register  # noqa: E402
from iri.scale import batch  # noqa: E402

CORPORA = Path(__file__).resolve().parents[1] / "corpora" / "bench"
LINES = [
    *(CORPORA / "mixed.txt").read_text(encoding="utf-8").splitlines()[:2500],
    *(CORPORA / "iri.txt").read_text(encoding="utf-8").splitlines()[:2500],
]
# more than two DuckDB vectors (2,048 rows), with nulls, repeats, empty and invalid values
VALUES: list[str | None] = [*LINES, None, "", *LINES[:40], None, "a b", "HTTP://X/%7e"]

# (SQL call on column u, task, options)
CALLS: list[tuple[str, str, dict[str, Any]]] = [
    ("iri_is_valid(u)", "is_valid", {}),
    ("iri_is_valid(u, 'IRI')", "is_valid", {"rule": "IRI"}),
    ("iri_is_valid(u, 'URI')", "is_valid", {"rule": "URI"}),
    ("iri_to_uri(u)", "to_uri", {}),
    ("iri_to_uri(u, 'percent')", "to_uri", {"host": "percent"}),
    ("iri_to_iri(u)", "to_iri", {}),
    ("iri_normalize(u)", "normalize", {}),
    ("iri_normalize(u, 'scheme')", "normalize", {"level": "scheme"}),
    ("iri_key(u)", "key", {}),
    ("iri_key(u, 'scheme')", "key", {"level": "scheme"}),
]
AFTER_KERNELS = pytest.mark.skipif(
    "split" not in {t.value for t in batch.Task},
    reason="iri.scale.batch has no split task yet (the column kernels' branch)",
)


def reference(task: str, values: list[str | None], **options: Any) -> list[Any]:
    return list(batch.stream(task, values, on_invalid="null", **options))


@pytest.fixture(scope="module")
def con() -> Iterator[Any]:
    connection = register(duckdb.connect(), on_invalid="null")
    connection.register("urls", pa.table({"i": range(len(VALUES)), "u": VALUES}))
    yield connection
    connection.close()


def column(con: Any, sql: str) -> list[Any]:
    return [row[0] for row in con.execute(f"SELECT {sql} FROM urls ORDER BY i").fetchall()]


@pytest.mark.parametrize(("sql", "task", "options"), CALLS, ids=[c[0] for c in CALLS])
def test_sql_function_agrees_with_per_value(
    con: Any, sql: str, task: str, options: dict[str, Any]
) -> None:
    assert column(con, sql) == reference(task, VALUES, **options)


def test_the_option_may_differ_from_row_to_row_and_null_gives_null(con: Any) -> None:
    con.execute(
        "CREATE TEMP TABLE levels AS SELECT i, u, "
        "CASE WHEN i % 3 = 0 THEN 'syntax' WHEN i % 3 = 1 THEN 'scheme' END AS level FROM urls"
    )
    got = [r[0] for r in con.execute("SELECT iri_key(u, level) FROM levels ORDER BY i").fetchall()]
    syntax, scheme = reference("key", VALUES), reference("key", VALUES, level="scheme")
    expected = [(syntax[i], scheme[i], None)[i % 3] for i in range(len(VALUES))]
    assert got == expected


def test_check_gives_violation_structs(con: Any) -> None:
    texts = ["http://x/%zz", "HTTP://X:80/", "http://x/"]
    for text in texts:
        (rows,) = con.execute("SELECT iri_check(?)", [text]).fetchone()
        violations = iri.check(text)
        assert [r["code"] for r in rows] == [v.code.value for v in violations]
        assert [(r["start"], r["end"]) for r in rows] == [v.span for v in violations]
        assert [r["section"] for r in rows] == [v.section for v in violations]
    (rows,) = con.execute("SELECT iri_check('a\u202eb', 'IRI')").fetchone()
    assert {r["code"] for r in rows} == {v.code.value for v in iri.check("a\u202eb", rule="IRI")}


def test_invalid_aborts_the_query_by_default() -> None:
    strict = register(duckdb.connect())
    with pytest.raises(duckdb.InvalidInputException, match="InvalidIRI"):
        strict.execute("SELECT iri_normalize(u) FROM (VALUES ('http://x/'), ('a b')) t(u)")
    assert strict.execute("SELECT iri_is_valid('a b')").fetchone() == (False,)
    with pytest.raises(duckdb.InvalidInputException, match="nonsense"):
        strict.execute("SELECT iri_normalize('http://x/', 'nonsense')")
    # a bad option fails the query though every URL is NULL (it had given NULLs)
    with pytest.raises(duckdb.InvalidInputException, match="nonsense"):
        strict.execute(
            "SELECT iri_normalize(u, 'nonsense') FROM (VALUES (NULL::VARCHAR), (NULL)) t(u)"
        )
    strict.close()


def test_register_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="duckdb connection"):
        register("not a connection")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="nonsense"):
        register(duckdb.connect(), on_invalid="nonsense")


def test_every_function_is_registered(con: Any) -> None:
    names = {r[0] for r in con.execute("SELECT function_name FROM duckdb_functions()").fetchall()}
    known = {t.value for t in batch.Task}
    assert {n for n, (task, _) in FUNCTIONS.items() if task in known} <= names


@AFTER_KERNELS
def test_split_gives_the_kernel_struct(con: Any) -> None:
    kernel = batch.arrow_column("split", pa.array(VALUES), on_invalid="null").to_pylist()
    assert column(con, "iri_split(u)") == kernel
    assert column(con, "iri_split(u).host") == [None if r is None else r["host"] for r in kernel]


URLISH = st.text(alphabet=st.sampled_from("hts:/?#[]@%.-_~ é東\u202e\u3000:089AFaf'"), max_size=30)
ANY_COLUMN = duckdb.connect()
register(ANY_COLUMN, on_invalid="null")


@given(values=st.lists(st.none() | URLISH, max_size=30))
def test_any_column_agrees_with_per_value(values: list[str | None]) -> None:
    table = pa.table({"i": range(len(values)), "u": pa.array(values, pa.string())})
    ANY_COLUMN.register("any_column", table)
    rows = ANY_COLUMN.execute(
        "SELECT iri_is_valid(u), iri_to_uri(u), iri_key(u, 'scheme') FROM any_column ORDER BY i"
    ).fetchall()
    assert [r[0] for r in rows] == reference("is_valid", values)
    assert [r[1] for r in rows] == reference("to_uri", values)
    assert [r[2] for r in rows] == reference("key", values, level="scheme")
