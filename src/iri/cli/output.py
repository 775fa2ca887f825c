"""Everything the ``iri`` command writes: result lines (text or JSON Lines), error reports.

Output is UTF-8; a lone surrogate (an undecodable input byte, see :mod:`iri.cli.inputs`) is
written as a ``\\udcXX`` escape, so the output is always valid UTF-8.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final

from iri.errors import IDNAError, InvalidIRI, IRIError

if TYPE_CHECKING:
    import argparse

EXIT_OK: Final = 0
EXIT_FAILED: Final = 1
EXIT_USAGE: Final = 2
EXIT_BROKEN_PIPE: Final = 128 + 13  # what a shell reports for a process killed by SIGPIPE

_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def safe(text: str) -> str:
    """Escape lone surrogates (``\\udcff``) so that ``text`` can be written as UTF-8."""
    if text.isascii():
        return text
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def emit(line: str) -> None:
    sys.stdout.write(safe(line) + "\n")


def emit_json(obj: dict[str, object]) -> None:
    # ensure_ascii=False keeps the IRIs readable; safe() turns a lone surrogate (which
    # json.dumps leaves raw in that mode) into a JSON \u escape.
    emit(json.dumps(obj, ensure_ascii=False))


def complain(line: str) -> None:
    sys.stderr.write(safe(line) + "\n")


def error_dict(exc: IRIError) -> dict[str, object]:
    """JSON form of a library error: its type, first message line and its data."""
    out: dict[str, object] = {"type": type(exc).__name__, "message": str(exc).split("\n")[0]}
    if isinstance(exc, InvalidIRI):
        out["violations"] = [v.to_dict() for v in exc.violations]
    elif isinstance(exc, IDNAError):
        out.update(host=exc.host, label=exc.label, position=exc.position, reason=exc.reason)
    return out


def complain_error(command: str, item: str, exc: IRIError) -> None:
    from iri._report import report, shown

    if isinstance(exc, InvalidIRI):
        for line in report(item, exc.violations):
            complain(line)
    else:
        complain(f"iri {command}: {shown(item)}: {exc}")


def each(
    args: argparse.Namespace,
    items: Iterable[str],
    fields: Callable[[str], dict[str, object]],
    func: Callable[[str], str | None],
) -> int:
    """Apply ``func`` to each item: results to stdout, failures reported, never stop.

    ``func`` returning ``None`` drops the item (``normalize --unique``). In JSON mode a
    failure is a line with ``"result": null`` and ``"error"``; otherwise it goes to stderr.
    """
    status = EXIT_OK
    for item in items:
        try:
            result = func(item)
        except IRIError as exc:
            status = EXIT_FAILED
            if args.json:
                emit_json({**fields(item), "result": None, "error": error_dict(exc)})
            else:
                complain_error(args.command, item, exc)
            continue
        if result is None:
            continue
        if args.json:
            emit_json({**fields(item), "result": result})
        else:
            emit(result)
    return status
