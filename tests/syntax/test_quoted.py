"""iri.syntax.quoted: a value as a message quotes it, cut short when it is long."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from iri.syntax.quoted import QUOTED_MAX, quoted


def test_a_text_up_to_the_limit_is_its_repr() -> None:
    text = "é" * QUOTED_MAX
    assert quoted(text) == repr(text)
    assert quoted("") == "''"
    assert quoted("\ud800") == "'\\ud800'"  # a lone surrogate, escaped as repr escapes it


def test_a_longer_text_is_cut_and_says_its_length() -> None:
    text = "a" * QUOTED_MAX + "tail"
    assert quoted(text) == f"{'a' * QUOTED_MAX!r}... ({QUOTED_MAX + 4:,} characters)"
    assert quoted("x" * 10_000_000).endswith("... (10,000,000 characters)")


def test_another_value_is_abbreviated() -> None:
    assert quoted(3) == "3"
    assert quoted(None) == "None"
    assert len(quoted(list(range(1_000_000)))) < 100
    assert len(quoted(b"x" * 1_000_000)) < 100


@given(st.text())
def test_the_message_is_bounded_and_starts_as_the_repr(text: str) -> None:
    shown = quoted(text)
    assert len(shown) <= len(repr(text[:QUOTED_MAX])) + 40
    assert shown.startswith(repr(text[:QUOTED_MAX])[:-1])
