"""The ``iri`` command on files, as a real process: encodings, line numbers, jobs, pipes.

Each test runs ``python -m iri`` (the console script's ``iri.cli:main``) and asserts on its
output and exit status; none measures time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import iri
from iri.cli import main
from iri.syntax.report import report

ENV = {**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "latin-1"}


def iri_run(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "iri", *argv],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        check=False,
        env=ENV,
    )


def json_lines(out: bytes) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.decode("utf-8").splitlines()]


BIG_LINES = 100_000
BAD_EVERY = 1000  # every 1000th line has a space in its path


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """100,000 lines, CRLF and LF mixed, every 1000th invalid."""
    path = tmp_path_factory.mktemp("big") / "big.txt"
    with path.open("wb") as f:
        for i in range(1, BIG_LINES + 1):
            item = f"http://example.org/{i} x" if i % BAD_EVERY == 0 else f"http://例え.jp/{i}"
            f.write(item.encode() + (b"\r\n" if i % 2 else b"\n"))
    return path


def test_invalid_utf8_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"http://a.example/\nhttp://b.example/\xe9t\xe9\nhttp://c.example/\n")
    done = iri_run("check", "--json", "--input", str(path))
    assert done.returncode == 1
    assert done.stderr.decode() == (
        "iri check: 2: not valid UTF-8: byte 0xE9 at column 18 (kept as U+DCE9)\n"
    )
    lines = json_lines(done.stdout)
    assert [(line["line"], line["valid"]) for line in lines] == [(1, True), (2, False), (3, True)]
    assert lines[1]["input"] == "http://b.example/\udce9t\udce9"
    # the same bytes read as latin1 (windows-1252, the label's encoding) are fine
    done = iri_run("check", "--encoding", "latin1", "-i", str(path))
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.decode().splitlines()[1] == "2: ok       http://b.example/été"
    # an undecodable byte is reported under the Encoding Standard's name of the label
    path.write_bytes(b"http://a.example/\x81\xff\n")
    done = iri_run("check", "-q", "--encoding", "sjis", "-i", str(path))
    assert done.returncode == 1
    assert done.stderr.decode() == (
        "iri check: 1: not valid Shift_JIS: byte 0x81 at column 18 (kept as U+DC81)\n"
    )


def test_utf16_file_known_by_its_bom(tmp_path: Path) -> None:
    path = tmp_path / "u16.txt"
    path.write_bytes("http://résumé.example/\r\nx y\r\n".encode("utf-16"))
    done = iri_run("check", "--json", "-i", str(path))
    assert done.returncode == 1 and done.stderr == b""
    assert [(d["line"], d["input"]) for d in json_lines(done.stdout)] == [
        (1, "http://résumé.example/"),
        (2, "x y"),
    ]
    path.write_bytes("\ufeffhttp://a/\n".encode())  # UTF-8 with a BOM: the BOM is not the item's
    assert iri_run("to-uri", "-i", str(path)).stdout == b"http://a/\n"


@pytest.mark.parametrize("command", [["normalize"], ["check", "--json"]])
def test_jobs_2_reads_files_and_stdin_as_one_job_does(tmp_path: Path, command: list[str]) -> None:
    """With --jobs the workers decode pieces of the input: the same items, line numbers,
    reports of undecodable bytes (and their order), BOM and CRLF handling."""
    a, b, c = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    a.write_bytes(b"HTTP://A.example/%7e\r\nhttp://a/\xe9t\xe9\r\nhttp://a/x\ry\n" * 700)
    b.write_bytes("\ufeffhttp://b/é\nhttp://b/\udcff".encode("utf-8", "surrogateescape"))
    c.write_bytes("http://c/東\r\nx y\r\n".encode("utf-16"))
    files = ["-i", str(a), "-i", str(b), "-i", str(c)]
    # The items as the documented reading gives them: UTF-8 with each undecodable byte kept
    # as U+DC80-U+DCFF, a BOM dropped (UTF-16 known by it), "\n" or "\r\n" ending a line.
    items_a = ["HTTP://A.example/%7e", "http://a/\udce9t\udce9", "http://a/x\ry"] * 700
    records = [(str(a), n, item) for n, item in enumerate(items_a, 1)]
    records += [(str(b), 1, "http://b/é"), (str(b), 2, "http://b/\udcff")]
    records += [(str(c), 1, "http://c/東"), (str(c), 2, "x y")]
    undecodable = [(str(a), n, "0xE9", 10, "U+DCE9") for n in range(2, 2101, 3)]
    undecodable += [(str(b), 2, "0xFF", 10, "U+DCFF")]
    for argv, data in ((files, None), ([], a.read_bytes())):
        if data is None:
            want, bad = records, undecodable
        else:  # stdin: no file name
            want = [(None, n, item) for _, n, item in records[: len(items_a)]]
            bad = [(None, *rest) for _, *rest in undecodable[:-1]]
        if command == ["normalize"]:
            # a failed item keeps its line, empty (output line N is input line N)
            expected: list[object] = [iri.normalize(t) if iri.is_valid(t) else "" for *_, t in want]
        else:
            expected = [
                {**({"line": n} if f is None else {"file": f, "line": n}), "input": t,
                 "valid": iri.is_valid(t), "violations": [v.to_dict() for v in iri.check(t)]}
                for f, n, t in want
            ]  # fmt: skip
        reports = [
            f"iri {command[0]}: {'' if f is None else f + ':'}{n}: not valid UTF-8: "
            f"byte {byte} at column {column} (kept as {kept})".encode()
            for f, n, byte, column, kept in bad
        ]
        one = iri_run(*command, *argv, stdin=data)
        two = iri_run(*command, "--jobs", "2", *argv, stdin=data)
        for done in (one, two):
            assert done.returncode == 1
            out = done.stdout.decode("utf-8")
            got = out.splitlines() if command == ["normalize"] else json_lines(done.stdout)
            assert got == expected
            assert _kinds(done.stderr)[0] == reports
        assert _kinds(two.stderr)[1] == _kinds(one.stderr)[1]  # the failures' reports


def _kinds(err: bytes) -> tuple[list[bytes], list[bytes]]:
    """The reports of undecodable bytes, and the others, each in their order (how the two
    interleave depends on how much input is read at a time)."""
    lines = err.splitlines()
    bad = [line for line in lines if b": not valid UTF-8: byte" in line]
    return bad, [line for line in lines if line not in bad]


def test_crlf_lines_and_line_numbers_with_several_files(tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_bytes(b"HTTP://A.example/%7e\r\nhttp://a/x\ry\r\n")
    b.write_bytes(b"http://b/\r\n")
    done = iri_run("normalize", "-i", str(a), "-i", str(b))
    assert done.returncode == 1  # the lone CR stays in its item, which is invalid
    assert done.stdout.decode().splitlines() == ["http://a.example/~", "", "http://b/"]
    err = done.stderr.decode().splitlines()
    assert err[0].startswith(f"{a}:2: invalid  http://a/x")
    assert err[1].startswith(" " * len(f"{a}:2: ") + " " * 9 + " " * len("http://a/x") + "^")
    done = iri_run("check", "--json", "-i", str(a), "-i", str(b))
    assert [(d["file"], d["line"]) for d in json_lines(done.stdout)] == [
        (str(a), 1),
        (str(a), 2),
        (str(b), 1),
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_100000_lines_in_order(big: Path, jobs: str) -> None:
    done = iri_run("check", "-q", "--errors-only", "--jobs", jobs, "-i", str(big))
    assert done.returncode == 1 and done.stderr == b""
    out = done.stdout.decode().splitlines()
    firsts = [line for line in out if not line.startswith(" ")]
    bad = range(BAD_EVERY, BIG_LINES + 1, BAD_EVERY)
    expected = [f"{i}: invalid  http://example.org/{i} x" for i in bad]
    assert firsts == expected
    assert len(out) == 2 * len(expected)  # one caret line each


def test_to_uri_json_with_jobs_1_and_2_is_the_library_result(big: Path) -> None:
    items = [
        f"http://example.org/{i} x" if i % BAD_EVERY == 0 else f"http://例え.jp/{i}"
        for i in range(1, BIG_LINES + 1)
    ]
    expected = [
        (n, item, None if " " in item else iri.to_uri(item)) for n, item in enumerate(items, 1)
    ]
    assert iri.to_uri(items[0]) == "http://xn--r8jz45g.jp/1"
    for jobs in ("1", "2"):
        done = iri_run("to-uri", "--json", "--jobs", jobs, "-i", str(big))
        assert done.returncode == 1 and done.stderr == b""
        rows = json_lines(done.stdout)
        assert [(r["line"], r["input"], r["result"]) for r in rows] == expected
        assert all(("error" in r) == (r["result"] is None) for r in rows)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_closed_pipe_is_quiet(big: Path, jobs: str) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "iri", "check", "--jobs", jobs, "-i", str(big)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline() == "1: ok       http://例え.jp/1\n".encode()
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 141
    assert err == b""


def test_progress_bar_only_when_asked_or_on_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "few.txt"
    path.write_text("http://a/\n" * 10, encoding="utf-8")
    assert iri_run("check", "-q", "-i", str(path)).stderr == b""  # stderr is a pipe here
    done = iri_run("check", "-q", "--progress", "always", "-i", str(path))
    assert done.returncode == 0 and b"100%" in done.stderr
    done = iri_run("check", "-q", "--progress", "always", stdin=path.read_bytes())
    assert done.stderr == b""  # no bar for stdin: its size is unknown


def test_usage_errors(tmp_path: Path) -> None:
    assert iri_run("check", "-i", str(tmp_path / "missing.txt")).returncode == 2
    assert iri_run("check", "--encoding", "no-such-codec", "x").returncode == 2
    # issue 18: --encoding is an Encoding Standard label (not a Python codec name), and the
    # replacement encoding decodes nothing
    for label in ("latin-1", "utf-32", "rot13"):
        done = iri_run("check", "--encoding", label, "x")
        assert done.returncode == 2
        assert done.stderr.decode().startswith(
            f"iri check: --encoding: unknown charset label {label!r}: not a label"
        )
    done = iri_run("check", "--encoding", "iso-2022-kr", "x")
    assert done.returncode == 2
    assert done.stderr.decode().startswith(
        "iri check: --encoding: the replacement encoding decodes nothing"
    )
    assert iri_run("check", "--jobs", "-1", "x").returncode == 2


def test_help_has_examples_and_exit_codes() -> None:
    done = iri_run("--help")
    assert done.returncode == 0
    text = done.stdout.decode()
    assert "examples:" in text and "iri check -q --errors-only -i urls.txt" in text
    assert "141" in text and "exit status:" in text


# -- in-process ------------------------------------------------------------------------------


def test_ok_line_is_the_report_of_no_violation(capsys: pytest.CaptureFixture[str]) -> None:
    items = ["http://a/", "http://résumé.example/", "", "a\u0085b?"]
    items = [i for i in items if not iri.check(i)]
    assert main(["check", "--", *items]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [report(i, [])[0] for i in items]


def test_jobs_zero_means_one_per_cpu(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("http://a/\nb c\n", encoding="utf-8")
    assert main(["check", "--json", "--jobs", "0", "-i", str(path)]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(d["line"], d["valid"]) for d in lines] == [(1, True), (2, False)]


def test_items_and_input_together_are_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "x.txt"
    path.write_text("http://a/\n", encoding="utf-8")
    assert main(["check", "-i", str(path), "http://b/"]) == 2
    assert "not both" in capsys.readouterr().err


def test_normalize_unique_with_jobs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "dups.txt"
    items = ["HTTP://A.example/%7e", "http://a.example/~", "b c", "http://a.example/x"] * 600
    path.write_text("".join(i + "\n" for i in items), encoding="utf-8")
    outs = []
    for jobs in ("1", "2"):
        assert main(["normalize", "--unique", "--json", "--jobs", jobs, "-i", str(path)]) == 1
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]
    lines = [json.loads(line) for line in outs[0].splitlines()]
    kept = [(d["line"], d["result"]) for d in lines if d["result"] is not None]
    assert kept == [(1, "http://a.example/~"), (4, "http://a.example/x")]
    assert len(lines) == 2 + 600  # the 600 failures ("b c") are all reported
