"""Regression tests of issue 8 for the syntax checker: bounded violations, ports of any
length, non-str input, byte order mark and white space, percent-encoded hosts, the split
of _check into modules and the linear caret report."""

from __future__ import annotations

import pathlib

import pytest

import iri
from iri import Code, InvalidIRI, check, is_valid, parse
from iri.syntax.check import DEFAULT_LIMIT, explain, iri_reference_match
from iri.syntax.report import WINDOW, report

SRC = pathlib.Path(iri.__file__).parent


def codes(text: str, **kwargs: object) -> list[str]:
    return [v.code.value for v in check(text, **kwargs)]  # type: ignore[arg-type]


# -- 1. bounded work and output ---------------------------------------------------------


def test_violations_are_capped_per_code_and_component_with_one_summary() -> None:
    text = "http://x/" + "%zz" * 1000
    found = check(text)
    assert len(found) == DEFAULT_LIMIT + 1
    assert [v.code for v in found[:DEFAULT_LIMIT]] == [Code.INVALID_PERCENT_ENCODING] * 10
    summary = found[-1]
    assert summary.code is Code.VIOLATIONS_OMITTED
    assert summary.component == "path"
    assert summary.span == (9 + 3 * DEFAULT_LIMIT, len(text) - 2)
    assert f"{1000 - DEFAULT_LIMIT} more invalid-percent-encoding" in summary.message
    assert summary.severity == "warning"


@pytest.mark.parametrize(
    "body", ["%zz" * 50, "%2" * 50, "%%41" * 30 + "%4", "%zz" * 20 + "%41" * 20, "%" * 33]
)
@pytest.mark.parametrize("limit", [1, 5, 10])
def test_the_fast_count_of_bad_percents_agrees_with_the_full_list(body: str, limit: int) -> None:
    text = "http://x/" + body + "?q=" + body
    full = check(text, limit=None)
    capped = check(text, limit=limit)
    bad = Code.INVALID_PERCENT_ENCODING
    for component in ("path", "query"):
        every = [v for v in full if v.component == component and v.code is bad]
        kept = [v for v in capped if v.component == component and v.code is bad]
        assert kept == every[:limit]
        summary = [
            v
            for v in capped
            if v.component == component
            and v.code is Code.VIOLATIONS_OMITTED
            and f" {bad} " in v.message
        ]
        if len(every) > limit:
            assert [v.span for v in summary] == [(every[limit].span[0], every[-1].span[1])]
            assert f"{len(every) - limit} more {bad} " in summary[0].message
        else:
            assert summary == []


def test_limit_none_returns_every_violation_and_limit_is_per_group() -> None:
    text = "http://x/" + "%zz" * 40 + "?" + " x" * 40
    assert len(check(text, limit=None)) == 80
    assert explain(text, limit=None) == check(text, limit=None)
    capped = check(text, limit=3)
    assert [v.code.value for v in capped].count("violations-omitted") == 2
    assert [(v.code.value, v.component) for v in capped if v.code != "violations-omitted"] == (
        [("invalid-percent-encoding", "path")] * 3 + [("invalid-character", "query")] * 3
    )
    assert codes("http://x/" + "%zz" * 3, limit=3).count("violations-omitted") == 0


@pytest.mark.parametrize("limit", [0, -1, 2.5, "3", True])
def test_bad_limits_are_refused(limit: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        check("http://x/ a", limit=limit)  # type: ignore[arg-type]


def test_parse_error_carries_the_capped_list() -> None:
    with pytest.raises(InvalidIRI) as exc:
        parse("http://x/" + "%zz" * 5000)
    assert len(exc.value.violations) == DEFAULT_LIMIT + 1
    assert exc.value.violations[-1].code is Code.VIOLATIONS_OMITTED


def test_report_is_linear_in_the_text() -> None:
    # Counting output, not time: each violation adds a bounded excerpt, never the line.
    for n in (1_000, 100_000):
        text = "http://x/" + "%zz" * n
        lines = report(text, check(text, limit=None))
        assert len(lines) == 1 + 2 * n
        assert len(lines[0]) == 9 + len(text)
        assert max(len(line) for line in lines[1:]) < 9 + 3 * 30 + 6 + 200
    short = "http://x/%zz"
    assert len(short) <= WINDOW
    assert report(short, check(short))[1].startswith(" " * 18 + "^ error")


def test_report_excerpt_marks_the_span() -> None:
    text = "http://x/" + "a" * 200 + " " + "b" * 200
    lines = report(text, check(text))
    window, mark = lines[1], lines[2]
    assert window.strip().startswith("...") and window.endswith("...")
    col = mark.index("^")
    assert window[col] == " " and window[col - 1] == "a" and window[col + 1] == "b"


# -- 2. ports of any length ------------------------------------------------------------


def test_long_ports_do_not_hit_the_int_digit_limit() -> None:
    assert codes("http://h:" + "9" * 4301 + "/") == []
    assert codes("http://h:" + "0" * 5000 + "80/") == ["default-port"]
    assert codes("http://h:" + "9" * 5000 + "x/") == ["invalid-port"]
    assert is_valid("http://h:" + "9" * 4301 + "/")
    assert parse("http://h:" + "9" * 4301 + "/").port_text == "9" * 4301
    assert iri.to_uri("http://h:" + "9" * 4301 + "/").endswith("9/")


# -- 3. non-str input --------------------------------------------------------------------


@pytest.mark.parametrize("func", [check, is_valid, explain])
@pytest.mark.parametrize("value", [None, b"x", 1, ["x"]])
def test_non_str_input_is_a_clear_type_error(func: object, value: object) -> None:
    name = func.__name__  # type: ignore[attr-defined]
    with pytest.raises(
        TypeError, match=rf"iri\.{name}\(\) expects str, got {type(value).__name__}"
    ):
        func(value)  # type: ignore[operator]


@pytest.mark.parametrize("value", [None, b"http://a/"])
def test_split_non_str_is_a_clear_type_error(value: object) -> None:
    with pytest.raises(TypeError, match=rf"iri\.split\(\) expects str, got {type(value).__name__}"):
        iri.split(value)  # type: ignore[arg-type]


def test_is_valid_bytes_message_is_not_backwards() -> None:
    with pytest.raises(TypeError) as exc:
        is_valid(b"x")  # type: ignore[arg-type]
    assert str(exc.value) == "iri.is_valid() expects str, got bytes"


def test_str_subclasses_are_accepted() -> None:
    class Text(str):
        pass

    assert is_valid(Text("http://a/"))
    assert check(Text("http://a/ b"))[0].code is Code.INVALID_CHARACTER


# -- 4. byte order mark and white space ------------------------------------------------


def test_a_byte_order_mark_is_reported_as_what_it_is() -> None:
    assert codes("\ufeffhttp://example.org/") == ["byte-order-mark"]
    assert codes("\ufeffa/b") == ["byte-order-mark"]
    assert not is_valid("\ufeffa/b")
    assert iri_reference_match("\ufeffa/b") is None
    assert codes("\ufeff1a:b") == ["byte-order-mark", "colon-in-first-segment"]
    assert is_valid("a/\ufeff")  # U+FEFF inside a path is a ucschar


def test_leading_and_trailing_white_space_are_reported_as_what_they_are() -> None:
    found = check(" \thttp://example.org/a\r\n")
    assert [(v.code.value, v.span) for v in found] == [
        ("leading-whitespace", (0, 2)),
        ("trailing-whitespace", (22, 24)),
    ]
    assert codes("http://example.org/a b") == ["invalid-character"]
    assert codes("   ") == ["leading-whitespace"]
    assert codes("\ufeff http:x ") == [
        "byte-order-mark",
        "leading-whitespace",
        "trailing-whitespace",
    ]
    assert codes(" //a", rule="IRI") == ["leading-whitespace", "missing-scheme"]
    assert check(" //a", rule="IRI")[1].span == (1, 1)


# -- 5. percent-encoded hosts (draft-duerst-idn-uri 3, RFC 3986 3.2.2) ------------------


@pytest.mark.parametrize(
    ("text", "code", "span"),
    [
        ("http://%2A.example.org/", "percent-encoded-ascii-in-host", (7, 10)),
        ("http://w%33.example/", "percent-encoded-ascii-in-host", (8, 11)),
        ("http://%C3%A9%2E.example/", "percent-encoded-ascii-in-host", (13, 16)),
        ("http://%E2%80%AE.example/", "percent-encoded-host-not-idn", (7, 24)),
        ("http://-%C3%A9.example/", "percent-encoded-host-not-idn", (7, 22)),
    ],
)
def test_escapes_in_a_host(text: str, code: str, span: tuple[int, int]) -> None:
    found = [v for v in check(text) if v.code == code]
    assert [v.span for v in found] == [span]
    assert found[0].severity == "error"
    assert not is_valid(text)
    assert iri_reference_match(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "http://%C3%A9.example/",
        "http://b%C3%BCcher.example/",
        "http://%E6%9D%B1%E4%BA%AC.jp/",
        "http://[fe80::1%25eth0]/",  # a zone id is not a reg-name
        "http://a/%2A",  # escapes outside the host are not concerned
        "http://r%E9sum%E9.example.org/",  # not UTF-8: a warning (3987bis 3.4.2, as is)
        "http://%C3.example/",
    ],
)
def test_escaped_idns_and_other_escapes_stay_valid(text: str) -> None:
    zone = "accept" if "[" in text else "reject"
    assert is_valid(text, zone_id=zone)
    assert not [v for v in check(text, zone_id=zone) if v.severity == "error"]


@pytest.mark.parametrize("value", [None, b"http://a/", 3])
def test_parse_non_str_is_a_clear_type_error(value: object) -> None:
    with pytest.raises(TypeError, match=rf"iri\.parse\(\) expects str, got {type(value).__name__}"):
        parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("http://%2A.example.org/", "percent-encoded-ascii-in-host"),
        ("http://w%33.example/", "percent-encoded-ascii-in-host"),
        ("\ufeffa/b", "byte-order-mark"),
    ],
)
def test_parse_applies_the_new_error_rules(text: str, code: str) -> None:
    with pytest.raises(InvalidIRI) as exc:
        parse(text)
    assert exc.value.errors[0].code == code
    assert parse("http://%C3%A9.example/").host == "%C3%A9.example"
