"""Unit tests of iri.syntax.split: RFC 3986 Appendix B, spans, split_authority."""

from __future__ import annotations

import pytest

from iri.syntax.split import Components, split, split_authority, split_with_spans


def test_appendix_b_example() -> None:
    # RFC 3986 Appendix B: $2, $4, $5, $7 (undefined), $9
    assert split("http://www.ics.uci.edu/pub/ietf/uri/#Related") == Components(
        "http", "www.ics.uci.edu", "/pub/ietf/uri/", None, "Related"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", (None, None, "", None, None)),
        ("a", (None, None, "a", None, None)),
        ("s:", ("s", None, "", None, None)),
        ("//", (None, "", "", None, None)),
        ("?", (None, None, "", "", None)),
        ("#", (None, None, "", None, "")),
        ("http://h?#", ("http", "h", "", "", "")),
        ("http://@h:", ("http", "@h:", "", None, None)),
        ("a?#", (None, None, "a", "", "")),
        ("a#b?c", (None, None, "a", None, "b?c")),
        ("a?b#c#d", (None, None, "a", "b", "c#d")),
        (":a", (None, None, ":a", None, None)),  # scheme needs one character
        ("/a:b", (None, None, "/a:b", None, None)),
        ("1a://b/c", ("1a", "b", "/c", None, None)),  # Appendix B does not validate
        ("\n", (None, None, "\n", None, None)),
        ("a:b\nc", ("a", None, "b\nc", None, None)),
        ("x#\n", (None, None, "x", None, "\n")),  # DOTALL: fragments span newlines
        ("\ud800:\udfff", ("\ud800", None, "\udfff", None, None)),
    ],
)
def test_split_absent_vs_empty(text: str, expected: tuple[str | None, ...]) -> None:
    assert tuple(split(text)) == expected


def test_split_with_spans_offsets() -> None:
    text = "http://a:1/p?q#f"
    comps, spans = split_with_spans(text)
    assert comps == split(text)
    assert spans.scheme == 0
    assert text[spans.authority : spans.authority + len(comps.authority or "")] == "a:1"
    assert text[spans.path : spans.path + len(comps.path)] == "/p"
    assert spans.query == text.index("?") + 1
    assert spans.fragment == text.index("#") + 1


def test_split_with_spans_absent_is_minus_one() -> None:
    _, spans = split_with_spans("a")
    assert (spans.scheme, spans.authority, spans.query, spans.fragment) == (-1, -1, -1, -1)
    assert spans.path == 0


def test_split_with_spans_empty_components() -> None:
    comps, spans = split_with_spans("s://?#")
    assert comps == Components("s", "", "", "", "")
    assert (spans.authority, spans.path, spans.query, spans.fragment) == (4, 4, 5, 6)


@pytest.mark.parametrize(
    ("authority", "expected"),
    [
        ("h", (None, "h", None, -1)),
        ("", (None, "", None, -1)),
        ("u@h", ("u", "h", None, -1)),
        ("@h:", ("", "h", "", 3)),
        ("u:p@h:80", ("u:p", "h", "80", 6)),
        ("a@b@c", ("a@b", "c", None, -1)),  # the last "@" ends the userinfo
        ("[::1]", (None, "[::1]", None, -1)),
        ("[::1]:80", (None, "[::1]", "80", 6)),
        ("u@[::1]:", ("u", "[::1]", "", 8)),
        ("[::1", (None, "[::1", None, -1)),  # missing "]": the rest is the broken host
        ("[::1:80", (None, "[::1:80", None, -1)),
        ("[::1]x:80", (None, "[::1]x", "80", 7)),
        ("h:80:90", (None, "h", "80:90", 2)),
        ("h]:1", (None, "h]", "1", 3)),
    ],
)
def test_split_authority(authority: str, expected: tuple[object, ...]) -> None:
    a = split_authority(authority)
    assert (a.userinfo, a.host, a.port, a.port_start) == expected
    assert a.userinfo_start == 0
    assert authority[a.host_start : a.host_start + len(a.host)] == a.host
    if a.port is not None:
        assert authority[a.port_start :] == a.port


def test_split_never_fails_on_odd_text() -> None:
    for text in ["%", "[", "]", "@@@", "::::", "\x00", "\u202e", "?#?#", "//@:[]"]:
        comps = split(text)
        rebuilt = "".join(
            [
                comps.scheme + ":" if comps.scheme is not None else "",
                "//" + comps.authority if comps.authority is not None else "",
                comps.path,
                "?" + comps.query if comps.query is not None else "",
                "#" + comps.fragment if comps.fragment is not None else "",
            ]
        )
        assert rebuilt == text
