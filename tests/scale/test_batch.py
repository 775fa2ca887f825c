"""iri.scale.batch: the single-value functions' answers, over iterables, Arrow and pandas."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import iri
from iri.scale import batch

CORPORA = Path(__file__).resolve().parents[1] / "corpora" / "bench"
MIXED = (CORPORA / "mixed.txt").read_text(encoding="utf-8").splitlines()[:3000]
# with nulls and duplicates, as a real column has
VALUES: list[str | None] = [*MIXED[:50], None, *MIXED[:20], None, "a b", "HTTP://X/%7e"]


def one(task: str, text: str | None, **options: object) -> object:
    """The reference: the single-value function, with on_invalid="null"."""
    if text is None:
        return None
    fn = getattr(iri, task)
    try:
        return fn(text, **options)
    except iri.IRIError:
        return None


TASKS = [
    ("is_valid", {}),
    ("is_valid", {"rule": "IRI"}),
    ("to_uri", {}),
    ("to_iri", {}),
    ("normalize", {}),
    ("normalize", {"level": "scheme"}),
    ("key", {"level": "scheme"}),
]


@pytest.mark.parametrize(("task", "options"), TASKS, ids=str)
def test_stream_agrees_with_single_calls(task: str, options: dict[str, object]) -> None:
    got = list(batch.stream(task, MIXED + VALUES, on_invalid="null", **options))
    assert got == [one(task, t, **options) for t in MIXED + VALUES]


def test_stream_is_lazy_and_streams() -> None:
    endless = itertools.cycle(["http://x/é", None])
    head = list(itertools.islice(batch.stream("to_uri", endless), 5))
    assert head == ["http://x/%C3%A9", None, "http://x/%C3%A9", None, "http://x/%C3%A9"]


def test_stream_raises_by_default_and_type_errors() -> None:
    with pytest.raises(iri.InvalidIRI):
        list(batch.stream("normalize", ["http://x/", "a b"]))
    with pytest.raises(TypeError, match="expected str or None, got bytes"):
        list(batch.stream("is_valid", [b"http://x/"]))
    with pytest.raises(TypeError, match="iterable of str"):
        list(batch.stream("is_valid", "http://x/"))
    with pytest.raises(ValueError, match="nonsense"):
        list(batch.stream("nonsense", ["x"]))
    with pytest.raises(ValueError, match="nonsense"):
        list(batch.stream("is_valid", ["x"], on_invalid="nonsense"))


def test_stream_check_yields_violations() -> None:
    got = list(batch.stream("check", ["http://x/", "a b", None]))
    assert got == [[], iri.check("a b"), None]


pa = pytest.importorskip("pyarrow")


@pytest.mark.parametrize(("task", "options"), TASKS, ids=str)
def test_arrow_agrees_with_single_calls(task: str, options: dict[str, object]) -> None:
    values = MIXED + VALUES
    for array in (
        pa.array(values),
        pa.array(values, type=pa.large_string()),
        pa.chunked_array([values[:100], values[100:]]),
        pa.array(values).dictionary_encode(),
    ):
        got = batch.arrow_column(task, array, on_invalid="null", **options)
        assert len(got) == len(values)
        assert isinstance(got, type(array) if isinstance(array, pa.ChunkedArray) else pa.Array)
        assert got.to_pylist() == [one(task, t, **options) for t in values]


def test_arrow_types_nulls_and_errors() -> None:
    out = batch.arrow_column("is_valid", pa.array(["http://x/", None, "a b"]))
    assert out.type == pa.bool_()
    assert out.null_count == 1
    assert batch.arrow_column("to_uri", pa.array(["é"])).type == pa.string()
    with pytest.raises(iri.InvalidIRI):
        batch.arrow_column("normalize", pa.array(["http://x/", "a b"]))
    with pytest.raises(TypeError, match="column of strings"):
        batch.arrow_column("is_valid", pa.array([1, 2]))
    with pytest.raises(TypeError, match="Arrow column"):
        batch.arrow_column("is_valid", {"http://x/"})


def test_a_call_plan_is_kept_per_arguments_and_errors_are_not() -> None:
    from iri.ladder.normalize import Level
    from iri.scale.tasks import OnInvalid, Task, plan

    first = plan("normalize", "null", {"level": "scheme"})
    assert first[:2] == (Task.NORMALIZE, OnInvalid.NULL) and first[3] is True
    assert plan(Task.NORMALIZE, "null", {"level": "scheme"})[2]("HTTP://x/") == "http://x/"
    assert plan("normalize", "null", {"level": "scheme"}) is first  # kept
    assert plan("normalize", "null", {"level": "syntax"}) is not first
    # a member and its string are equal and hash alike, but are kept apart (as 1 and
    # True would be: the key holds each value's type)
    assert plan("normalize", "null", {"level": Level.SCHEME}) is not first
    # an unhashable option value: planned each time, the same errors as before
    with pytest.raises(TypeError, match="HostMapping must be a str"):
        batch.arrow_column("to_uri", pa.array(["http://x/"]), host=["idna"])
    for _ in range(2):  # a rejected task, option or on_invalid raises every time
        with pytest.raises(ValueError, match="not a valid OnInvalid"):
            plan("is_valid", "skip", {})
        with pytest.raises(ValueError):
            plan("frobnicate", "raise", {})
        with pytest.raises(TypeError, match="base="):
            plan("resolve", "raise", {})


#: An option each task rejects, and the error it raises.
BAD_OPTIONS = [
    ("is_valid", {"rule": "bogus"}, ValueError, "not a valid Rule"),
    ("is_valid", {"rule": None}, TypeError, "Rule must be a str"),
    ("check", {"zone_id": 3}, TypeError, "ZoneID must be a str"),
    ("to_uri", {"host": "bogus"}, ValueError, "not a valid HostMapping"),
    ("to_iri", {"frobnicate": 1}, TypeError, "unexpected keyword"),
    ("normalize", {"level": None}, TypeError, "Level must be a str"),
    ("key", {"level": "bogus"}, ValueError, "not a valid Level"),
    ("resolve", {"base": "http://a/", "strict": "x"}, TypeError, "unexpected keyword|strict"),
]


@pytest.mark.parametrize(("task", "options", "error", "match"), BAD_OPTIONS)
@pytest.mark.parametrize(
    "column",
    [pa.array([], pa.string()), pa.array([None, None], pa.string()), pa.array(["http://a/"])],
    ids=["empty", "nulls", "one value"],
)
def test_a_bad_option_raises_before_any_value(
    task: str, options: dict[str, object], error: type[Exception], match: str, column: pa.Array
) -> None:
    # The same error with a value or without: on an empty column or one of nulls, which
    # the function never sees, a bad option had passed unseen (and in both modes).
    for on_invalid in ("raise", "null"):
        with pytest.raises(error, match=match):
            batch.arrow_column(task, column, on_invalid=on_invalid, **options)
    with pytest.raises(error, match=match):
        batch.stream(task, [], **options)


def test_a_callable_option_runs_on_the_values_only() -> None:
    # the options are checked with an identity in the place of the caller's function
    calls: list[str] = []

    def equivalences(text: str) -> str:
        calls.append(text)
        return text

    empty = pa.array([], pa.string())
    assert batch.arrow_column("normalize", empty, equivalences=equivalences).to_pylist() == []
    assert calls == []
    with pytest.raises(ValueError, match="not a valid Level"):
        batch.arrow_column("normalize", empty, level="bogus", equivalences=equivalences)
    assert calls == []
    got = batch.arrow_column("normalize", pa.array(["HTTP://x/"]), equivalences=equivalences)
    assert got.to_pylist() == ["http://x/"] and calls == ["http://x/"]


def test_arrow_dictionary_values_no_row_uses_are_not_checked() -> None:
    encoded = pa.array(["a b", "http://x/"]).dictionary_encode()
    sliced = encoded.slice(1)  # its dictionary still holds "a b"
    assert batch.arrow_column("normalize", sliced).to_pylist() == ["http://x/"]


def test_arrow_check_gives_structs() -> None:
    out = batch.arrow_column("check", pa.array(["http://x/:80", None, "http://x/%zz"]))
    rows = out.to_pylist()
    assert rows[0] == [] and rows[1] is None
    (v,) = iri.check("http://x/%zz")
    assert rows[2] == [
        {
            "code": v.code.value,
            "severity": v.severity.value,
            "component": v.component,
            "start": v.span[0],
            "end": v.span[1],
            "section": v.section,
            "message": v.message,
        }
    ]


pd = pytest.importorskip("pandas")


@pytest.mark.parametrize(("task", "options"), TASKS, ids=str)
def test_pandas_agrees_and_keeps_index(task: str, options: dict[str, object]) -> None:
    values = MIXED + VALUES
    index = pd.RangeIndex(1000, 1000 + len(values))
    for series in (
        pd.Series(values, index=index, name="u"),
        pd.Series(values, index=index, name="u", dtype="string"),
        pd.Series(values, index=index, name="u", dtype=object),
    ):
        got = batch.pandas_column(task, series, on_invalid="null", **options)
        assert got.index.equals(index) and got.name == "u"
        expected = [one(task, t, **options) for t in values]
        assert [None if x is pd.NA else x for x in got.tolist()] == expected


def test_pandas_missing_values_and_types() -> None:
    s = pd.Series(["http://x/", None, float("nan"), pd.NA, "é"], dtype=object)
    out = batch.pandas_column("to_uri", s)
    assert out.isna().tolist() == [False, True, True, True, False]
    assert out[4] == "%C3%A9"
    with pytest.raises(TypeError, match="expected str or None, got int"):
        batch.pandas_column("is_valid", pd.Series(["http://x/", 3], dtype=object))
    with pytest.raises(TypeError, match="pandas Series"):
        batch.pandas_column("is_valid", ["http://x/"])
    checked = batch.pandas_column("check", pd.Series(["a b", None]))
    assert checked[0][0]["code"] == "invalid-character" and checked[1] is None
