"""``iri extract`` and ``iri format-link``: IRIs in running text (3987bis 8.3, UTS #58)."""

from __future__ import annotations

import argparse
import codecs
import functools
from typing import Final

from iri.cli._parser import SubParsers, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.inputs import BadLine, records
from iri.cli.output import EXIT_FAILED, EXIT_OK, EXIT_USAGE, Apply, complain, emit, emit_json

COMMANDS: Final = ("extract", "format-link")


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
        "-i",
        "--input",
        action="append",
        metavar="FILE",
        help='also read FILE ("-": stdin), as the other commands; repeatable',
    )
    p.add_argument(
        "--encoding",
        metavar="NAME",
        help="encoding of the input (default UTF-8; a BOM wins: UTF-8/16/32)",
    )
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
    json_option(p)
    items_argument(p)


def _report_bad_line(bad: BadLine) -> None:
    complain(f"iri extract: {bad}")


def _cmd_extract(args: argparse.Namespace) -> int:
    from iri.extract import DEFAULT_FIND, extract

    find = args.find or list(DEFAULT_FIND)
    # the files are the input lines (iri.cli.inputs: encodings, BOMs, CRLF, line numbers)
    args.items, args.input = [], [*args.files, *(args.input or [])] or None
    if args.encoding is not None:
        try:
            codecs.lookup(args.encoding)
        except LookupError:
            complain(f"iri extract: unknown encoding {args.encoding!r}")
            return EXIT_USAGE
    found_any = False
    try:
        for file, number, line in records(args, on_bad_line=_report_bad_line):
            for m in extract(line, find=find, accept=args.accept):
                found_any = True
                if args.json:
                    emit_json(
                        {
                            "file": file,
                            "line": number,
                            "start": m.start,
                            "end": m.end,
                            "text": m.text,
                            "kind": str(m.kind),
                            "iri": m.iri,
                        }
                    )
                else:
                    emit(f"{'' if file is None else file + ':'}{number}:{m.start + 1}\t{m.text}")
    except OSError as exc:  # an unreadable file, as grep: status 2
        complain(f"iri extract: {exc.filename}: {exc.strerror or exc}")
        return EXIT_USAGE
    # as grep does: 0 when something was found, 1 when nothing was
    return EXIT_OK if found_any else EXIT_FAILED


def _cmd_format_link(args: argparse.Namespace) -> int:
    from iri.linkformat import format_link

    return run(args, Apply("format-link", args.json, functools.partial(format_link, end=args.end)))
