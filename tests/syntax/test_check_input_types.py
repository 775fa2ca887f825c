"""A non-str text is a TypeError that names str (check, is_valid, explain, split, parse);
str subclasses are text."""

from __future__ import annotations

import pytest

import iri
from iri import Code, check, is_valid, parse
from iri.syntax.check import explain


# (by name: with the compiled core, iri.check is its drop-in, whose __name__ is api_check)
@pytest.mark.parametrize(
    ("func", "name"), [(check, "check"), (is_valid, "is_valid"), (explain, "explain")]
)
@pytest.mark.parametrize("value", [None, b"x", 1, ["x"]])
def test_non_str_input_is_a_clear_type_error(func: object, name: str, value: object) -> None:
    with pytest.raises(
        TypeError, match=rf"iri\.{name}\(\) expects str, got {type(value).__name__}"
    ):
        func(value)  # type: ignore[operator]


@pytest.mark.parametrize("value", [None, b"http://a/"])
def test_split_non_str_is_a_clear_type_error(value: object) -> None:
    with pytest.raises(TypeError, match=rf"iri\.split\(\) expects str, got {type(value).__name__}"):
        iri.split(value)  # type: ignore[arg-type]


def test_is_valid_bytes_message_is_not_backwards() -> None:
    with pytest.raises(TypeError) as exc:
        is_valid(b"x")  # type: ignore[arg-type]
    assert str(exc.value) == "iri.is_valid() expects str, got bytes"


def test_str_subclasses_are_accepted() -> None:
    class Text(str):
        pass

    assert is_valid(Text("http://a/"))
    assert check(Text("http://a/ b"))[0].code is Code.INVALID_CHARACTER


@pytest.mark.parametrize("value", [None, b"http://a/", 3])
def test_parse_non_str_is_a_clear_type_error(value: object) -> None:
    with pytest.raises(TypeError, match=rf"iri\.parse\(\) expects str, got {type(value).__name__}"):
        parse(value)  # type: ignore[arg-type]
