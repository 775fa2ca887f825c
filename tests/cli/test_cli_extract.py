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
    line2 = "see example.com/α and ann@example.org."
    assert [(m.start, m.text) for m in extract(line2)] == [
        (4, "example.com/α"),
        (22, "ann@example.org"),
    ]
    expected = (
        0,
        f"{a}:2:5\texample.com/α\n{a}:2:23\tann@example.org\n{b}:2:3\thttps://h.example/x\n",
        f"iri extract: {b}:2: not valid UTF-8: byte 0xFF at column 1 (kept as U+DCFF)\n",
    )
    assert run(capsys, "extract", str(a), str(b)) == expected
    assert run(capsys, "extract", str(a), "-i", str(b)) == expected  # -i names a file too


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
    latin.write_bytes(text.encode("cp1252"))
    code, out, err = run(capsys, "extract", "--json", str(u16))
    assert (code, err) == (0, "")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r["start"], r["text"]) for r in rows] == [(2, 4, "https://résumé.example/")]
    assert run(capsys, "extract", "--encoding", "latin1", str(latin)) == (
        0, "2:5\thttps://résumé.example/\n", "")  # fmt: skip


def test_extract_with_jobs_is_the_one_job_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "t.txt"
    lines = [b"see example.com/\xce\xb1 and ann@example.org.", b"\xff https://h.example/x", b"-"]
    text.write_bytes(b"\r\n".join(lines * 400))
    # What both runs must print: the library's extract() of each decoded line (U+DCFF for the
    # undecodable byte), numbered, and the report of each undecodable byte.
    items = [line.decode("utf-8", "surrogateescape") for line in lines * 400]
    found = [(n, m) for n, item in enumerate(items, 1) for m in extract(item)]
    assert len(found) == 3 * 400
    human = "".join(f"{n}:{m.start + 1}\t{m.text}\n" for n, m in found)
    rows = [
        {"file": None, "line": n, "start": m.start, "end": m.end, "text": m.text,
         "kind": m.kind.value, "iri": m.iri}
        for n, m in found
    ]  # fmt: skip
    err = "".join(
        f"iri extract: {n}: not valid UTF-8: byte 0xFF at column 1 (kept as U+DCFF)\n"
        for n in range(2, 3 * 400, 3)
    )
    for jobs in ("1", "2"):
        assert run(capsys, "extract", "--jobs", jobs, str(text)) == (0, human, err)
        code, out, got_err = run(capsys, "extract", "--json", "--jobs", jobs, str(text))
        assert (code, got_err) == (0, err)
        assert [json.loads(line) for line in out.splitlines()] == rows
    nothing = tmp_path / "n.txt"
    nothing.write_bytes(b"no links\n" * 1000)
    assert run(capsys, "extract", "--jobs", "2", str(nothing)) == (1, "", "")
