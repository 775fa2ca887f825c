"""``iri resolve`` and ``iri relativize``: references against a base (RFC 3986 5)."""

from __future__ import annotations

import argparse

import iri
from iri.cli._parser import SubParsers, command, items_argument, json_option
from iri.cli.inputs import items
from iri.cli.output import EXIT_FAILED, complain, complain_error, each
from iri.errors import InvalidIRI


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    p = command(sub, "resolve", _cmd_resolve, "resolve references against BASE (RFC 3986 5.2)")
    p.add_argument("base", metavar="BASE")
    json_option(p)
    items_argument(p, "REF")

    p = command(sub, "relativize", _cmd_relativize, "shortest reference from BASE to each TARGET")
    p.add_argument("base", metavar="BASE")
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

    def one(reference: str) -> str:
        iri.parse(reference)  # resolution validates nothing: refuse invalid references
        return iri.resolve(base, reference)

    return each(args, items(args), lambda r: {"base": base, "reference": r}, one)


def _cmd_relativize(args: argparse.Namespace) -> int:
    base = _base(args)
    if base is None:
        return EXIT_FAILED

    def one(target: str) -> str:
        iri.parse(target, rule=iri.Rule.IRI)
        return iri.relativize(target, base)

    return each(args, items(args), lambda t: {"base": base, "target": t}, one)
