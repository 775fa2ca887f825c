"""``iri resolve`` and ``iri relativize``: references against a base (RFC 3986 5)."""

from __future__ import annotations

import argparse
import functools
from typing import Final

import iri
from iri.cli._parser import SubParsers, aligned_option, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.output import EXIT_FAILED, Apply, complain, complain_error
from iri.syntax.errors import InvalidIRI

COMMANDS: Final = ("resolve", "relativize")


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    p = command(sub, "resolve", _cmd_resolve, "resolve references against BASE (RFC 3986 5.2)")
    p.add_argument("base", metavar="BASE", help="the base IRI the references resolve against")
    aligned_option(p)
    json_option(p)
    items_argument(p, "REF")

    p = command(sub, "relativize", _cmd_relativize, "shortest reference from BASE to each TARGET")
    p.add_argument("base", metavar="BASE", help="the base IRI the targets are made relative to")
    aligned_option(p)
    json_option(p)
    items_argument(p, "TARGET")


def _base(args: argparse.Namespace) -> str | None:
    """The validated base (RFC 3986 5.1: absolute, fragment ignored), or None."""
    try:
        iri.parse(args.base, rule=iri.Rule.IRI)
    except InvalidIRI as exc:
        complain(f"iri {args.command}: the base must be an absolute IRI (rule IRI)")
        complain_error(args.command, args.base, exc)
        return None
    return str(args.base)


def _cmd_resolve(args: argparse.Namespace) -> int:
    base = _base(args)
    if base is None:
        return EXIT_FAILED
    # iri.resolve validates the reference itself (InvalidIRI, as iri.parse would raise).
    task = Apply(
        "resolve",
        args.json,
        functools.partial(iri.resolve, base),
        field="reference",
        extra={"base": base},
        skip=args.skip_invalid,
    )
    return run(args, task)


def _cmd_relativize(args: argparse.Namespace) -> int:
    base = _base(args)
    if base is None:
        return EXIT_FAILED
    task = Apply(
        "relativize",
        args.json,
        functools.partial(_relativize, base),
        field="target",
        extra={"base": base},
        skip=args.skip_invalid,
    )
    return run(args, task)


def _relativize(base: str, target: str) -> str:
    iri.parse(target, rule=iri.Rule.IRI)
    return iri.relativize(base, target)
