"""UTS #58 conformance: LinkDetectionTest.txt and LinkFormattingTest.txt (Unicode 17.0.0).

The files are byte-for-byte copies in tests/corpora/uts58-links/ (see its README). Each line
that fails is listed below with its reason; the pass counts are asserted exactly, so that a
regression (or an unexpected fix) fails the suite.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from iri.text.extract import extract
from iri.text.linkformat import End, format_parts

CORPUS = Path(__file__).resolve().parents[1] / "corpora" / "uts58-links"
START, END = "\u2e20", "\u2e21"


def _detection_lines() -> list[str]:
    text = (CORPUS / "LinkDetectionTest.txt").read_text(encoding="utf-8")
    return [line for line in text.split("\n") if line.strip() and not line.startswith("#")]


def _mark(line: str) -> str:
    plain = line.replace(START, "").replace(END, "")
    out, last = [], 0
    for m in extract(plain):
        out += [plain[last : m.start], START, plain[m.start : m.end], END]
        last = m.end
    out.append(plain[last:])
    return "".join(out)


#: Lines of LinkDetectionTest.txt we do not reproduce, each with its reason.
DETECTION_XFAIL: dict[str, str] = {}

DETECTION = _detection_lines()


@pytest.mark.parametrize("line", DETECTION)
def test_link_detection(line: str) -> None:
    if line in DETECTION_XFAIL:
        pytest.xfail(DETECTION_XFAIL[line])
    assert _mark(line) == line


def test_link_detection_rate() -> None:
    assert len(DETECTION) == 344
    passed = sum(_mark(line) == line for line in DETECTION)
    assert passed == len(DETECTION) - len(DETECTION_XFAIL)
    assert passed / len(DETECTION) >= 0.99


# -- formatting --------------------------------------------------------------------------------

_MARKERS = re.compile("(𝑺|𝑯|𝑷|𝑸|𝑽|𝑭|𝑫)=")


def _structure(comment: str) -> list[tuple[str, str]]:
    body = comment[comment.index("{") + 1 : comment.rindex("}")]
    marks = list(_MARKERS.finditer(body))
    out = []
    for i, m in enumerate(marks):
        stop = marks[i + 1].start() - 1 if i + 1 < len(marks) else len(body)
        out.append((m.group(1), body[m.end() : stop]))
    return out


def _formatting_cases() -> list[tuple[str, list[tuple[str, str]], str, str, End]]:
    lines = (CORPUS / "LinkFormattingTest.txt").read_text(encoding="utf-8").split("\n")
    cases = []
    structure: list[tuple[str, str]] = []
    pending: list[str] = []
    # The "Wikipedia test cases" keep a final Soft character (the reference implementation's
    # MEDIAL end status); the "Selected test cases" escape it (FINAL): docs/rationale.md E2.
    end = End.FINAL
    for line in lines:
        if line.startswith("# Wikipedia test cases"):
            end = End.MEDIAL
        if line.startswith("# {"):
            structure = _structure(line)
            continue
        if not line.strip() or line.startswith("#"):
            continue
        pending.append(line)
        if len(pending) == 2:
            cases.append((pending[0], structure, pending[1], f"{len(cases)}", end))
            pending = []
    return cases


def _format(structure: list[tuple[str, str]], end: End) -> str:
    prefix = ""
    path: list[str] = []
    query: list[tuple[str, str | None]] = []
    fragment: list[str] = []
    for mark, value in structure:
        if mark in "𝑺𝑯":
            prefix += value
        elif mark == "𝑷":
            path.append(value)
        elif mark == "𝑸":
            query.append((value, None))
        elif mark == "𝑽":
            query[-1] = (query[-1][0], value)
        else:
            fragment.append(value)
    return format_parts(prefix, path, query, fragment, end=end)


FORMATTING = _formatting_cases()
FORMATTING_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize(
    ("source", "structure", "expected", "case", "end"), FORMATTING, ids=[c[3] for c in FORMATTING]
)
def test_link_formatting(
    source: str, structure: list[tuple[str, str]], expected: str, case: str, end: End
) -> None:
    if case in FORMATTING_XFAIL:
        pytest.xfail(FORMATTING_XFAIL[case])
    assert _format(structure, end) == expected
    # and a FINAL link is detected back whole in running text (the purpose of minimal
    # escaping; a MEDIAL one keeps its final Soft character, so it needs delimiters)
    if end is End.FINAL:
        assert [m.text for m in extract(f"see {expected} here")] == [expected]


def test_link_formatting_rate() -> None:
    assert len(FORMATTING) == 55
    passed = sum(_format(s, e) == x for _src, s, x, _c, e in FORMATTING)
    assert passed == len(FORMATTING) - len(FORMATTING_XFAIL)
