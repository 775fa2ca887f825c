"""``--jobs`` input as undecoded pieces (issue 12, throughput with several jobs).

The main process cuts UTF-8 input into pieces of whole lines; each worker decodes and
splits its piece. Whatever the piece size, the lines, their numbers and the reports of
undecodable bytes must be exactly what the one-job reader gives, and a worker's outcome
what the chunks give.
"""

from __future__ import annotations

import argparse
import codecs
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import iri
from iri.cli import inputs, pieces
from iri.cli.batch import run_chunk, run_piece
from iri.cli.inputs import BadLine, Chunk
from iri.cli.output import Apply, encoded

PARTS = ["a", "é", "東", "\U0001f600", "\r", "\n", "\r\n", " ", "\udcff", "http://x/", "%zz"]


def _lines_of_pieces(data: bytes, size: int) -> tuple[list[Chunk], list[BadLine]]:
    bad: list[BadLine] = []
    stream = io.BufferedReader(io.BytesIO(data))
    chunks = [
        chunk
        for piece in pieces._pieces(stream, "f", None, size)
        for chunk in pieces.chunks_of(piece, bad.append)
    ]
    return chunks, bad


def _lines_of_chunks(data: bytes) -> tuple[list[Chunk], list[BadLine]]:
    bad: list[BadLine] = []
    stream = io.BufferedReader(io.BytesIO(data))
    return list(inputs.stream_chunks(stream, "f", None, bad.append, None)), bad


def _numbered(chunks: list[Chunk]) -> list[tuple[int, str]]:
    return [(first + i, line) for _, first, texts in chunks for i, line in enumerate(texts)]


@settings(max_examples=300, derandomize=True, deadline=None)
@given(parts=st.lists(st.sampled_from(PARTS), max_size=30), size=st.integers(1, 9))
def test_pieces_give_the_lines_of_the_one_job_reader(parts: list[str], size: int) -> None:
    data = "".join(parts).encode("utf-8", "surrogateescape")
    got, got_bad = _lines_of_pieces(data, size)
    want, want_bad = _lines_of_chunks(data)
    assert _numbered(got) == _numbered(want)
    assert all(0 < len(texts) <= inputs.CHUNK and file == "f" for file, _, texts in got)
    assert [str(b) for b in got_bad] == [str(b) for b in want_bad]


def test_a_piece_is_whole_lines() -> None:
    data = "http://x/é\n東\r\nlast".encode()
    stream = io.BufferedReader(io.BytesIO(data))
    cut = list(pieces._pieces(stream, None, None, 4))
    assert b"".join(piece[2] for piece in cut) == data
    assert [piece[1] for piece in cut] == [1, 2, 3]
    assert all(piece[2].endswith(b"\n") for piece in cut[:-1])


def _args(tmp_path: Path, data: bytes, encoding: str | None = None) -> argparse.Namespace:
    path = tmp_path / "in.txt"
    path.write_bytes(data)
    return argparse.Namespace(items=[], input=[str(path)], encoding=encoding)


def test_utf8_bom_is_not_part_of_the_first_item(tmp_path: Path) -> None:
    args = _args(tmp_path, codecs.BOM_UTF8 + b"http://x/\n")
    bad: list[BadLine] = []
    got = [c for p in pieces.pieces(args, bad.append) for c in pieces.chunks_of(p, bad.append)]
    assert got == [(None, 1, ["http://x/"])] and not bad


@pytest.mark.parametrize(
    ("data", "encoding"),
    [("x\n東\n".encode("utf-16"), None), ("x\né€\n".encode("cp1252"), "latin1")],
)
def test_other_encodings_come_as_decoded_chunks(
    tmp_path: Path, data: bytes, encoding: str | None
) -> None:
    args = _args(tmp_path, data, encoding)
    bad: list[BadLine] = []
    got = list(pieces.pieces(args, bad.append))
    assert got == list(inputs.chunks(args))
    assert all(isinstance(texts, list) for _, _, texts in got) and not bad


ITEMS = ["http://example.com/", "HTTP://Example.COM:80/%7e", "http://x/a b", "http://例え.jp/ü"]


@pytest.mark.parametrize("unique", [False, True])
def test_a_workers_outcome_is_the_chunks_outcome(unique: bool) -> None:
    task = Apply("normalize", False, iri.normalize, key=iri.key if unique else None)
    lines = ITEMS * (inputs.CHUNK // 2) + ["x\udcff"]  # three chunks, the last line bad
    piece = ("f", 7, "".join(line + "\n" for line in lines).encode("utf-8", "surrogateescape"))
    (out, err, status, keyed), bad = run_piece(task, piece)
    chunks = list(inputs.in_chunks("f", 7, lines))
    dones = [run_chunk(task, chunk) for chunk in chunks]
    assert err == "".join(done[1] for done in dones) and status == 1
    assert [(b.line, b.column) for b in bad] == [(7 + len(lines) - 1, 1)]
    if unique:
        assert keyed is not None and "".join(text for text, _ in keyed) == out
        assert out == "".join(done[0] for done in dones)
    else:
        assert keyed is None and out == encoded("".join(done[0] for done in dones))
