"""Issue 19: every surface of the ``iri`` command agrees, and none shows what the IRI is not.

* case 13: JSON Lines stay lines for every reader (every ``str.splitlines`` break and the
  bidi controls escaped), in every JSON output of every command;
* case 14: text output line N is the result of input line N (a failed item leaves an empty
  line, ``--skip-invalid`` drops it), the error on stderr with its line number;
* case 15: an enum option's usage error lists the accepted values, for every enum option;
* case 17: hidden characters drawn as their code point (``<U+202E>``), the same in every
  command, carets aligned by terminal cells; ``to_display`` makes the same decision;
* the invariant: no traceback for any input line, and an exit status of the documented set.
"""

from __future__ import annotations

import argparse
import io
import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iri.cli import main
from iri.cli._parser import parser
from iri.cli.output import JSON_ESCAPED, json_line
from iri.safety.display import to_display
from iri.syntax.report import cells, hidden, shown

#: Every character str.splitlines splits on, and the bidi controls (RFC 3987 4.1, UAX #9).
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
NASTY = "http://h.example/a" + "".join(c + "x" for c in LINE_BREAKS + BIDI) + "é東"


@pytest.fixture(autouse=True)
def _keep_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", sys.stdin)


def run(
    capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None
) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


#: Each item command, with what it needs before its items.
ITEM_COMMANDS: dict[str, list[str]] = {
    "check": [],
    "parse": [],
    "resolve": ["http://a/b/c"],
    "relativize": ["http://a/b/c"],
    "to-uri": [],
    "to-iri": [],
    "normalize": [],
    "format-link": [],
    "scheme": [],
    "from-path": [],
    "to-path": [],
    "preprocess": [],
    "lenient": [],
    "from-leiri": [],
    "from-href": [],
    "display": [],
    "audit": [],
}
#: The documented exit statuses (docs/cli.md "Exit status"), besides 0.
STATUSES = {name: {0, 1} for name in ITEM_COMMANDS} | {"audit": {0, 1, 3, 4}}


# -- case 13: JSON Lines are lines -------------------------------------------------------------


def test_json_line_escapes_breaks_and_bidi_keeps_the_rest() -> None:
    obj = {"input": NASTY, "n": 1}
    line = json_line(obj)
    assert line.endswith("\n") and line.count("\n") == 1
    assert len(line.splitlines()) == 1
    assert not set(line[:-1]) & set(LINE_BREAKS + BIDI)
    assert json.loads(line) == obj
    assert "é東" in line  # other non-ASCII stays readable
    assert json_line({"a": "plain"}) == '{"a": "plain"}\n'


@pytest.mark.parametrize("command", sorted(ITEM_COMMANDS))
def test_every_json_output_is_one_line_per_record(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    items = [NASTY, "http://ok.example/?q=\u2028é", "mailto:a@b.example?subject=\u202e"]
    code, out, err = run(capsys, command, "--json", *ITEM_COMMANDS[command], *items)
    assert code in STATUSES[command] and "Traceback" not in err
    records = out.splitlines()  # Python's reader: splits on every Unicode line break
    assert len(records) == len(items) == out.count("\n")
    assert not set(out) & set(LINE_BREAKS[1:] + BIDI)
    rows = [json.loads(r) for r in records]
    field = {"resolve": "reference", "relativize": "target"}.get(command, "input")
    assert [r[field] for r in rows] == items


def test_extract_json_is_one_line_per_link(capsys: pytest.CaptureFixture[str]) -> None:
    # U+061C ARABIC LETTER MARK is Link_Term=Include: it is part of the link text
    text = "see http://h.example/\u061cx and \u2028 ann@example.org\n"
    code, out, _ = run(capsys, "extract", "--json", stdin=text)
    assert code == 0
    rows = [json.loads(r) for r in out.splitlines()]
    assert [r["text"] for r in rows] == ["http://h.example/\u061cx", "ann@example.org"]
    assert "\u061c" not in out and "\\u061c" in out


def test_the_escaped_set_is_every_line_break_and_bidi_control() -> None:
    import re

    for c in LINE_BREAKS + BIDI:
        escaped = re.fullmatch(JSON_ESCAPED, c) is not None
        assert escaped or json.dumps(c, ensure_ascii=False) != f'"{c}"', repr(c)
    assert re.fullmatch(JSON_ESCAPED, "é") is None


# -- case 14: text output lines up with the input ----------------------------------------------

#: command, options, a good item, a bad item
ALIGNED = [
    ("to-uri", [], "http://a/é", "http://a/b c"),
    ("to-iri", [], "http://a/%C3%A9", "http://a/b c"),
    ("normalize", [], "HTTP://A/", "http://a/b c"),
    ("normalize", ["--level", "scheme"], "HTTP://A:80/", "http://a/b c"),
    ("resolve", ["http://a/b/c"], "../d", "a b"),
    ("relativize", ["http://a/b/c"], "http://a/b/d", "x y"),
    ("format-link", [], "https://example.com/a.", "not a link"),
    ("scheme", [], "urn:isbn:1", "http://h/"),
    ("from-path", [], "/tmp/x", "relative"),
    ("to-path", [], "file:///tmp/x", "http://h/"),
    ("lenient", [], "http://a/b c", "http://h:x/"),
    ("from-leiri", [], "http://h/é", "a%zzb"),
    ("from-href", [], "http://e.org/", "http://[::1"),
    ("display", ["--wrap", "none"], "http://h/", "http://h/a b"),
]


@pytest.mark.parametrize(("command", "options", "good", "bad"), ALIGNED, ids=str)
def test_failed_items_keep_their_line(
    capsys: pytest.CaptureFixture[str], command: str, options: list[str], good: str, bad: str
) -> None:
    stdin = f"{good}\n{bad}\n{good}\n{bad}\n"
    code, out, err = run(capsys, command, *options, stdin=stdin)
    assert code == 1
    lines = out.split("\n")
    assert len(lines) == 5 and lines[4] == ""  # four lines, each ending in "\n"
    assert lines[1] == lines[3] == "" and lines[0] == lines[2] != ""
    # the errors on stderr, with their line numbers
    firsts = [line for line in err.splitlines() if not line.startswith(" ")]
    assert [f.removeprefix(f"iri {command}: ")[:3] for f in firsts] == ["2: ", "4: "]
    # --skip-invalid drops them
    code, out2, err2 = run(capsys, command, *options, "--skip-invalid", stdin=stdin)
    assert code == 1 and err2 == err
    assert out2.split("\n") == [lines[0], lines[2], ""]


def test_alignment_with_jobs(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "in.txt"
    path.write_text("http://a/\nhttp://a/b c\nhttp://b/\n" * 3000, encoding="utf-8")
    one = run(capsys, "normalize", "-i", str(path))
    two = run(capsys, "normalize", "--jobs", "2", "-i", str(path))
    assert one == two
    assert one[1].split("\n")[:4] == ["http://a/", "", "http://b/", "http://a/"]
    assert one[1].count("\n") == 9000


def test_unique_drops_failed_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "normalize", "--unique", stdin="http://a/\na b\nhttp://A/\n")
    assert (code, out) == (1, "http://a/\n")


def test_arguments_line_up_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "to-uri", "http://a/", "http://a/b c", "http://b/")
    assert (code, out) == (1, "http://a/\n\nhttp://b/\n")
    assert err.startswith("invalid  http://a/b c")


# -- case 15: enum options list their values ---------------------------------------------------

#: Options whose value is one of a fixed set: each must have argparse choices.
ENUM_DESTS = {
    "rule", "zone_id", "host", "level", "find", "accept", "file_names", "end", "flavour",
    "spaces", "references", "form", "wrap", "password", "restriction", "progress",
}  # fmt: skip


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    top = parser(None)
    sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _enum_options() -> list[tuple[str, str, list[str]]]:
    out = []
    for name, p in sorted(_subcommands().items()):
        for action in p._actions:
            if action.option_strings and (action.choices is not None or action.dest in ENUM_DESTS):
                choices = [str(c) for c in action.choices or []]
                out.append((name, action.option_strings[-1], choices))
    return out


ENUM_OPTIONS = _enum_options()


def test_every_enum_option_has_choices() -> None:
    assert len(ENUM_OPTIONS) >= 25
    missing = [(name, opt) for name, opt, choices in ENUM_OPTIONS if not choices]
    assert missing == []


@pytest.mark.parametrize(
    ("command", "option", "choices"), ENUM_OPTIONS, ids=[f"{c}{o}" for c, o, _ in ENUM_OPTIONS]
)
def test_a_bad_enum_value_lists_the_accepted_ones(
    capsys: pytest.CaptureFixture[str], command: str, option: str, choices: list[str]
) -> None:
    code, out, err = run(capsys, command, option, "no-such-value", "x", "y")
    assert code == 2 and out == ""
    assert "no-such-value" in err and "Traceback" not in err
    assert all(repr(c) in err or c in err for c in choices), err


# -- case 17: hidden characters drawn as their code point --------------------------------------

HIDDEN = ["\u202e", "\ue000", "\u200b", "\u00a0", "\u2028", "\ufe0f", "\u3164", "\U000e0041"]


@pytest.mark.parametrize("char", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_every_human_output_draws_the_code_point(
    capsys: pytest.CaptureFixture[str], char: str
) -> None:
    stand_in = f"<U+{ord(char):04X}>"
    item = f"http://h.example/?q={char}"
    outputs = [
        run(capsys, "check", item),
        run(capsys, "parse", item),
        run(capsys, "audit", "--all", item),
        run(capsys, "to-uri", f"http://h.example/a b{char}"),  # the error report
        run(capsys, "scheme", item),  # a one-line error
        run(capsys, "extract", stdin=f"see http://h.example/\u061c{char}x\n"),
    ]
    for _code, out, err in outputs:
        assert "Traceback" not in err
        human = out + err if not out.startswith("{") else err
        assert char not in human and "\ufffd" not in human, (out, err)
    assert stand_in in outputs[0][1] and stand_in in outputs[1][1]
    assert stand_in in outputs[2][1] or outputs[2][1] == ""
    assert stand_in in outputs[3][2]
    assert "<U+061C>" in outputs[5][1]


def test_carets_stay_under_their_characters() -> None:
    import iri
    from iri.syntax.report import caret, report

    text = "http://h/\u202e東a b"
    lines = report(text, iri.check(text))
    shown_line, marks = lines[0], lines[1:]
    assert shown_line == "invalid  http://h/<U+202E>東a b"
    bidi = next(m for m in marks if "bidi-formatting-character" in m)
    space = next(m for m in marks if "invalid-character" in m and "SPACE" in m)
    assert bidi.index("^") == len("invalid  http://h/") and bidi.count("^") == len("<U+202E>")
    # after the stand-in (8 cells) and a wide character (2 cells), the caret is still exact
    assert space.index("^") == len("invalid  ") + cells(text[: text.index(" ")])
    assert cells(text[: text.index(" ")]) == len("http://h/<U+202E>") + 2 + 1
    assert caret(text, (9, 10), 0) == " " * 9 + "^" * 8


@pytest.mark.parametrize("char", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_display_makes_the_same_decision(char: str) -> None:
    assert hidden(char) and shown(char) == f"<U+{ord(char):04X}>"
    pct = "".join(f"%{b:02X}" for b in char.encode("utf-8"))
    for text in (f"http://h/?q={pct}", f"http://h/x{pct}"):
        assert to_display(text, wrap="none") == text  # kept percent-encoded
    if char not in "\u202e\u200b":  # a raw bidi or format character is no IRI at all
        raw = f"http://h/?q={char}"
        assert to_display(raw, wrap="none") == f"http://h/?q={pct}"


def test_shown_hides_exactly_what_display_encodes() -> None:
    from iri.safety import display

    sample = [chr(cp) for cp in range(0x80, 0x3100)] + [chr(cp) for cp in range(0xE000, 0xE100)]
    for c in sample:
        assert display._hidden(c) == hidden(c) == (shown(c) != c), repr(c)


# -- the invariant: no traceback for any input line --------------------------------------------

HOSTILE = st.text(
    alphabet=st.one_of(
        st.sampled_from(list(LINE_BREAKS + BIDI + "\x00\ud800\udcff\ue000%[]:/?#@ .é東")),
        st.characters(codec=None, exclude_categories=()),
    ),
    max_size=60,
)


@pytest.mark.parametrize("command", sorted(ITEM_COMMANDS))
@settings(max_examples=60)
@given(line=HOSTILE)
def test_no_traceback_for_any_line(command: str, line: str) -> None:
    import contextlib

    out, err = io.StringIO(), io.StringIO()
    for extra in ([], ["--json"]):
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([command, *extra, *ITEM_COMMANDS[command], "--", line])
        assert code in STATUSES[command], (code, err.getvalue())
        assert "Traceback" not in err.getvalue()
    # and as a line of standard input, where it is cut at "\n" and "\r\n"
    old = sys.stdin
    try:
        sys.stdin = io.StringIO(line + "\n")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([command, *ITEM_COMMANDS[command]])
    finally:
        sys.stdin = old
    assert code in STATUSES[command] and "Traceback" not in err.getvalue()


@settings(max_examples=60)
@given(line=HOSTILE)
def test_no_traceback_for_extract_and_compare(line: str) -> None:
    import contextlib

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    try:
        for extra in ([], ["--json"]):
            sys.stdin = io.StringIO(line + "\n")
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                assert main(["extract", *extra]) in (0, 1)
    finally:
        sys.stdin = old
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["compare", "--", line, "http://a/"]) in (0, 1, 2)
    assert "Traceback" not in err.getvalue()


@pytest.mark.parametrize("command", sorted(ITEM_COMMANDS))
def test_huge_hostile_line(capsys: pytest.CaptureFixture[str], command: str) -> None:
    line = ("http://h/" + LINE_BREAKS[3:] + BIDI + "\x00\udcff\ue000%zz[") * 2000
    for extra in ([], ["--json"]):
        code, out, err = run(capsys, command, *extra, *ITEM_COMMANDS[command], "--", line)
        assert code in STATUSES[command] and "Traceback" not in err
        if extra:
            assert len(out.splitlines()) == 1
