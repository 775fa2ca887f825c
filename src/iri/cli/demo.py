"""``iri demo``: ``iri check`` over the packaged sample, then a tour of the other commands."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from typing import Final

import iri
from iri.cli._parser import SubParsers, command
from iri.cli.output import EXIT_OK, emit
from iri.cli.syntax import parse_lines
from iri.syntax.errors import IRIError
from iri.syntax.report import STATUS_WIDTH, report, shown

_DEMO_HEADER: Final = """\
iri demo: `iri check` over the sample shipped with the package (iri/data/sample.txt).
Each line is checked against the IRI-reference rule of RFC 3987 and starts with
  ok       valid
  warning  valid, but breaks a SHOULD of the specs
  invalid  breaks the grammar or a MUST
Under it, a caret line per finding: severity, code, [spec section], message.
Control and bidi formatting characters are drawn as visible stand-ins (a tab as {tab},
U+202E as {rlo}) so that they can neither hide nor reorder the line."""


COMMANDS: Final = ("demo",)


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    command(sub, "demo", _cmd_demo, "check the packaged sample and show the other commands")


def _sample() -> Iterator[str]:
    """The sample's items. In this file only: "# " lines are comments, blank lines skipped.

    ("# text" is never an IRI reference, because a space is not allowed in a fragment; a
    bare "#frag" is one, which is why ``check`` itself has no comment convention.)
    """
    from importlib import resources

    text = resources.files("iri").joinpath("data/sample.txt").read_text(encoding="utf-8")
    for line in text.split("\n"):
        if line and not line.startswith("# "):
            yield line


def _cmd_demo(args: argparse.Namespace) -> int:
    # the legend draws its examples with the function that draws the lines (never by hand)
    emit(_DEMO_HEADER.format(tab=shown("\t"), rlo=shown("\u202e")))
    emit("")
    counts = dict.fromkeys(("ok", "warning", "invalid"), 0)
    for item in _sample():
        lines = report(item, iri.check(item))
        counts[lines[0][:STATUS_WIDTH].strip()] += 1
        for line in lines:
            emit(line)
    ok, warned, invalid = counts["ok"], counts["warning"], counts["invalid"]
    total = ok + warned + invalid
    emit(f"\n{total} references: {ok} ok, {warned} with warnings only, {invalid} invalid")

    example = "http://user@résumé.example.org:8080/東京/駅?q=ü#frag"
    emit(f"\n$ iri parse '{example}'")
    for line in parse_lines(example, iri.Rule.IRI_REFERENCE, iri.ZoneID.REJECT)[1]:
        emit(line)

    base = "http://résumé.example.org/東京/駅?q=ü"
    demos: list[tuple[str, Callable[[str], str], tuple[str, ...]]] = [
        (f"resolve '{base}'", lambda r: iri.resolve(base, r),
         ("../大阪", "?q=ö", "#出口", "//例え.jp/")),
        ("to-uri", iri.to_uri, ("http://résumé.example.org/東京?q=ü",)),
        ("to-iri", iri.to_iri, ("http://xn--rsum-bpad.example.org/%E6%9D%B1%E4%BA%AC%E2%80%AE",)),
        ("normalize --level scheme", lambda t: iri.normalize(t, level="scheme"),
         ("HTTP://Résumé.example.org:80/%7e/./東京",)),
    ]  # fmt: skip
    for shown_command, func, items in demos:
        emit(f"\n$ iri {shown_command} {' '.join(repr(i) for i in items)}")
        for item in items:
            try:
                emit(func(item))
            except IRIError as exc:
                emit(f"{item}: {exc}")
    return EXIT_OK
