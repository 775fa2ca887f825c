"""Drive the rule-match and parse vectors of tests/corpora/rfc3987-dgerber (see its README).

The corpus names ABNF rules; the public API selects only the eight reference rules, so
sub-rules are checked through the smallest reference that isolates them:

* ``IPv6address``: the host of ``//[<input>]`` (``relative_ref``), unless it starts with
  ``v`` (that would be IPvFuture);
* ``pct_encoded``: ``"%" HEXDIG HEXDIG`` is three characters starting with ``%``; whether
  the other two are hex digits is decided by the library, through the path segment
  ``a<input>`` (``relative_ref``).

Divergences go into EXPECTED_FAILURES with a reason (xfail, strict); none so far.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from iri import is_valid, parse

CORPUS = Path(__file__).parent.parent / "corpora" / "rfc3987-dgerber"
VECTORS = json.loads((CORPUS / "rfc3987_doctest_vectors.json").read_text(encoding="utf-8"))

#: (input, rule) -> reason, for vectors where we knowingly disagree with the corpus.
EXPECTED_FAILURES: dict[tuple[str, str], str] = {}


def _matches(text: str, rule: str) -> bool:
    """Whether ``text`` matches the corpus rule, asked through the public API."""
    if rule == "IPv6address":
        # IP-literal = "[" ( IPv6address / IPvFuture ) "]"; IPvFuture starts with "v".
        return not text.lower().startswith("v") and is_valid(f"//[{text}]", rule="relative_ref")
    if rule == "pct_encoded":
        return len(text) == 3 and text[0] == "%" and is_valid(f"a{text}", rule="relative_ref")
    return is_valid(text, rule=rule)


def _params(key: str) -> list[Any]:
    out = []
    for record in VECTORS[key]:
        reason = EXPECTED_FAILURES.get((record["input"], record["rule"]))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(record, id=f"{record['rule']}:{record['input']}", marks=marks))
    return out


def test_corpus_is_complete() -> None:
    assert (CORPUS / "README.md").is_file()
    assert len(VECTORS["rule_match"]) == 8
    assert len(VECTORS["parse"]) == 1


@pytest.mark.parametrize("record", _params("rule_match"))
def test_rule_match(record: dict[str, Any]) -> None:
    assert _matches(record["input"], record["rule"]) is record["matches"]


def test_ipv6_mapping_rejects_what_the_rule_rejects() -> None:
    # The host mapping must not accept a non-IPv6 text through another alternative.
    assert not _matches("example.org", "IPv6address")
    assert not _matches("v1.x", "IPv6address")
    assert _matches("::1", "IPv6address")
    assert not _matches("%C", "pct_encoded")
    assert not _matches("%GG", "pct_encoded")


@pytest.mark.parametrize("record", _params("parse"))
def test_parse(record: dict[str, Any]) -> None:
    ref = parse(record["input"], rule=record["rule"])
    expected = record["components"]
    assert str(ref) == record["input"]
    assert ref.scheme == expected["scheme"]
    assert ref.authority == expected["authority"]
    assert ref.path == expected["path"]
    assert ref.query == expected["query"]
    assert ref.fragment == expected["fragment"]
