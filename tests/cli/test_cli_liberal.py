"""``iri preprocess``, ``iri lenient``, ``iri from-leiri``, ``iri from-href`` (iri.cli.liberal)."""

from __future__ import annotations

import json

import pytest

from iri.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_mode(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "preprocess", " http://e.org/a b ") == (0, "http://e.org/a%20b\n", "")
    assert run(capsys, "preprocess", "--spaces", "remove", "a b") == (0, "ab\n", "")
    assert run(capsys, "lenient", "--form", "uri", "http://e.org/é x") == (
        0,
        "http://e.org/%C3%A9%20x\n",
        "",
    )
    assert run(capsys, "from-leiri", "a b") == (0, "a%20b\n", "")
    assert run(capsys, "from-href", "--base", "http://e.org/a/b", "../c d?q=é") == (
        0,
        "http://e.org/c%20d?q=%C3%A9\n",
        "",
    )
    assert run(capsys, "from-href", "--charset", "windows-1252", "http://e.org/?q=é") == (
        0,
        "http://e.org/?q=%E9\n",
        "",
    )
    assert run(capsys, "from-href", "--form", "iri", "http://xn--rsum-bpad.example/") == (
        0,
        "http://résumé.example/\n",
        "",
    )
    # the browser's href byte for byte (WPT: a stray "%" and "|" stay as a browser has them)
    assert run(capsys, "from-href", "--form", "url", "http://h/100%?a|b") == (
        0,
        "http://h/100%?a|b\n",
        "",
    )


def test_json_repairs_and_failures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lenient", "--json", "1a:b c", "http://h:x/")
    assert code == 1 and err == ""
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["result"] == "1a%3Ab%20c"
    assert [r["code"] for r in first["repairs"]] == ["scheme-not-recognized", "character-encoded"]
    assert first["repairs"][1]["span"] == [4, 5]
    assert second["result"] is None and second["error"]["type"] == "InvalidIRI"


def test_text_mode_failure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "from-href", "http://[::1")
    assert code == 1 and out == "\n"  # its empty line (issue 19)
    assert "browser" in err


def test_from_href_unknown_charset_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "from-href", "--charset", "no-such-charset", "http://a/")
    assert (code, out) == (2, "")
    assert err == (
        "iri from-href: --charset: unknown charset label 'no-such-charset': not a label of the "
        "Encoding Standard (https://encoding.spec.whatwg.org/#names-and-labels)\n"
    )
