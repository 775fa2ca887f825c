"""check() stays bounded: violations capped per code and component (with one summary each),
a caret report linear in the text, and ports of any length (no int digit limit)."""

from __future__ import annotations

import pytest

import iri
from iri import Code, InvalidIRI, check, is_valid, parse
from iri.syntax.check import DEFAULT_LIMIT, explain
from iri.syntax.report import WINDOW, report


def codes(text: str, **kwargs: object) -> list[str]:
    return [v.code.value for v in check(text, **kwargs)]  # type: ignore[arg-type]


# -- bounded work and output ---------------------------------------------------------


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


# -- ports of any length ------------------------------------------------------------


def test_long_ports_do_not_hit_the_int_digit_limit() -> None:
    # no int() of the digits; the number is above 65535 (issue 19 case 8: a warning)
    assert codes("http://h:" + "9" * 4301 + "/") == ["port-out-of-range"]
    assert codes("http://h:" + "0" * 5000 + "80/") == ["default-port"]
    assert codes("http://h:" + "9" * 5000 + "x/") == ["invalid-port"]
    assert is_valid("http://h:" + "9" * 4301 + "/")
    assert parse("http://h:" + "9" * 4301 + "/").port_text == "9" * 4301
    assert iri.to_uri("http://h:" + "9" * 4301 + "/").endswith("9/")
