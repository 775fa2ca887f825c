"""Unit tests of iri.resolve: RFC 3986 5.2-5.4 resolution, remove_dot_segments, relativize."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest

from iri import is_valid
from iri.errors import InvalidIRI, IRIError, ResolutionError
from iri.ladder.relativize import relativize
from iri.ladder.resolve import remove_dot_segments, resolve

RFC3986_BASE = "http://a/b/c/d;p?q"


def resolve_checked(base: str, reference: str) -> str:
    """The algorithm's result (``validate="skip"``), and the default's verdict on it: the
    same result for valid inputs, InvalidIRI for an invalid one (some cases are invalid on
    purpose: Appendix B splits any text)."""
    result = resolve(base, reference, validate="skip")
    if is_valid(base) and is_valid(reference):
        assert resolve(base, reference) == result
    else:
        with pytest.raises(InvalidIRI):
            resolve(base, reference)
    return result


# RFC 3986 5.4.1 "Normal Examples", written out from the RFC text.
NORMAL = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
]

# RFC 3986 5.4.2 "Abnormal Examples"; "http:g" = "http:g" "for strict parsers".
ABNORMAL = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
]


def test_rfc3986_example_count() -> None:
    assert len(NORMAL) == 23
    assert len(ABNORMAL) == 19


@pytest.mark.parametrize(("reference", "expected"), NORMAL + ABNORMAL)
def test_rfc3986_examples(reference: str, expected: str) -> None:
    assert resolve(RFC3986_BASE, reference) == expected


@pytest.mark.parametrize(("reference", "expected"), NORMAL + ABNORMAL)
def test_rfc3986_examples_relativize_round_trip(reference: str, expected: str) -> None:
    assert resolve(RFC3986_BASE, relativize(RFC3986_BASE, expected)) == expected


# IRIs: RFC 3987 6.5, "the algorithms of [RFC3986] can be applied directly, treating the
# characters additionally allowed in IRI references in the same way that unreserved
# characters are in URI references". Bases from RFC 3987 3.1 and 3.2 where possible.
IRI_CASES = [
    # rfc3987 (PyPI 1.3.8) keeps "ü" here: its regex only sees ASCII segments.
    ("http://é.example/ü/x", "../ä", "http://é.example/ä"),
    ("http://é.example/ü/x", "..", "http://é.example/"),
    ("http://é.example/ü/ö/x", "../../ä", "http://é.example/ä"),
    ("http://é.example/ü/ö/x", "./ä/../ß", "http://é.example/ü/ö/ß"),
    ("http://é.example/ü/x", "/ä/./ö/../ß", "http://é.example/ä/ß"),
    ("http://é.example/ü/x", "ä?ö#ü", "http://é.example/ü/ä?ö#ü"),
    # RFC 3987 3.1: "http://r&#xE9;sum&#xE9;.example.org" (authority, empty path: 5.2.3).
    ("http://résumé.example.org", "x", "http://résumé.example.org/x"),
    ("http://résumé.example.org", "", "http://résumé.example.org"),
    # RFC 3987 3.1: "http://www.example.org/red%09ros&#xE9;#red" (a base with a fragment).
    ("http://www.example.org/red%09rosé#red", "#blue", "http://www.example.org/red%09rosé#blue"),
    ("http://www.example.org/red%09rosé#red", "", "http://www.example.org/red%09rosé"),
    ("http://www.example.org/red%09rosé#red", "blå", "http://www.example.org/blå"),
    # RFC 3987 3.1: "http://example.com/&#x10300;&#x10301;&#x10302" (non-BMP segment).
    ("http://example.com/\U00010300\U00010301\U00010302", "..", "http://example.com/"),
    (
        "http://example.com/\U00010300/\U00010301/x",
        "../\U00010302",
        "http://example.com/\U00010300/\U00010302",
    ),
    # RFC 3987 3.2 step 5 example host, written as an IRI.
    ("http://納豆.example.org/%E2%80%AE", "ä", "http://納豆.example.org/ä"),
    ("http://納豆.example.org/a/%E2%80%AE", "..", "http://納豆.example.org/"),
    # A non-ASCII scheme-less colon segment is still a path (no ASCII-only assumptions).
    ("urn:ex:ä", "ö", "urn:ö"),
]


@pytest.mark.parametrize(("base", "reference", "expected"), IRI_CASES)
def test_iri_resolution(base: str, reference: str, expected: str) -> None:
    assert resolve(base, reference) == expected


CORNER_CASES = [
    # The literal 5.2.2 result is path "//bar" without authority; 5.3 would write
    # "scheme://bar" (authority "bar"). We write "/." in front (docs/rationale.md).
    ("scheme:", "/..//bar", "scheme:/.//bar"),
    ("scheme:", "/.//bar", "scheme:/.//bar"),
    ("scheme:a", "a/..//bar", "scheme:/.//bar"),
    ("scheme:/x", "..//bar?q#f", "scheme:/.//bar?q#f"),
    ("other:x", "scheme:/..//bar", "scheme:/.//bar"),
    ("other:x", "scheme:a/..//bar", "scheme:/.//bar"),
    # With an authority "//" at the start of the path is harmless.
    ("http://a/b", "/..//bar", "http://a//bar"),
    ("http://a", "..//bar", "http://a//bar"),
    # A base without authority: merge keeps a rootless path rootless (dgerber vectors).
    ("urn:rootless", "../../name", "urn:name"),
    ("urn:root/less", "../../name", "urn:/name"),
    ("foo:", "bar", "foo:bar"),
    ("foo:a", "b:c", "b:c"),
    ("foo:a", "./b:c", "foo:b:c"),
    ("foo:a/b", "c", "foo:a/c"),
    ("foo:/a/b", "c", "foo:/a/c"),
    # 5.2.3 first bullet: authority and empty path.
    ("http://a", "g", "http://a/g"),
    ("http://a?q", "g", "http://a/g"),
    ("http://a", "?y", "http://a?y"),
    ("http://a", "#s", "http://a#s"),
    # Empty authority.
    ("file:///etc/hosts", "passwd", "file:///etc/passwd"),
    ("file:///etc/hosts", "../../..", "file:///"),
    ("file://", "x", "file:///x"),
    # A base path with dot segments is used as it is when R.path is empty (5.2.2).
    ("http://a/b/../c", "", "http://a/b/../c"),
    ("http://a/b/../c", "?y", "http://a/b/../c?y"),
    ("http://a/b/../c", "#f", "http://a/b/../c#f"),
    ("http://a/b/../c", "d", "http://a/d"),
    # Scheme comparison is strict, exact and case-sensitive.
    ("http://a/b", "HTTP:g", "HTTP:g"),
    ("http://a/b", "http:", "http:"),
    ("http://a/b", "http://", "http://"),
    # A ":" after "/", "?" or "#" does not make a scheme (Appendix B).
    ("http://a/b/c", "d/e:f", "http://a/b/d/e:f"),
    ("http://a/b/c", "d?e:f", "http://a/b/d?e:f"),
    ("http://a/b/c", "d#e:f", "http://a/b/d#e:f"),
    ("http://a/b/c", ":d", "http://a/b/:d"),
    # "#" before "?" in a reference: the "?" is in the fragment.
    ("http://a/b/c?q", "d#e?f", "http://a/b/d#e?f"),
    # A network-path reference keeps its own path, dot segments removed.
    ("http://a/b/c", "//x/./y/../z?q#f", "http://x/z?q#f"),
    ("http://a/b/c", "//x", "http://x"),
    ("http://a/b/c", "//", "http://"),
    # Bracketed hosts and userinfo are copied, never interpreted.
    ("http://u@[::1]:8/a/b", "../c", "http://u@[::1]:8/c"),
]


@pytest.mark.parametrize(("base", "reference", "expected"), CORNER_CASES)
def test_corner_cases(base: str, reference: str, expected: str) -> None:
    assert resolve_checked(base, reference) == expected


# RFC 3986 5.3: "we are careful to preserve the distinction between a component that is
# undefined ... and a component that is empty".
ABSENT_VS_EMPTY = [
    ("http://a/b?q#f", "?", "http://a/b?"),
    ("http://a/b?q#f", "#", "http://a/b?q#"),
    ("http://a/b?q#f", "?#", "http://a/b?#"),
    ("http://a/b?q#f", "", "http://a/b?q"),
    ("http://a/b?#", "", "http://a/b?"),
    ("http://a/b?", "#", "http://a/b?#"),
    ("http://a/b", "c?", "http://a/c?"),
    ("http://a/b", "c#", "http://a/c#"),
    ("http://a/b", "c?#", "http://a/c?#"),
    ("http://a/b?q", "c", "http://a/c"),
    ("http://a/b", "/?", "http://a/?"),
    ("http://a/b", "//?", "http://?"),
    ("http://a/b", "//#", "http://#"),
    ("http://a/b", "x:?#", "x:?#"),
    ("s:", "?", "s:?"),
    ("s:", "#", "s:#"),
]


@pytest.mark.parametrize(("base", "reference", "expected"), ABSENT_VS_EMPTY)
def test_absent_versus_empty(base: str, reference: str, expected: str) -> None:
    assert resolve_checked(base, reference) == expected


@pytest.mark.parametrize("base", ["", "a", "/a/b", "//host/a", "?q", "#f", "a/b:c", ":x"])
def test_base_without_scheme_raises(base: str) -> None:
    with pytest.raises(ResolutionError, match="no scheme") as info:
        resolve(base, "g", validate="skip")
    assert isinstance(info.value, IRIError)
    assert isinstance(info.value, ValueError)
    # Validated first: an invalid base (":x", RFC 3986 4.2) is InvalidIRI, not "no scheme".
    with pytest.raises(InvalidIRI if base == ":x" else ResolutionError):
        resolve(base, "g")


@pytest.mark.parametrize("reference", ["", "#f", "?q", "g:h", "//g", "/g"])
def test_base_without_scheme_raises_for_every_reference(reference: str) -> None:
    with pytest.raises(ResolutionError):
        resolve("/a/b", reference)


# RFC 3986 5.2.4: the two traced examples, then the other shapes of each step.
DOT_SEGMENTS = [
    ("/a/b/c/./../../g", "/a/g"),
    ("mid/content=5/../6", "mid/6"),
    ("", ""),
    ("/", "/"),
    (".", ""),
    ("..", ""),
    ("./", ""),
    ("../", ""),
    ("/.", "/"),
    ("/..", "/"),
    ("/./", "/"),
    ("/../", "/"),
    ("../a", "a"),
    ("./a", "a"),
    ("../../a/b", "a/b"),
    ("..//a", "/a"),
    (".//a", "/a"),
    ("a/..", "/"),
    ("a/.", "a/"),
    ("a/../b", "/b"),
    ("a/./b", "a/b"),
    ("/a/b/..", "/a/"),
    ("/a/b/.", "/a/b/"),
    ("/a/./b/../../c", "/c"),
    ("/a/../../../c", "/c"),
    ("/..//bar", "//bar"),
    ("//a/..", "//"),
    ("/a//../b", "/a/b"),
    ("/.a/..b/a./b../...", "/.a/..b/a./b../..."),
    ("/a/b/.hidden", "/a/b/.hidden"),
    ("/ü/../ä", "/ä"),
    ("ü/../ä", "/ä"),
]


@pytest.mark.parametrize(("path", "expected"), DOT_SEGMENTS)
def test_remove_dot_segments(path: str, expected: str) -> None:
    assert remove_dot_segments(path) == expected


@pytest.mark.parametrize(("base", "reference", "expected"), IRI_CASES + CORNER_CASES)
def test_relativize_round_trip(base: str, reference: str, expected: str) -> None:
    assert resolve(base, relativize(base, expected)) == expected


RELATIVIZE = [
    # (target, base, expected shortest reference)
    ("http://a/b/c/g", RFC3986_BASE, "g"),
    ("http://a/b/c/d;p?q", RFC3986_BASE, ""),
    ("http://a/b/c/d;p?q#s", RFC3986_BASE, "#s"),
    ("http://a/b/c/d;p?q#", RFC3986_BASE, "#"),
    ("http://a/b/c/d;p?y", RFC3986_BASE, "?y"),
    ("http://a/b/c/d;p?", RFC3986_BASE, "?"),
    ("http://a/b/c/d;p", RFC3986_BASE, "d;p"),
    ("http://a/b/c/", RFC3986_BASE, "."),
    ("http://a/b/", RFC3986_BASE, ".."),
    ("http://a/b/g", RFC3986_BASE, "../g"),
    ("http://a/", RFC3986_BASE, "/"),
    ("http://a/g", RFC3986_BASE, "/g"),
    ("http://a", RFC3986_BASE, "//a"),
    ("http://g", RFC3986_BASE, "//g"),
    ("http://a//g", RFC3986_BASE, "/.//g"),
    ("http://a/b/c//g", RFC3986_BASE, ".//g"),
    ("http://a/b/c/g:h", RFC3986_BASE, "./g:h"),
    ("http://a/b/g:h", RFC3986_BASE, "../g:h"),
    ("https://a/b/c/g", RFC3986_BASE, "https://a/b/c/g"),
    ("HTTP://a/b/c/g", RFC3986_BASE, "HTTP://a/b/c/g"),
    ("g:h", RFC3986_BASE, "g:h"),
    # Non-ASCII segments are ordinary segments.
    ("http://é.example/ä", "http://é.example/ü/x", "/ä"),
    ("http://é.example/ü/ä", "http://é.example/ü/x", "ä"),
    ("http://é.example/ü/ö/ä", "http://é.example/ü/x", "ö/ä"),
    # Targets whose path has no authority.
    ("urn:b:c", "urn:a:b", "./b:c"),
    ("urn:b", "urn:a", "b"),
    ("urn:", "urn:a", "."),
    ("urn:name", "urn:root/less", "urn:name"),
    ("urn:/name", "urn:root/less", "/name"),
    ("s:/.//bar", "s:", ".///bar"),  # as short as "/.//bar"; relative paths win ties
    ("s:/.//bar", "s:/x", ".//bar"),
    ("s:/.//bar", "s:/x/y", "..//bar"),
    ("s:/.//", "s:/..//", "."),
    ("s:/.//bar", "t:", "s:/.//bar"),
    # Authority in the target only / in the base only.
    ("http://a/b", "http:/x", "//a/b"),
    ("http:/b", "http://a/x", "http:/b"),
    # Base with a fragment: ignored.
    ("http://a/b?q", "http://a/b?q#f", ""),
    ("http://a/b?q#g", "http://a/b?q#f", "#g"),
    # Same path, target without query while the base has one.
    ("http://a/b/", "http://a/b/?q", "."),
    ("http://a", "http://a?q", "//a"),
    # Dot segments in the target path, reachable only through the base's own path.
    ("http://a/b/../c", "http://a/b/../c", ""),
    ("http://a/b/../c?y", "http://a/b/../c?q", "?y"),
]


@pytest.mark.parametrize(("target", "base", "expected"), RELATIVIZE)
def test_relativize(target: str, base: str, expected: str) -> None:
    assert relativize(base, target) == expected
    assert resolve(base, expected) == target


@pytest.mark.parametrize(
    ("target", "base"),
    [
        ("http://a/b/../c", RFC3986_BASE),
        ("http://a/./c", "http://a/./c?q"),
        ("foo:a/../b", "http://a/"),
        ("http://a/b/../c", "http://a/b/../c?q"),  # the base's query cannot be dropped
    ],
)
def test_relativize_impossible(target: str, base: str) -> None:
    with pytest.raises(ResolutionError, match="no reference"):
        relativize(base, target)


@pytest.mark.parametrize(("target", "base"), [("g", RFC3986_BASE), ("http://a/", "/a")])
def test_relativize_requires_absolute(target: str, base: str) -> None:
    with pytest.raises(ResolutionError, match="no scheme"):
        relativize(base, target)


def _is_valid_iri() -> Callable[..., bool]:
    # The validator is written alongside this module; use it when it is there.
    import iri

    is_valid = getattr(iri, "is_valid", None)
    if is_valid is None:
        pytest.skip("iri.is_valid is not available yet")
    return cast("Callable[..., bool]", is_valid)


@pytest.mark.parametrize(
    ("base", "reference", "expected"),
    [(RFC3986_BASE, r, e) for r, e in NORMAL + ABNORMAL] + IRI_CASES,
)
def test_results_are_valid_iris(base: str, reference: str, expected: str) -> None:
    is_valid = _is_valid_iri()
    assert is_valid(base, rule="IRI")
    assert is_valid(reference, rule="IRI_reference")
    assert is_valid(resolve(base, reference), rule="IRI")
    assert is_valid(relativize(base, expected), rule="IRI_reference")


@pytest.mark.parametrize(
    ("base", "reference"), [("scheme:", "/..//bar"), ("s:a", "a/..//b"), ("s:/x", "..//y")]
)
def test_guarded_results_are_valid_iris(base: str, reference: str) -> None:
    is_valid = _is_valid_iri()
    assert is_valid(resolve(base, reference), rule="IRI")


# --- Validation, argument types and the options (issue 8; docs/rationale.md) ------------


@pytest.mark.parametrize(
    ("base", "reference", "span"),
    [
        ("http://a/b", "g h", (1, 2)),  # the reference: RFC 3987 2.2, no space
        ("http://a/b c", "g", (10, 11)),  # the base
        ("http://a/b", "%zz", (0, 1)),
    ],
)
def test_invalid_input_raises_with_position(
    base: str, reference: str, span: tuple[int, int]
) -> None:
    with pytest.raises(InvalidIRI) as info:
        resolve(base, reference)
    assert info.value.text in (base, reference)
    assert info.value.errors[0].span == span
    # validate="skip" is the old behaviour: the algorithm on any text.
    assert resolve(base, reference, validate="skip")


def test_relativize_validates() -> None:
    with pytest.raises(InvalidIRI):
        relativize("http://a/b", "http://a/b c")
    assert relativize("http://a/b", "http://a/b c", validate="skip") == "b c"


@pytest.mark.parametrize(
    "call",
    [
        lambda: resolve("http://a/b", None),
        lambda: resolve(None, "g"),
        lambda: resolve(b"http://a/b", "g"),
        lambda: relativize("http://a/b", None),
        lambda: relativize(None, "http://a/b"),
    ],
)
def test_non_str_arguments_raise_type_error(call: Callable[[], object]) -> None:
    with pytest.raises(TypeError, match="must be str, not"):
        call()


def test_type_error_names_the_argument() -> None:
    with pytest.raises(TypeError, match="'reference' must be str, not NoneType"):
        resolve("http://a/b", cast("str", None))


@pytest.mark.parametrize(
    "options",
    [{"parser": "lenient"}, {"normalize_base": "full"}, {"relative_base": "x"}, {"validate": "no"}],
)
def test_unknown_option_values_raise(options: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="is not a valid"):
        resolve("http://a/b", "g", **options)  # type: ignore[arg-type]


# RFC 3986 5.4.2: 'Some parsers allow the scheme name to be present in a relative reference
# if it is the same as the base URI scheme. ... "http:g" = "http:g" ; for strict parsers /
# = "http://a/b/c/g" ; for backward compatibility'.
def test_non_strict_parser_rfc3986_example() -> None:
    assert resolve(RFC3986_BASE, "http:g") == "http:g"
    assert resolve(RFC3986_BASE, "http:g", parser="strict") == "http:g"
    assert resolve(RFC3986_BASE, "http:g", parser="non-strict") == "http://a/b/c/g"


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("http:g:h", "http://a/b/c/g:h"),  # R.path is "g:h": a path, no second scheme
        ("HTTP:g", "http://a/b/c/g"),  # schemes compare case-insensitively (3.1)
        ("http:", "http://a/b/c/d;p?q"),  # R.path == "" and no query: the base
        ("http:?y", "http://a/b/c/d;p?y"),
        ("http:#s", "http://a/b/c/d;p?q#s"),
        ("http://g", "http://g"),  # an authority is kept
        ("http:/g", "http://a/g"),
        ("https:g", "https:g"),  # another scheme: unchanged
    ],
)
def test_non_strict_parser(reference: str, expected: str) -> None:
    assert resolve(RFC3986_BASE, reference, parser="non-strict") == expected


@pytest.mark.parametrize(("reference", "expected"), NORMAL + ABNORMAL[:-1])
def test_non_strict_parser_keeps_every_other_rfc3986_example(reference: str, expected: str) -> None:
    assert resolve(RFC3986_BASE, reference, parser="non-strict") == expected


# RFC 3986 5.2.1: "Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3,
# is optional."
@pytest.mark.parametrize(
    ("base", "reference", "level", "expected"),
    [
        ("HTTP://A/b/../c/%7ed", "g", "none", "HTTP://A/c/g"),
        ("HTTP://A/b/../c/%7ed", "g", "syntax", "http://a/c/g"),  # 6.2.2.1-6.2.2.3
        ("HTTP://A/b/../c/%7ed", "", "syntax", "http://a/c/~d"),  # 6.2.2.2
        ("http://a:80/b/c", "", "scheme", "http://a/b/c"),  # 6.2.3 default port
        ("http://a:80/b/c", "", "syntax", "http://a:80/b/c"),
    ],
)
def test_normalize_base(base: str, reference: str, level: str, expected: str) -> None:
    assert resolve(base, reference, normalize_base=level) == expected


# A relative base: RFC 3986 5.1 requires an absolute base and says nothing of the result
# otherwise; relative_base="resolve" runs 5.2.2-5.3 with Base.scheme undefined.
RELATIVE_BASE = "b/c/d;p?q"


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("g:h", "g:h"),
        ("g", "b/c/g"),
        ("./g", "b/c/g"),
        ("/g", "/g"),
        ("//g", "//g"),
        ("?y", "b/c/d;p?y"),
        ("#s", "b/c/d;p?q#s"),
        ("", "b/c/d;p?q"),
        ("..", "b/"),
        ("../g", "b/g"),
        ("../..", "/"),  # 5.2.4 step 2.C on the final "/..": the output is "/"
        # 5.2.4 drops a ".." that climbs above the first segment, as for an absolute base
        # with a rootless path ("urn:a/b" + "../../../g" = "urn:/g"): the result is rooted.
        ("../../../g", "/g"),
    ],
)
def test_relative_base(reference: str, expected: str) -> None:
    assert resolve(RELATIVE_BASE, reference, relative_base="resolve") == expected
    with pytest.raises(ResolutionError):
        resolve(RELATIVE_BASE, reference)


@pytest.mark.parametrize(
    ("base", "reference", "expected"),
    [
        ("//h/a/b", "c", "//h/a/c"),
        ("//h", "c", "//h/c"),  # 5.2.3: authority and empty path
        ("/a/b", "..//x", "/.//x"),  # no authority: "//" would read as one
        ("", "g", "g"),
        # 5.3 would write a first segment with ":" as a scheme: "./" in front (4.2).
        ("a", "./g:h", "./g:h"),
    ],
)
def test_relative_base_shapes(base: str, reference: str, expected: str) -> None:
    result = resolve(base, reference, relative_base="resolve")
    assert result == expected
    assert is_valid(result)


# Percent-encoded dot segments: RFC 3986 2.3, "URIs that differ in the replacement of an
# unreserved character with its corresponding percent-encoded US-ASCII octet are
# equivalent"; browsers (WHATWG URL) treat "%2e" as "." in path segments.
_DOTTED = [(r, e) for r, e in NORMAL + ABNORMAL if "." in r.partition("?")[0].partition("#")[0]]


@pytest.mark.parametrize("spelling", ["%2E", "%2e"])
@pytest.mark.parametrize(("reference", "expected"), _DOTTED)
def test_percent_encoded_dots_rfc3986_examples(
    reference: str, expected: str, spelling: str
) -> None:
    # The RFC 3986 5.4 examples with every "." of a dot segment spelled as %2E / %2e.
    path, sep, rest = reference.partition("?") if "?" in reference else reference.partition("#")
    segments = [s.replace(".", spelling) if s in (".", "..") else s for s in path.split("/")]
    encoded = "/".join(segments) + sep + rest
    assert resolve(RFC3986_BASE, encoded, dot_segments="decoded") == expected


@pytest.mark.parametrize(
    ("reference", "literal", "decoded"),
    [
        ("%2E%2E/g", "http://a/b/c/%2E%2E/g", "http://a/b/g"),
        (".%2e/g", "http://a/b/c/.%2e/g", "http://a/b/g"),
        ("%2e./g", "http://a/b/c/%2e./g", "http://a/b/g"),
        ("%2E/g", "http://a/b/c/%2E/g", "http://a/b/c/g"),
        ("%2E%2E%2E/g", "http://a/b/c/%2E%2E%2E/g", "http://a/b/c/%2E%2E%2E/g"),  # not dots
        ("g%2E", "http://a/b/c/g%2E", "http://a/b/c/g%2E"),
        ("%2Eg", "http://a/b/c/%2Eg", "http://a/b/c/%2Eg"),
        ("g?%2E%2E", "http://a/b/c/g?%2E%2E", "http://a/b/c/g?%2E%2E"),  # only the path
    ],
)
def test_percent_encoded_dots(reference: str, literal: str, decoded: str) -> None:
    assert resolve(RFC3986_BASE, reference) == literal
    assert resolve(RFC3986_BASE, reference, dot_segments="decoded") == decoded


def test_options_accept_enum_members() -> None:
    from iri.ladder.resolve import BaseNormalization, DotSegments, Parser, RelativeBase, Validation

    assert (
        resolve(
            "HTTP://a/b/c",
            "http:%2e%2e/g",
            parser=Parser.NON_STRICT,
            normalize_base=BaseNormalization.SYNTAX,
            relative_base=RelativeBase.REJECT,
            dot_segments=DotSegments.DECODED,
            validate=Validation.CHECK,
        )
        == "http://a/g"
    )
