"""The CLI's fast paths (issue 12, throughput) give the outcome of the general path."""

from __future__ import annotations

import pytest

import iri
from iri.cli.inputs import Record
from iri.cli.syntax import _check_one, _CheckOptions
from iri.syntax.report import report

ITEMS = [
    "http://example.com/",
    "http://example.com:80/",  # a warning only
    "http://example.com/a b",  # an error
    "http://例え.jp/ü",
    "a\u200bb",  # shown() makes it visible
    "x\udcff",  # an undecodable byte
    "",
]


@pytest.mark.parametrize("record_at", [(None, 0), (None, 7), ("f.txt", 3)])
@pytest.mark.parametrize("errors_only", [False, True])
@pytest.mark.parametrize("quiet", [False, True])
@pytest.mark.parametrize("item", ITEMS)
def test_check_outcome_is_the_located_report(
    item: str, quiet: bool, errors_only: bool, record_at: tuple[str | None, int]
) -> None:
    record: Record = (record_at[0], record_at[1], item)
    options = _CheckOptions(iri.Rule.IRI_REFERENCE, iri.ZoneID.REJECT, errors_only, quiet, False)
    violations = iri.check(item)
    failed = any(v.severity == "error" for v in violations)
    if errors_only:
        violations = [v for v in violations if v.severity == "error"]
    expected = "" if quiet and not violations else _located(record, report(item, violations))
    assert _check_one(options, record) == (expected, "", failed, None)


def _located(record: Record, lines: list[str]) -> str:
    """The report as docs/cli.md shows it, written out here (not the command's own helper):
    ``FILE:LINE: `` or ``LINE: `` before the first line (nothing for an argument, line 0),
    the following lines indented by as much."""
    file, line, _ = record
    prefix = "" if not line else f"{line}: " if file is None else f"{file}:{line}: "
    pad = " " * len(prefix)
    return "".join((prefix if i == 0 else pad) + text + "\n" for i, text in enumerate(lines))


def test_located_reports_by_example() -> None:
    item = "http://example.com/a b"
    (v,) = iri.check(item)
    options = _CheckOptions(iri.Rule.IRI_REFERENCE, iri.ZoneID.REJECT, False, False, False)
    pad = " " * (len("f.txt:3: ") + len("invalid  ") + v.span[0])
    caret = f"{pad}^ error invalid-character [{v.section}] {v.message}"
    assert _check_one(options, ("f.txt", 3, item)) == (
        f"f.txt:3: invalid  {item}\n{caret}\n",
        "",
        True,
        None,
    )
    assert _check_one(options, (None, 0, "http://example.com/")) == (
        "ok       http://example.com/\n",
        "",
        False,
        None,
    )
