"""The comparison ladder: spec examples and rule tables (tests/cases/normalize_cases.toml)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import iri
from iri import is_valid
from iri.errors import InvalidIRI, IRIError
from iri.ladder.normalize import (
    CharacterNormalization,
    Level,
    _normalize,
    equivalent,
    key,
    normalize,
)

CASES: dict[str, list[dict[str, Any]]] = tomllib.loads(
    (Path(__file__).parent.parent / "cases" / "normalize_cases.toml").read_text(encoding="utf-8")
)
LEVELS = ("simple", "syntax", "scheme")


@pytest.mark.parametrize("case", CASES["normalize"], ids=lambda c: c["source"])
def test_normalize_case(case: dict[str, Any]) -> None:
    options = {"level": case["level"], "character": case.get("character", "none")}
    result = normalize(case["input"], **options)
    assert result == case["expected"]
    assert is_valid(result)
    assert normalize(result, **options) == result  # idempotent
    # The fast path and the readable rules agree.
    level, character = Level(case["level"]), CharacterNormalization(options["character"])
    assert _normalize(case["input"], level, character, fast=False) == result


@pytest.mark.parametrize("case", CASES["equivalent"], ids=lambda c: c["source"])
def test_equivalent_case(case: dict[str, Any]) -> None:
    a, b = case["a"], case["b"]
    for level in LEVELS:
        assert equivalent(a, b, level=level) is case[level], level
        assert equivalent(b, a, level=level) is case[level], level  # symmetric
        assert (key(a, level) == key(b, level)) is case[level], level


def test_the_ladder_is_monotonic_on_the_table() -> None:
    for case in CASES["equivalent"]:
        answers = [case[level] for level in LEVELS]
        assert answers == sorted(answers), case["source"]  # False before True


# -- RFC 3987 5.3.3 / issue 4: the three résumé hosts -----------------------------------


def test_three_spellings_of_one_idn_host() -> None:
    hosts = ("résumé.example.org", "RÉSUMÉ.example.org", "xn--rsum-bpad.example.org")
    texts = [f"http://{h}/" for h in hosts]
    keys = {key(t, "scheme") for t in texts}
    assert keys == {"http://résumé.example.org/"}
    assert len({key(t, "syntax") for t in texts}) == 3


# -- the simple rung ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["http://a/b c", "\ud800", "", "%zz", "HTTP://A/"])
def test_simple_level_compares_any_strings(text: str) -> None:
    assert equivalent(text, text, level="simple")
    assert not equivalent(text, text + "x", level="simple")
    assert key(text, "simple") is text


def test_simple_level_maps_nothing() -> None:
    assert normalize("HTTP://A/%7e", level="simple") == "HTTP://A/%7e"
    assert not equivalent("HTTP://A/", "http://a/", level="simple")
    with pytest.raises(IRIError):
        normalize("http://a/", level="simple", character="nfc")
    with pytest.raises(IRIError):
        equivalent("http://a/", "http://a/", level="simple", equivalences=str.lower)


# -- invalid input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "http://a/b c",
        "http://a/%zz",
        "http://a/%4",
        "http://a/\u202e",
        "a:b\n",
        "http://[fe80::1%25eth0]/",  # RFC 6874 zone IDs are rejected by default
        "http://a/\ue000",  # iprivate outside the query
    ],
)
def test_invalid_input_raises_invalid_iri(text: str) -> None:
    for level in ("syntax", "scheme"):
        with pytest.raises(InvalidIRI) as info:
            normalize(text, level=level)
        assert info.value.errors
        assert info.value.text == text
        with pytest.raises(InvalidIRI):
            equivalent(text, text, level=level)
        with pytest.raises(InvalidIRI):
            equivalent("http://a/", text, level=level)
        with pytest.raises(InvalidIRI):
            key(text, level)
    with pytest.raises(InvalidIRI):
        normalize(text, level="simple")  # normalize always validates


# -- options --------------------------------------------------------------------------------


def test_enum_and_string_options_agree() -> None:
    text = "HTTP://Example.COM:80/%7e/re\u0301"
    for level in ("syntax", "scheme"):
        for character in ("none", "nfc", "nfkc"):
            assert normalize(text, level=level, character=character) == normalize(
                text, level=Level(level), character=CharacterNormalization(character)
            )
    assert key(text, Level.SCHEME) == key(text, "scheme")
    assert equivalent(text, text.lower(), level=Level.SCHEME)


@pytest.mark.parametrize(
    ("level", "character"), [("protocol", "none"), ("syntax", "nfd"), ("", "")]
)
def test_unknown_option_raises_value_error(level: str, character: str) -> None:
    with pytest.raises(ValueError):
        normalize("http://a/", level=level, character=character)
    with pytest.raises(ValueError):
        equivalent("http://a/", "http://a/", level=level, character=character)


def test_default_level_is_syntax() -> None:
    assert normalize("HTTP://A:80") == "http://a:80"
    assert key("HTTP://A:80") == "http://a:80"
    assert equivalent("HTTP://A/", "http://a/")
    assert not equivalent("http://a:80/", "http://a/")


# -- character normalization ----------------------------------------------------------------


def test_nfkc_refuses_a_new_dot_segment() -> None:
    with pytest.raises(IRIError, match="dot segment"):
        normalize("http://a/\u2025/b", character="nfkc")  # TWO DOT LEADER -> ".."
    with pytest.raises(IRIError):
        normalize("../\uff0e/b", character="nfkc")  # FULLWIDTH FULL STOP -> "."
    # Not a whole segment: fine.
    assert normalize("http://a/x\u2025/b", character="nfkc") == "http://a/x../b"


def test_nfkc_refuses_a_host_it_would_give_new_labels_or_escaped_ascii() -> None:
    # Found by the normalization invariant: NFKC made "a.G\u2049" "a.g%21%3F", which no
    # host may hold (RFC 3986 3.2.2), so normalize returned an invalid IRI.
    with pytest.raises(IRIError, match="host"):
        normalize("http://a.G\u2049/", character="nfkc")  # DOUBLE EXCLAMATION QUESTION
    with pytest.raises(IRIError, match="host"):
        normalize("foo://a\u2024b/", character="nfkc")  # ONE DOT LEADER -> a new label
    assert normalize("foo://\uff45\uff58.org/", character="nfkc") == "foo://ex.org/"
    # A full stop IDNA reads as a label separator (RFC 3490 3.1) makes no new label.
    assert normalize("http://\uff10\uff38\uff0e\uff11/", character="nfkc") == "http://0x.1/"


def test_character_normalization_makes_nfc_forms_equivalent() -> None:
    nfc = "http://www.example.org/r\u00e9sum\u00e9.html"
    nfd = "http://www.example.org/re\u0301sume\u0301.html"
    assert not equivalent(nfc, nfd)
    assert equivalent(nfc, nfd, character="nfc")
    assert equivalent(nfc, nfd, level="scheme", character="nfkc")


# -- the protocol-based hook (5.3.4) -------------------------------------------------------


def _drop_www(text: str) -> str:
    return text.replace("://www.", "://", 1)


def test_equivalences_hook() -> None:
    a, b = "http://www.Example.com/data", "http://example.com/data"
    assert not equivalent(a, b, level="scheme")
    assert equivalent(a, b, level="scheme", equivalences=_drop_www)
    assert normalize(a, level="scheme", equivalences=_drop_www) == b


def test_equivalences_hook_result_is_normalized_again() -> None:
    def upper(text: str) -> str:
        return text.replace("http://example.com/data", "HTTP://EXAMPLE.com:80/%64ata/")

    result = normalize("http://example.com/data", level="scheme", equivalences=upper)
    assert result == "http://example.com/data/"


def test_equivalences_hook_result_is_validated() -> None:
    with pytest.raises(InvalidIRI):
        normalize("http://a/", equivalences=lambda t: t + " x")


# -- details ----------------------------------------------------------------------------


def test_unchanged_text_is_returned_as_is() -> None:
    text = "https://www.example.com/a/b?q=1#f"
    assert normalize(text, level="scheme") is text


@pytest.mark.parametrize("char", ["\u200b", "\ufeff", "\u00ad", "\u2028", "\u3164"])
def test_a_character_to_iri_keeps_encoded_has_one_spelling(char: str) -> None:
    # RFC 3987 5.3.2.3: "differences in percent-encoding (except for the percent-encoding
    # of reserved characters) MUST always result in the same resource". Found by the round
    # trip invariant: to_iri(to_uri(x)) keeps these encoded (3987bis 4.2 step 4), and the
    # raw spelling was not equivalent to it.
    encoded = "".join(f"%{b:02X}" for b in char.encode())
    raw = f"http://h/a{char}?q{char}#f{char}"
    assert normalize(raw) == f"http://h/a{encoded}?q{encoded}#f{encoded}"
    assert equivalent(raw, raw.replace(char, encoded.lower()))
    assert equivalent(raw, iri.to_iri(iri.to_uri(raw)))
    assert normalize(f"http://u{char}@h/") == f"http://u{encoded}@h/"
    assert _normalize(raw, Level.SYNTAX, CharacterNormalization.NONE, fast=False) == (
        normalize(raw)
    )


def test_iprivate_is_decoded_in_the_query_only() -> None:
    assert normalize("http://a/?%ee%80%80") == "http://a/?\ue000"
    assert normalize("http://a/%ee%80%80") == "http://a/%EE%80%80"
    assert normalize("http://a/#%ee%80%80") == "http://a/#%EE%80%80"


@pytest.mark.parametrize("text", ["HTTP://A%e2%80%aeB.COM/", "http://A%2fB.example/"])
def test_hosts_with_escaped_ascii_or_non_idn_are_refused(text: str) -> None:
    # RFC 3986 3.2.2 / draft-duerst-idn-uri 3: percent-encoding in a host only for UTF-8 that
    # decodes to a valid IDN; these were normalized/converted before that rule (issue 8).
    with pytest.raises(iri.InvalidIRI) as info:
        iri.normalize(text)
    assert info.value.errors[0].component == "host"
    with pytest.raises(iri.InvalidIRI):
        iri.to_uri(text, host="idna")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://www.w%33.org", "http://www.w3.org"),
        ("http://%65xample.COM/", "http://example.com/"),
        ("http://ex%41mple.org/", "http://example.org/"),
    ],
)
def test_normalize_decodes_an_escaped_letter_digit_or_hyphen_in_a_host(
    text: str, expected: str
) -> None:
    # RFC 3986 6.2.2.2: an escaped unreserved character is decoded (then 6.2.2.1, lowercase);
    # draft-duerst-idn-uri 3 gives "http://www.w%33.org" as legal (a warning in check).
    assert iri.normalize(text) == expected
    assert iri.normalize(text, level="scheme") == iri.normalize(expected, level="scheme")
    assert iri.equivalent(text, expected)
    assert iri.equivalent(text, expected, level="scheme")
    assert iri.equivalent("http://www.w%33.org", "http://www.w3.org")


def test_an_escaped_asterisk_in_a_host_stays_an_error() -> None:
    # decoded "*" is not a letter, digit or hyphen: it cannot form a label
    with pytest.raises(iri.InvalidIRI) as info:
        iri.normalize("http://%2a.example.org")
    assert info.value.errors[0].code == "percent-encoded-ascii-in-host"
    with pytest.raises(iri.InvalidIRI):
        iri.equivalent("http://%2a.example.org", "http://*.example.org")


def test_a_host_character_to_iri_keeps_encoded_has_one_spelling() -> None:
    # RFC 3987 5.3.2.3 in a host whose escaped UTF-8 need not be an IDN (no DNS scheme):
    # U+034F (a default ignorable) is written encoded, as to_iri keeps it
    assert iri.normalize("foo://a\u034fb/") == "foo://a%CD%8Fb/"
    assert iri.equivalent("foo://a\u034fb/", "foo://a%CD%8Fb/")


def test_scheme_level_decodes_a_dns_hosts_escaped_utf8_before_idna() -> None:
    # 3987bis 3.4.2: the escapes and the characters of a DNS host meet under UTS #46
    assert iri.normalize("HTTP://%EF%BB%BFftXp.example/", level="scheme") == (
        "http://ftxp.example/"
    )
    assert iri.equivalent(
        "http://r%C3%A9sum%C3%A9.example/", "http://RÉSUMÉ.example/", level="scheme"
    )
    # escaped octets that are no UTF-8 stay as they are
    assert iri.normalize("http://%FCx/", level="scheme") == "http://%FCx/"


# -- the "same resource" question: comparison without the fragment (3987bis 5.3) ---------

#: (a, b, equivalent at each of simple / syntax / scheme when fragments are ignored).
_SAME_RESOURCE = [
    ("http://a/x#1", "http://a/x#2", (True, True, True)),  # the issue's own example
    ("http://a/x#1", "http://a/x", (True, True, True)),  # a fragment and none
    ("http://a/x#", "http://a/x", (True, True, True)),  # an empty fragment and none
    ("http://a/%7e#1", "http://a/~#2", (False, True, True)),  # the ladder still climbs
    ("HTTP://a:80/#a", "http://a/#b", (False, False, True)),
    ("http://a/x?q#1", "http://a/x#1", (False, False, False)),  # the query still counts
]


@pytest.mark.parametrize(("a", "b", "same"), _SAME_RESOURCE)
def test_ignore_fragment_at_every_level(a: str, b: str, same: tuple[bool, ...]) -> None:
    for level, expected in zip(LEVELS, same, strict=True):
        for x, y in ((a, b), (b, a)):
            assert equivalent(x, y, level=level, ignore_fragment=True) is expected, level
            assert iri.equivalent(x, y, level=level, ignore_fragment=True) is expected, level
            got = key(x, level, ignore_fragment=True) == key(y, level, ignore_fragment=True)
            assert got is expected, level
        # without the option the fragments still count (they differ in every row)
        assert equivalent(a, b, level=level) is False, level


def test_ignore_fragment_keys_have_no_fragment() -> None:
    assert key("http://a/x#Top", ignore_fragment=True) == "http://a/x"
    assert key("HTTP://a/x#Top", "simple", ignore_fragment=True) == "HTTP://a/x"
    assert key("http://a/x#Top", "scheme", ignore_fragment=True) == "http://a/x"
    assert key("http://a/x#Top") == "http://a/x#Top"


def test_ignore_fragment_still_validates_the_fragment() -> None:
    for level in ("syntax", "scheme"):
        with pytest.raises(InvalidIRI):
            equivalent("http://a/x#a b", "http://a/x", level=level, ignore_fragment=True)
        with pytest.raises(InvalidIRI):
            key("http://a/x#a b", level, ignore_fragment=True)
