"""WPT ``toascii.json`` (the URL Standard's domain to ASCII) through our host mapping.

The URL Standard runs UTS #46 ToASCII with CheckHyphens=false and passes ASCII input
through; RFC 3987bis 3.4.2 and the issue ask for CheckHyphens=true and IDNA2008 code
points. Cases tagged ``urlStandardOnly`` (forbidden host code points) are run through the
whole IRI-to-URI host mapping, which must reject them as the URL Standard does. The
expected failures are listed in ``tests/corpora/wpt-url/expected_failures.txt`` (index in
the array of cases, category, input), each category with a predicate checked below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import pytest
from idna import idnadata
from idna.intranges import intranges_contain

from iri.convert.uri import to_uri
from iri.errors import IDNAError, IRIError
from iri.syntax.hosts import to_ascii

CORPUS = Path(__file__).parent.parent / "corpora" / "wpt-url"
CASES: list[dict[str, Any]] = [
    c
    for c in json.loads((CORPUS / "toascii.json").read_text(encoding="utf-8"))
    if isinstance(c, dict)
]


def _labels(case: dict[str, Any]) -> list[str]:
    return str(case["input"]).lower().replace("\u3002", ".").split(".")


def check_hyphens(case: dict[str, Any]) -> bool:
    """A label breaks UTS #46 validity criteria 2/3 (CheckHyphens): "--" in positions
    3-4 (other than an xn-- prefix), or a leading or trailing hyphen."""
    return case["output"] is not None and any(
        (lab[2:4] == "--" and not lab.startswith("xn--"))
        or lab.startswith("-")
        or lab.endswith("-")
        for lab in _labels(case)
    )


def ascii_a_label(case: dict[str, Any]) -> bool:
    """ASCII input with an ``xn--`` label, expected back unchanged (lowercased): the URL
    Standard does not reject it; UTS #46 4.1 (IgnoreInvalidPunycode=false) and the
    validity criteria applied to the decoded label do."""
    text = str(case["input"])
    return (
        text.isascii()
        and case["output"] == text.lower()
        and any(lab.startswith("xn--") for lab in _labels(case))
    )


def _valid_2008(char: str) -> bool:
    classes = idnadata.codepoint_classes
    return any(intranges_contain(ord(char), classes[k]) for k in ("PVALID", "CONTEXTJ", "CONTEXTO"))


def idna2008_strict(case: dict[str, Any]) -> bool:
    """The expected output's U-labels hold a character IDNA2008 does not allow (NV8/XV8)."""
    output = case["output"]
    if output is None:
        return False
    for label in str(output).split("."):
        if label.startswith("xn--"):
            ulabel = label[4:].encode("ascii").decode("punycode")
            if not all(_valid_2008(c) for c in ulabel):
                return True
    return False


PREDICATES = {
    "check-hyphens": check_hyphens,
    "ascii-a-label": ascii_a_label,
    "idna2008-strict": idna2008_strict,
}


def _expected() -> dict[int, tuple[str, str]]:
    out: dict[int, tuple[str, str]] = {}
    text = (CORPUS / "expected_failures.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            index, category, escaped = line.split("\t")
            out[int(index)] = (category, escaped)
    return out


EXPECTED = _expected()

#: Characters whose UTS #46 status changed in Unicode 16.0 (U+180E and U+206B became
#: ignored; U+04C0, U+2183 and U+2F868 became mapped), which the WPT file expects.
_CHANGED_IN_16: Final = frozenset("\u180e\u206b\u04c0\u2183\U0002f868")


def _tables() -> tuple[int, ...]:
    return tuple(int(part) for part in idnadata.__version__.split("."))


def uts46_before_16(case: dict[str, Any]) -> bool:
    """Version-keyed: with `idna` tables older than Unicode 16.0 (idna 3.7, 3.8, 3.10),
    a case expecting success on a character of _CHANGED_IN_16 fails as those tables say."""
    return (
        _tables() < (16, 0, 0)
        and case["output"] is not None
        and any(c in _CHANGED_IN_16 for c in str(case["input"]))
    )


def _params() -> list[object]:
    params: list[object] = []
    for index, case in enumerate(CASES):
        marks = []
        if index in EXPECTED:
            category, escaped = EXPECTED[index]
            assert escaped == ascii(case["input"]), f"stale entry {index}"
            marks.append(pytest.mark.xfail(strict=True, reason=category))
        elif uts46_before_16(case):
            marks.append(pytest.mark.xfail(strict=True, reason="uts46-before-16"))
        params.append(pytest.param(case, id=f"case{index}", marks=marks))
    return params


def test_expected_failures_are_reasoned() -> None:
    for index, (category, _) in EXPECTED.items():
        assert PREDICATES[category](CASES[index]), index
    assert len(CASES) == 87
    assert len(EXPECTED) == 33


@pytest.mark.parametrize("case", _params())
def test_toascii(case: dict[str, Any]) -> None:
    text = str(case["input"])
    if case.get("urlStandardOnly"):
        assert case["output"] is None
        with pytest.raises(IRIError):
            to_uri(f"http://{text}/")
    elif case["output"] is None:
        with pytest.raises(IDNAError):
            to_ascii(text)
    else:
        assert to_ascii(text) == case["output"]
