"""``iri preprocess``, ``iri lenient``, ``iri from-leiri`` and ``iri from-href``: liberal input
(docs/liberal.md). Text mode prints the result; ``--json`` adds every repair."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import Final

from iri.cli._parser import SubParsers, aligned_option, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.inputs import Record
from iri.cli.output import EXIT_USAGE, Outcome, charset_known, failure, json_line, where
from iri.liberal.repair import Repaired
from iri.syntax.errors import IRIError

COMMANDS: Final = ("preprocess", "lenient", "from-leiri", "from-href")


def _examples(p: argparse.ArgumentParser, *lines: str) -> None:
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = "examples:\n" + "\n".join(f"  {line}" for line in lines)


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    p = command(sub, "preprocess", _cmd_preprocess, "pre-process typed text (guidelines 4)")
    p.add_argument(
        "--spaces",
        choices=["encode", "remove"],
        default="encode",
        help="spaces inside the reference: percent-encode them, or remove them",
    )
    p.add_argument(
        "--references",
        choices=["keep", "decode", "iunreserved"],
        default="keep",
        help="character references (&#...;): keep, decode all, or decode iunreserved only",
    )
    aligned_option(p)
    json_option(p)
    items_argument(p)
    _examples(
        p,
        "iri preprocess ' http://example.org/my file.html '",
        "iri preprocess --references decode 'http://e.org/a&#x3f;b'",
    )

    p = command(sub, "lenient", _cmd_lenient, "parse any text into a valid IRI (guidelines 5)")
    p.add_argument("--form", choices=["iri", "uri"], default="iri", help="write an IRI or a URI")
    p.add_argument(
        "--host",
        choices=["keep", "uts46"],
        default="keep",
        help="keep the host as typed, or map it with UTS #46",
    )
    aligned_option(p)
    json_option(p)
    items_argument(p)
    _examples(p, "iri lenient 'http://example.org/a b|c'", "iri lenient --json '1a:b c'")

    p = command(sub, "from-leiri", _cmd_leiri, "convert LEIRIs (XML system ids) to IRIs (7.1)")
    aligned_option(p)
    json_option(p)
    items_argument(p)
    _examples(p, "iri from-leiri 'file:///C:/My Documents/{draft}.xml'")

    p = command(sub, "from-href", _cmd_href, "read web addresses as a browser does (7.2)")
    p.add_argument("--base", metavar="URL", help="resolve against this base")
    p.add_argument("--charset", metavar="NAME", default="utf-8", help="the document's encoding")
    p.add_argument(
        "--form",
        choices=["href", "iri", "url"],
        default="href",
        help="href: the browser's href, always an IRI (default); iri: the same address for"
        " display, safe escapes decoded; url: the browser's href byte for byte",
    )
    aligned_option(p)
    json_option(p)
    items_argument(p)
    _examples(
        p,
        "iri from-href --base http://example.org/a/b '../c d?q=é'",
        "iri from-href --charset windows-1252 'http://example.org/?q=é'",
        "iri from-href --form iri 'http://xn--rsum-bpad.example/'",
    )


def _repaired_one(
    command: str, as_json: bool, skip: bool, func: Callable[[str], Repaired], record: Record
) -> Outcome:
    """One item: the repaired text (``--json``: with every repair)."""
    try:
        result = func(record[2])
    except IRIError as exc:
        return failure(command, as_json, record, exc, skip=skip)
    if as_json:
        repairs = [r.to_dict() for r in result.repairs]
        obj = {**where(record), "input": record[2], "result": result.text, "repairs": repairs}
        return json_line(obj), "", False, None
    return result.text + "\n", "", False, None


def _run(args: argparse.Namespace, func: Callable[[str], Repaired]) -> int:
    task = functools.partial(_repaired_one, args.command, args.json, args.skip_invalid, func)
    return run(args, task)


def _cmd_preprocess(args: argparse.Namespace) -> int:
    from iri.liberal.preprocess import preprocess_repairs

    return _run(
        args,
        functools.partial(preprocess_repairs, spaces=args.spaces, references=args.references),
    )


def _cmd_lenient(args: argparse.Namespace) -> int:
    from iri.liberal.lenient import lenient_repairs

    return _run(args, functools.partial(lenient_repairs, form=args.form, host=args.host))


def _cmd_leiri(args: argparse.Namespace) -> int:
    from iri.liberal.leiri import from_leiri_repairs

    return _run(args, from_leiri_repairs)


def _href(base: str | None, charset: str, form: str, text: str) -> Repaired:
    from iri.liberal.href import from_href, from_href_repairs, href_to_iri

    if form == "url":  # the URL Standard's href exactly: no 3987bis step, so no repair
        return Repaired(from_href(text, base=base, charset=charset, form="url"), ())
    r = from_href_repairs(text, base=base, charset=charset)
    return Repaired(href_to_iri(r.text), r.repairs) if form == "iri" else r


def _cmd_href(args: argparse.Namespace) -> int:
    if not charset_known("from-href", args.charset):
        return EXIT_USAGE
    return _run(args, functools.partial(_href, args.base, args.charset, args.form))
