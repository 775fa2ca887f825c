"""Where the ``iri`` command's items come from: its arguments, files, or the lines of stdin.

Each item is a *record* ``(file, line, text)``: ``file`` is the name to show (``None`` for
a single input and for arguments), ``line`` the 1-based line number (0 for an argument).
Only the line end (``"\\n"`` or ``"\\r\\n"``) is removed from a line: any other whitespace,
and a lone ``"\\r"``, belongs to the item.

Decoding: UTF-8 whatever the locale, or ``--encoding`` (an Encoding Standard label, read by
the one resolver :func:`iri.convert.charsets.lookup`: ``utf-16`` is UTF-16LE, ``latin1``
windows-1252); a file that starts with a UTF-8, UTF-16 or UTF-32 byte order mark is decoded
by that BOM (which is not part of the first item). A byte that cannot be decoded becomes a
lone surrogate (as ``surrogateescape``: byte 0xFF becomes U+DCFF; in UTF-16 and UTF-32,
bytes below 0x80 too), so that the item stays exact and ``check`` reports the character at
its position; the line is also reported on stderr (:func:`chunks` calls ``on_bad_line``).
"""

from __future__ import annotations

import codecs
import os
import re
import sys
from collections.abc import Callable, Iterator

from iri.convert.charsets import lookup

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)

if TYPE_CHECKING:
    import argparse
    from typing import IO, Final, TypeVar

    T = TypeVar("T")

#: (file name or None, 1-based line number or 0 for an argument, the item)
Record = tuple[str | None, int, str]

STDIN: Final = "-"
#: An undecodable byte, kept as a lone surrogate (compiled when first needed: start-up).
_UNDECODED: Final = "[\udc00-\udcff]"
#: The error handler of the input decoders (:func:`_escape_counted`).
_HANDLER: Final = "iri.cli.undecoded"
#: Calls of the handler so far, in a one-item list (the input is read by one thread at a time).
_ESCAPES: Final = [0]


def _escape_counted(exc: UnicodeError) -> tuple[str, int]:
    """Byte ``0xNN`` that cannot be decoded becomes U+DCNN, as ``surrogateescape`` does, but
    for any byte (UTF-16 and UTF-32 find bytes below 0x80 undecodable too: a lone surrogate),
    and the call is counted (:data:`_ESCAPES`): a block of clean input is never searched."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    _ESCAPES[0] += 1
    return "".join(chr(0xDC00 + byte) for byte in exc.object[exc.start : exc.end]), exc.end


codecs.register_error(_HANDLER, _escape_counted)
#: (BOM, the Python codec that reads a stream starting with it, the name shown in reports).
#: The Encoding Standard sniffs the UTF-8 and UTF-16 BOMs ("decode", 4.1); UTF-32 is ours.
#: The longest BOM first: the UTF-32-LE BOM starts with the UTF-16-LE one.
_BOMS: Final = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32LE"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32BE"),
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16LE"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16BE"),
)


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


def bom_encoding(stream: IO[bytes]) -> tuple[str, str] | None:
    """For a byte order mark at the start of ``stream``: the Python codec that reads the
    stream (BOM included) and the encoding's name in reports; else ``None``."""
    peek = getattr(stream, "peek", None)
    if peek is None:
        return None
    head: bytes = peek(4)[:4]
    for bom, codec, name in _BOMS:
        if head.startswith(bom):
            return codec, name
    return None


#: Bytes asked of the input per read. ``read1`` returns what is there (a line typed at a
#: terminal at once), up to this much.
BLOCK: Final = 1 << 15
#: Lines per chunk at most: in practice, a chunk is what one read gave.
CHUNK: Final = 2000

#: (file name or None, line number of the first text or 0 for arguments, the texts)
Chunk = tuple[str | None, int, list[str]]


def stream_chunks(
    stream: IO[bytes],
    file: str | None,
    encoding: str | None,
    on_bad_line: Callable[[BadLine], None],
    on_progress: Callable[[int], None] | None,
    *,
    block_size: int = BLOCK,
) -> Iterator[Chunk]:
    """The lines of ``stream`` in chunks: blocks decoded whole, split on ``"\n"``.

    One incremental decoder for every encoding (UTF-16 and UTF-32 too: their line ends are
    found after decoding); a line is complete when its ``"\n"`` has been read, so a block
    that ends inside a line or a character carries the rest over to the next one.
    """
    bom = bom_encoding(stream)
    if bom is not None:
        codec, shown = bom
        decode = codecs.getincrementaldecoder(codec)(_HANDLER).decode
    else:  # the label as the Encoding Standard reads it ("utf-16": UTF-16LE)
        chosen = lookup(encoding or "utf-8")
        shown = chosen.name
        decode = chosen.incremental_decoder(_HANDLER).decode
    read = getattr(stream, "read1", stream.read)
    number = 1  # of the first line not yet yielded
    position = 0
    pending: list[str] = []  # the text read since the last "\n" (a long line: many blocks)
    escaped = False  # an undecodable byte in pending or text, not yet reported
    while True:
        block = read(block_size)
        position += len(block)
        before = _ESCAPES[0]
        text = decode(block, final=not block)
        if _ESCAPES[0] != before:
            escaped = True
        if block and "\n" not in text:
            pending.append(text)
            continue
        if pending:
            pending.append(text)
            text = "".join(pending)
            pending = []
        lines, rest = split_lines(text)
        if not block:
            if rest:
                lines.append(rest)
        elif rest:
            pending.append(rest)
        if escaped:
            report_undecoded(lines, file, number, shown, on_bad_line)
            escaped = bool(pending)  # the rest of a line may hold one too: searched when whole
        yield from in_chunks(file, number, lines)
        number += len(lines)
        if on_progress is not None:
            on_progress(position)
        if not block:
            return


def split_lines(text: str) -> tuple[list[str], str]:
    """The lines of ``text`` that end in ``"\\n"`` (without their line end: ``"\\n"`` or
    ``"\\r\\n"``, as :func:`strip_eol`), and the text after the last ``"\\n"``."""
    lines = text.split("\n")
    rest = lines.pop()  # after the last "\n": a line still being read, or the last one
    if "\r" in text:  # a "\r" before the "\n" is part of the line end
        lines = [line[:-1] if line[-1:] == "\r" else line for line in lines]
    return lines, rest


def in_chunks(file: str | None, number: int, lines: list[str]) -> Iterator[Chunk]:
    """``lines``, the first numbered ``number``, in chunks of at most :data:`CHUNK`."""
    for i in range(0, len(lines), CHUNK):
        yield file, number + i, lines[i : i + CHUNK]


def decode_counted(data: bytes) -> tuple[str, bool]:
    """UTF-8 ``data`` decoded with the readers' error handler, and whether a byte was
    undecodable."""
    before = _ESCAPES[0]
    text = data.decode("utf-8", _HANDLER)
    return text, _ESCAPES[0] != before


def report_undecoded(
    lines: list[str],
    file: str | None,
    number: int,
    shown: str,
    on_bad_line: Callable[[BadLine], None],
) -> None:
    """Report each line holding an undecodable byte (a lone surrogate U+DC00..U+DCFF);
    ``lines`` start at line ``number``, ``shown`` is the encoding's name in the report."""
    for i, line in enumerate(lines):
        if not line.isascii():
            m = re.search(_UNDECODED, line)
            if m is not None:
                byte = ord(m.group()) - 0xDC00
                on_bad_line(BadLine(file, number + i, m.start(), byte, shown))


def _ignore(bad: BadLine) -> None:
    del bad


def chunks(
    args: argparse.Namespace,
    name: str = "items",
    on_bad_line: Callable[[BadLine], None] = _ignore,
    on_progress: Callable[[int], None] | None = None,
) -> Iterator[Chunk]:
    """The items of a command line in chunks: its items, else its ``--input`` files, else
    stdin. Each chunk has the lines of one file only, at most :data:`CHUNK` of them.

    ``on_progress`` (when given) receives the number of bytes read so far in the current
    file, after each block.
    """
    encoding: str | None = getattr(args, "encoding", None)

    def read(stream: IO[bytes], file: str | None) -> Iterator[Chunk]:
        return stream_chunks(stream, file, encoding, on_bad_line, on_progress)

    return read_inputs(args, name, read)


def file_hint(args: argparse.Namespace, item: str) -> None:
    """A lone item that names an existing file is still an item (``iri check urls.txt``
    checks the text ``urls.txt``); say on stderr how to read the file instead."""
    try:
        is_file = os.path.isfile(item)
    except (ValueError, OSError):  # a NUL or a name too long for the OS: not a file
        is_file = False
    if is_file:
        command = getattr(args, "command", None) or "COMMAND"
        sys.stderr.write(
            f"iri {command}: note: {item!r} is taken as an item, not read as a file;"
            f" to read its lines: iri {command} -i {item}\n"
        )


def read_inputs(
    args: argparse.Namespace, name: str, read: Callable[[IO[bytes], str | None], Iterator[T]]
) -> Iterator[Chunk | T]:
    """What :func:`chunks` gives, with ``read(stream, file name or None)`` reading each
    input file (and stdin, when it has bytes below it)."""
    given: list[str] = getattr(args, name)
    if given:
        if len(given) == 1:
            file_hint(args, given[0])
        yield None, 0, list(given)
        return
    files: list[str] = getattr(args, "input", None) or [STDIN]
    several = len(files) > 1
    for path in files:
        if path == STDIN:
            buffer = getattr(sys.stdin, "buffer", None)
            if buffer is not None:
                yield from read(buffer, None)
            else:  # a text stream without bytes below it (io.StringIO in tests)
                for number, line in enumerate(sys.stdin, 1):
                    yield None, number, [strip_eol(line)]
            continue
        with open(path, "rb") as stream:
            yield from read(stream, path if several else None)
