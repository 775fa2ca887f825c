"""Properties of the one percent-encoder and decoder (iri.syntax.percent), for every named set.

* the fast encoder (each set's closure: ``str.translate``, one search, one batch of runs)
  gives what the definition gives, one character at a time (``encode_by_character``),
  with and without ``space_as_plus`` and ``keep_escapes``;
* ``decode_escapes(encode(x, s)) == x`` for every set and any text without lone
  surrogates (``x`` without ``%`` for a set that leaves ``%`` literal: there a ``%`` in
  the text already starts an escape, by the set's definition);
* lone surrogates (docs/rationale.md, "Lone surrogates when encoding"): the result is an
  ``IRIError``, or, when every one is U+DC80-DCFF, the octets they escape; never a
  ``UnicodeEncodeError``, never the ill-formed UTF-8 of a surrogate.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from iri.errors import IRIError
from iri.syntax import percent
from iri.syntax.percent import (
    IPCHAR,
    IQUERY,
    EncodeSet,
    decode_escapes,
    decode_octets,
    encode,
    encode_by_character,
)

SETTINGS = settings(derandomize=True, deadline=None, max_examples=300)

#: Every named set, its URI form, and the derived sets the callers build.
_NAMED = [v for v in vars(percent).values() if isinstance(v, EncodeSet)]
SETS: list[EncodeSet] = sorted(
    {*_NAMED, *(s.uri for s in _NAMED)}
    | {IQUERY.add("&+=").appropriate(), IPCHAR.appropriate(), IPCHAR.remove("%")},
    key=lambda s: s.name,
)

# Text biased towards what the sets tell apart: ASCII punctuation and controls, "%" and
# escapes, ucschar, iprivate, bidi and other format characters, non-characters.
_INTERESTING = st.sampled_from(
    [*map(chr, range(0x80)), "%41", "%e9", "%zz", "é", "東", "\u00a0", "\u200d", "\u202e",
     "\u061c", "\ue000", "\U000e0041", "\U000f0000", "\ufdd0", "\ufffd", "\U0001f600", "\x85"]
)  # fmt: skip
TEXT = st.one_of(st.text(), st.lists(_INTERESTING, max_size=12).map("".join))
ANY_TEXT = st.one_of(
    st.text(alphabet=st.characters(codec=None, exclude_categories=())),
    st.lists(st.one_of(_INTERESTING, st.sampled_from("\ud800\udbff\udc00\udc7f\udc80\udcff\udfff")),
             max_size=12).map("".join),
)  # fmt: skip


def test_the_sets_are_many() -> None:
    assert len(SETS) > 30


@SETTINGS
@given(TEXT, st.sampled_from(SETS), st.booleans(), st.booleans())
def test_fast_encoder_is_the_definition(text: str, s: EncodeSet, plus: bool, keep: bool) -> None:
    expected = encode_by_character(text, s, keep, plus)
    assert encode(text, s, keep_escapes=keep, space_as_plus=plus) == expected
    if not plus and not keep:
        assert s.encoder(text) == expected


@SETTINGS
@given(TEXT, st.sampled_from(SETS))
def test_decode_inverts_encode(text: str, s: EncodeSet) -> None:
    if "%" not in s.ascii_encoded:
        text = text.replace("%", "")  # a "%" the set leaves literal starts an escape
    assert decode_escapes(encode(text, s)) == text


@SETTINGS
@given(ANY_TEXT, st.sampled_from(SETS))
def test_lone_surrogates(text: str, s: EncodeSet) -> None:
    if "%" not in s.ascii_encoded:
        text = text.replace("%", "")
    try:
        out = encode(text, s)
    except IRIError as exc:
        # only a lone surrogate outside U+DC80-DCFF, named in the message
        bad = [c for c in text if 0xD800 <= ord(c) <= 0xDFFF and not 0xDC80 <= ord(c) <= 0xDCFF]
        assert bad and f"U+{ord(bad[0]):04X}" in str(exc)
        return
    if not s.encodes("\ud800"):
        return  # a set that leaves every non-ASCII code point literal (ASCII_BUT_UNRESERVED)
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in out)
    # every character as its UTF-8, U+DC80-DCFF as the octet it escapes: nothing else
    assert decode_octets(out) == text.encode("utf-8", "surrogateescape")
