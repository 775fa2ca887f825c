"""Unit tests of iri.syntax.check: spans, components, messages, warnings, ordering."""

from __future__ import annotations

import pytest

from iri import Code, Rule, check, is_valid


def codes(text: str, rule: str = "IRI_reference", **kw: str) -> list[str]:
    return [str(v.code) for v in check(text, rule=rule, **kw)]


def one(text: str, code: str, rule: str = "IRI_reference") -> tuple[tuple[int, int], str | None]:
    found = [v for v in check(text, rule=rule) if v.code == code]
    assert len(found) == 1, check(text, rule=rule)
    return found[0].span, found[0].component


# -- errors: spans, components, messages -----------------------------------------------


def test_bidi_message_names_the_character() -> None:
    (v,) = check("http://example.org/\u202eabc")
    assert v.code is Code.BIDI_FORMATTING_CHARACTER
    assert v.severity == "error"
    assert v.span == (19, 20)
    assert v.component == "path"
    assert v.section == "RFC 3987 4.1"
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in v.message


def test_invalid_character_message() -> None:
    (v,) = check("http://a/b c")
    assert v.code is Code.INVALID_CHARACTER
    assert v.span == (10, 11)
    assert "U+0020 SPACE" in v.message and "path" in v.message


@pytest.mark.parametrize(
    ("text", "code", "span", "component"),
    [
        ("http://u\u0020@h/", "invalid-character", (8, 9), "userinfo"),
        ("http://h\u0020/", "invalid-character", (8, 9), "host"),
        ("http://h/?\u0020x", "invalid-character", (10, 11), "query"),
        ("http://h/#\u0020x", "invalid-character", (10, 11), "fragment"),
        ("http://h:8o/", "invalid-port", (9, 11), "port"),
        ("http://[::1/", "invalid-ip-literal", (7, 11), "host"),
        ("http://[fe80::1%25eth0]/", "zone-id-not-allowed", (15, 22), "host"),
        ("http://a/%", "invalid-percent-encoding", (9, 10), "path"),
        ("http://a/%2", "invalid-percent-encoding", (9, 11), "path"),
        ("http://a/%2g", "invalid-percent-encoding", (9, 11), "path"),
        ("http://a/%zz", "invalid-percent-encoding", (9, 10), "path"),
        ("http://a/\ue000", "iprivate-outside-query", (9, 10), "path"),
        ("1a:b", "colon-in-first-segment", (2, 3), "path"),
    ],
)
def test_error_spans(text: str, code: str, span: tuple[int, int], component: str) -> None:
    assert one(text, code) == (span, component)


def test_rule_errors() -> None:
    assert one("//a", "missing-scheme", "IRI") == ((0, 0), None)
    assert one("http://a/", "scheme-not-allowed", "irelative_ref") == ((0, 5), "scheme")
    assert one("http://a/#x", "fragment-not-allowed", "absolute_IRI") == ((9, 11), "fragment")
    assert one("1http://a/", "invalid-scheme", "IRI") == ((0, 1), "scheme")
    assert one("a_b:c", "invalid-scheme", "URI") == ((1, 2), "scheme")


def test_dot_slash_before_colon_is_fine() -> None:
    assert codes("./a:b") == []
    assert codes("./a:b", "irelative_ref") == []


def test_non_ascii_in_uri_rules() -> None:
    for rule in ("URI", "URI_reference", "absolute_URI"):
        (v,) = check("http://a/\u00e9", rule=rule)
        assert v.code is Code.NON_ASCII_CHARACTER
        assert "U+00E9" in v.message
    (v,) = check("\u00e9", rule="relative_ref")
    assert v.code is Code.NON_ASCII_CHARACTER


def test_every_character_is_reported() -> None:
    assert codes("http://a/\u202e \u202e") == [
        "bidi-formatting-character",
        "invalid-character",
        "bidi-formatting-character",
    ]


def test_violations_ordered_by_position() -> None:
    text = "HTTP://User:pw@Host:80/a/../%7e b?\ue000#\u202e"
    violations = check(text)
    starts = [v.span[0] for v in violations]
    assert starts == sorted(starts)
    assert {str(v.code) for v in violations} >= {
        "uppercase-scheme",
        "password-in-userinfo",
        "uppercase-host",
        "default-port",
        "dot-segment",
        "lowercase-percent-encoding",
        "percent-encoded-unreserved",
        "invalid-character",
        "private-use-character",
        "bidi-formatting-character",
    }


def test_check_never_raises_on_surrogates_and_controls() -> None:
    for text in ["\ud800", "\udfff\ud800", "http://\ud800/", "\x00", "%\ud800", "[\ud800]"]:
        for rule in Rule:
            violations = check(text, rule=rule)
            assert any(v.severity == "error" for v in violations)
            assert not is_valid(text, rule=rule)


def test_string_options() -> None:
    assert check("http://a/", rule="URI") == check("http://a/", rule=Rule.URI)
    assert codes("http://[fe80::1%25x]/", zone_id="accept") == []
    with pytest.raises(ValueError):
        check("a", rule="nope")


# -- warnings --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://a/e\u0301", ["not-nfc"]),
        ("http://a/%c3%a9", ["lowercase-percent-encoding", "lowercase-percent-encoding"]),
        ("http://a/%41", ["percent-encoded-unreserved"]),
        ("http://a/%7E", ["percent-encoded-unreserved"]),
        ("http://a/%7e", ["lowercase-percent-encoding", "percent-encoded-unreserved"]),
        ("http://a/%2F", []),  # reserved: encoding it is meaningful
        ("http://a/%ED%A0%80", ["percent-encoded-invalid-utf8"]),  # surrogate U+D800
        ("http://a/%E6%97", ["percent-encoded-invalid-utf8"]),  # truncated
        ("http://a/%E6%97%A5", []),
        ("http://a/%FF", ["percent-encoded-invalid-utf8"]),
        ("http://a/%80", ["percent-encoded-invalid-utf8"]),
        ("http://a/%F4%90%80%80", ["percent-encoded-invalid-utf8"]),  # > U+10FFFF
        ("http://a/%C0%AF", ["percent-encoded-overlong-utf8"]),
        ("http://a/%E0%80%AF", ["percent-encoded-overlong-utf8"]),
        ("http://a/%F0%80%80%AF", ["percent-encoded-overlong-utf8"]),
        ("http://a/./b", ["dot-segment"]),
        ("http://a/b/..", ["dot-segment"]),
        ("/a/./b", ["dot-segment"]),
        ("a/../b", []),  # relative-path references are where dot-segments belong
        ("http://a?x=./", []),
        ("http://a:/", ["empty-port"]),
        ("http://a:80/", ["default-port"]),
        ("https://a:443/", ["default-port"]),
        ("http://a:080/", ["default-port"]),  # numerically the default
        ("http://a:8080/", []),
        ("foo://a:80/", []),  # no default port known
        ("HTTP://a/", ["uppercase-scheme"]),
        ("http://A/", ["uppercase-host"]),
        ("http://[::A]/", ["uppercase-host"]),
        ("ftp://u:p@a/", ["password-in-userinfo"]),
        ("ftp://u:@a/", ["password-in-userinfo"]),
        ("http://a/\u0915\u094d\u200d\u0937", []),  # ZWJ after a virama
        ("http://a/\u0915\u094d\u200c\u0937", []),  # ZWNJ after a virama
        ("http://a/a\u200db", ["joiner-out-of-context"]),
        ("http://a/a\u200cb", ["joiner-out-of-context"]),
        ("http://a/?\ue000", ["private-use-character"]),
        ("http://a/?\U000e0001", ["private-use-character"]),
    ],
)
def test_warnings(text: str, expected: list[str]) -> None:
    violations = check(text)
    assert all(v.severity == "warning" for v in violations), violations
    assert [str(v.code) for v in violations] == expected
    assert is_valid(text)


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("http://a/%ED%A0%80", (9, 18)),
        ("http://a/%E6%97", (9, 15)),
        ("http://a/%E6%97x", (9, 15)),
        ("http://a/%C0%AF", (9, 15)),
        ("http://a/%E0%80%AF", (9, 18)),
        ("http://a/%F0%80%80%AF", (9, 21)),
        ("http://a:/", (8, 9)),
        ("http://a:80/", (8, 11)),
        ("HTTP://a/", (0, 4)),
        ("ftp://u:p@a/", (7, 9)),
        ("http://a/a\u200db", (10, 11)),
        ("http://a/e\u0301", (8, 11)),
    ],
)
def test_warning_spans(text: str, span: tuple[int, int]) -> None:
    (v,) = check(text)
    assert v.span == span


def test_percent_warning_component() -> None:
    (v,) = check("http://a/?%7E")
    assert v.component == "query"
    (v,) = check("http://a/#%7E")
    assert v.component == "fragment"


def test_uppercase_percent_in_host_is_not_uppercase_host() -> None:
    assert codes("http://%C3%A9/") == []


@pytest.mark.parametrize("text", ["1://", "1a://b/c", "-a://b", "\u00e9://b"])
def test_invalid_scheme_then_authority(text: str) -> None:
    # Not a scheme, so not an authority either: a relative path whose first segment has
    # a colon (regression: check() used to find nothing here).
    assert not is_valid(text)
    assert "colon-in-first-segment" in codes(text)
    assert "invalid-port" not in codes("1a://b:x/c")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("HTTP://a/", "uppercase-scheme"),
        ("http://A/", "uppercase-host"),
        ("http://u:p@a/", "password-in-userinfo"),
        ("http://a:/", "empty-port"),
        ("http://a:80/", "default-port"),
        ("http://a/./b", "dot-segment"),
        ("http://a/b/..", "dot-segment"),
        ("/..", "dot-segment"),
        ("http://a/%7e", "lowercase-percent-encoding"),
    ],
)
def test_the_fast_path_does_not_hide_ascii_warnings(text: str, code: str) -> None:
    from iri.syntax.check import explain

    assert code in [v.code for v in check(text)]
    assert check(text) == explain(text)


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("http://my_host.example/", [(7, 14)]),
        ("http://-a.example/", [(7, 9)]),
        ("http://a-.example/", [(7, 9)]),
        ("http://a..b/", [(9, 9)]),
        ("http://" + "a" * 64 + ".com/", [(7, 71)]),
    ],
)
def test_reg_name_not_in_dns_syntax_is_a_warning(text: str, spans: list[tuple[int, int]]) -> None:
    found = [v for v in check(text) if v.code == Code.REG_NAME_NOT_DNS]
    assert [v.span for v in found] == spans
    assert all(v.severity == "warning" and v.component == "host" for v in found)
    assert is_valid(text)


@pytest.mark.parametrize(
    "text",
    [
        "http://example.com./",
        "http://127.0.0.1/",
        "http://256.1.1.1/",
        "http://" + "a" * 63 + ".com/",
        "file:///etc/hosts",
        "http://r%C3%A9sum%C3%A9.example/",  # encoded: an IDN, IDNA's business
        "http://résumé_x.example/",  # non-ASCII: an IDN
    ],
)
def test_dns_names_and_idns_draw_no_dns_syntax_warning(text: str) -> None:
    assert not [v for v in check(text) if v.code in (Code.REG_NAME_NOT_DNS, Code.REG_NAME_TOO_LONG)]


def test_reg_name_longer_than_255_characters() -> None:
    host = ".".join(["a" * 50] * 6)  # 305 characters, every label fine
    found = [v for v in check(f"http://{host}/") if v.code == Code.REG_NAME_TOO_LONG]
    assert [v.span for v in found] == [(7, 7 + len(host))]
    assert check("http://" + ".".join(["a" * 50] * 5) + "/") == []  # 254 characters


@pytest.mark.parametrize(
    "text",
    [
        "http://a/b",
        "http://a/%zz",
        "http://a/%4",
        "http://a/\u202e",
        "a:b\n",
        "http://[::1%25eth0]/",
        "//résumé/?\ue000",
        "/\ue000",
        "1a:b",
        "",
    ],
)
def test_the_conversions_gate_agrees_with_is_valid(text: str) -> None:
    from iri.syntax.check import iri_reference_match

    assert (iri_reference_match(text) is not None) is is_valid(text)
