"""Property tests: iri.resolve against the literal RFC 3986 5.2 oracle, relativize round
trips, and linear time on adversarial input."""

from __future__ import annotations

import contextlib

import growth  # type: ignore[import-not-found]  # a sibling module of tests/property
import pytest
import rfc3986_oracle as oracle  # type: ignore[import-not-found]  # a sibling module of tests/property
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from iri import InvalidIRI, is_valid
from iri.errors import ResolutionError
from iri.ladder.relativize import relativize
from iri.ladder.resolve import remove_dot_segments, resolve
from iri.syntax.split import split


def resolve_any(base: str, reference: str) -> str:
    """The algorithm on any text (these strategies also draw invalid IRIs on purpose)."""
    return resolve(base, reference, validate="skip")


def relativize_any(base: str, target: str) -> str:
    return relativize(base, target, validate="skip")


SETTINGS = settings(
    derandomize=True,
    deadline=None,
    max_examples=600,
    suppress_health_check=[HealthCheck.too_slow],
)

# Pieces rich in the characters that matter to Appendix B and 5.2: delimiters, dot
# segments, a colon (scheme or not), "@", "%", "[" and non-ASCII letters (RFC 3987 6.5).
_PIECES = [
    "/", "/", "/", ".", ".", "..", "./", "../", "/.", "/..", "//", ":", "?", "#", "@",
    "%", "%41", "[", "]", "a", "b", "g", "x:", "ü", "é", "納豆", "\U00010300", ";", "=",
]  # fmt: skip
_SCHEMES = ["s", "http", "HTTP", "g", "urn", "ä"]

text = st.lists(st.sampled_from(_PIECES), max_size=12).map("".join)
scheme = st.sampled_from(_SCHEMES)


@st.composite
def absolute(draw: st.DrawFn) -> str:
    """An absolute IRI-ish text: a scheme, then anything (with or without "//")."""
    prefix = draw(st.sampled_from(["", "//", "//h", "//u@h:1", "///", "/", "/."]))
    return draw(scheme) + ":" + prefix + draw(text)


@st.composite
def reference(draw: st.DrawFn) -> str:
    """Any reference: relative (all shapes) or with a scheme."""
    kind = draw(st.sampled_from(["relative", "relative", "network", "absolute"]))
    if kind == "network":
        return "//" + draw(text)
    if kind == "absolute":
        return draw(absolute())
    return draw(text)


def _guarded(
    parts: tuple[str | None, str | None, str, str | None, str | None],
) -> tuple[str | None, str | None, str, str | None, str | None]:
    """The oracle's components with our documented "/." guard applied (docs/rationale.md)."""
    t_scheme, t_authority, t_path, t_query, t_fragment = parts
    if t_authority is None and t_path.startswith("//"):
        t_path = "/." + t_path
    return (t_scheme, t_authority, t_path, t_query, t_fragment)


def _check_against_oracle(base: str, ref: str) -> None:
    components = oracle.resolve_components(base, ref)
    ours = resolve_any(base, ref)
    expected = _guarded(tuple(components))
    if expected == tuple(components):
        # No corner case: exactly the literal 5.2 + 5.3 result.
        assert ours == oracle.recompose(components)
    else:
        # The documented corner case: our text differs from the literal recomposition
        # (which would re-parse with an authority); the path, after 5.2.4, is the same.
        assert ours == oracle.recompose(oracle.Parts(*expected))
        assert remove_dot_segments(split(ours).path) == components.path
    # Either way our result re-parses to the (guarded) components of the target.
    assert tuple(split(ours)) == expected


@SETTINGS
@given(base=absolute(), ref=reference())
def test_resolve_agrees_with_oracle(base: str, ref: str) -> None:
    _check_against_oracle(base, ref)


@SETTINGS
@given(base=absolute(), fragment=text, ref=reference())
def test_base_fragment_is_ignored(base: str, fragment: str, ref: str) -> None:
    without = base.partition("#")[0]
    assert resolve_any(without + "#" + fragment, ref) == resolve_any(without, ref)


@SETTINGS
@given(path=text)
def test_remove_dot_segments_agrees_with_buffer_algorithm(path: str) -> None:
    assert remove_dot_segments(path) == oracle.remove_dot_segments(path)


@SETTINGS
@given(segments=st.lists(st.sampled_from(["", ".", "..", "a", ".a", "a.", "...", "ü"]), max_size=9))
def test_remove_dot_segments_on_segment_lists(segments: list[str]) -> None:
    for path in ("/".join(segments), "/" + "/".join(segments)):
        assert remove_dot_segments(path) == oracle.remove_dot_segments(path)


@SETTINGS
@given(base=absolute(), ref=reference())
def test_relativize_round_trip_on_resolved_targets(base: str, ref: str) -> None:
    target = resolve_any(base, ref)
    shortest = relativize_any(base, target)
    assert resolve_any(base, shortest) == target
    # Never longer than the target itself, nor than the reference that produced it when
    # that one is grammatical: a first segment with ":" (like ":") is not a relative
    # reference by RFC 3986 4.2 (segment-nz-nc) though Appendix B splits it as a path.
    assert len(shortest) <= len(target)
    r = split(ref)
    if r.scheme is not None or r.authority is not None or ":" not in r.path.partition("/")[0]:
        assert len(shortest) <= len(ref)


def _reachable(target: str, base: str) -> bool:
    """Whether some reference resolves against ``base`` to ``target`` (by 5.2.2)."""
    if resolve_any(base, target) == target:
        return True
    t, b = split(target), split(base)
    # Only R.path == "" keeps a path as it is (T.path = Base.path): same scheme, same
    # authority, same path, and a query that R can give (R.query or Base.query).
    return (
        t.scheme == b.scheme
        and t.authority == b.authority
        and t.path == b.path
        and (t.query == b.query or t.query is not None)
    )


@SETTINGS
@given(target=absolute(), base=absolute())
def test_relativize_round_trip_or_impossible(target: str, base: str) -> None:
    if _reachable(target, base):
        assert resolve_any(base, relativize_any(base, target)) == target
    else:
        try:
            relativize_any(base, target)
        except ResolutionError:
            return
        raise AssertionError("relativize returned a reference for an unreachable target")


# Linear time: the same adversarial shapes at 5,000 and 20,000 characters, measured in
# process CPU time against a linear reference (tests/property/growth.py): no wall clock.
# (The validating default on these inputs is in tests/property/test_linear_time.py.)
_RUNS = ["../", "./", "/", ":", "@", "%", "["]


def _adversarial(size: int) -> list[tuple[str, str]]:
    cases = []
    for run in _RUNS:
        body = (run * (size // len(run) + 1))[:size]
        cases.append(("s://h/" + body, body))  # long base path, long relative ref
        cases.append(("s:" + body, "g/" + body))  # no authority, rootless merge
        cases.append(("http://a/b/c", "/" + body + "?" + body + "#" + body))
        cases.append(("http://a/b/c", "//" + body))
        cases.append(("http://a/" + body, "x:" + body))
    cases.append(("http://a/b", "a/" * (size // 2)))
    cases.append(("http://a/b", "a/" * (size // 4) + "../" * (size // 6)))
    return cases


def _run(cases: list[tuple[str, str]]) -> None:
    for base, ref in cases:
        target = resolve_any(base, ref)
        remove_dot_segments(ref)
        if split(target).scheme == split(base).scheme:
            with contextlib.suppress(ResolutionError):
                relativize_any(base, target)


def test_linear_time_on_adversarial_input() -> None:
    small, large = _adversarial(5_000), _adversarial(20_000)
    # growth.relative_growth times a function of one text: the text names the case list,
    # and the linear reference runs on texts as long as all the cases of each list.
    by_text = {"small": small, "large": large}
    sizes = tuple("x" * sum(len(b) + len(r) for b, r in cases) for cases in (small, large))
    assert len(sizes) == 2
    ratio = growth.relative_growth(
        lambda key: _run(by_text[key]), "small", "large", reference_texts=(sizes[0], sizes[1])
    )
    assert ratio <= growth.BOUND, ratio


@SETTINGS
@given(base=absolute(), ref=reference())
def test_default_validates_then_agrees_with_the_algorithm(base: str, ref: str) -> None:
    # The default raises InvalidIRI exactly when an argument is not an IRI reference, and
    # otherwise gives the algorithm's result (validate="skip").
    if is_valid(base) and is_valid(ref):
        assert resolve(base, ref) == resolve_any(base, ref)
    else:
        with pytest.raises(InvalidIRI):
            resolve(base, ref)


@SETTINGS
@given(
    value=st.one_of(st.none(), st.integers(), st.binary(), st.lists(st.text(max_size=3))),
    text=st.text(max_size=10),
    position=st.sampled_from([0, 1]),
)
def test_non_str_arguments_raise_type_error(value: object, text: str, position: int) -> None:
    args = [text, value] if position else [value, text]
    for fn in (resolve, relativize):
        with pytest.raises(TypeError, match="must be str"):
            fn(*args)


@SETTINGS
@given(base=absolute(), ref=reference())
def test_non_strict_differs_only_for_the_base_scheme(base: str, ref: str) -> None:
    strict = resolve_any(base, ref)
    loose = resolve(base, ref, parser="non-strict", validate="skip")
    r_scheme, b_scheme = split(ref).scheme, split(base).scheme
    if r_scheme is None or b_scheme is None or r_scheme.lower() != b_scheme.lower():
        assert loose == strict
