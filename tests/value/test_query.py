"""Unit tests of iri.value.query: decoding, encoding, the multi-map, the raw-text builders."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import iri
from iri import IRIError, QueryParams, QueryStyle
from iri.syntax.percent import encode_by_character
from iri.value import query as q

ASCII_TEXT = st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=20)


@settings(derandomize=True, deadline=None, max_examples=150)
@given(ASCII_TEXT, st.sampled_from(["name", "value", "segment"]), st.booleans())
def test_ascii_fast_path_agrees_with_the_patterns(text: str, kind: str, form: bool) -> None:
    # (the patterns, once private to this module: now the definition of the named set,
    # character by character, iri.syntax.percent.encode_by_character)
    fast = q._encode_text(kind, text, form and kind != "segment")
    slow = encode_by_character(text, q._SETS[kind])
    if form and kind != "segment":
        slow = slow.replace("%20", "+")
    assert fast == slow


@settings(derandomize=True, deadline=None, max_examples=150)
@given(st.text(max_size=20).filter(lambda s: not s.isascii()), st.sampled_from(["name", "value"]))
def test_non_ascii_shortcut_agrees_with_the_patterns(text: str, kind: str) -> None:
    assert q._encode_text(kind, text, False) == encode_by_character(text, q._SETS[kind])


@settings(derandomize=True, deadline=None, max_examples=150)
@given(st.text(max_size=20), st.booleans())
def test_decode_inverts_encode(text: str, form: bool) -> None:
    assert q.decode_component(q.encode_query_name(text, form=form), form=form) == text
    assert q.decode_component(q.encode_query_value(text, form=form), form=form) == text
    assert q.decode_component(q.encode_segment(text)) == text


def test_encoding_keeps_ucschar_and_encodes_what_is_needed() -> None:
    assert q.encode_query_value("東京 ü") == "東京%20ü"
    assert q.encode_query_value("a\u00a0b") == "a%C2%A0b"  # NBSP: inappropriate (3987bis 5.1)
    assert q.encode_query_value("\u200b") == "%E2%80%8B"  # zero-width space
    assert q.encode_query_value("\ue000") == "\ue000"  # iprivate: allowed in the query
    assert q.encode_segment("\ue000") == "%EE%80%80"  # ... but not in a segment
    assert q.encode_query_value("\x00\x7f") == "%00%7F"
    assert q.encode_query_name("a=b") == "a%3Db" and q.encode_query_value("a=b") == "a=b"
    assert q.encode_segment(";,=:@!$'()*") == ";,=:@!$'()*"  # sub-delims, ":" and "@" stay
    with pytest.raises(IRIError, match="U\\+DFFF"):
        q.encode_query_value("a\udfff")


@pytest.mark.parametrize("char", ["\u034f", "\ufe0f", "\u3164", "\u2800", "\u200b", "\u202e"])
def test_builders_encode_what_to_iri_keeps_encoded(char: str) -> None:
    # Default_Ignorable_Code_Point and the other invisible characters (3987bis 4.2 step 4,
    # docs/rationale.md SF2): a built component never shows what to_iri would not decode.
    encoded = "".join(f"%{b:02X}" for b in char.encode())
    assert iri.to_iri(f"http://h/{encoded}?{encoded}") == f"http://h/{encoded}?{encoded}"
    assert q.encode_query_value(char) == encoded and q.encode_segment(char) == encoded
    assert str(iri.parse("http://h/").with_query({"q": char})) == f"http://h/?q={encoded}"


def test_decode_component() -> None:
    assert q.decode_component("%41%2b%2B+") == "A+++"
    assert q.decode_component("%41%2b+", form=True) == "A+ "
    assert q.decode_component("%E6%9D%B1%FF") == "東\udcff"
    assert q.decode_component("%zz") == "%zz"  # not an escape: left as it is


def test_query_params_api() -> None:
    p = q.parse_query("a=1&b=2&a=3&=e&f")
    assert len(p) == 5 and list(p) == ["a", "b", "a", "", "f"]
    assert p.keys() == ["a", "b", "a", "", "f"] and p.values() == ["1", "2", "3", "e", None]
    assert p.to_dict() == {"a": ["1", "3"], "b": ["2"], "": ["e"], "f": [None]}
    assert p["a"] == "1" and p.get("zz") is None and p.get("zz", "d") == "d"
    with pytest.raises(KeyError):
        p["zz"]
    assert p == q.parse_query("a=1&b=2&a=3&=e&f") and hash(p) == hash(
        q.parse_query("a=1&b=2&a=3&=e&f")
    )
    assert p != q.parse_query("b=2&a=1&a=3&=e&f")  # order matters
    assert p != [("a", "1")]
    assert q.parse_query(None) == QueryParams() and q.parse_query("") == QueryParams()
    assert q.parse_query("&&") == QueryParams()


def test_styles() -> None:
    assert q.parse_query("a=b+c", style="form")["a"] == "b c"
    assert q.parse_query("a=b+c", style=QueryStyle.PERCENT)["a"] == "b+c"
    assert q.parse_query("a=b+c", style="auto", scheme="HTTPS")["a"] == "b c"
    assert q.parse_query("a=b+c", style="auto", scheme="ftp")["a"] == "b+c"
    with pytest.raises(ValueError, match="nope"):
        q.parse_query("a", style="nope")


def test_pairs_of_type_errors() -> None:
    for bad in ("a=1", b"a=1", [("a",)], [["a", "1"]], {"a": 1.0}, {"a": True}, [(1, "a")]):
        with pytest.raises(TypeError):
            q.pairs_of(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [3, 1.5, object(), None], ids=lambda v: type(v).__name__)
def test_a_query_that_is_no_mapping_nor_pairs_says_so(bad: object) -> None:
    # it was "'int' object is not iterable", from the loop over the pairs
    with pytest.raises(TypeError, match=f"expected a mapping or pairs, got {type(bad).__name__}"):
        q.pairs_of(bad)  # type: ignore[arg-type]
    if bad is None:  # the methods' default: no query (with_query), nothing to add
        return
    ref = iri.parse("http://x/p")
    for method in (ref.extend_query, ref.update_query, ref.with_query):
        with pytest.raises(TypeError, match="expected a mapping or pairs"):
            method(bad)  # type: ignore[arg-type]


def test_raw_builders_keep_other_pairs_as_written() -> None:
    assert q.update_query("a=%7E&b=1&&b=2", [("b", "x")], form=False) == "a=%7E&b=x&"
    assert q.extend_query("a=%7E", [("b", "x y")], form=True) == "a=%7E&b=x+y"
    assert q.extend_query(None, [("b", "1")], form=True) == "b=1"
    assert q.remove_names("a=1&%62=2&c", ["b", "c"], form=False) == "a=1"


def test_path_segments() -> None:
    assert q.path_segments("/a//b") == ("a", "", "b")
    assert q.path_segments("a%2Fb/c") == ("a/b", "c")
