"""``iri display`` and ``iri audit`` (iri.cli.safety)."""

from __future__ import annotations

import json

import pytest

from iri.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_audit_exit_status_is_the_highest_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "audit", "http://example.org/")[0] == 0
    assert run(capsys, "audit", "http://xn--99zt52a.example.org/")[0] == 0  # info only
    assert run(capsys, "audit", "http://h.example/a%2fb")[0] == 3
    code, out, _ = run(capsys, "audit", "http://example.org/", "http://xn--80ak6aa92e.com/")
    assert code == 4
    assert out.split("\t")[1:3] == ["danger", "whole-script-confusable"]


def test_audit_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "audit", "--json", "--protected", "example.com", "http://examp1e.com/", "x"
    )
    assert code == 4 and err == ""
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["highest"] == "danger"
    assert first["findings"][0]["code"] == "confusable-with-protected"
    assert first["findings"][0]["span"] == [7, 18]
    assert second == {"input": "x", "highest": None, "findings": []}


def test_display(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "display",
        "--wrap",
        "none",
        "http://xn--99zt52a.example.org/%E2%80%AE",
        "ftp://a:b@h/",
    )
    assert code == 0
    assert out.splitlines() == ["http://納豆.example.org/%E2%80%AE", "ftp://a:****@h/"]
    code, out, _ = run(capsys, "display", "--json", "http://h/a%20b")
    assert json.loads(out) == {"input": "http://h/a%20b", "result": "\u2066http://h/a%20b\u2069"}


def test_display_reports_invalid_items(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "display", "http://h/a b", "http://ok/")
    assert code == 1
    assert out == "\n\u2066http://ok/\u2069\n"  # the failed item's empty line (issue 19)
    assert "invalid-character" in err or "a b" in err


def test_display_unknown_charset_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "display", "--charset", "no-such-charset", "http://a/")
    assert (code, out) == (2, "")
    assert err == (
        "iri display: --charset: unknown charset label 'no-such-charset': not a label of the "
        "Encoding Standard (https://encoding.spec.whatwg.org/#names-and-labels)\n"
    )
