"""``iri display`` and ``iri audit``: the form to show a person, and the spoofing audit."""

from __future__ import annotations

import argparse
import functools
from typing import Final, NamedTuple

from iri.cli._parser import SubParsers, aligned_option, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.inputs import Record, location
from iri.cli.output import (
    EXIT_OK,
    EXIT_USAGE,
    Apply,
    Outcome,
    charset_known,
    json_line,
    where,
)
from iri.syntax.report import WINDOW, excerpt, shown

COMMANDS: Final = ("display", "audit")

#: ``iri audit`` exit status by the highest level found in any item (0: nothing above info).
EXIT_WARNING: Final = 3
EXIT_DANGER: Final = 4


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    from iri.safety.display import Password, Wrap
    from iri.safety.skeleton import RestrictionLevel

    p = command(
        sub,
        "display",
        _cmd_display,
        "show IRIs/URIs as a person should see them (RFC 3987 4.1, 3987bis 8.6)",
    )
    p.add_argument(
        "--wrap",
        choices=[w.value for w in Wrap],
        default=Wrap.ISOLATE.value,
        help="the bidi wrapper that keeps the IRI left-to-right in any text (default: isolate)",
    )
    p.add_argument(
        "--password",
        choices=[w.value for w in Password],
        default=Password.MASK.value,
        help="mask or show the password of user:password (default: mask)",
    )
    p.add_argument("--charset", help="percent-encode what this charset cannot show")
    p.add_argument(
        "--protected",
        action="append",
        default=[],
        metavar="DOMAIN",
        help="a domain hosts must not look like: such a host stays an A-label (repeatable)",
    )
    p.add_argument("--visual", action="store_true", help="print in visual order (needs iri[bidi])")
    p.epilog = "example:  iri display --wrap none 'http://xn--99zt52a.example.org/%E2%80%AE'"
    aligned_option(p)
    json_option(p)
    items_argument(p)

    p = command(
        sub,
        "audit",
        _cmd_audit,
        "report what could mislead a reader (bis 10, UTS #39); exit 0 clean, 3 warning, 4 danger",
    )
    p.add_argument(
        "--restriction",
        choices=[r.value for r in RestrictionLevel],
        default=RestrictionLevel.HIGHLY_RESTRICTIVE.value,
        help="the least restrictive UTS #39 level a host label may have (default: highly"
        " restrictive, as Chromium)",
    )
    p.add_argument(
        "--protected",
        action="append",
        default=[],
        metavar="DOMAIN",
        help="a domain hosts must not be confusable with, unless they are it or its"
        " subdomain (repeatable)",
    )
    p.add_argument("--all", action="store_true", help="also print info findings")
    p.epilog = "example:  iri audit 'http://xn--80ak6aa92e.com/' --protected apple.com"
    json_option(p)
    items_argument(p)


class _DisplayOptions(NamedTuple):
    wrap: str
    password: str
    charset: str | None
    protected: list[str]
    visual: bool


def _show(o: _DisplayOptions, item: str) -> str:
    """``iri display`` on one item."""
    from iri.safety.display import to_display
    from iri.syntax.check import invalid, iri_reference_match

    if iri_reference_match(item) is None:
        # to_display is total (it shows invalid text percent-encoded); the command keeps
        # reporting an invalid item as an error, with its violations.
        raise invalid(item)
    shown = to_display(
        item, wrap=o.wrap, password=o.password, charset=o.charset, protected=o.protected
    )
    if o.visual:
        from iri.safety.visual import visual_order

        shown = visual_order(shown)
    return shown


def _cmd_display(args: argparse.Namespace) -> int:
    if not charset_known("display", args.charset):
        return EXIT_USAGE
    o = _DisplayOptions(args.wrap, args.password, args.charset, args.protected, args.visual)
    task = Apply("display", args.json, functools.partial(_show, o), skip=args.skip_invalid)
    return run(args, task)


def _audit_one(
    restriction: str, protected: list[str], everything: bool, as_json: bool, record: Record
) -> Outcome:
    """``iri audit`` on one item; its status is that of the highest level found (0, 3, 4)."""
    from iri.safety.audit import audit
    from iri.safety.findings import Level

    item = record[2]
    findings = audit(item, restriction=restriction, protected=protected)
    top = max((_RANK[f.level] for f in findings), default=-1)
    status = _STATUS.get(top, EXIT_OK)
    if as_json:
        obj = {
            **where(record),
            "input": item,
            "highest": None if top < 0 else _LEVELS[top],
            "findings": [
                {
                    "level": f.level.value,
                    "code": f.code.value,
                    "span": list(f.span),
                    "section": f.section,
                    "component": f.component,
                    "message": f.message,
                    "target": f.target,
                }
                for f in findings
            ],
        }
        return json_line(obj), "", status, None
    prefix = location(record[0], record[1])
    lines = [
        f"{prefix}{_drawn(item, f.span)}\t{f.level}\t{f.code}\t{f.span[0]}-{f.span[1]}"
        f"\t{shown(f.message)}{_imitates(f.target)}\n"
        for f in findings
        if everything or f.level is not Level.INFO
    ]
    return "".join(lines), "", status, None


def _imitates(target: str | None) -> str:
    """The last column of a finding that names the domain a look-alike host imitates."""
    return "" if target is None else f"\ttarget={shown(target)}"


def _drawn(item: str, span: tuple[int, int]) -> str:
    """The item as a finding's line shows it: hidden characters as ``<U+202E>`` (the spans
    count the item's own characters); an item longer than :data:`~iri.syntax.report.WINDOW`
    as a window around the span (``...`` at the cuts), so that the lines of *k* findings
    take O(n + k), not O(n * k)."""
    if len(item) <= WINDOW:
        return shown(item)
    return excerpt(item, span)[0]


#: The audit levels from the least to the most, and the exit status of each.
_LEVELS: Final = ("info", "warning", "danger")
_RANK: Final = {name: rank for rank, name in enumerate(_LEVELS)}
_STATUS: Final = {0: EXIT_OK, 1: EXIT_WARNING, 2: EXIT_DANGER}


def _cmd_audit(args: argparse.Namespace) -> int:
    task = functools.partial(_audit_one, args.restriction, args.protected, args.all, args.json)
    return run(args, task)
