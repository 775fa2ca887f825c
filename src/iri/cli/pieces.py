"""The input of ``--jobs N`` as undecoded *pieces*: whole lines of UTF-8 bytes.

With several jobs the main process only cuts the input into pieces (a read, a search for
the last ``"\\n"``, a count of the line ends); each worker decodes and splits its piece
(:func:`chunks_of`), so that the main process, which also writes every result, is not the
bottleneck for work of a few microseconds a line. A piece is cut after a ``"\\n"`` byte,
which in UTF-8 is never part of another character, so each piece decodes alone.

Other encodings (``--encoding``, a UTF-16 or UTF-32 byte order mark), arguments and text
streams without bytes below them are read as decoded chunks (:func:`iri.cli.inputs.chunks`):
the same lines, numbers and reports either way.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterator

from iri.cli.inputs import (
    BadLine,
    Chunk,
    bom_encoding,
    decode_counted,
    in_chunks,
    read_inputs,
    report_undecoded,
    split_lines,
    stream_chunks,
)
from iri.convert.charsets import UTF_8, lookup

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)

if TYPE_CHECKING:
    import argparse
    from typing import IO, Final

#: (file name or None, number of its first line, whole lines of UTF-8: each ends in
#: ``b"\\n"`` but perhaps the last line of the input)
Piece = tuple[str | None, int, bytes]

#: Bytes read at a time for pieces: a piece is what one read gave up to its last ``"\\n"``
#: (a longer line: as many reads as it takes).
PIECE: Final = 1 << 18


def pieces(
    args: argparse.Namespace,
    on_bad_line: Callable[[BadLine], None],
    on_progress: Callable[[int], None] | None = None,
    *,
    size: int = PIECE,
) -> Iterator[Chunk | Piece]:
    """The items of ``args`` as :func:`iri.cli.inputs.chunks` gives them, except that UTF-8
    input comes as pieces (``on_bad_line`` only hears of the lines of decoded chunks: a
    piece's are found by :func:`chunks_of`)."""
    encoding: str | None = getattr(args, "encoding", None)

    def read(stream: IO[bytes], file: str | None) -> Iterator[Chunk | Piece]:
        bom = bom_encoding(stream)
        utf8 = lookup(encoding or "utf-8") is UTF_8 if bom is None else bom[1] == UTF_8.name
        if not utf8:
            return stream_chunks(stream, file, encoding, on_bad_line, on_progress)
        if bom is not None:
            stream.read(len(codecs.BOM_UTF8))  # not part of the first item
        return _pieces(stream, file, on_progress, size)

    return read_inputs(args, "items", read)


def _pieces(
    stream: IO[bytes],
    file: str | None,
    on_progress: Callable[[int], None] | None,
    size: int,
) -> Iterator[Piece]:
    read = getattr(stream, "read1", stream.read)
    number = 1  # of the first line not yet yielded
    position = 0
    pending: list[bytes] = []  # the bytes read since the last "\n" (a long line: many reads)
    while True:
        block = read(size)
        position += len(block)
        if not block:  # the end; what is pending is a last line without "\n"
            if pending:
                yield file, number, b"".join(pending)
            return
        end = block.rfind(b"\n") + 1
        if not end:
            pending.append(block)
            continue
        pending.append(block[:end])
        data = b"".join(pending)
        pending = [block[end:]] if end < len(block) else []
        lines = data.count(b"\n")
        yield file, number, data
        number += lines
        if on_progress is not None:
            on_progress(position)


def chunks_of(piece: Chunk | Piece, on_bad_line: Callable[[BadLine], None]) -> Iterator[Chunk]:
    """The chunks of a piece (decoded, split, each line with an undecodable byte reported),
    or a decoded chunk as it is."""
    file, number, data = piece
    if isinstance(data, list):
        yield file, number, data
        return
    text, escaped = decode_counted(data)
    lines, rest = split_lines(text)
    if rest:
        lines.append(rest)
    if escaped:
        report_undecoded(lines, file, number, UTF_8.name, on_bad_line)
    yield from in_chunks(file, number, lines)
