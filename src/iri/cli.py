"""The ``iri`` command: check, parse, resolve, convert and compare IRIs from the shell.

Every subcommand takes its items as arguments or, when none are given, one per line on
standard input. Only the line end (``"\\n"`` or ``"\\r\\n"``) is removed from a line: any
other whitespace belongs to the item and is checked like every other character. Standard
input is read as bytes and decoded as UTF-8 whatever the locale; an undecodable byte
becomes a lone surrogate (``surrogateescape``), which ``check`` reports as an invalid
character at its position instead of crashing. Output is UTF-8; a lone surrogate is written
as a ``\\udcXX`` escape, so the output is always valid UTF-8.

Exit status: 0 when every item passed, 1 when an item failed (an error-severity violation,
a conversion or resolution error; for ``compare``: not equivalent), 2 on usage errors,
141 when the reader of
standard output went away (``iri check < big | head``). See ``docs/cli.md``.
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from importlib import resources
from typing import Any, Final, cast

import iri
from iri._report import STATUS_WIDTH, report, shown
from iri.errors import IDNAError, InvalidIRI, IRIError
from iri.violations import Severity, Violation

__all__ = ["main"]

EXIT_OK: Final = 0
EXIT_FAILED: Final = 1
EXIT_USAGE: Final = 2
EXIT_BROKEN_PIPE: Final = 128 + 13  # what a shell reports for a process killed by SIGPIPE

_COMPONENTS: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


# -- output --------------------------------------------------------------------------------


def _safe(text: str) -> str:
    """Escape lone surrogates (``\\udcff``) so that ``text`` can be written as UTF-8."""
    if text.isascii():
        return text
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _emit(line: str) -> None:
    sys.stdout.write(_safe(line) + "\n")


def _emit_json(obj: dict[str, object]) -> None:
    # ensure_ascii=False keeps the IRIs readable; _safe turns a lone surrogate (which
    # json.dumps leaves raw in that mode) into a JSON \u escape.
    _emit(json.dumps(obj, ensure_ascii=False))


def _complain(line: str) -> None:
    sys.stderr.write(_safe(line) + "\n")


def _error_dict(exc: IRIError) -> dict[str, object]:
    """JSON form of a library error: its type, first message line and its data."""
    out: dict[str, object] = {"type": type(exc).__name__, "message": str(exc).split("\n")[0]}
    if isinstance(exc, InvalidIRI):
        out["violations"] = [v.to_dict() for v in exc.violations]
    elif isinstance(exc, IDNAError):
        out.update(host=exc.host, label=exc.label, position=exc.position, reason=exc.reason)
    return out


def _complain_error(command: str, item: str, exc: IRIError) -> None:
    if isinstance(exc, InvalidIRI):
        for line in report(item, exc.violations):
            _complain(line)
    else:
        _complain(f"iri {command}: {shown(item)}: {exc}")


# -- input ---------------------------------------------------------------------------------


def _strip_eol(line: str) -> str:
    """Remove one ``"\\n"`` or ``"\\r\\n"`` line end, nothing else."""
    if line.endswith("\n"):
        line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
    return line


def _stdin_lines() -> Iterator[str]:
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        # Bytes split on b"\n" only (a lone "\r" stays in its item), decoded as UTF-8
        # whatever the locale says.
        for raw in buffer:
            yield _strip_eol(raw.decode("utf-8", "surrogateescape"))
    else:  # a text stream without bytes below it (io.StringIO in tests)
        for line in stream:
            yield _strip_eol(line)


def _items(args: argparse.Namespace, name: str = "items") -> Iterable[str]:
    given: list[str] = getattr(args, name)
    return given if given else _stdin_lines()


# -- subcommands ---------------------------------------------------------------------------


def _cmd_check(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for item in _items(args):
        violations = iri.check(item, rule=args.rule, zone_id=args.zone_id)
        valid = not any(v.severity == Severity.ERROR for v in violations)
        if not valid:
            status = EXIT_FAILED
        if args.errors_only:
            violations = [v for v in violations if v.severity == Severity.ERROR]
        if args.json:
            _emit_json(
                {"input": item, "valid": valid, "violations": [v.to_dict() for v in violations]}
            )
        elif violations or not args.quiet:
            for line in report(item, violations):
                _emit(line)
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


def _parse_lines(item: str, rule: str, zone_id: str) -> tuple[bool, list[str]]:
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
    for item in _items(args):
        if args.json:
            parts, violations = _parsed(item, args.rule, args.zone_id)
            ok = parts is not None
            _emit_json(
                {
                    "input": item,
                    "valid": ok,
                    "components": parts,
                    "violations": [v.to_dict() for v in violations],
                }
            )
        else:
            ok, lines = _parse_lines(item, args.rule, args.zone_id)
            for line in lines:
                _emit(line)
        if not ok:
            status = EXIT_FAILED
    return status


def _each(
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
                _emit_json({**fields(item), "result": None, "error": _error_dict(exc)})
            else:
                _complain_error(args.command, item, exc)
            continue
        if result is None:
            continue
        if args.json:
            _emit_json({**fields(item), "result": result})
        else:
            _emit(result)
    return status


def _base(args: argparse.Namespace) -> str | None:
    """The validated base (RFC 3986 5.1: absolute, fragment ignored), or None."""
    try:
        iri.parse(args.base, rule=iri.Rule.IRI)
    except InvalidIRI as exc:
        _complain(f"iri {args.command}: the base must be an absolute IRI (rule IRI)")
        _complain_error(args.command, args.base, exc)
        return None
    return str(args.base)


def _cmd_resolve(args: argparse.Namespace) -> int:
    base = _base(args)
    if base is None:
        return EXIT_FAILED

    def one(reference: str) -> str:
        iri.parse(reference)  # resolution validates nothing: refuse invalid references
        return iri.resolve(base, reference)

    return _each(args, _items(args), lambda r: {"base": base, "reference": r}, one)


def _cmd_relativize(args: argparse.Namespace) -> int:
    base = _base(args)
    if base is None:
        return EXIT_FAILED

    def one(target: str) -> str:
        iri.parse(target, rule=iri.Rule.IRI)
        return iri.relativize(target, base)

    return _each(args, _items(args), lambda t: {"base": base, "target": t}, one)


def _cmd_to_uri(args: argparse.Namespace) -> int:
    if args.charset is not None:
        try:
            codecs.lookup(args.charset)
        except LookupError:
            _complain(f"iri to-uri: unknown charset {args.charset!r}")
            return EXIT_USAGE

    def one(text: str) -> str:
        return iri.to_uri(text, host=args.host, charset=args.charset)

    return _each(args, _items(args), lambda t: {"input": t}, one)


def _cmd_to_iri(args: argparse.Namespace) -> int:
    return _each(args, _items(args), lambda t: {"input": t}, iri.to_iri)


def _cmd_normalize(args: argparse.Namespace) -> int:
    seen: set[str] = set()  # one comparison key per distinct item, nothing more

    def one(text: str) -> str | None:
        if args.unique:
            k = iri.key(text, args.level)
            if k in seen:
                return None
            seen.add(k)
        return iri.normalize(text, level=args.level)

    return _each(args, _items(args), lambda t: {"input": t}, one)


def _cmd_compare(args: argparse.Namespace) -> int:
    try:
        same = iri.equivalent(args.a, args.b, level=args.level)
    except IRIError as exc:
        _complain(f"iri compare: {exc}")
        return EXIT_USAGE
    _emit(f"{'equivalent' if same else 'not equivalent'} (level {args.level})")
    return EXIT_OK if same else EXIT_FAILED


# -- demo ----------------------------------------------------------------------------------

_DEMO_HEADER: Final = """\
iri demo: `iri check` over the sample shipped with the package (iri/data/sample.txt).
Each line is checked against the IRI-reference rule of RFC 3987 and starts with
  ok       valid
  warning  valid, but breaks a SHOULD of the specs
  invalid  breaks the grammar or a MUST
Under it, a caret line per finding: severity, code, [spec section], message.
Control and bidi formatting characters are drawn as visible stand-ins (a tab as \u2409,
U+202E as \ufffd) so that they can neither hide nor reorder the line."""


def _sample() -> Iterator[str]:
    """The sample's items. In this file only: "# " lines are comments, blank lines skipped.

    ("# text" is never an IRI reference, because a space is not allowed in a fragment; a
    bare "#frag" is one, which is why ``check`` itself has no comment convention.)
    """
    text = resources.files("iri").joinpath("data/sample.txt").read_text(encoding="utf-8")
    for line in text.split("\n"):
        if line and not line.startswith("# "):
            yield line


def _cmd_demo(args: argparse.Namespace) -> int:
    _emit(_DEMO_HEADER)
    _emit("")
    counts = dict.fromkeys(("ok", "warning", "invalid"), 0)
    for item in _sample():
        lines = report(item, iri.check(item))
        counts[lines[0][:STATUS_WIDTH].strip()] += 1
        for line in lines:
            _emit(line)
    ok, warned, invalid = counts["ok"], counts["warning"], counts["invalid"]
    total = ok + warned + invalid
    _emit(f"\n{total} references: {ok} ok, {warned} with warnings only, {invalid} invalid")

    example = "http://user@résumé.example.org:8080/東京/駅?q=ü#frag"
    _emit(f"\n$ iri parse '{example}'")
    for line in _parse_lines(example, iri.Rule.IRI_REFERENCE, iri.ZoneID.REJECT)[1]:
        _emit(line)

    base = "http://résumé.example.org/東京/駅?q=ü"
    demos: list[tuple[str, Callable[[str], str], tuple[str, ...]]] = [
        (f"resolve '{base}'", lambda r: iri.resolve(base, r),
         ("../大阪", "?q=ö", "#出口", "//例え.jp/")),
        ("to-uri", iri.to_uri, ("http://résumé.example.org/東京?q=ü",)),
        ("to-iri", iri.to_iri, ("http://xn--rsum-bpad.example.org/%E6%9D%B1%E4%BA%AC%E2%80%AE",)),
        ("normalize --level scheme", lambda t: iri.normalize(t, level="scheme"),
         ("HTTP://Résumé.example.org:80/%7e/./東京",)),
    ]  # fmt: skip
    for shown_command, func, items in demos:
        _emit(f"\n$ iri {shown_command} {' '.join(repr(i) for i in items)}")
        for item in items:
            try:
                _emit(func(item))
            except IRIError as exc:
                _emit(f"{item}: {exc}")
    return EXIT_OK


# -- the parser ----------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="iri",
        description="Check, parse, resolve, convert and compare IRIs (RFC 3987 / 3987bis).",
        epilog="Items come from the arguments or, when there are none, one per line from "
        'standard input (only the "\\n" or "\\r\\n" line end is removed). Put "--" before '
        'items that start with "-". Exit status: 0 all passed, 1 an item failed, 2 usage.',
    )
    parser.add_argument("--version", action="version", version=f"iri {iri.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    rules = [str(r) for r in iri.Rule]
    zones = [str(z) for z in iri.ZoneID]

    def command(name: str, func: Callable[[argparse.Namespace], int], text: str) -> Any:
        p = sub.add_parser(name, help=text, description=text)
        p.set_defaults(func=func)
        return p

    def items(p: argparse.ArgumentParser, metavar: str = "ITEM", dest: str = "items") -> None:
        p.add_argument(dest, nargs="*", metavar=metavar, help="default: lines of stdin")

    def json_option(p: argparse.ArgumentParser) -> None:
        p.add_argument("--json", action="store_true", help="JSON Lines, one object per item")

    p = command("check", _cmd_check, "report every violation, with a caret under it")
    p.add_argument("--rule", choices=rules, default="IRI_reference")
    p.add_argument("--zone-id", choices=zones, default="reject", help="RFC 6874 zone ids")
    p.add_argument("--errors-only", action="store_true", help="do not report warnings")
    p.add_argument("-q", "--quiet", action="store_true", help="do not list items without remarks")
    json_option(p)
    items(p)

    p = command("parse", _cmd_parse, "show the components of each item")
    p.add_argument("--rule", choices=rules, default="IRI_reference")
    p.add_argument("--zone-id", choices=zones, default="reject", help="RFC 6874 zone ids")
    json_option(p)
    items(p)

    p = command("resolve", _cmd_resolve, "resolve references against BASE (RFC 3986 5.2)")
    p.add_argument("base", metavar="BASE")
    json_option(p)
    items(p, "REF")

    p = command("relativize", _cmd_relativize, "shortest reference from BASE to each TARGET")
    p.add_argument("base", metavar="BASE")
    json_option(p)
    items(p, "TARGET")

    p = command("to-uri", _cmd_to_uri, "map IRIs to URIs (RFC 3987 3.1)")
    p.add_argument("--host", choices=["auto", "idna", "percent"], default="auto")
    p.add_argument("--charset", metavar="NAME", help="document charset for http(s) queries")
    json_option(p)
    items(p)

    p = command("to-iri", _cmd_to_iri, "turn URIs into IRIs, decoding only what is safe")
    json_option(p)
    items(p)

    p = command("normalize", _cmd_normalize, "normalize (RFC 3987 5.3)")
    p.add_argument("--level", choices=["syntax", "scheme"], default="syntax")
    p.add_argument("--unique", action="store_true", help="drop items equivalent to an earlier one")
    json_option(p)
    items(p)

    p = command("compare", _cmd_compare, "exit 0 if A and B are equivalent, 1 if not")
    p.add_argument("--level", choices=["simple", "syntax", "scheme"], default="syntax")
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")

    command("demo", _cmd_demo, "check the packaged sample and show the other commands")
    return parser


def _utf8_streams() -> None:
    """Write UTF-8 whatever the locale; never fail on a character (stdin is read as bytes)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors="backslashreplace")


def _silence_stdout() -> None:
    """After a broken pipe: point stdout at devnull so the exit-time flush stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the ``iri`` command and return its exit status.

    ``argv=None`` means the real command line: its arguments are read back as UTF-8 (from
    the bytes the OS gave) and stdout/stderr are switched to UTF-8.
    """
    if argv is None:
        _utf8_streams()
        argv = [os.fsencode(a).decode("utf-8", "surrogateescape") for a in sys.argv[1:]]
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version (0) and usage errors (2)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        status = cast(int, args.func(args))
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return 128 + 2
    return status
