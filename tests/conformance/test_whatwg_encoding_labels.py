"""The one charset resolver on every label of the Encoding Standard (issue 18).

Table-driven over ``tests/corpora/whatwg-encoding/encodings.js`` (the Standard's
``encodings.json``, 40 encodings, 228 labels):

* WPT ``encoding/textdecoder-labels.any.js``, transcribed: each label, as written, in upper
  case, and with leading, trailing and surrounding ASCII whitespace, resolves to its
  encoding's name (the WPT test skips ``replacement``, which ``TextDecoder`` refuses; "get an
  encoding" returns it, and so do we);
* every function that takes a charset resolves every label to that same encoding and reports
  that same name: ``to_uri``, ``from_href``, ``to_display``, ``from_bytes``, ``to_document``,
  ``candidate_readings``, ``DataURL.text`` and the CLI's ``--charset`` / ``--encoding``.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

import iri
from iri.cli import main
from iri.convert import charsets
from iri.convert._tables import encoding_labels
from iri.convert.charsets import UTF_8, Encoding, lookup
from iri.liberal.href import from_href_repairs
from iri.schemes.data import DataURL
from iri.syntax.grammar import UNRESERVED
from iri.syntax.report import hidden

SOURCE = Path(__file__).resolve().parent.parent / "corpora" / "whatwg-encoding" / "encodings.js"
_HEAD = "const encodings_table ="


def _table() -> list[tuple[str, str]]:
    text = SOURCE.read_text(encoding="utf-8")
    data = json.loads(text.split(_HEAD, 1)[1].strip().removesuffix(";"))
    return [
        (label, encoding["name"])
        for section in data
        for encoding in section["encodings"]
        for label in encoding["labels"]
    ]


LABELS = _table()
NAMES = sorted({name for _, name in LABELS})
WHITESPACE = [" ", "\t", "\n", "\f", "\r"]  # textdecoder-labels.any.js
#: Code points that tell the encodings apart: windows-1252 vs ISO-8859-1 (€, Œ), Shift_JIS's
#: fix (¥), CJK, x-user-defined's range (U+F780), and one nothing but Unicode holds.
PROBE = "é€Œ¥日\uf780\U0001f600"
#: The same without "¥", which Shift_JIS and EUC-JP write as 0x5C: "\\" when read back.
DECODE_PROBE = PROBE.replace("¥", "")


def test_the_corpus_and_the_generated_table_agree() -> None:
    assert len(LABELS) == 228 and len(NAMES) == 40
    assert dict(LABELS) == encoding_labels.LABELS
    assert sorted(encoding_labels.NAMES) == NAMES
    # every encoding of the Standard has a decision about the Python codec that runs it
    assert sorted(charsets._CODECS) == NAMES


@pytest.mark.parametrize(("label", "name"), LABELS, ids=[label for label, _ in LABELS])
def test_wpt_textdecoder_labels(label: str, name: str) -> None:
    assert lookup(label).name == name
    assert lookup(label.upper()).name == name
    for ws in WHITESPACE:
        assert lookup(ws + label).name == name
        assert lookup(label + ws).name == name
        assert lookup(ws + label + ws).name == name
    assert lookup(label) is lookup(name)  # one object per encoding; the name is a label too


def _percent(octets: bytes, keep: str) -> str:
    return "".join(chr(b) if chr(b) in keep else f"%{b:02X}" for b in octets)


def _query_octets(encoding: Encoding, text: str) -> bytes:
    """What the document charset makes of ``text`` in a query: its output encoding, with
    ``&#N;`` for what that cannot hold (3987bis 3.5, WHATWG URL)."""
    out = encoding.output()
    return text.encode("utf-8") if out is UTF_8 else out.encode(text, "html")


@pytest.mark.parametrize(("label", "name"), LABELS, ids=[label for label, _ in LABELS])
def test_every_function_reads_the_label_as_the_same_encoding(label: str, name: str) -> None:
    encoding = lookup(name)
    out = encoding.output()
    # to_uri (3987bis 3.5): the query in the output encoding, unreserved octets literal
    expected = _percent(_query_octets(encoding, PROBE), UNRESERVED)
    assert iri.to_uri(f"http://h/?{PROBE}", charset=label) == f"http://h/?{expected}"
    # from_href (WHATWG URL query state); the repairs name the encoding by its name
    href = from_href_repairs(f"http://h/?{PROBE}", charset=label)
    assert href.text == iri.from_href(f"http://h/?{PROBE}", charset=name)
    unencodable = [c for c in PROBE if out is not UTF_8 and not out.can_encode(c)]
    messages = [r.message for r in href.repairs if r.code.value == "query-character-reference"]
    assert messages == [
        f"U+{ord(c):04X} is not in the document charset {out.name}" for c in unencodable
    ]
    # to_display: exactly what the output encoding cannot hold, or what is never shown raw
    # (iri.syntax.report.hidden: the private-use U+F780 of x-user-defined), is percent-encoded
    shown = iri.to_display(f"http://h/?{PROBE}", charset=label, wrap="none")
    kept = "".join(
        c if out.can_encode(c) and not hidden(c) else _percent(c.encode(), "") for c in PROBE
    )
    assert shown == f"http://h/?{kept}"
    # to_document (3987bis 6.3): the same test, written as references
    document = iri.to_document(f"http://h/?{PROBE}", label)
    assert document == "http://h/?" + "".join(
        c if out.can_encode(c) else f"&#x{ord(c):X};" for c in PROBE
    )


@pytest.mark.parametrize(("label", "name"), LABELS, ids=[label for label, _ in LABELS])
def test_every_decoder_reads_the_label_as_the_same_encoding(label: str, name: str) -> None:
    encoding = lookup(name)
    if encoding.codec is None:  # replacement: nothing is ever decoded (Encoding Standard 14.1)
        with pytest.raises(iri.CharsetError) as info:
            iri.from_bytes(b"http://h/", label)
        assert (info.value.charset, info.value.encoding, info.value.position) == (
            label,
            "replacement",
            0,
        )
        with pytest.raises(iri.CharsetError):
            DataURL.parse(f"data:text/plain;charset={label},x").text()
        return
    octets = encoding.encode("".join(c for c in DECODE_PROBE if encoding.can_encode(c)))
    data = encoding.encode("http://h/?q=") + octets
    decoded = iri.from_bytes(data, label)
    text = encoding.decode(data)
    assert decoded.charset == name  # the one name, for every label
    assert decoded.text == (text if encoding.ucs else unicodedata.normalize("NFC", text))
    # the name reported is a label of the same encoding: to_uri reads it back identically
    assert iri.to_uri(decoded.text, charset=decoded.charset) == iri.to_uri(
        decoded.text, charset=label
    )
    # DataURL.text() and candidate_readings() decode with the same encoding
    assert DataURL("text/plain", (("charset", label),), True, data).text() == text
    percent = "/" + _percent(octets, "")
    readings = {r.charset: r.text for r in iri.candidate_readings(percent, (label,))}
    assert readings.get(name, "/" + encoding.decode(octets)) == "/" + encoding.decode(octets)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("label", "name"), LABELS, ids=[label for label, _ in LABELS])
def test_the_cli_reads_the_label_as_the_same_encoding(
    label: str, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    item = f"http://h/?{PROBE}"
    assert _run(capsys, "to-uri", "--charset", label, item) == (
        0,
        iri.to_uri(item, charset=name) + "\n",
        "",
    )
    path = tmp_path / "items.txt"
    encoding = lookup(name)
    if encoding.codec is None:  # replacement decodes nothing: a usage error
        path.write_bytes(b"x\n")
        code, out, err = _run(capsys, "check", "--encoding", label, "-i", str(path))
        assert (code, out) == (2, "") and "replacement" in err
        return
    path.write_bytes(encoding.encode("http://h/\n"))
    assert _run(capsys, "check", "--encoding", label, "-i", str(path)) == (
        0,
        "1: ok       http://h/\n",
        "",
    )
    # an undecodable octet is reported under the encoding's name, whatever the label
    bad = next((b for b in (0xFF, 0x80, 0xA0) if not _decodes(encoding, bytes((b,)))), None)
    if bad is not None and not encoding.ucs:  # (UTF-16: a lone octet shifts the units)
        path.write_bytes(encoding.encode("http://h/") + bytes((bad,)) + encoding.encode("\n"))
        code, _, err = _run(capsys, "check", "-q", "--encoding", label, "-i", str(path))
        assert code == 1 and f"1: not valid {name}: byte 0x{bad:02X} at column 10" in err


def _decodes(encoding: Encoding, data: bytes) -> bool:
    try:
        encoding.decode(data)
    except UnicodeDecodeError:
        return False
    return True


@pytest.mark.parametrize("name", [n for n in NAMES if n != "replacement"])
def test_ascii_is_ascii_in_every_encoding_but_utf16(name: str) -> None:
    encoding = lookup(name)
    if name.startswith("UTF-16"):
        assert encoding.decode("abc".encode(encoding.codec or "")) == "abc"
        assert encoding.output() is UTF_8
        return
    assert encoding.encode("http://h/?a=b") == b"http://h/?a=b"
    assert encoding.decode(b"http://h/?a=b") == "http://h/?a=b"
    assert encoding.output() is encoding


@pytest.mark.parametrize("name", NAMES)
def test_ascii_stays_ascii_but_for_iso_2022_jp_escapes(name: str) -> None:
    # from_href skips re-encoding a query the encoding keeps as it is (keeps_ascii)
    out = lookup(name).output()
    assert out.keeps_ascii("q=a&b") and not out.keeps_ascii("q=\u00e9")
    escapes = out.name == "ISO-2022-JP"
    assert out.keeps_ascii("\x0eA\x1b") is not escapes
    if escapes:
        assert iri.from_href("http://e.org/?\x0eA", charset=name) == (
            "http://e.org/?%26%2365533%3BA"
        )


def test_labels_that_python_cannot_run_have_a_documented_outcome() -> None:
    """``replacement`` has no encoder and decodes nothing; its output encoding is UTF-8."""
    replacement = lookup("hz-gb-2312")
    assert (replacement.name, replacement.codec, replacement.output()) == (
        "replacement",
        None,
        UTF_8,
    )
    with pytest.raises(iri.CharsetError, match="has no encoder"):
        replacement.encode("x")
    with pytest.raises(iri.CharsetError, match="decodes nothing"):
        replacement.incremental_decoder()
    assert replacement.decode(b"") == ""
    with pytest.raises(UnicodeDecodeError):
        replacement.decode(b"x")
