"""``iri display`` and ``iri audit``: the form to show a person, and the spoofing audit."""

from __future__ import annotations

import argparse
from typing import Final

from iri.cli._parser import SubParsers, command, items_argument, json_option
from iri.cli.inputs import items
from iri.cli.output import EXIT_OK, each, emit, emit_json

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
    p.add_argument("--wrap", choices=[w.value for w in Wrap], default=Wrap.ISOLATE.value)
    p.add_argument("--password", choices=[w.value for w in Password], default=Password.MASK.value)
    p.add_argument("--charset", help="percent-encode what this charset cannot show")
    p.add_argument("--protected", action="append", default=[], metavar="DOMAIN")
    p.add_argument("--visual", action="store_true", help="print in visual order (needs iri[bidi])")
    p.epilog = "example:  iri display --wrap none 'http://xn--99zt52a.example.org/%E2%80%AE'"
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
    )
    p.add_argument("--protected", action="append", default=[], metavar="DOMAIN")
    p.add_argument("--all", action="store_true", help="also print info findings")
    p.epilog = "example:  iri audit 'http://xn--80ak6aa92e.com/' --protected apple.com"
    json_option(p)
    items_argument(p)


def _cmd_display(args: argparse.Namespace) -> int:
    from iri.safety.display import to_display

    def show(item: str) -> str:
        shown = to_display(
            item,
            wrap=args.wrap,
            password=args.password,
            charset=args.charset,
            protected=args.protected,
        )
        if args.visual:
            from iri.safety.visual import visual_order

            shown = visual_order(shown)
        return shown

    return each(args, items(args), lambda item: {"input": item}, show)


def _cmd_audit(args: argparse.Namespace) -> int:
    from iri.safety.audit import audit
    from iri.safety.findings import Level

    rank = {Level.INFO: 0, Level.WARNING: 1, Level.DANGER: 2}
    worst = 0
    for item in items(args):
        findings = audit(item, restriction=args.restriction, protected=args.protected)
        top = max((rank[f.level] for f in findings), default=-1)
        worst = max(worst, top)
        if args.json:
            emit_json(
                {
                    "input": item,
                    "highest": None if top < 0 else [*rank][top].value,
                    "findings": [
                        {
                            "level": f.level.value,
                            "code": f.code.value,
                            "span": list(f.span),
                            "section": f.section,
                            "component": f.component,
                            "message": f.message,
                        }
                        for f in findings
                    ],
                }
            )
            continue
        for f in findings:
            if args.all or f.level is not Level.INFO:
                emit(f"{item}\t{f.level}\t{f.code}\t{f.span[0]}-{f.span[1]}\t{f.message}")
    return {0: EXIT_OK, 1: EXIT_WARNING, 2: EXIT_DANGER}.get(worst, EXIT_OK)
