"""The ``iri`` command (iri.cli): exit codes, and output derived from the library itself."""

from __future__ import annotations

import importlib
import io
import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import iri
from iri.cli import main

SAMPLE = resources.files("iri").joinpath("data/sample.txt").read_text(encoding="utf-8")
SAMPLE_ITEMS = [line for line in SAMPLE.split("\n") if line and not line.startswith("# ")]
STATUS_WIDTH = 9  # the status column: "ok", "warning", "invalid", padded


def run(
    capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None
) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)  # restored by the monkeypatch fixture below
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _keep_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", sys.stdin)


def json_lines(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def has_error(text: str, **options: str) -> bool:
    return any(v.severity == "error" for v in iri.check(text, **options))


# -- the sample ----------------------------------------------------------------------------


def test_sample_shows_what_iri_catches() -> None:
    codes = {str(v.code) for item in SAMPLE_ITEMS for v in iri.check(item)}
    assert {
        "invalid-character",
        "bidi-formatting-character",
        "iprivate-outside-query",
        "invalid-ip-literal",
        "invalid-port",
        "invalid-percent-encoding",
        "colon-in-first-segment",
        "zone-id-not-allowed",
        "lowercase-percent-encoding",
        "percent-encoded-overlong-utf8",
        "default-port",
        "not-nfc",
        "private-use-character",
    } <= codes
    assert any(iri.check(item) == [] for item in SAMPLE_ITEMS)
    assert any(not any(ord(c) > 0xFFFF for c in item) for item in SAMPLE_ITEMS)
    assert any(any(ord(c) > 0xFFFF for c in item) and iri.is_valid(item) for item in SAMPLE_ITEMS)
    assert "#top" in SAMPLE_ITEMS  # a fragment-only reference is an item, not a comment


# -- check ---------------------------------------------------------------------------------


def test_check_json_is_the_library_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--json", "--", *SAMPLE_ITEMS)
    assert code == 1
    lines = json_lines(out)
    assert [line["input"] for line in lines] == SAMPLE_ITEMS
    for line, item in zip(lines, SAMPLE_ITEMS, strict=True):
        assert line["valid"] == iri.is_valid(item)
        assert line["violations"] == [v.to_dict() for v in iri.check(item)]


def test_check_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check", "http://résumé.example.org/")[0] == 0
    warned = "http://example.org:80/"
    assert iri.check(warned) and iri.is_valid(warned)
    assert run(capsys, "check", warned)[0] == 0  # warnings do not fail
    assert run(capsys, "check", warned, "http://example.org/a b")[0] == 1


def test_check_human_report_has_carets_under_spans(capsys: pytest.CaptureFixture[str]) -> None:
    item = "http://example.org/a b%zz"
    code, out, _ = run(capsys, "check", item)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("invalid") and lines[0].endswith(item)
    violations = iri.check(item)
    assert len(lines) == 1 + len(violations)
    for line, v in zip(lines[1:], violations, strict=True):
        start, end = v.span
        assert line.index("^") == STATUS_WIDTH + start
        assert line[STATUS_WIDTH + start :].startswith("^" * (end - start) + " ")
        assert f"{v.severity} {v.code} [{v.section}] {v.message}" in line


def test_check_carets_count_terminal_cells(capsys: pytest.CaptureFixture[str]) -> None:
    # "東" and "京" take two cells each, a combining accent none.
    item = "../東京/e\u0301 b"
    (v,) = [v for v in iri.check(item) if v.code == "invalid-character"]
    _, out, _ = run(capsys, "check", "--errors-only", item)
    caret_line = out.splitlines()[1]
    assert caret_line.index("^") == STATUS_WIDTH + len("../") + 4 + len("/e")
    assert v.span == (len("../東京/e\u0301"), len("../東京/e\u0301 "))


def test_check_makes_controls_visible(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "http://example.org/a\tb\u202ec")
    first = out.splitlines()[0]
    assert "\t" not in first and "\u202e" not in first
    assert "\u2409" in first  # SYMBOL FOR HORIZONTAL TABULATION
    assert "bidi-formatting-character" in out


def test_check_ok_lines_and_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "http://a/", "b c")
    assert out.splitlines()[0].split() == ["ok", "http://a/"]
    code, out, _ = run(capsys, "check", "-q", "http://a/", "b c")
    assert code == 1 and "http://a/" not in out and "b c" in out


def test_check_errors_only(capsys: pytest.CaptureFixture[str]) -> None:
    item = "HTTP://example.org:80/a b"
    _, out, _ = run(capsys, "check", "--json", "--errors-only", item)
    (line,) = json_lines(out)
    assert line["violations"] == [v.to_dict() for v in iri.check(item) if v.severity == "error"]
    _, out, _ = run(capsys, "check", "--errors-only", "-q", "HTTP://example.org/")
    assert out == ""


def test_check_rule_and_zone_id(capsys: pytest.CaptureFixture[str]) -> None:
    item = "http://example.org/é"
    code, out, _ = run(capsys, "check", "--json", "--rule", "URI", item)
    assert code == 1
    assert json_lines(out)[0]["violations"] == [v.to_dict() for v in iri.check(item, rule="URI")]
    zoned = "http://[fe80::1%25eth0]/"
    assert run(capsys, "check", zoned)[0] == int(has_error(zoned))
    assert run(capsys, "check", "--zone-id", "accept", zoned)[0] == int(
        has_error(zoned, zone_id="accept")
    )
    assert run(capsys, "check", "--rule", "nonsense", "x")[0] == 2


def test_check_stdin_strips_only_the_line_end(capsys: pytest.CaptureFixture[str]) -> None:
    stdin = "http://a/b\r\n a \n\nx\ry\n#frag\t\n#frag"
    code, out, _ = run(capsys, "check", "--json", stdin=stdin)
    items = [" a ", "", "x\ry", "#frag\t", "#frag"]
    assert [line["input"] for line in json_lines(out)] == ["http://a/b", *items]
    assert code == 1  # the spaces, the CR and the tab are reported, not stripped


def test_check_stdin_bytes_are_utf8_and_undecodable_bytes_are_reported(
    capsys: pytest.CaptureFixture[str],
) -> None:
    raw = "http://é.example/\r\n".encode() + b"http://x/\xff\r\x85\n"
    sys.stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="latin-1")
    code, out, _ = run(capsys, "check", "--json")
    first, second = json_lines(out)
    assert first["input"] == "http://é.example/" and first["valid"] is True
    item = "http://x/\udcff\r\udc85"
    assert second["input"] == item
    assert second["violations"] == [v.to_dict() for v in iri.check(item)]
    assert {tuple(v["span"]) for v in second["violations"]} >= {(9, 10), (10, 11), (11, 12)}
    assert code == 1


def test_check_lone_surrogates_do_not_crash_human_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "check", "http://x/\ud800")
    assert code == 1
    assert "<U+D800>" in out.splitlines()[0]  # its code point (issue 19)
    out.encode("utf-8")  # strict: no lone surrogate was written


# -- parse ---------------------------------------------------------------------------------


def test_parse_human(capsys: pytest.CaptureFixture[str]) -> None:
    item = "http://example.org?"
    code, out, _ = run(capsys, "parse", item)
    assert code == 0
    ref = iri.parse(item)
    shown = {
        line.split()[0]: line.split(maxsplit=1)[1] for line in out.splitlines()[1:] if line.strip()
    }
    for name, value in ref.components().items():
        assert shown[name] == ("(absent)" if value is None else f'"{value}"')
    assert shown["path"] == '""' and shown["fragment"] == "(absent)"


def test_parse_json(capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = "http://user@résumé.example.org:8080/東京?q=ü#f", "http://[1:2:3:4:5:6:7:8:9]/"
    code, out, _ = run(capsys, "parse", "--json", good, bad)
    assert code == 1
    first, second = json_lines(out)
    assert first == {
        "input": good,
        "valid": True,
        "components": iri.parse(good).components(),
        "violations": [v.to_dict() for v in iri.check(good)],
    }
    assert second["valid"] is False and second["components"] is None
    assert second["violations"] == [v.to_dict() for v in iri.check(bad)]


def test_parse_invalid_is_reported_as_check_reports_it(capsys: pytest.CaptureFixture[str]) -> None:
    # The check report (docs/cli.md): the status column, then a caret line per violation of
    # iri.check, not the output of another run of the command.
    item = "http://example.org:8o/"
    code, out, _ = run(capsys, "parse", item)
    (v,) = iri.check(item)
    assert (v.code, v.span, v.section) == ("invalid-port", (19, 21), "RFC 3986 3.2.3")
    assert code == 1
    assert out == (
        f"invalid  {item}\n"
        + " " * (STATUS_WIDTH + 19)
        + f"^^ error invalid-port [RFC 3986 3.2.3] {v.message}\n"
    )


# -- resolve / relativize --------------------------------------------------------------------


def test_resolve(capsys: pytest.CaptureFixture[str]) -> None:
    resolve = importlib.import_module("iri.ladder.resolve").resolve
    base, refs = "http://résumé.example.org/東京/駅?q=ü", ["../大阪", "?q=ö", "#出口", "g;x"]
    code, out, _ = run(capsys, "resolve", base, *refs)
    assert code == 0
    assert out.splitlines() == [resolve(base, r) for r in refs]
    code, out, _ = run(capsys, "resolve", "--json", base, stdin="g\na b\n//x/y\n")
    assert code == 1  # "a b" failed; the others were still resolved
    lines = json_lines(out)
    assert [line["result"] for line in lines] == [resolve(base, "g"), None, resolve(base, "//x/y")]
    assert lines[1]["error"]["type"] == "InvalidIRI"  # type: ignore[index]


def test_resolve_needs_an_absolute_base(capsys: pytest.CaptureFixture[str]) -> None:
    importlib.import_module("iri.ladder.resolve")
    code, out, err = run(capsys, "resolve", "a/b", "g")
    assert code == 1 and out == "" and "missing-scheme" in err
    assert run(capsys, "resolve")[0] == 2


def test_relativize(capsys: pytest.CaptureFixture[str]) -> None:
    rel = importlib.import_module("iri.ladder.relativize")
    res = importlib.import_module("iri.ladder.resolve")
    base, targets = "http://a/b/c/d;p?q", ["http://a/b/c/g", "http://a/g", "https://a/"]
    code, out, _ = run(capsys, "relativize", "--json", base, *targets)
    assert code == 0
    results = [line["result"] for line in json_lines(out)]
    assert results == [rel.relativize(base, t) for t in targets]
    assert [res.resolve(base, r) for r in results] == targets


# -- to-uri / to-iri -------------------------------------------------------------------------


def test_to_uri(capsys: pytest.CaptureFixture[str]) -> None:
    convert = importlib.import_module("iri.convert.uri")
    items = ["http://résumé.example.org/東京?q=ü", "urn:x:é"]
    code, out, _ = run(capsys, "to-uri", *items)
    assert code == 0 and out.splitlines() == [convert.to_uri(i) for i in items]
    code, out, _ = run(capsys, "to-uri", "--host", "percent", "--charset", "latin1", items[0])
    assert out.splitlines() == [convert.to_uri(items[0], host="percent", charset="latin1")]
    assert run(capsys, "to-uri", "--charset", "no-such-charset", "x")[0] == 2
    # issue 18: Encoding Standard labels only; Python's spelling gets a hint, exit 2
    code, out, err = run(capsys, "to-uri", "--charset", "latin-1", "x")
    assert (code, out) == (2, "")
    assert err == (
        "iri to-uri: --charset: unknown charset label 'latin-1': not a label of the Encoding "
        "Standard (https://encoding.spec.whatwg.org/#names-and-labels); did you mean 'latin1' "
        "(windows-1252)?\n"
    )


def test_to_uri_failures(capsys: pytest.CaptureFixture[str]) -> None:
    importlib.import_module("iri.convert.uri")
    code, out, err = run(capsys, "to-uri", "--json", "http://a/b c", "http://ok.example/")
    assert code == 1
    bad, good = json_lines(out)
    assert bad["result"] is None and bad["error"]["type"] == "InvalidIRI"  # type: ignore[index]
    assert good["result"] == "http://ok.example/"
    code, out, err = run(capsys, "to-uri", "http://a/b c", "http://ok.example/")
    # issue 19: the failed item keeps its (empty) line, so the output lines up with the input
    assert code == 1 and out == "\nhttp://ok.example/\n" and "invalid-character" in err
    code, out, err = run(capsys, "to-uri", "--skip-invalid", "http://a/b c", "http://ok.example/")
    assert code == 1 and out == "http://ok.example/\n" and "invalid-character" in err


def test_to_iri(capsys: pytest.CaptureFixture[str]) -> None:
    convert = importlib.import_module("iri.convert.uri")
    items = ["http://xn--rsum-bpad.example.org/%E6%9D%B1%E2%80%AE%2F"]
    code, out, _ = run(capsys, "to-iri", "--json", *items)
    assert code == 0
    assert json_lines(out) == [{"input": i, "result": convert.to_iri(i)} for i in items]


# -- normalize / compare ---------------------------------------------------------------------


def test_normalize_and_unique(capsys: pytest.CaptureFixture[str]) -> None:
    norm = importlib.import_module("iri.ladder.normalize")
    items = ["HTTP://example.org/%7e", "http://example.org/~", "http://example.org/x"]
    code, out, _ = run(capsys, "normalize", *items)
    assert code == 0 and out.splitlines() == [norm.normalize(i) for i in items]
    code, out, _ = run(capsys, "normalize", "--unique", "--level", "scheme", stdin="\n".join(items))
    expected, seen = [], set()
    for i in items:
        k = norm.key(i, "scheme")
        if k not in seen:
            seen.add(k)
            expected.append(norm.normalize(i, level="scheme"))
    assert out.splitlines() == expected


def test_compare(capsys: pytest.CaptureFixture[str]) -> None:
    norm = importlib.import_module("iri.ladder.normalize")
    for level in ("simple", "syntax", "scheme"):
        for a, b in [("http://a/%7e", "http://a/~"), ("http://a/", "http://b/")]:
            same = norm.equivalent(a, b, level=level)
            assert run(capsys, "compare", "--level", level, a, b)[0] == (0 if same else 1)


# -- demo, version, usage --------------------------------------------------------------------


def test_demo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo")
    assert code == 0
    for item in SAMPLE_ITEMS:
        for v in iri.check(item):
            assert f"{v.severity} {v.code} [{v.section}] {v.message}" in out
    assert "#top" in out and "# Sample" not in out  # comments are skipped, "#top" is not


def test_version_and_usage(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    mode = "native core" if iri.NATIVE else "pure Python"  # which core is in use (issue 21)
    assert code == 0 and out.strip() == f"iri {iri.__version__} ({mode})"
    assert run(capsys)[0] == 2
    assert run(capsys, "no-such-command")[0] == 2
    assert run(capsys, "check", "--help")[0] == 0


# -- the real command ------------------------------------------------------------------------

ENV = {**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "latin-1", "PYTHONUTF8": "0"}


def test_python_m_iri_in_a_pipe() -> None:
    items = ["http://résumé.example.org/東京", "http://example.org/a\u202eb", "x\ry"]
    data = "".join(i + "\r\n" for i in items).encode() + b"http://x/\xff\n"
    done = subprocess.run(
        [sys.executable, "-m", "iri", "check", "--json"],
        input=data,
        capture_output=True,
        check=False,
        env=ENV,  # a C locale and a Latin-1 stdout: the output is UTF-8 all the same
    )
    # the undecodable byte is reported with its line, then the item is checked as it is
    assert done.returncode == 1
    assert done.stderr.decode() == (
        "iri check: 4: not valid UTF-8: byte 0xFF at column 10 (kept as U+DCFF)\n"
    )
    lines = json_lines(done.stdout.decode("utf-8"))
    assert [line["input"] for line in lines] == [*items, "http://x/\udcff"]
    assert [line["line"] for line in lines] == [1, 2, 3, 4]
    for line, item in zip(lines, [*items, "http://x/\udcff"], strict=True):
        assert line["violations"] == [v.to_dict() for v in iri.check(item)]


def test_python_m_iri_arguments_are_utf8() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "iri", "check", "http://résumé.example.org/"],
        capture_output=True,
        check=False,
        env=ENV,
    )
    assert done.returncode == 0
    assert done.stdout.decode("utf-8").split() == ["ok", "http://résumé.example.org/"]


def test_broken_pipe_is_quiet(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("http://example.org/a b\n" * 100_000, encoding="utf-8")
    with big.open("rb") as stdin:
        proc = subprocess.Popen(
            [sys.executable, "-m", "iri", "check"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline().startswith(b"1: invalid")
        proc.stdout.close()
        err = proc.stderr.read()
        proc.stderr.close()
        assert proc.wait(timeout=60) == 141
    assert err == b""


def test_compare_and_unique_ignore_fragment(capsys: pytest.CaptureFixture[str]) -> None:
    # 3987bis 5.3: the same resource, whatever the fragment
    assert run(capsys, "compare", "http://a/x#1", "http://a/x#2")[0] == 1
    code, out, _ = run(capsys, "compare", "--ignore-fragment", "http://a/x#1", "http://a/x#2")
    assert code == 0 and "fragments ignored" in out
    for level in ("simple", "syntax", "scheme"):
        args = ("compare", "--ignore-fragment", "--level", level, "http://a/x#1", "http://b/x")
        assert run(capsys, *args)[0] == 1
    items = "http://a/x#1\nhttp://a/x#2\nhttp://a/%78\nhttp://b/\n"
    code, out, _ = run(capsys, "normalize", "--unique", "--ignore-fragment", stdin=items)
    assert code == 0 and out.splitlines() == ["http://a/x#1", "http://b/"]
    code, out, _ = run(capsys, "normalize", "--unique", stdin=items)
    assert out.splitlines() == ["http://a/x#1", "http://a/x#2", "http://a/x", "http://b/"]
