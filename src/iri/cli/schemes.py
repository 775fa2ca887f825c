"""``iri scheme``, ``iri from-path`` and ``iri to-path``: the scheme-specific values
(guidelines draft 6; RFC 6068 mailto, RFC 2397 data, RFC 8089 file, RFC 8141 urn)."""

from __future__ import annotations

import argparse
import base64
import functools
from typing import Any, Final

from iri.cli._parser import SubParsers, aligned_option, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.inputs import Record
from iri.cli.output import Apply, Outcome, failure, json_line, where
from iri.syntax.errors import IRIError
from iri.syntax.quoted import quoted

COMMANDS: Final = ("scheme", "from-path", "to-path")


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    p = command(
        sub,
        "scheme",
        _cmd_scheme,
        "show the scheme-specific value of mailto, data, file and urn IRIs as JSON",
    )
    p.epilog = (
        "examples:  iri scheme 'mailto:a@bücher.example?subject=Hi'   "
        "iri scheme 'data:;base64,SGk='   iri scheme 'urn:ISBN:0-395-36341-1'"
    )
    aligned_option(p)
    json_option(p)
    items_argument(p)

    p = command(sub, "from-path", _cmd_from_path, "write absolute local paths as file IRIs")
    p.add_argument(
        "--flavour",
        choices=["posix", "windows"],
        default="posix",
        help="the path syntax of the items (default: posix)",
    )
    p.epilog = r"example:  iri from-path --flavour windows 'C:\Users\Zoë\a b.txt'"
    aligned_option(p)
    json_option(p)
    items_argument(p, metavar="PATH")

    p = command(sub, "to-path", _cmd_to_path, "read file IRIs as local paths (RFC 8089)")
    p.add_argument(
        "--flavour",
        choices=["posix", "windows"],
        default="posix",
        help="the path syntax to write (default: posix)",
    )
    aligned_option(p)
    json_option(p)
    items_argument(p)


def _value(text: str) -> dict[str, Any]:
    from iri.syntax.split import split

    scheme = (split(text).scheme or "").lower()
    if scheme == "mailto":
        from iri.schemes.mailto import Mailto

        m = Mailto.parse(text)
        return {"scheme": scheme, "to": list(m.to), "headers": [list(h) for h in m.headers]}
    if scheme == "data":
        from iri.schemes.data import DataURL

        d = DataURL.parse(text)
        return {
            "scheme": scheme,
            "media_type": d.mime_type,
            "parameters": [list(p) for p in d.parameters],
            "base64": d.base64,
            "data_base64": base64.b64encode(d.data).decode("ascii"),
        }
    if scheme == "file":
        from iri.schemes.file import to_path

        return {
            "scheme": scheme,
            "posix": _or_none(lambda: str(to_path(text))),
            "windows": str(to_path(text, flavour="windows")),
        }
    if scheme == "urn":
        from iri.schemes.urn import URN

        u = URN.parse(text)
        return {
            "scheme": scheme,
            "nid": u.nid,
            "nss": u.nss,
            "r_component": u.r_component,
            "q_component": u.q_component,
            "f_component": u.f_component,
            "equivalence_key": u.equivalence_key(),
        }
    raise IRIError(
        f"no scheme-specific value for scheme {quoted(scheme)} (mailto, data, file, urn)"
    )


def _or_none(func: Any) -> str | None:
    try:
        value: str = func()
    except IRIError:
        return None
    return value


def _value_one(as_json: bool, skip: bool, record: Record) -> Outcome:
    """``iri scheme`` on one item: the value as one JSON object (``--json``: in ``result``)."""
    try:
        value = _value(record[2])
    except IRIError as exc:
        return failure("scheme", as_json, record, exc, skip=skip)
    if as_json:
        return json_line({**where(record), "input": record[2], "result": value}), "", False, None
    return json_line(value), "", False, None


def _from_path(flavour: str, path: str) -> str:
    from iri.schemes.file import from_path

    return from_path(path, flavour=flavour)


def _to_path(flavour: str, text: str) -> str:
    from iri.schemes.file import to_path

    return str(to_path(text, flavour=flavour))


def _cmd_scheme(args: argparse.Namespace) -> int:
    return run(args, functools.partial(_value_one, args.json, args.skip_invalid))


def _cmd_from_path(args: argparse.Namespace) -> int:
    task = functools.partial(_from_path, args.flavour)
    return run(args, Apply("from-path", args.json, task, skip=args.skip_invalid))


def _cmd_to_path(args: argparse.Namespace) -> int:
    task = functools.partial(_to_path, args.flavour)
    return run(args, Apply("to-path", args.json, task, skip=args.skip_invalid))


__all__ = ["register"]
