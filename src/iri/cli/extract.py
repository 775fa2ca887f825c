"""``iri extract`` and ``iri format-link``: IRIs in running text (3987bis 8.3, UTS #58)."""

from __future__ import annotations

import argparse
import functools
from typing import Final

from iri.cli._parser import (
    SubParsers,
    aligned_option,
    command,
    items_argument,
    jobs_options,
    json_option,
)
from iri.cli.batch import run
from iri.cli.inputs import Record
from iri.cli.output import Apply, Outcome, json_line

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
        "--file-names",
        choices=["skip", "link"],
        default="skip",
        help="a bare domain that looks like a file name (setup.py, README.md): skip (default)"
        " or link it as UTS #58 does",
    )
    p.add_argument(
        "--json", action="store_true", help="JSON Lines: file, line, start, end, text, kind, iri"
    )
    jobs_options(p)

    p = command(
        sub, "format-link", _cmd_format_link, "write IRIs minimally escaped for text (UTS #58)"
    )
    p.add_argument(
        "--end",
        choices=["final", "medial"],
        default="final",
        help="medial: the link is delimited, a final Soft character needs no escape",
    )
    aligned_option(p)
    json_option(p)
    items_argument(p)


def _cmd_extract(args: argparse.Namespace) -> int:
    from iri.text.extract import DEFAULT_FIND

    find = args.find or list(DEFAULT_FIND)
    # the files are the input lines (iri.cli.inputs: encodings, BOMs, CRLF, line numbers)
    args.items, args.input = [], [*args.files, *(args.input or [])] or None
    task = functools.partial(_extract_line, find, args.accept, args.file_names, args.json)
    # as grep does: 0 when something was found, 1 when nothing was, 2 for a file not read
    return run(args, task, found=True)


def _extract_line(
    find: list[str], accept: str, file_names: str, as_json: bool, record: Record
) -> Outcome:
    """The links of one line: ``FILE:LINE:COLUMN<tab>LINK`` lines, or JSON Lines."""
    from iri.syntax.report import shown
    from iri.text.extract import extract

    file, number, line = record
    found = []
    for m in extract(line, find=find, accept=accept, file_names=file_names):
        if as_json:
            obj: dict[str, object] = {
                "file": file,
                "line": number,
                "start": m.start,
                "end": m.end,
                "text": m.text,
                "kind": str(m.kind),
                "iri": m.iri,
            }
            found.append(json_line(obj))
        else:
            # hidden characters (an ALM is Link_Term=Include) drawn as <U+061C>
            where = f"{'' if file is None else file + ':'}{number}:{m.start + 1}"
            found.append(f"{where}\t{shown(m.text)}\n")
    return "".join(found), "", False, None


def _cmd_format_link(args: argparse.Namespace) -> int:
    from iri.text.linkformat import format_link

    func = functools.partial(format_link, end=args.end)
    return run(args, Apply("format-link", args.json, func, skip=args.skip_invalid))
