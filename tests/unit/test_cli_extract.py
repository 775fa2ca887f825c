"""``iri extract`` and ``iri format-link`` (iri.cli.extract)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from iri.cli import main
from iri.text.extract import extract
from iri.text.linkformat import format_link


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_extract_files_with_line_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = tmp_path / "a.txt"
    a.write_bytes("intro\nsee example.com/α and ann@example.org.\r\n".encode())
    b = tmp_path / "b.txt"
    b.write_bytes(b"nothing here\n\xff https://h.example/x\n")
    code, out, err = run(capsys, "extract", str(a), str(b))
    assert (code, out, err) == run(capsys, "extract", str(a), "-i", str(b))  # -i: the same
    assert code == 0
    assert err == f"iri extract: {b}:2: not valid UTF-8: byte 0xFF at column 1 (kept as U+DCFF)\n"
    line2 = "see example.com/α and ann@example.org."
    starts = [m.start + 1 for m in extract(line2)]
    assert out.splitlines() == [
        f"{a}:2:{starts[0]}\texample.com/α",
        f"{a}:2:{starts[1]}\tann@example.org",
        f"{b}:2:3\thttps://h.example/x",
    ]


def test_extract_json_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("x <urn:isbn:1> y example.com\n"))
    code, out, _ = run(capsys, "extract", "--json", "--find", "delimited", "--find", "domains")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["kind"], r["text"], r["iri"], r["line"]) for r in rows] == [
        ("delimited", "urn:isbn:1", "urn:isbn:1", 1),
        ("domain", "example.com", "https://example.com", 1),
    ]


def test_extract_exit_status_and_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "e.txt"
    empty.write_text("no links\n")
    assert run(capsys, "extract", str(empty))[0] == 1
    code, _, err = run(capsys, "extract", str(tmp_path / "missing.txt"))
    assert code == 2 and "missing.txt" in err  # as grep: 2 for a file that cannot be read
    code, _, err = run(capsys, "extract", "--encoding", "no-such-codec", str(empty))
    assert code == 2 and "no-such-codec" in err


def test_format_link(capsys: pytest.CaptureFixture[str]) -> None:
    link = "https://example.com/%CE%B1%CE%B2."
    code, out, _ = run(capsys, "format-link", link, "not a link")
    assert code == 1
    assert out == format_link(link) + "\n\n"  # the failed item's empty line (issue 19)
    code, out, _ = run(capsys, "format-link", "--end", "medial", "--json", link)
    assert json.loads(out)["result"] == format_link(link, end="medial")


def test_extract_utf16_and_encoding_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "x\r\nsee https://résumé.example/ here\r\n"
    u16 = tmp_path / "u16.txt"
    u16.write_bytes(text.encode("utf-16"))  # known by its BOM
    latin = tmp_path / "latin.txt"
    latin.write_bytes(text.encode("latin-1"))
    code, out, err = run(capsys, "extract", "--json", str(u16))
    assert (code, err) == (0, "")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r["start"], r["text"]) for r in rows] == [
        (2, 4, "https://résumé.example/")
    ]
    assert run(capsys, "extract", "--encoding", "latin-1", str(latin)) == (
        0, "2:5\thttps://résumé.example/\n", "")  # fmt: skip


def test_extract_with_jobs_is_the_one_job_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "t.txt"
    lines = [b"see example.com/\xce\xb1 and ann@example.org.", b"\xff https://h.example/x", b"-"]
    text.write_bytes(b"\r\n".join(lines * 400))
    for argv in (["extract"], ["extract", "--json"]):
        one = run(capsys, *argv, str(text))
        assert run(capsys, *argv, "--jobs", "2", str(text)) == one
        assert one[0] == 0 and len(one[1].splitlines()) == 3 * 400
        assert one[2].count("not valid UTF-8") == 400
    nothing = tmp_path / "n.txt"
    nothing.write_bytes(b"no links\n" * 1000)
    assert run(capsys, "extract", "--jobs", "2", str(nothing)) == (1, "", "")
