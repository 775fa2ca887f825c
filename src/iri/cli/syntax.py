"""``iri check`` and ``iri parse``: the grammar and the rules of RFC 3987 / 3987bis."""

from __future__ import annotations

import argparse
import functools
from itertools import count, repeat

import iri
from iri.cli._parser import SubParsers, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.inputs import Chunk, Record, location
from iri.cli.output import Done, Outcome, json_line, located, where
from iri.syntax.errors import InvalidIRI
from iri.syntax.report import STATUS_WIDTH, report, shown
from iri.syntax.violations import Severity, Violation

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

_OK: Final = "ok".ljust(STATUS_WIDTH)
_COMPONENTS: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


COMMANDS: Final = ("check", "parse")


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    rules = [str(r) for r in iri.Rule]
    zones = [str(z) for z in iri.ZoneID]

    p = command(sub, "check", _cmd_check, "report every violation, with a caret under it")
    p.add_argument(
        "--rule",
        choices=rules,
        default="IRI_reference",
        help="the ABNF rule each item must match (default: IRI_reference)",
    )
    p.add_argument("--zone-id", choices=zones, default="reject", help="RFC 6874 zone ids")
    p.add_argument("--errors-only", action="store_true", help="do not report warnings")
    p.add_argument("-q", "--quiet", action="store_true", help="do not list items without remarks")
    json_option(p)
    items_argument(p)

    p = command(sub, "parse", _cmd_parse, "show the components of each item")
    p.add_argument(
        "--rule",
        choices=rules,
        default="IRI_reference",
        help="the ABNF rule each item must match (default: IRI_reference)",
    )
    p.add_argument("--zone-id", choices=zones, default="reject", help="RFC 6874 zone ids")
    json_option(p)
    items_argument(p)


def _cmd_check(args: argparse.Namespace) -> int:
    return run(args, _Check(_CheckOptions.of(args)))


class _CheckOptions:
    """The options of ``iri check`` (a plain class: typing.NamedTuple would import typing)."""

    __slots__ = ("errors_only", "json", "quiet", "rule", "zone_id")

    def __init__(
        self, rule: iri.Rule, zone_id: iri.ZoneID, errors_only: bool, quiet: bool, json: bool
    ) -> None:
        self.rule, self.zone_id, self.errors_only = rule, zone_id, errors_only
        self.quiet, self.json = quiet, json

    @classmethod
    def of(cls, args: argparse.Namespace) -> _CheckOptions:
        rule, zone_id = iri.Rule(args.rule), iri.ZoneID(args.zone_id)
        return cls(rule, zone_id, args.errors_only, args.quiet, args.json)


class _Check:
    """The task of ``iri check``: a record at a time, or a whole chunk in one loop."""

    __slots__ = ("o",)

    def __init__(self, o: _CheckOptions) -> None:
        self.o = o

    def __call__(self, record: Record) -> Outcome:
        return _check_one(self.o, record)

    def chunk(self, chunk: Chunk) -> Done | None:
        o = self.o
        if o.json:
            return None
        if iri.NATIVE and len(chunk[2]) > 1:
            done = _native_chunk(o, chunk)
            if done is not None:
                return done
        file, first, texts = chunk
        check, rule, zone_id, quiet = iri.check, o.rule, o.zone_id, o.quiet
        outs: list[str] = []
        status = 0
        # Line numbers; 0 for every argument (no location shown).
        for i, item in zip(count(first) if first else repeat(0), texts, strict=False):
            violations = check(item, rule=rule, zone_id=zone_id)
            if violations:
                out, _, failed, _ = _checked(o, (file, i, item), violations)
                outs.append(out)
                status = max(status, failed)
            elif not quiet:  # the common case: _ok() inlined
                outs.append(location(file, i) + _OK + shown(item) + "\n")
        return "".join(outs), "", status, None


def _native_chunk(o: _CheckOptions, chunk: Chunk) -> Done | None:
    """:meth:`_Check.chunk` with the compiled core (issue 21): one call does the lines with
    nothing to report (``check`` is ``[]``; with ``--errors-only``, no error) and writes
    their output, with the GIL released; every other line goes through ``iri.check`` as in
    the loop of :meth:`_Check.chunk`, so the output is byte for byte the same. ``None``
    when the core cannot take the chunk (a file name with an undecodable byte)."""
    from iri import _native

    file, first, texts = chunk
    prefix = "" if file is None else f"{file}:"
    done = _native.check_lines(
        texts,
        o.rule,
        o.zone_id,
        errors_only=o.errors_only,
        first=first,
        prefix=prefix,
        ok=_OK,
        quiet=o.quiet,
    )
    if done is None:
        return None
    pieces, todo = done
    check, rule, zone_id, quiet = iri.check, o.rule, o.zone_id, o.quiet
    outs = [pieces[0]]
    status = 0
    for k, j in enumerate(todo, 1):
        i, item = (first + j if first else 0), texts[j]
        violations = check(item, rule=rule, zone_id=zone_id)
        if violations:
            out, _, failed, _ = _checked(o, (file, i, item), violations)
            outs.append(out)
            status = max(status, failed)
        elif not quiet:
            outs.append(location(file, i) + _OK + shown(item) + "\n")
        outs.append(pieces[k])
    return "".join(outs), "", status, None


def _check_one(o: _CheckOptions, record: Record) -> Outcome:
    return _checked(o, record, iri.check(record[2], rule=o.rule, zone_id=o.zone_id))


def _checked(o: _CheckOptions, record: Record, violations: list[Violation]) -> Outcome:
    """The outcome of ``record`` whose item has ``violations``."""
    file, line, item = record
    if not violations and not o.json:  # the common case first (CLI throughput, issue 12)
        return _ok(o, file, line, item)
    valid = not any(v.severity == Severity.ERROR for v in violations)
    if o.errors_only:
        violations = [v for v in violations if v.severity == Severity.ERROR]
    if o.json:
        obj = {"input": item, "valid": valid, "violations": [v.to_dict() for v in violations]}
        return json_line({**where(record), **obj}), "", not valid, None
    if violations:
        return located(record, report(item, violations)), "", not valid, None
    return _ok(o, file, line, item)


def _ok(o: _CheckOptions, file: str | None, line: int, item: str) -> Outcome:
    """The outcome of an item with nothing to report: located(record, [_OK + shown(item)])
    in one step, which is report(item, []) (tests check that they agree)."""
    if o.quiet:
        return "", "", False, None
    return location(file, line) + _OK + shown(item) + "\n", "", False, None


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
        drawn = "(absent)" if value is None else f'"{shown(value)}"'
        lines.append(f"{indent}{name:<10}{drawn}")
    return True, lines


def _cmd_parse(args: argparse.Namespace) -> int:
    return run(args, functools.partial(_parse_one, args.rule, args.zone_id, args.json))


def _parse_one(rule: str, zone_id: str, as_json: bool, record: Record) -> Outcome:
    item = record[2]
    if as_json:
        parts, violations = _parsed(item, rule, zone_id)
        obj = {
            "input": item,
            "valid": parts is not None,
            "components": parts,
            "violations": [v.to_dict() for v in violations],
        }
        return json_line({**where(record), **obj}), "", parts is None, None
    ok, lines = parse_lines(item, rule, zone_id)
    return located(record, lines), "", not ok, None
