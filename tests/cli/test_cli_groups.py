"""Every item-mapping command on the batch layer, as a real process (``python -m iri``).

The scheme, liberal, display, audit and format-link commands read ``--input`` files with line
numbers, run on ``--jobs 2`` in input order, and report failures with their line; the
expected results come from the library's public functions, called in this process (not from
the helpers the commands call, so a shared mistake cannot agree with itself). The
inputs span several chunks of :data:`iri.cli.batch.CHUNK` lines, so that two workers really
share them.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import iri
from iri import IRIError, audit, format_link, to_display
from iri.cli.batch import CHUNK
from iri.schemes.file import from_path, to_path
from iri.value.reference import parse

ENV = {**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "latin-1"}
LINES = 2 * CHUNK + 101  # three chunks: both workers get some, the last one short


def iri_run(*argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "iri", *argv],
        input=b"",
        capture_output=True,
        check=False,
        env=ENV,
    )


# command, extra options, items (cycled over the lines; the last one fails), the library call
def _cli_display(item: str) -> str:
    # `iri display` reports an invalid item as an error; iri.to_display itself is total.
    parse(item)
    return to_display(item, wrap="none")


CASES: list[tuple[str, list[str], list[str], Callable[[str], str]]] = [
    (
        "from-path",
        ["--flavour", "windows"],
        ["C:\\Users\\Zoë\\a b.txt", "D:\\x", "relative\\x"],
        functools.partial(from_path, flavour="windows"),
    ),
    (
        "to-path",
        [],
        ["file:///home/j%C3%BCrgen/n.txt", "file:///tmp/a%20b", "http://h/"],
        lambda t: str(to_path(t)),
    ),
    (
        "format-link",
        [],
        ["https://example.com/%CE%B1%CE%B2.", "http://h/x)", "not a link"],
        format_link,
    ),
    (
        "preprocess",
        ["--spaces", "remove"],
        [" http://e.org/a b ", "http://e.org/\t"],
        functools.partial(iri.preprocess, spaces="remove"),
    ),
    (
        "lenient",
        [],
        ["http://example.org/a b|c", "1a:b c", "http://h:x/"],
        lambda t: str(iri.lenient(t)),
    ),
    (
        "from-leiri",
        [],
        ["file:///C:/My Documents/{draft}.xml", "http://h/é", "a%zzb"],
        iri.from_leiri,
    ),
    (
        "from-href",
        ["--base", "http://e.org/a/b"],
        ["../c d?q=é", "HTTP://E.ORG/./x", "http://[::1"],
        functools.partial(iri.from_href, base="http://e.org/a/b"),
    ),
    (
        "display",
        ["--wrap", "none"],
        ["http://xn--99zt52a.example.org/%E2%80%AE", "ftp://a:b@h/", "http://h/a b"],
        _cli_display,
    ),
]


def _expected(func: Callable[[str], str], item: str) -> str | None:
    try:
        return func(item)
    except IRIError:
        return None


def _write(path: Path, items: list[str]) -> list[str]:
    lines = [items[i % len(items)] for i in range(LINES)]
    # CRLF on odd lines: the line end is not part of the item
    path.write_bytes(
        b"".join(s.encode() + (b"\r\n" if n % 2 else b"\n") for n, s in enumerate(lines))
    )
    return lines


@pytest.mark.parametrize(("command", "options", "items", "func"), CASES, ids=[c[0] for c in CASES])
def test_json_lines_in_order_with_line_numbers(
    tmp_path: Path,
    command: str,
    options: list[str],
    items: list[str],
    func: Callable[[str], str],
) -> None:
    path = tmp_path / "in.txt"
    lines = _write(path, items)
    done = iri_run(command, *options, "--json", "--jobs", "2", "-i", str(path))
    results = {item: _expected(func, item) for item in items}
    fails = None in results.values()
    assert done.returncode == (1 if fails else 0), done.stderr
    assert done.stderr == b""
    rows = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [(r["line"], r["input"]) for r in rows] == list(enumerate(lines, 1))
    assert [r["result"] for r in rows] == [results[item] for item in lines]
    assert all(("error" in r) == (r["result"] is None) for r in rows)


@pytest.mark.parametrize(("command", "options", "items", "func"), CASES, ids=[c[0] for c in CASES])
def test_text_with_jobs_is_the_one_job_output(
    tmp_path: Path,
    command: str,
    options: list[str],
    items: list[str],
    func: Callable[[str], str],
) -> None:
    path = tmp_path / "in.txt"
    lines = _write(path, items)
    one = iri_run(command, *options, "-i", str(path))
    two = iri_run(command, *options, "--jobs", "2", "-i", str(path))
    assert (one.returncode, one.stdout, one.stderr) == (two.returncode, two.stdout, two.stderr)
    results = [_expected(func, item) for item in lines]
    # a failed item leaves an empty line: output line N is input line N (issue 19)
    assert two.stdout.decode("utf-8").splitlines() == ["" if r is None else r for r in results]
    # every failure is reported on stderr, in order, with its line number first
    failed = [n for n, r in enumerate(results, 1) if r is None]
    err = two.stderr.decode("utf-8").splitlines()
    firsts = [line for line in err if not line.startswith(" ")]
    assert len(firsts) == len(failed)
    for n, line in zip(failed, firsts, strict=True):
        assert line.startswith(f"{n}: ") or line.startswith(f"iri {command}: {n}: "), line


def test_scheme_values_with_jobs(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    lines = _write(path, ["mailto:a@bücher.example?subject=Hi", "urn:ISBN:1?=x", "http://h/"])
    done = iri_run("scheme", "--jobs", "2", "-i", str(path))
    assert done.returncode == 1
    out = [json.loads(line) if line else None for line in done.stdout.decode("utf-8").splitlines()]
    assert [o and o["scheme"] for o in out] == [
        None if s == "http://h/" else s.split(":")[0] for s in lines
    ]
    err = done.stderr.decode("utf-8").splitlines()
    assert err[0].startswith("iri scheme: 3: http://h/: no scheme-specific value")
    assert len(err) == lines.count("http://h/")
    done = iri_run("scheme", "--json", "--jobs", "2", "-i", str(path))
    rows = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [r["line"] for r in rows] == list(range(1, LINES + 1))


def test_audit_status_is_the_highest_level_with_jobs(tmp_path: Path) -> None:
    items = ["http://example.org/", "http://h.example/a%2fb", "http://xn--80ak6aa92e.com/"]
    path = tmp_path / "in.txt"
    lines = _write(path, items[:2])  # warnings at most
    done = iri_run("audit", "--json", "--jobs", "2", "-i", str(path))
    assert done.returncode == 3 and done.stderr == b""
    rows = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [(r["line"], r["input"]) for r in rows] == list(enumerate(lines, 1))
    highest = {i: max((f.level for f in audit(i)), key=["info", "warning", "danger"].index,
                      default=None) for i in items}  # fmt: skip
    assert [r["highest"] for r in rows] == [highest[i] for i in lines]
    path.write_bytes(path.read_bytes() + items[2].encode() + b"\n")  # one danger, at the end
    done = iri_run("audit", "--jobs", "2", "-i", str(path))
    assert done.returncode == 4
    out = done.stdout.decode("utf-8").splitlines()
    assert out[-1].startswith(f"{LINES + 1}: http://xn--80ak6aa92e.com/\tdanger\t")
    assert out[0].startswith("2: http://h.example/a%2fb\twarning\t")


# -- the documentation covers every subcommand ---------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def _subcommands() -> dict[str, list[str]]:
    """The subcommands of each group module, from the real parser."""
    import importlib

    from iri.cli._parser import GROUPS

    names = _choices()
    groups = {}
    for module in GROUPS:
        declared = getattr(importlib.import_module(module), "COMMANDS", ())
        groups[module] = [c for c in declared if c in names]
    return groups


def _choices() -> set[str]:
    from iri.cli._parser import parser

    top = parser()
    sub = next(a for a in top._actions if a.dest == "command")  # argparse has no public way
    assert sub.choices is not None
    return set(sub.choices)


def test_every_group_declares_its_commands() -> None:
    declared = [c for cs in _subcommands().values() for c in cs]
    assert sorted(declared) == sorted(_choices())  # none missing (start-up), none twice


@pytest.mark.parametrize("name", sorted(_choices()))
def test_docs_cli_md_has_a_section_and_an_example_of(name: str) -> None:
    text = DOCS.read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert any(f"`iri {name}`" in h for h in headings), name
    assert f"\n$ iri {name}" in text, name
    synopsis = text.split("```")[1]
    assert any(line.split()[:2] == ["iri", name] for line in synopsis.splitlines()), name


def test_help_epilog_has_an_example_per_group() -> None:
    from iri.cli._parser import EPILOG

    examples = [line.split()[1] for line in EPILOG.splitlines() if line.startswith("  iri ")]
    for module, commands in _subcommands().items():
        if module != "iri.cli.demo":
            assert set(commands) & set(examples), module
    assert "3, 4 audit only" in EPILOG
