"""Properties of the IRIReference value and its modifiers (issue 9), on generated input.

* every modifier's result is a valid reference, or the call raises the library's error;
* modifiers compose: with_query(q).query_params == q once q is normalized to pairs;
  update_query / extend_query / without_query_params do what they say on the decoded pairs;
* joining a segment encodes the delimiters inside it: the last decoded segment is the one
  given, and the rest of the path is untouched;
* str() round-trips, and parse(str(ref)) == ref.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import reference  # type: ignore[import-not-found]

from iri import IRIError, IRIReference, QueryParams, is_valid, parse
from iri.syntax.grammar import Rule

SETTINGS = settings(derandomize=True, deadline=None, max_examples=100)

REFS = reference(Rule.IRI_REFERENCE)
HTTP_REFS = st.builds(
    lambda host, path: parse(f"http://{host}/{path}"),
    st.sampled_from(["example.org", "bücher.example", "[::1]", "h:8080"]),
    st.sampled_from(["", "a", "a/b/", "東京", "x%2Fy"]),
)
# Any text, with the delimiters and the characters that must be encoded made likely.
TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from("%:/?#[]@!$&'()*+,;= .~-_aé東\u202e\ue000\u00a0\U0001f600"),
        st.characters(exclude_categories=("Cs",)),
    ),
    max_size=12,
)
VALUE = st.one_of(TEXT, st.integers(min_value=0, max_value=10**6))
PAIRS = st.lists(st.tuples(TEXT, TEXT), max_size=6)
STYLE = st.sampled_from(["auto", "form", "percent"])


def _valid_result(result: object) -> None:
    assert type(result) is IRIReference
    assert is_valid(str(result))
    again = parse(str(result))
    assert again == result
    # The modifiers build the value from its parts: a full parse reads the same parts.
    assert again.components() == result.components()
    assert (again.authority, again.port) == (result.authority, result.port)


@SETTINGS
@given(
    REFS,
    st.sampled_from(["scheme", "userinfo", "host", "port", "path", "query", "fragment"]),
    VALUE,
)
def test_replace_is_valid_or_raises_the_library_error(
    text: str, component: str, value: str | int
) -> None:
    ref = parse(text)
    try:
        result = ref.replace(**{component: value})
    except IRIError:
        return
    except TypeError:
        assert isinstance(value, int) and component != "port"
        return
    _valid_result(result)
    expected = str(value) if isinstance(value, int) else value
    assert result.components()[component] == expected


@SETTINGS
@given(
    REFS,
    st.sampled_from(
        [
            "with_scheme",
            "with_userinfo",
            "with_host",
            "with_path",
            "with_fragment",
            "with_query",
            "joinpath",
            "__truediv__",
        ]
    ),
    TEXT,
)
def test_modifiers_are_valid_or_raise_the_library_error(text: str, method: str, arg: str) -> None:
    ref = parse(text)
    try:
        result = getattr(ref, method)(arg)
    except IRIError:
        return
    _valid_result(result)


@SETTINGS
@given(REFS, st.one_of(st.none(), st.integers(min_value=0, max_value=70000), TEXT))
def test_with_port(text: str, port: int | str | None) -> None:
    ref = parse(text)
    try:
        result = ref.with_port(port)
    except IRIError:
        assert (ref.host is None and port is not None) or isinstance(port, str)
        return
    _valid_result(result)
    if isinstance(port, int):
        assert result.port == port


@SETTINGS
@given(HTTP_REFS, PAIRS, STYLE)
def test_with_query_reads_back(ref: IRIReference, pairs: list[tuple[str, str]], style: str) -> None:
    result = ref.with_query(pairs, style=style)
    _valid_result(result)
    assert result.query_params_as("form" if style != "percent" else "percent") == QueryParams(pairs)
    assert result.path == ref.path and result.host == ref.host


@SETTINGS
@given(HTTP_REFS, PAIRS, PAIRS)
def test_extend_query_appends(
    ref: IRIReference, first: list[tuple[str, str]], more: list[tuple[str, str]]
) -> None:
    result = ref.with_query(first).extend_query(more)
    _valid_result(result)
    assert result.query_params == QueryParams(first + more)


@SETTINGS
@given(HTTP_REFS, PAIRS, st.dictionaries(TEXT, st.one_of(st.none(), TEXT), max_size=4))
def test_update_query_sets_names(
    ref: IRIReference, first: list[tuple[str, str]], update: dict[str, str | None]
) -> None:
    result = ref.with_query(first).update_query(update)
    _valid_result(result)
    params = result.query_params
    for name, value in update.items():
        assert params.getall(name) == ([] if value is None else [value])
    untouched = [(n, v) for n, v in first if n not in update]
    assert [(n, v) for n, v in params.items() if n not in update] == untouched


@SETTINGS
@given(HTTP_REFS, PAIRS, st.lists(TEXT, max_size=3))
def test_without_query_params_removes_only_those(
    ref: IRIReference, first: list[tuple[str, str]], names: list[str]
) -> None:
    result = ref.with_query(first).without_query_params(*names)
    _valid_result(result)
    assert result.query_params == QueryParams((n, v) for n, v in first if n not in names)


@SETTINGS
@given(HTTP_REFS, st.lists(TEXT.filter(lambda s: s not in (".", "..")), min_size=1, max_size=4))
def test_join_encodes_delimiters_inside_segments(ref: IRIReference, segments: list[str]) -> None:
    result = ref.joinpath(*segments)
    _valid_result(result)
    assert result.path_segments[-len(segments) :] == tuple(segments)
    kept = ref.path[:-1] if ref.path.endswith("/") else ref.path
    assert result.path.startswith(kept)
    assert (result.scheme, result.authority, result.query, result.fragment) == (
        ref.scheme,
        ref.authority,
        ref.query,
        ref.fragment,
    )
    assert ref / segments[0] == ref.joinpath(segments[0])


@SETTINGS
@given(REFS)
def test_str_round_trips(text: str) -> None:
    ref = parse(text)
    assert str(ref) == text
    assert parse(str(ref)) == ref and hash(parse(str(ref))) == hash(ref)
    assert ref.replace() == ref
    if ref.port_text:
        assert ref.port == int(ref.port_text)
