"""``iri check`` and ``iri parse``: the grammar and the rules of RFC 3987 / 3987bis."""

from __future__ import annotations

import argparse
from typing import Final

import iri
from iri._report import STATUS_WIDTH, report
from iri.cli._parser import SubParsers, command, items_argument, json_option
from iri.cli.inputs import items
from iri.cli.output import EXIT_FAILED, EXIT_OK, emit, emit_json
from iri.errors import InvalidIRI
from iri.violations import Severity, Violation

_COMPONENTS: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    rules = [str(r) for r in iri.Rule]
    zones = [str(z) for z in iri.ZoneID]

    p = command(sub, "check", _cmd_check, "report every violation, with a caret under it")
    p.add_argument("--rule", choices=rules, default="IRI_reference")
    p.add_argument("--zone-id", choices=zones, default="reject", help="RFC 6874 zone ids")
    p.add_argument("--errors-only", action="store_true", help="do not report warnings")
    p.add_argument("-q", "--quiet", action="store_true", help="do not list items without remarks")
    json_option(p)
    items_argument(p)

    p = command(sub, "parse", _cmd_parse, "show the components of each item")
    p.add_argument("--rule", choices=rules, default="IRI_reference")
    p.add_argument("--zone-id", choices=zones, default="reject", help="RFC 6874 zone ids")
    json_option(p)
    items_argument(p)


def _cmd_check(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for item in items(args):
        violations = iri.check(item, rule=args.rule, zone_id=args.zone_id)
        valid = not any(v.severity == Severity.ERROR for v in violations)
        if not valid:
            status = EXIT_FAILED
        if args.errors_only:
            violations = [v for v in violations if v.severity == Severity.ERROR]
        if args.json:
            emit_json(
                {"input": item, "valid": valid, "violations": [v.to_dict() for v in violations]}
            )
        elif violations or not args.quiet:
            for line in report(item, violations):
                emit(line)
    return status


def _parsed(
    item: str, rule: str, zone_id: str
) -> tuple[dict[str, str | None] | None, list[Violation]]:
    """The components of ``item`` (None when invalid) and all its violations."""
    try:
        parts = iri.parse(item, rule=rule, zone_id=zone_id).components()
    except InvalidIRI as exc:
        return None, list(exc.violations)
    return parts, iri.check(item, rule=rule, zone_id=zone_id)  # the warnings, if any


def parse_lines(item: str, rule: str, zone_id: str) -> tuple[bool, list[str]]:
    """Human ``parse`` output of one item: the check report, then the components."""
    parts, violations = _parsed(item, rule, zone_id)
    lines = report(item, violations)
    if parts is None:
        return False, lines
    indent = " " * STATUS_WIDTH
    for name in _COMPONENTS:
        value = parts[name]
        # '"' is never allowed in an IRI, so a quoted value cannot be confused with "(absent)".
        shown = "(absent)" if value is None else f'"{value}"'
        lines.append(f"{indent}{name:<10}{shown}")
    return True, lines


def _cmd_parse(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for item in items(args):
        if args.json:
            parts, violations = _parsed(item, args.rule, args.zone_id)
            ok = parts is not None
            emit_json(
                {
                    "input": item,
                    "valid": ok,
                    "components": parts,
                    "violations": [v.to_dict() for v in violations],
                }
            )
        else:
            ok, lines = parse_lines(item, args.rule, args.zone_id)
            for line in lines:
                emit(line)
        if not ok:
            status = EXIT_FAILED
    return status
