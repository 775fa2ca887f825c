"""Terminal rendering of violations (iri.syntax.report) and the caret of InvalidIRI."""

from __future__ import annotations

import pytest

import iri
from iri.syntax.report import caret, cells, report, shown, visible


def test_visible_fast_path_agrees_with_the_slow_one() -> None:
    # shown() skips the per-character mapping for str.isprintable() text without a printable
    # hidden character (one regex search): prove that it agrees with the mapping for every
    # code point, alone and inside non-ASCII text (the regex path).
    differ = [
        cp
        for cp in range(0x110000)
        if shown(chr(cp)) != visible(chr(cp)) or shown(f"é{chr(cp)}") != "é" + visible(chr(cp))
    ]
    assert differ == []


@pytest.mark.parametrize(
    ("char", "stand_in"),
    [
        ("\t", "\u2409"),
        ("\x00", "\u2400"),
        ("\x7f", "\u2421"),
        # issue 19: each hidden character drawn as its code point, not U+FFFD
        ("\x85", "<U+0085>"),
        ("\u202e", "<U+202E>"),
        ("\u2066", "<U+2066>"),
        ("\u200d", "<U+200D>"),
        ("\ue000", "<U+E000>"),
        ("\U000e0041", "<U+E0041>"),
        ("\U0010fffd", "<U+10FFFD>"),
        ("\udcff", "<U+DCFF>"),
        ("\U000e0100", "<U+E0100>"),  # a variation selector: invisible (to_display agrees)
        ("\u00a0", "<U+00A0>"),  # looks like a space, which no IRI holds
        ("\u2028", "<U+2028>"),
        ("\u3164", "<U+3164>"),  # a Hangul filler: printable, invisible
        ("é", "é"),
    ],
)
def test_visible_stand_ins(char: str, stand_in: str) -> None:
    assert visible(char) == stand_in
    assert shown("a" + char + "b") == "a" + stand_in + "b"


def test_cells_count_wide_and_combining_characters() -> None:
    assert cells("abc") == 3
    assert cells("東京") == 4
    assert cells("e\u0301") == 1
    assert cells("\u202e") == len("<U+202E>")  # drawn as its code point


def test_caret_lines_up_under_wide_characters() -> None:
    text = "http://東京.example/a b"
    line = caret(text, (text.index(" "), text.index(" ") + 1))
    assert line == " " * cells(text[: text.index(" ")]) + "^"


def test_report_status_and_carets() -> None:
    text = "http://example.org:80/a b"
    lines = report(text, iri.check(text))
    assert lines[0].startswith("invalid")
    assert len(lines) == 1 + len(iri.check(text))
    assert lines[2].lstrip().startswith("^ error invalid-character")


def test_invalid_iri_caret_is_under_the_first_error_even_after_cjk() -> None:
    text = "http://例え.jp/東京 駅"
    with pytest.raises(iri.InvalidIRI) as info:
        iri.parse(text)
    message_lines = str(info.value).split("\n")
    assert message_lines[1] == "    " + text
    space = text.index(" ")
    assert message_lines[2] == " " * (4 + cells(text[:space])) + "^"
