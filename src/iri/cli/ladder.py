"""``iri normalize`` and ``iri compare``: the comparison ladder of RFC 3987 5.3."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import Final

import iri
from iri.cli._parser import SubParsers, aligned_option, command, items_argument, json_option
from iri.cli.batch import run
from iri.cli.inputs import Chunk
from iri.cli.output import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    Apply,
    Done,
    complain,
    emit,
    error_report,
)
from iri.syntax.errors import IRIError

COMMANDS: Final = ("normalize", "compare")


def register(sub: SubParsers[argparse.ArgumentParser]) -> None:
    p = command(sub, "normalize", _cmd_normalize, "normalize (RFC 3987 5.3)")
    p.add_argument(
        "--level",
        choices=["syntax", "scheme"],
        default="syntax",
        help="rung of the comparison ladder (RFC 3987 5.3): syntax or scheme-based",
    )
    p.add_argument(
        "--unique",
        action="store_true",
        help="drop items equivalent to an earlier one (and failed items: implies --skip-invalid)",
    )
    _ignore_fragment_option(p, "with --unique, items that differ only in the fragment are one")
    aligned_option(p)
    json_option(p)
    items_argument(p)

    p = command(sub, "compare", _cmd_compare, "exit 0 if A and B are equivalent, 1 if not")
    p.add_argument(
        "--level",
        choices=["simple", "syntax", "scheme"],
        default="syntax",
        help="rung of the comparison ladder (RFC 3987 5.3): simple string, syntax, scheme",
    )
    _ignore_fragment_option(p, "compare without the fragments: the same resource (3987bis 5.3)")
    p.add_argument("a", metavar="A", help="the first IRI")
    p.add_argument("b", metavar="B", help="the second IRI")


def _ignore_fragment_option(p: argparse.ArgumentParser, help_text: str) -> None:
    p.add_argument("--ignore-fragment", action="store_true", help=help_text)


def _cmd_normalize(args: argparse.Namespace) -> int:
    normalize = iri.normalize  # the default level needs no partial (one call fewer per line)
    if args.level != "syntax":
        normalize = functools.partial(iri.normalize, level=args.level)
    key = None
    if args.unique:
        key = functools.partial(iri.key, level=args.level, ignore_fragment=args.ignore_fragment)
    # --unique drops lines, so the output cannot line up with the input: no empty lines.
    skip = args.skip_invalid or args.unique
    if iri.NATIVE and key is None and not args.json:
        task: Apply = _NativeNormalize(args.level, normalize, skip=skip)
    else:
        task = Apply("normalize", args.json, normalize, key=key, skip=skip)
    return run(args, task, unique=args.unique)


class _NativeNormalize(Apply):
    """``iri normalize`` in text mode with the compiled core (issue 21): a chunk of lines
    per call of ``normalize_lines`` (the GIL released); each line it leaves (``None``:
    an invalid line, an IDN host at the scheme level...) goes through ``func`` as in
    :meth:`Apply.chunk`, so the output is byte for byte the same."""

    __slots__ = ("level",)

    def __init__(self, level: str, func: Callable[[str], str], *, skip: bool) -> None:
        super().__init__("normalize", False, func, skip=skip)
        self.level = level

    def chunk(self, chunk: Chunk) -> Done | None:
        from iri import _native

        file, first, texts = chunk
        got = _native.normalize_lines(texts, self.level)
        if got is None:
            return super().chunk(chunk)
        func, skip = self.func, self.skip
        results: list[str] = []
        errors: list[str] = []
        for j, (item, native) in enumerate(zip(texts, got, strict=True)):
            result = native
            if result is None:
                try:
                    result = func(item)
                except IRIError as exc:
                    record = (file, first + j if first else 0, item)
                    errors.append(error_report(self.command, record, exc))
                    if skip:
                        continue
                    result = ""
            results.append(result)
        text = "\n".join(results) + "\n" if results else ""
        return text, "".join(errors), bool(errors), None


def _cmd_compare(args: argparse.Namespace) -> int:
    try:
        same = iri.equivalent(
            args.a, args.b, level=args.level, ignore_fragment=args.ignore_fragment
        )
    except IRIError as exc:
        complain(f"iri compare: {exc}")
        return EXIT_USAGE
    without = ", fragments ignored" if args.ignore_fragment else ""
    emit(f"{'equivalent' if same else 'not equivalent'} (level {args.level}{without})")
    return EXIT_OK if same else EXIT_FAILED
