"""The ``iri`` command: check, parse, resolve, convert and compare IRIs from the shell.

Every subcommand takes its items as arguments or, when none are given, one per line on
standard input (see :mod:`iri.cli.inputs`); results go out as text or JSON Lines (see
:mod:`iri.cli.output`). The subcommands live in one module per group, registered in
:mod:`iri.cli._parser`.

Exit status: 0 when every item passed, 1 when an item failed (an error-severity violation,
a conversion or resolution error; for ``compare``: not equivalent; for ``extract``: no link
found), 2 on usage errors, 3 and 4 for ``audit`` (the highest level found: warning,
danger), 141 when the reader of standard output went away (``iri check < big | head``).
See ``docs/cli.md``.
"""

from __future__ import annotations

import io
import os
import sys

from iri.cli._parser import parser
from iri.cli.output import EXIT_BROKEN_PIPE, EXIT_USAGE

__all__ = ["main"]


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
        args = parser(argv).parse_args(argv)
    except SystemExit as exc:  # --help, --version (0) and usage errors (2)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        status: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return 128 + 2
    return status
