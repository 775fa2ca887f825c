"""The command's papercuts of issue 25: help for every option, usage errors said by the
subcommand, a hint when a lone item names a file, and a demo legend that tells the truth."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from iri.cli import main
from iri.cli._parser import parser
from iri.syntax.report import shown


def _options() -> list[tuple[str, argparse.Action]]:
    found = []

    def walk(p: argparse.ArgumentParser, name: str) -> None:
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    walk(sub, f"{name} {sub_name}")
            else:
                found.append((name, action))

    walk(parser(None), "iri")
    return found


OPTIONS = _options()


def test_the_walk_sees_every_subcommand() -> None:
    commands = {name for name, _ in OPTIONS}
    assert {"iri check", "iri normalize", "iri audit", "iri demo", "iri from-href"} <= commands


@pytest.mark.parametrize(("command", "action"), OPTIONS, ids=[f"{c}:{a.dest}" for c, a in OPTIONS])
def test_every_option_and_argument_has_help_text(command: str, action: argparse.Action) -> None:
    assert action.help and action.help.strip(), f"{command} {action.option_strings or action.dest}"


@pytest.mark.parametrize("command", ["check", "normalize", "to-uri", "audit"])
def test_an_unknown_option_prints_the_subcommands_usage(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert main([command, "--no-such-option", "http://a/"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: iri {command} "), err
    assert "unrecognized arguments: --no-such-option" in err


def test_a_bad_choice_prints_the_subcommands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rule", "nope", "http://a/"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: iri check ")
    assert "IRI_reference" in err  # the choices are named


@pytest.mark.parametrize("command", ["check", "normalize", "to-uri"])
def test_a_lone_item_naming_a_file_gets_a_hint(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
) -> None:
    (tmp_path / "urls.txt").write_text("http://a/\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    main([command, "urls.txt"])
    out, err = capsys.readouterr()
    assert f"iri {command} -i urls.txt" in err
    assert "taken as an item" in err
    # the item is still the item: the hint changes nothing on stdout
    monkeypatch.chdir(tmp_path.parent)
    main([command, "urls.txt"])
    again, no_hint = capsys.readouterr()
    assert again == out
    assert "taken as an item" not in no_hint


def test_no_hint_for_items_that_are_no_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "http://example.org/"]) == 0
    assert capsys.readouterr().err == ""
    main(["check", "a\x00b"])  # a NUL cannot name a file: no OSError, no hint
    assert "taken as an item" not in capsys.readouterr().err


def test_the_demo_legend_draws_the_stand_ins_the_lines_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo"]) in (0, 1)
    out = capsys.readouterr().out
    legend, _, body = out.partition("\n\n")
    rlo, tab = shown("\u202e"), shown("\t")
    assert f"U+202E as {rlo}" in legend and f"a tab as {tab}" in legend
    assert rlo in body and tab in body  # the sample has both, drawn as the legend says
