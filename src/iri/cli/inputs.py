"""Where the ``iri`` command's items come from: its arguments, files, or the lines of stdin.

Each item is a *record* ``(file, line, text)``: ``file`` is the name to show (``None`` for
a single input and for arguments), ``line`` the 1-based line number (0 for an argument).
Only the line end (``"\\n"`` or ``"\\r\\n"``) is removed from a line: any other whitespace,
and a lone ``"\\r"``, belongs to the item.

Decoding: UTF-8 whatever the locale, or ``--encoding``; a file that starts with a UTF-8,
UTF-16 or UTF-32 byte order mark is decoded by that BOM (which is not part of the first
item). A byte that cannot be decoded becomes a lone surrogate (``surrogateescape``: byte
0xFF becomes U+DCFF), so that the item stays exact and ``check`` reports the character at
its position; the line is also reported on stderr (:func:`records` calls ``on_bad_line``).
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Final

if TYPE_CHECKING:
    import argparse

#: (file name or None, 1-based line number or 0 for an argument, the item)
Record = tuple[str | None, int, str]

STDIN: Final = "-"
_UNDECODED: Final = re.compile("[\udc80-\udcff]")
# The longest BOM first: the UTF-32-LE BOM starts with the UTF-16-LE one.
_BOMS: Final = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
#: How many lines between two progress updates.
PROGRESS_EVERY: Final = 4096


def strip_eol(line: str) -> str:
    """Remove one ``"\\n"`` or ``"\\r\\n"`` line end, nothing else."""
    if line.endswith("\n"):
        line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
    return line


class BadLine:
    """An input line with bytes that its encoding cannot decode (reported, then kept)."""

    __slots__ = ("byte", "column", "encoding", "file", "line")

    def __init__(self, file: str | None, line: int, column: int, byte: int, encoding: str):
        self.file, self.line, self.column, self.byte = file, line, column, byte
        self.encoding = encoding

    def __str__(self) -> str:
        return (
            f"{location(self.file, self.line)}not valid {self.encoding}: byte 0x{self.byte:02X}"
            f" at column {self.column + 1} (kept as U+{0xDC00 + self.byte:04X})"
        )


def location(file: str | None, line: int) -> str:
    """The ``FILE:LINE: `` (or ``LINE: ``) prefix of a finding; empty for an argument."""
    if not line:
        return ""
    return f"{line}: " if file is None else f"{file}:{line}: "


def _bom_encoding(stream: IO[bytes]) -> str | None:
    """The encoding named by a byte order mark at the start of ``stream``, if any."""
    peek = getattr(stream, "peek", None)
    if peek is None:
        return None
    head: bytes = peek(4)[:4]
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    return None


def _lines(
    stream: IO[bytes],
    file: str | None,
    encoding: str | None,
    on_bad_line: Callable[[BadLine], None],
) -> Iterator[Record]:
    chosen = _bom_encoding(stream) or encoding or "utf-8"
    name = codecs.lookup(chosen).name
    number = 0
    if name == "utf-8":
        # The fast path: bytes split on b"\n" only (a lone "\r" stays in its item).
        for read in stream:
            number += 1
            raw = read
            if raw.endswith(b"\n"):  # strip_eol, on bytes
                raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                text = raw.decode("utf-8", "surrogateescape")
                on_bad_line(BadLine(file, number, _column(text), raw[exc.start], "UTF-8"))
            yield file, number, text
        return
    # Any other encoding (UTF-16 and UTF-32 too): let the codec find the "\n" line ends.
    wrapper = io.TextIOWrapper(stream, encoding=chosen, errors="surrogateescape", newline="\n")
    shown = "UTF-16" if name.startswith("utf-16") else name.upper() if "utf" in name else name
    for text in wrapper:
        number += 1
        if not text.isascii():
            m = _UNDECODED.search(text)
            if m is not None:
                byte = ord(m.group()) - 0xDC00
                on_bad_line(BadLine(file, number, m.start(), byte, shown))
        yield file, number, strip_eol(text)
    wrapper.detach()


def _column(text: str) -> int:
    m = _UNDECODED.search(text)
    return m.start() if m is not None else 0


def _stdin_records(
    encoding: str | None, on_bad_line: Callable[[BadLine], None]
) -> Iterator[Record]:
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        yield from _lines(buffer, None, encoding, on_bad_line)
    else:  # a text stream without bytes below it (io.StringIO in tests)
        for number, line in enumerate(stream, 1):
            yield None, number, strip_eol(line)


def _ignore(bad: BadLine) -> None:
    del bad


def records(
    args: argparse.Namespace,
    name: str = "items",
    on_bad_line: Callable[[BadLine], None] = _ignore,
    on_progress: Callable[[int], None] | None = None,
) -> Iterator[Record]:
    """The records of a command line: its items, else its ``--input`` files, else stdin.

    ``on_progress`` (when given) receives the number of bytes read so far in the current
    file, every :data:`PROGRESS_EVERY` lines.
    """
    given: list[str] = getattr(args, name)
    if given:
        for text in given:
            yield None, 0, text
        return
    files: list[str] = getattr(args, "input", None) or [STDIN]
    encoding: str | None = getattr(args, "encoding", None)
    several = len(files) > 1
    for path in files:
        if path == STDIN:
            yield from _stdin_records(encoding, on_bad_line)
            continue
        with open(path, "rb") as stream:
            lines = _lines(stream, path if several else None, encoding, on_bad_line)
            if on_progress is None:
                yield from lines
            else:
                yield from _reporting(lines, stream, on_progress)


def _reporting(
    lines: Iterator[Record], stream: IO[bytes], on_progress: Callable[[int], None]
) -> Iterator[Record]:
    fd = stream.fileno()
    for i, record in enumerate(lines, 1):
        if not i % PROGRESS_EVERY:
            on_progress(os.lseek(fd, 0, os.SEEK_CUR))
        yield record
    on_progress(os.lseek(fd, 0, os.SEEK_CUR))


def items(args: argparse.Namespace, name: str = "items") -> Iterable[str]:
    """Just the texts of :func:`records` (for subcommands that need no line numbers)."""
    return (text for _, _, text in records(args, name))
