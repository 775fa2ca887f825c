"""``iri extract`` and ``iri format-link``: IRIs in running text (3987bis 8.3, UTS #58)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

from iri.cli._parser import SubParsers, command, items_argument
from iri.cli.inputs import stdin_lines, strip_eol
from iri.cli.output import EXIT_FAILED, EXIT_OK, complain, emit, emit_json
from iri.errors import IRIError


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    p = command(
        sub,
        "extract",
        _cmd_extract,
        "find the links in text (UTS #58): URLs, e-mail addresses, bare domains",
    )
    p.epilog = (
        "examples:  iri extract notes.txt   |   cat mail.txt | iri extract --json   |   "
        "iri extract --find urls --find delimited --accept iri page.txt"
    )
    p.add_argument("files", nargs="*", metavar="FILE", help="default: standard input")
    p.add_argument(
        "--find",
        action="append",
        choices=["urls", "emails", "domains", "delimited"],
        help="what to look for (repeatable; default: urls, emails, domains)",
    )
    p.add_argument(
        "--accept",
        choices=["all", "iri"],
        default="all",
        help="iri: only links that are valid IRIs (default: all)",
    )
    p.add_argument(
        "--json", action="store_true", help="JSON Lines: file, line, start, end, text, kind, iri"
    )

    p = command(
        sub, "format-link", _cmd_format_link, "write IRIs minimally escaped for text (UTS #58)"
    )
    p.add_argument(
        "--end",
        choices=["final", "medial"],
        default="final",
        help="medial: the link is delimited, a final Soft character needs no escape",
    )
    p.add_argument("--json", action="store_true", help="JSON Lines, one object per item")
    items_argument(p)


def _lines(args: argparse.Namespace) -> list[tuple[str | None, Iterator[str]]]:
    if not args.files:
        return [(None, stdin_lines())]
    return [(name, _file_lines(name)) for name in args.files]


def _file_lines(name: str) -> Iterator[str]:
    with Path(name).open("rb") as f:
        for raw in f:
            yield strip_eol(raw.decode("utf-8", "surrogateescape"))


def _cmd_extract(args: argparse.Namespace) -> int:
    from iri.extract import DEFAULT_FIND, extract

    find = args.find or list(DEFAULT_FIND)
    several = len(args.files) > 1
    found_any = False
    for name, lines in _lines(args):
        try:
            for number, line in enumerate(lines, 1):
                for m in extract(line, find=find, accept=args.accept):
                    found_any = True
                    if args.json:
                        emit_json(
                            {
                                "file": name,
                                "line": number,
                                "start": m.start,
                                "end": m.end,
                                "text": m.text,
                                "kind": str(m.kind),
                                "iri": m.iri,
                            }
                        )
                    else:
                        where = f"{name}:" if several else ""
                        emit(f"{where}{number}:{m.start + 1}\t{m.text}")
        except OSError as exc:
            complain(f"iri extract: {name}: {exc.strerror or exc}")
            return EXIT_FAILED
    # as grep does: 0 when something was found, 1 when nothing was
    return EXIT_OK if found_any else EXIT_FAILED


def _cmd_format_link(args: argparse.Namespace) -> int:
    from iri.cli.inputs import items
    from iri.extract import format_link

    status = EXIT_OK
    for item in items(args):
        try:
            result = format_link(item, end=args.end)
        except IRIError as exc:
            status = EXIT_FAILED
            if args.json:
                emit_json({"input": item, "result": None, "error": str(exc).split("\n")[0]})
            else:
                complain(f"iri format-link: {str(exc).splitlines()[0]}")
            continue
        if args.json:
            emit_json({"input": item, "result": result})
        else:
            emit(result)
    return status
