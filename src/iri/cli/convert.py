"""``iri to-uri`` and ``iri to-iri``: the mappings of RFC 3987 3.1 and 3.2."""

from __future__ import annotations

import argparse
import functools
from typing import Final

import iri
from iri.cli._parser import SubParsers, aligned_option, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.output import EXIT_USAGE, Apply, charset_known

COMMANDS: Final = ("to-uri", "to-iri")


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    p = command(sub, "to-uri", _cmd_to_uri, "map IRIs to URIs (RFC 3987 3.1)")
    p.add_argument(
        "--host",
        choices=["auto", "idna", "percent"],
        default="auto",
        help="how a non-ASCII host is written: auto (IDNA for DNS schemes), idna, percent",
    )
    p.add_argument("--charset", metavar="NAME", help="document charset for http(s) queries")
    aligned_option(p)
    json_option(p)
    items_argument(p)

    p = command(sub, "to-iri", _cmd_to_iri, "turn URIs into IRIs, decoding only what is safe")
    aligned_option(p)
    json_option(p)
    items_argument(p)


def _cmd_to_uri(args: argparse.Namespace) -> int:
    if not charset_known("to-uri", args.charset):
        return EXIT_USAGE
    to_uri = functools.partial(iri.to_uri, host=args.host, charset=args.charset)
    return run(args, Apply("to-uri", args.json, to_uri, skip=args.skip_invalid))


def _cmd_to_iri(args: argparse.Namespace) -> int:
    return run(args, Apply("to-iri", args.json, iri.to_iri, skip=args.skip_invalid))
