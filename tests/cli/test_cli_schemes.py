"""``iri scheme``, ``iri from-path`` and ``iri to-path`` (iri.cli.schemes)."""

from __future__ import annotations

import json

import pytest

from iri.cli import main
from iri.schemes.data import DataURL
from iri.schemes.file import from_path
from iri.schemes.mailto import Mailto


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_scheme_values_as_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    mailto = "mailto:a@bücher.example?subject=Gr%C3%BC%C3%9Fe"
    data = "data:text/plain;charset=utf-8;base64,SGk="
    code, out, err = run(capsys, "scheme", "--json", mailto, data, "urn:ISBN:1?=x", "http://h/")
    assert code == 1
    lines = [json.loads(line) for line in out.splitlines()]
    m = Mailto.parse(mailto)
    assert lines[0]["result"] == {
        "scheme": "mailto",
        "to": list(m.to),
        "headers": [list(h) for h in m.headers],
    }
    assert lines[1]["result"]["data_base64"] == "SGk="
    assert lines[1]["result"]["parameters"] == [list(p) for p in DataURL.parse(data).parameters]
    assert lines[2]["result"]["equivalence_key"] == "urn:isbn:1"
    # a failure: the error object every command writes (type, first message line, data)
    assert lines[3]["result"] is None and lines[3]["error"]["type"] == "IRIError"
    assert "'http'" in lines[3]["error"]["message"]
    assert err == ""


def test_scheme_text_mode_reports_invalid_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "scheme", "mailto:joe")
    assert code == 1 and out == "\n"  # its empty line (issue 19)
    assert "mailto-invalid-address" in err


def test_paths_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    path = "C:\\Users\\Zoë\\a b.txt"
    code, out, _ = run(capsys, "from-path", "--flavour", "windows", path)
    assert code == 0
    assert out == from_path(path, flavour="windows") + "\n"
    code, out, _ = run(capsys, "to-path", "--flavour", "windows", out.strip())
    assert (code, out) == (0, "C:\\Users\\Zoë\\a b.txt\n")
    code, _, err = run(capsys, "from-path", "relative/x")
    assert code == 1 and "relative" in err
