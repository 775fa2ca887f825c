"""The ``iri`` command's argument parser: the top level and the list of subcommand groups.

Registration convention (also in docs/design.md): each group of subcommands is one module of
:mod:`iri.cli` that defines::

    def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None

which adds its subparsers (:func:`command` does the common part) and gives each one
``set_defaults(func=handler)``, where ``handler(args: argparse.Namespace) -> int`` returns the
exit status, and a tuple ``COMMANDS`` of the subcommand names it adds (optional, for
start-up time: with it, ``iri check ...`` builds only the group that defines ``check``).
:func:`parser` imports the modules named in :data:`GROUPS`, in that order (the order of
``iri --help``). A new group is a new module plus one line in :data:`GROUPS`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Any, Final

GROUPS: Final = (
    "iri.cli.syntax",  # check, parse
    "iri.cli.resolution",  # resolve, relativize
    "iri.cli.convert",  # to-uri, to-iri
    "iri.cli.ladder",  # normalize, compare
    "iri.cli.extract",  # extract, format-link
    "iri.cli.schemes",  # scheme, from-path, to-path
    "iri.cli.liberal",  # preprocess, lenient, from-leiri, from-href
    "iri.cli.safety",  # display, audit
    "iri.cli.demo",  # demo
)

EPILOG: Final = """\
Items come from the arguments or, when there are none, one per line from the --input files
or standard input (only the "\\n" or "\\r\\n" line end is removed; UTF-8 unless --encoding
or a byte order mark says otherwise). Findings carry the line number (FILE:LINE: with
several files). Put "--" before items that start with "-". "iri COMMAND --help" for more.

examples:
  iri check 'http://résumé.example.org/東京?q=ü'
  iri check -q --errors-only -i urls.txt           only the invalid lines, with line numbers
  iri check --json -i a.txt -i b.txt > report.jsonl  JSON Lines with "file" and "line"
  iri resolve 'http://a/b/c/d;p?q' ../g '?y'
  iri to-uri --jobs 4 -i iris.txt > uris.txt       four processes, output in input order
  iri normalize --unique --level scheme < urls.txt  drop equivalent duplicates
  iri compare 'HTTP://Example.org/%7e' 'http://example.org/~' && echo same
  iri extract --json notes.txt                     the links in running text (UTS #58)
  iri scheme 'mailto:a@bücher.example?subject=Hi'  scheme-specific values as JSON
  iri from-path --flavour windows 'C:\\Users\\Zoë\\a b.txt'
  iri lenient --json 'http://example.org/a b|c'    liberal input repaired, repairs as data
  iri from-href --base http://example.org/a/b '../c d?q=é'   as a browser reads it
  iri display 'http://xn--99zt52a.example.org/%E2%80%AE'     as a person should see it
  iri audit -i urls.txt; echo $?                   spoofing audit: 0 clean, 3 warning, 4 danger

exit status:
  0    every item passed (warnings do not fail); compare: equivalent; extract: found links
  1    an item failed (invalid, not convertible, undecodable bytes); compare: not
       equivalent; extract: no link found
  2    usage error (unknown option, encoding or charset, unreadable file)
  3, 4 audit only: the highest level found is warning (3) or danger (4)
  130  interrupted (Ctrl-C)
  141  standard output closed early (iri check -i big.txt | head): quiet, like SIGPIPE
See docs/cli.md for every command.
"""

Handler = Callable[[argparse.Namespace], int]
SubParsers = argparse._SubParsersAction  # argparse has no public name for it


def _columns() -> int:
    """The terminal width, as ``shutil.get_terminal_size().columns`` finds it, without
    importing :mod:`shutil` (and the compression modules it imports): argparse asks for
    the width on every ``add_argument``, so ``iri check URL`` would pay for it."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Width:
    """A help formatter mix-in: the width of :func:`_columns` (argparse's default: the
    terminal width minus 2)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)  # type: ignore[call-arg]


class HelpFormatter(_Width, argparse.HelpFormatter):
    """argparse's default help formatter, without importing :mod:`shutil`."""


class RawDescriptionHelpFormatter(_Width, argparse.RawDescriptionHelpFormatter):
    """argparse's raw-description help formatter, without importing :mod:`shutil`."""


class SubcommandParser(argparse.ArgumentParser):
    """The parser of a subcommand: an option it does not know is its own usage error, with
    its own usage line (``iri check --bogus`` prints ``usage: iri check ...``), where
    argparse would leave it to the top-level parser and print ``usage: iri COMMAND ...``."""

    def parse_known_args(  # type: ignore[override]
        self, args: list[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def command(
    sub: SubParsers[argparse.ArgumentParser], name: str, func: Handler, text: str
) -> argparse.ArgumentParser:
    """Add the subcommand ``name`` running ``func``, with ``text`` as its help."""
    p = sub.add_parser(name, help=text, description=text, formatter_class=HelpFormatter)
    p.set_defaults(func=func)
    return p


def items_argument(p: argparse.ArgumentParser, metavar: str = "ITEM", dest: str = "items") -> None:
    """The positional items (none: the lines of the ``--input`` files or of stdin), and the
    options of every command that works on items: ``--input``, ``--encoding``, ``--jobs``,
    ``--progress`` (read by :mod:`iri.cli.inputs` and :mod:`iri.cli.batch`)."""
    p.add_argument(dest, nargs="*", metavar=metavar, help="default: lines of --input or stdin")
    p.add_argument(
        "-i",
        "--input",
        action="append",
        metavar="FILE",
        help='read items from FILE, one per line ("-": stdin); repeat for several files',
    )
    p.add_argument(
        "--encoding",
        metavar="NAME",
        help="encoding of the input lines (default UTF-8; a BOM wins: UTF-8/16/32)",
    )
    jobs_options(p)


def jobs_options(p: argparse.ArgumentParser) -> None:
    """``--jobs`` and ``--progress`` (read by :mod:`iri.cli.batch`)."""
    from iri.cli.batch import Progress, jobs_count

    p.add_argument(
        "-j",
        "--jobs",
        type=jobs_count,
        default=1,
        metavar="N",
        help="processes to use (default 1; 0: one per CPU); output stays in input order",
    )
    p.add_argument(
        "--progress",
        choices=[str(m) for m in Progress],
        default="auto",
        help="progress bar on stderr (auto: when stderr is a terminal and input is files)",
    )


def aligned_option(p: argparse.ArgumentParser) -> None:
    """``--skip-invalid``, for the commands whose text output is one line per item: by
    default a failed item leaves an empty line, so that output line N is input line N."""
    p.add_argument(
        "--skip-invalid",
        action="store_true",
        help="write no line for a failed item (default: an empty line, so that output line N"
        " is the result of input line N; the error goes to stderr with its line number)",
    )


def json_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="JSON Lines, one object per item")


class _Version(argparse.Action):
    """``--version``: the version and which core is in use, ``native core`` (the compiled
    ``iri._native``) or ``pure Python`` (not built, or ``IRI_NO_EXTENSIONS`` set); decided
    only when asked (loading the core is no part of the start-up of other commands)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        import iri

        mode = "native core" if iri.NATIVE else "pure Python"
        sys.stdout.write(f"iri {iri.__version__} ({mode})\n")
        parser.exit(0)


def parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser: top-level options, then the subcommands (those ``argv`` needs, if given)."""
    top = argparse.ArgumentParser(
        prog="iri",
        description=(
            "Check, parse, resolve, convert and compare IRIs (RFC 3987 / 3987bis); find them"
            " in text, repair liberal input, show and audit them."
        ),
        epilog=EPILOG,
        formatter_class=RawDescriptionHelpFormatter,
    )
    top.add_argument("--version", action=_Version, help="show the version and the core in use")
    sub = top.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=SubcommandParser
    )
    for module in _groups(argv):
        module.register(sub)
    return top


def _groups(argv: list[str] | None) -> list[Any]:
    """The group modules to register: only the one that defines the command of ``argv``
    (start-up time: building every subparser costs more than running one check), else all
    of them (``--help``, a usage error, a group without a ``COMMANDS`` tuple).

    The groups are imported in order up to the one that defines the command, so that
    ``iri check`` imports only the first group."""
    command = next((a for a in argv or () if not a.startswith("-")), None)
    if command is not None and argv is not None and "-h" not in argv and "--help" not in argv:
        for name in GROUPS:
            module = importlib.import_module(name)
            if command in getattr(module, "COMMANDS", ()):
                return [module]
    return [importlib.import_module(name) for name in GROUPS]
