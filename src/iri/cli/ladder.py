"""``iri normalize`` and ``iri compare``: the comparison ladder of RFC 3987 5.3."""

from __future__ import annotations

import argparse
import functools
from typing import Final

import iri
from iri.cli._parser import SubParsers, aligned_option, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.output import EXIT_FAILED, EXIT_OK, EXIT_USAGE, Apply, complain, emit
from iri.syntax.errors import IRIError

COMMANDS: Final = ("normalize", "compare")


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    p = command(sub, "normalize", _cmd_normalize, "normalize (RFC 3987 5.3)")
    p.add_argument("--level", choices=["syntax", "scheme"], default="syntax")
    p.add_argument(
        "--unique",
        action="store_true",
        help="drop items equivalent to an earlier one (and failed items: implies --skip-invalid)",
    )
    aligned_option(p)
    json_option(p)
    items_argument(p)

    p = command(sub, "compare", _cmd_compare, "exit 0 if A and B are equivalent, 1 if not")
    p.add_argument("--level", choices=["simple", "syntax", "scheme"], default="syntax")
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")


def _cmd_normalize(args: argparse.Namespace) -> int:
    normalize = iri.normalize  # the default level needs no partial (one call fewer per line)
    if args.level != "syntax":
        normalize = functools.partial(iri.normalize, level=args.level)
    key = functools.partial(iri.key, level=args.level) if args.unique else None
    # --unique drops lines, so the output cannot line up with the input: no empty lines.
    skip = args.skip_invalid or args.unique
    task = Apply("normalize", args.json, normalize, key=key, skip=skip)
    return run(args, task, unique=args.unique)


def _cmd_compare(args: argparse.Namespace) -> int:
    try:
        same = iri.equivalent(args.a, args.b, level=args.level)
    except IRIError as exc:
        complain(f"iri compare: {exc}")
        return EXIT_USAGE
    emit(f"{'equivalent' if same else 'not equivalent'} (level {args.level})")
    return EXIT_OK if same else EXIT_FAILED
