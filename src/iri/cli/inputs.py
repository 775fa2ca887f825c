"""Where the ``iri`` command's items come from: its arguments, or the lines of stdin.

Only the line end (``"\\n"`` or ``"\\r\\n"``) is removed from a line: any other whitespace
belongs to the item. Standard input is read as bytes and decoded as UTF-8 whatever the
locale; an undecodable byte becomes a lone surrogate (``surrogateescape``), which ``check``
reports as an invalid character at its position instead of crashing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def strip_eol(line: str) -> str:
    """Remove one ``"\\n"`` or ``"\\r\\n"`` line end, nothing else."""
    if line.endswith("\n"):
        line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
    return line


def stdin_lines() -> Iterator[str]:
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        # Bytes split on b"\n" only (a lone "\r" stays in its item), decoded as UTF-8
        # whatever the locale says.
        for raw in buffer:
            yield strip_eol(raw.decode("utf-8", "surrogateescape"))
    else:  # a text stream without bytes below it (io.StringIO in tests)
        for line in stream:
            yield strip_eol(line)


def items(args: argparse.Namespace, name: str = "items") -> Iterable[str]:
    given: list[str] = getattr(args, name)
    return given if given else stdin_lines()
