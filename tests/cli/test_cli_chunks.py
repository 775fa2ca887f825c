"""The CLI's chunked input and the tasks' chunk methods (issue 12, throughput).

The reader decodes blocks whole and splits them into lines: tested here with tiny blocks,
so that every line end, CRLF pair, multi-byte character and undecodable byte falls on a
block boundary somewhere. The ``chunk`` methods of the tasks must give exactly what the
record-by-record path gives.
"""

from __future__ import annotations

import codecs
import functools
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import iri
from iri.cli import inputs
from iri.cli.batch import run_chunk
from iri.cli.inputs import BadLine, Chunk, strip_eol
from iri.cli.output import Apply, safe, writer
from iri.cli.syntax import _Check, _CheckOptions
from iri.convert.charsets import lookup

PIECES = ["a", "é", "東", "\r", "\n", "\r\n", " ", "\udcff", "http://x/", "%zz", "ü/"]


def _read(data: bytes, encoding: str | None, block: int) -> tuple[list[Chunk], list[BadLine]]:
    bad: list[BadLine] = []
    stream = io.BufferedReader(io.BytesIO(data))
    chunks = list(inputs.stream_chunks(stream, "f", encoding, bad.append, None, block_size=block))
    return chunks, bad


def _expected_lines(text: str) -> list[str]:
    """Line splitting as the old line-by-line reader did it: "\\n" ends a line, one "\\r"
    before it goes with it, anything else (a lone "\\r") belongs to the item."""
    return [strip_eol(line) for line in io.StringIO(text, newline="\n")]


@settings(max_examples=300, derandomize=True, deadline=None)
@given(
    parts=st.lists(st.sampled_from(PIECES), max_size=30),
    block=st.integers(1, 9),
    encoding=st.sampled_from(["utf-8", "utf-16", "latin1"]),
)
def test_chunks_are_the_lines_whatever_the_block_size(
    parts: list[str], block: int, encoding: str
) -> None:
    text = "".join(parts)
    if encoding == "latin1":  # windows-1252 (the label's encoding): every byte a character
        windows_1252 = lookup(encoding)
        text = windows_1252.decode(text.encode("utf-8", "surrogateescape"))
        data = windows_1252.encode(text)
    else:
        if encoding == "utf-16":  # (a lone surrogate cannot be written in UTF-16)
            text = text.replace("\udcff", "?")
        data = text.encode(encoding, "surrogateescape" if encoding == "utf-8" else "strict")
    chunks, bad = _read(data, None if encoding == "utf-8" else encoding, block)
    decoded = text if encoding == "latin1" else data.decode(encoding, "surrogateescape")
    if encoding == "utf-16":  # the BOM that encode() wrote is not part of the first item
        decoded = decoded.removeprefix("\ufeff")
    lines = _expected_lines(decoded)
    assert [line for _, _, texts in chunks for line in texts] == lines
    # Line numbers: each chunk starts where the previous one ended, at most CHUNK lines.
    number = 1
    for file, first, texts in chunks:
        assert file == "f" and first == number and 0 < len(texts) <= inputs.CHUNK
        number += len(texts)
    # Every line with an undecodable byte is reported, with its number and first column.
    want = [
        (i, next(j for j, c in enumerate(line) if "\udc80" <= c <= "\udcff"))
        for i, line in enumerate(lines, 1)
        if any("\udc80" <= c <= "\udcff" for c in line)
    ]
    assert [(b.line, b.column) for b in bad] == want


def test_a_long_line_over_many_blocks() -> None:
    line = "http://x/" + "é" * 5000
    chunks, bad = _read((line + "\r\n" + line).encode(), None, 7)
    assert chunks == [("f", 1, [line]), ("f", 2, [line])] and not bad


def test_a_multibyte_character_split_by_a_block() -> None:
    for block in range(1, 5):
        chunks, bad = _read("a東\nü".encode(), None, block)
        assert [t for _, _, texts in chunks for t in texts] == ["a東", "ü"] and not bad


def test_more_lines_than_a_chunk() -> None:
    n = 2 * inputs.CHUNK + 3
    chunks, _ = _read(b"x\n" * n, None, 1 << 16)
    assert [(first, len(texts)) for _, first, texts in chunks] == [
        (1, inputs.CHUNK),
        (inputs.CHUNK + 1, inputs.CHUNK),
        (2 * inputs.CHUNK + 1, 3),
    ]


def test_utf8_bom_is_not_part_of_the_first_item() -> None:
    chunks, _ = _read(codecs.BOM_UTF8 + b"http://x/\n", None, 2)
    assert chunks == [("f", 1, ["http://x/"])]


ITEMS = [
    "http://example.com/",
    "HTTP://Example.COM:80/%7e",
    "http://example.com/a b",  # fails
    "http://例え.jp/ü",
    "a\u200bb",
    "x\udcff",  # an undecodable byte: fails, reported with \udcff escaped
    "",
    "http://h:99999999999999999999/",
]


def _by_record(task: object, chunk: Chunk) -> tuple[str, str, int]:
    file, first, texts = chunk
    outs, errs, status = [], [], 0
    for i, text in enumerate(texts):
        out, err, failed, _ = task((file, first + i if first else 0, text))  # type: ignore[operator]
        outs.append(out)
        errs.append(err)
        status = max(status, int(failed))
    return "".join(outs), "".join(errs), status


@pytest.mark.parametrize("where", [(None, 0), (None, 7), ("f.txt", 3)])
@pytest.mark.parametrize(
    "task",
    [
        Apply("normalize", False, iri.normalize),
        Apply("to-uri", False, iri.to_uri),
        Apply("normalize", False, functools.partial(iri.normalize, level="scheme")),
        _Check(_CheckOptions(iri.Rule.IRI_REFERENCE, iri.ZoneID.REJECT, False, False, False)),
        _Check(_CheckOptions(iri.Rule.IRI, iri.ZoneID.REJECT, True, False, False)),
        _Check(_CheckOptions(iri.Rule.IRI_REFERENCE, iri.ZoneID.REJECT, False, True, False)),
    ],
    ids=["normalize", "to-uri", "normalize-scheme", "check", "check-errors-only", "check-quiet"],
)
def test_chunk_methods_give_the_record_by_record_outcome(
    task: object, where: tuple[str | None, int]
) -> None:
    chunk: Chunk = (where[0], where[1], ITEMS * 3)
    out, err, status, keyed = run_chunk(task, chunk)  # type: ignore[arg-type]
    assert keyed is None
    assert (out, err, status) == _by_record(task, chunk)


def test_tasks_without_a_fast_chunk_go_record_by_record() -> None:
    task = Apply("normalize", True, iri.normalize)  # JSON: no fast path
    assert task.chunk((None, 1, ITEMS)) is None
    out, err, status, keyed = run_chunk(task, (None, 1, ITEMS))
    assert (out, err, status) == _by_record(task, (None, 1, ITEMS)) and keyed is None
    keyed_task = Apply("normalize", False, iri.normalize, key=iri.key)
    out, err, status, keyed = run_chunk(keyed_task, (None, 1, ITEMS))
    assert keyed is not None and [text for text, _ in keyed] == [
        keyed_task((None, i, t))[0] for i, t in enumerate(ITEMS, 1)
    ]


@pytest.mark.parametrize(
    "text", ["", "http://x/\n", "x\udcff\u00e9\udc80\n", "\ud800 \U0001f600\n"]
)
def test_writer_escapes_lone_surrogates_as_safe_does(text: str) -> None:
    """The command's stream escapes by itself (backslashreplace); any other stream through
    safe(): the same bytes either way, always valid UTF-8."""
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="utf-8", errors="backslashreplace")
    writer(stream)(text)
    stream.flush()
    other = io.StringIO()
    writer(other)(text)
    assert raw.getvalue() == other.getvalue().encode("utf-8") == safe(text).encode("utf-8")
    if "\udcff" in text:
        assert b"\\udcff" in raw.getvalue()


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le"])
def test_a_lone_surrogate_in_utf16_or_utf32_is_kept_and_reported(encoding: str) -> None:
    """A lone surrogate code unit holds bytes below 0x80, which surrogateescape cannot keep:
    each undecodable byte 0xNN becomes U+DCNN all the same, and the line is reported."""
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}
    bom["utf-32-le"] = codecs.BOM_UTF32_LE
    lone = "\ud800".encode(encoding, "surrogatepass")
    data = bom[encoding] + "a\n".encode(encoding) + lone + "b\r\nc\n".encode(encoding)
    kept = "".join(chr(0xDC00 + byte) for byte in lone)
    for block in (1, 3, 64):
        chunks, bad = _read(data, None, block)
        assert [t for _, _, texts in chunks for t in texts] == ["a", kept + "b", "c"]
        assert [(b.line, b.column, b.byte) for b in bad] == [(2, 0, lone[0])]


@pytest.mark.parametrize(("encoding", "wire"), [("utf-16", "utf-16-le"), ("UTF-16", "utf-16-le")])
def test_utf16_named_without_a_bom_is_little_endian(encoding: str, wire: str) -> None:
    """Python's incremental UTF-16 decoder stops on input without a BOM ("does not start
    with BOM"): the command reads it little-endian, as the Encoding Standard reads "utf-16"
    (UTF-16LE, the one resolver's answer)."""
    chunks, bad = _read("http://a/\r\n東\n".encode(wire), encoding, 3)
    assert [line for _, _, texts in chunks for line in texts] == ["http://a/", "東"] and not bad
    chunks, _ = _read("\ufeffx\n".encode("utf-16-be"), encoding, 3)  # a BOM still wins
    assert [line for _, _, texts in chunks for line in texts] == ["x"]


def test_gbk_stream_reads_0x80_as_the_euro_sign_and_reports_the_rest() -> None:
    """The gb18030 decoder's 0x80 -> U+20AC, through the command's own error handler too,
    whatever block boundary falls next to it (issue 18)."""
    data = b"a\x80\xc8\xd5\n\xff\x80\n\x80"
    for block in (1, 2, 3, 64):
        chunks, bad = _read(data, "x-gbk", block)
        assert [t for _, _, texts in chunks for t in texts] == ["a€日", "\udcff€", "€"]
        assert [str(b) for b in bad] == [
            "f:2: not valid GBK: byte 0xFF at column 1 (kept as U+DCFF)"
        ]


def test_utf32_is_no_label_but_its_bom_still_reads() -> None:
    """Issue 18: "utf-32" is no Encoding Standard label (it was read little-endian before);
    a UTF-32 byte order mark is still recognised, with the byte order it shows."""
    with pytest.raises(iri.CharsetError, match="'UTF32': not a label"):
        _read("http://a/\n".encode("utf-32-le"), "UTF32", 3)
    lone = b"\x00\x00\xd8\x00"  # U+D800 in UTF-32BE: undecodable
    data = codecs.BOM_UTF32_BE + "x\n".encode("utf-32-be") + lone + "\n".encode("utf-32-be")
    chunks, bad = _read(data, "utf-8", 3)
    assert [line for _, _, texts in chunks for line in texts] == ["x", "\udc00\udc00\udcd8\udc00"]
    assert [str(b) for b in bad] == [
        "f:2: not valid UTF-32BE: byte 0x00 at column 1 (kept as U+DC00)"
    ]
