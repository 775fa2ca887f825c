"""``iri scheme``, ``iri from-path`` and ``iri to-path``: the scheme-specific values
(guidelines draft 6; RFC 6068 mailto, RFC 2397 data, RFC 8089 file, RFC 8141 urn)."""

from __future__ import annotations

import argparse
import base64
import json
from typing import Any

from iri.cli._parser import SubParsers, command, items_argument, json_option
from iri.cli.inputs import items
from iri.cli.output import EXIT_FAILED, EXIT_OK, complain_error, emit, emit_json
from iri.errors import IRIError


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
    json_option(p)
    items_argument(p)

    p = command(sub, "from-path", _cmd_from_path, "write absolute local paths as file IRIs")
    p.add_argument("--flavour", choices=["posix", "windows"], default="posix")
    p.epilog = r"example:  iri from-path --flavour windows 'C:\Users\Zoë\a b.txt'"
    json_option(p)
    items_argument(p, metavar="PATH")

    p = command(sub, "to-path", _cmd_to_path, "read file IRIs as local paths (RFC 8089)")
    p.add_argument("--flavour", choices=["posix", "windows"], default="posix")
    json_option(p)
    items_argument(p)


def _value(text: str) -> dict[str, Any]:
    from iri._split import split

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
    raise IRIError(f"no scheme-specific value for scheme {scheme!r} (mailto, data, file, urn)")


def _or_none(func: Any) -> str | None:
    try:
        value: str = func()
    except IRIError:
        return None
    return value


def _run(args: argparse.Namespace, func: Any) -> int:
    status = EXIT_OK
    for item in items(args):
        try:
            value = func(item)
        except IRIError as exc:
            status = EXIT_FAILED
            if args.json:
                emit_json({"input": item, "result": None, "error": str(exc).split("\n")[0]})
            else:
                complain_error(args.command, item, exc)
            continue
        if args.json:
            emit_json({"input": item, "result": value})
        else:
            emit(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))
    return status


def _cmd_scheme(args: argparse.Namespace) -> int:
    return _run(args, _value)


def _cmd_from_path(args: argparse.Namespace) -> int:
    from iri.schemes.file import from_path

    return _run(args, lambda p: from_path(p, flavour=args.flavour))


def _cmd_to_path(args: argparse.Namespace) -> int:
    from iri.schemes.file import to_path

    return _run(args, lambda t: str(to_path(t, flavour=args.flavour)))


__all__ = ["register"]
