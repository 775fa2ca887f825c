"""The IDN display policy, one table per rule (Chromium's public rules; docs/security.md).

Each row is a host, whether Chromium shows it in Unicode, and, when it does not, the audit
code of the rule that keeps it an A-label. Rows marked ``# C`` are rows of Chromium's
``idn_spoof_checker_unittest.cc`` (tests/corpora/chromium-idn/); the others apply the same
rule to other text. The top-domain stage is off in the per-label tables (``top_domains=()``)
so that each table tests its own rule; it has its own table.
"""

from __future__ import annotations

import pytest

import iri
from iri.safety.findings import CODES, AuditCode
from iri.safety.idn_hosts import LEVELS
from iri.syntax.split import split_authority, split_with_spans

C = AuditCode
Row = tuple[str, str | None]  # (host, None = shown in Unicode | the code that keeps it)


def _host(text: str) -> str:
    return split_authority(split_with_spans(text)[0].authority or "").host


def _shown(host: str, top_domains: object = ()) -> str:
    return _host(iri.to_display(f"http://{host}/", wrap="none", top_domains=top_domains))  # type: ignore[arg-type]


def _unicode(host: str) -> str:
    """Every label of ``host`` in Unicode (plain Punycode decoding, no IDNA check)."""
    return ".".join(
        lab[4:].encode("ascii").decode("punycode") if lab.startswith("xn--") else lab
        for lab in host.split(".")
    )


def _check(host: str, code: AuditCode | None, top_domains: object = ()) -> None:
    shown = _shown(host, top_domains)
    findings = iri.audit(f"http://{host}/", top_domains=top_domains)  # type: ignore[arg-type]
    policy = [f for f in findings if f.code in LEVELS]
    if code is None:
        assert shown == _unicode(host), (shown, findings)
        assert policy == [], policy
    else:
        assert shown.isascii() and shown != _unicode(host), shown
        assert code in {f.code for f in policy}, findings
        (first,) = [f for f in policy if f.code is code][:1]
        assert first.section == CODES[code].section and first.message


def _table(rows: list[Row]) -> object:
    return pytest.mark.parametrize(("host", "code"), rows, ids=[r[0] for r in rows])


# 1. ICU spoof checks, allowed set: UTS #39 Identifier_Status=Allowed minus Chromium's list.
ALLOWED_SET: list[Row] = [
    ("xn--sn8a.com", C.RESTRICTED_CHARACTER),  # C: Vai, Limited_Use
    ("xn--5ya.com", C.RESTRICTED_CHARACTER),  # C: Coptic, excluded script
    ("xn--ab-n2t.com", C.RESTRICTED_CHARACTER),  # C: a’b, U+2019 removed by Chromium
    ("xn--o-tka.com", C.RESTRICTED_CHARACTER),  # C: oĸ, kra removed by Chromium
    ("xn--nion-unb.com", C.RESTRICTED_CHARACTER),  # C: ǔnion, Latin Ext-B Pinyin block
    ("xn--ily-n3y.com", C.RESTRICTED_CHARACTER),  # C: ḷily, Latin Extended Additional
    ("xn--kx8a.com", C.RESTRICTED_CHARACTER),  # C: Cyrillic Extended-B
    ("xn--hardare-l41c.com", C.RESTRICTED_CHARACTER),  # C: small capital w
    ("xn--fgb.com", C.RESTRICTED_CHARACTER),  # C (Apple builds): U+0620, everywhere here
    ("xn--bcher-kva.de", None),  # C: bücher.de
    ("xn--caf-dma.fr", None),  # C: café.fr
    ("xn--achy-f6a.com", None),  # C: šachy.com
    ("xn--5db6bh9b.il", None),  # C: Gershayim inside Hebrew
]

# 1. ICU spoof checks, Highly Restrictive with Chromium's combinations, per label.
SCRIPT_MIXING: list[Row] = [
    ("xn--paypl-g9d.com", C.MIXED_SCRIPT_LABEL),  # C: payp + Greek alpha + l
    ("xn--ggl-tdd6ba.ru", C.MIXED_SCRIPT_LABEL),  # C: g + Cyrillic o o + gl + Cyrillic e
    ("xn--y9j3b9855e.kr", C.MIXED_SCRIPT_LABEL),  # C: Hangul + Hiragana
    ("xn--ab-3ofh8fqbj6h.in", C.MIXED_SCRIPT_LABEL),  # C: Latin + Devanagari
    ("xn--bs-red.com", C.MIXED_SCRIPT_LABEL),  # C: Latin + Armenian
    ("xn--han-eb9ll88m.kr", None),  # C: Hangul + Latin (Korean)
    ("xn--hanzi-u57ii69i.tw", None),  # C: Han + Latin (Chinese)
    ("xn--kanji-ii4dpizfq59yuykqr4b.jp", None),  # C: Han + kana + Latin (Japanese)
    ("xn--b1-xi4a7cvc9f.com", None),  # C: Katakana + b1
    ("xn--y9j3b.xn--3e0b707e", None),  # C: Hiragana . Hangul, decided per label
]

# 1. ICU spoof checks: mixed digit systems, a repeated mark, a hidden dot above.
ICU_OTHER: list[Row] = [
    ("xn--79-v5f.co.in", C.MIXED_NUMBERS),  # C: 7 + Bengali 4 + 9
    ("xn--03c0b3ca.th", C.REPEATED_MARK),  # C: Thai mai ek twice
    ("xn--1ca20i.com", C.REPEATED_MARK),  # C: á + combining acute
    ("xn--pixel-8fd.com", C.HIDDEN_OVERLAY),  # C: pi̇xel
    ("xn--jack-qwc.com", C.HIDDEN_OVERLAY),  # C: j̇ack
    ("xn--lace-qwc.com", C.HIDDEN_OVERLAY),  # C: l̇ace
    ("pi\u0307xel.com", C.HIDDEN_OVERLAY),  # the same written in Unicode
    ("xn---123-kbjl2j0bl2k.in", None),  # C: Devanagari + ASCII digits: one system
    ("xn--12c2cc4ag3b4ccu.th", None),  # C: Thai marks, none repeated
    ("\u0117lektra.lt", None),  # ė: e + dot above under NFD, e is not dotted
]

# 2. Deviation characters (kept whatever the TLD; see docs/security.md on Chromium's mode).
DEVIATION: list[Row] = [
    ("fu\u00df.de", C.DEVIATION_CHARACTER),  # C (transitional): fuß.de
    ("xn--mxac2c.gr", C.DEVIATION_CHARACTER),  # C (transitional): αβς.gr
    ("xn--youtue-fta.com", C.DEVIATION_CHARACTER),  # C: youtuße.com
    ("xn--h2by8byc123p.in", C.RESTRICTED_CHARACTER),  # C: ZWNJ (Restricted since 15.0)
    ("\u03b1\u03b2\u03c3.gr", None),  # αβσ: the non-final sigma
    ("strasse.de", None),
]

# 3. Characters shown only under one TLD (labels of more than one character).
TLD_SPECIFIC: list[Row] = [
    ("xn--acdef-wva.com", C.TLD_SPECIFIC_CHARACTER),  # C: aþcdef.com
    ("xn--mnpqr-jta.com", C.TLD_SPECIFIC_CHARACTER),  # C: mnðpqr.com
    ("xn--xample-vyc.com", C.TLD_SPECIFIC_CHARACTER),  # C: əxample.com
    ("xn--acdef-wva.is", None),  # C
    ("xn--mnpqr-jta.is", None),  # C
    ("xn--mnpqr-jta.fo", None),  # C
    ("xn--xample-vyc.az", None),  # C
    ("\u00fe.com", None),  # one character: the rule does not apply
]

# 4. The middle dot: only l·l under .cat.
MIDDLE_DOT: list[Row] = [
    ("xn--ll-0ea.com", C.UNSAFE_MIDDLE_DOT),  # C: l·l.com
    ("xn--ll-0ea.cat", None),  # C: l·l.cat
    ("xn--coll-7ha.cat", None),  # col·l.cat
]

# 6. Whole-script confusables, per script, with the TLDs that allow them.
WHOLE_SCRIPT: list[Row] = [
    ("xn--e1argc3h.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: ѕсоре.com
    ("\u0455\u0441\u043e\u0440\u0435.com", C.WHOLE_SCRIPT_CONFUSABLE),  # the same, Unicode
    ("xn--123-qdd8bmf3n.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: ѕсоре123.com
    ("xn--j1an.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: ск.com
    ("xn--80ak6aa92e.com", C.WHOLE_SCRIPT_CONFUSABLE),  # аррӏе.com (Chromium's example)
    ("xn--mbbkpm.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Armenian
    ("xn--6xd66aa62c.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Ethiopic
    ("xn--mxapd.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Greek ικα
    ("xn--7dbh4a.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Hebrew
    ("xn--oidbbf41a.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Myanmar
    ("xn--o3cedqz2c.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Thai (the Linux list)
    ("xn--07baub.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Bengali
    ("xn--mlca6ab.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Tamil
    ("xn--lwccv.com", C.WHOLE_SCRIPT_CONFUSABLE),  # C: Malayalam
    # C: Devanagari; U+093D is Obsolete (Restricted) in Unicode 17: kept by step 1 here.
    ("xn--62ba6j.com", C.RESTRICTED_CHARACTER),
    ("xn--e1argc3h.ru", None),  # C: ѕсоре.ru
    ("xn--e1argc3h.xn--p1ai", None),  # C: ѕсоре.рф (a Cyrillic TLD)
    ("\u0455\u0441\u043e\u0440\u0435.ua", None),  # ѕсоре.ua
    ("xn--j1amdg.com", None),  # C: курс.com, an allowed word
    ("xn--e1adhj9a.com", None),  # C: музей.com, not all look-alikes
    ("xn--mbbkpm.am", None),  # C
    ("xn--mxapd.gr", None),  # C
    ("xn--mxapd.xn--qxam", None),  # C: under .ελ
    ("xn--7dbh4a.il", None),  # C
    ("xn--o3cedqz2c.th", None),  # C
    ("xn--oidbbf41a.mm", None),  # C
]

# 7. Digit look-alikes.
DIGITS: list[Row] = [
    ("xn--1-xcc.com", C.DIGIT_LOOKALIKE),  # C: 1շ.com
    ("xn--124567890-10h.com", C.DIGIT_LOOKALIKE),  # C: 12з4567890.com
    # C: ੨੨੨.com; U+0A68 is Uncommon_Use (Restricted) in Unicode 17: kept by step 1.
    ("xn--qccaa.com", C.RESTRICTED_CHARACTER),
    ("xn--123456789-yzg.com", C.DIGIT_LOOKALIKE),  # C: 123456789θ.com
    ("xn--16-1ik.com", C.DIGIT_LOOKALIKE),  # C: 16კ.com
    ("xn---123-45dmmc5f.ru", None),  # C: Cyrillic word + digits
    ("\u0437\u0430\u043c\u043e\u043a12.ru", None),  # замок12: з is not alone
]

# 8. Non-ASCII Latin beside another script.
LATIN_MIXED: list[Row] = [
    ("xn--hllo-bpa7979ih5m.cn", C.NON_ASCII_LATIN_MIXED),  # C: héllo + Han
    ("xn--caf-dma9024xvpg.kr", C.NON_ASCII_LATIN_MIXED),  # C: café + Hangul
    ("www.xn--hello-9n1hm04c.com", None),  # C: hello + Han
]

# 9. Dangerous patterns: kana marks, CJK look-alikes, combining marks out of place.
PATTERNS: list[Row] = [
    ("xn--a-mju.jp", C.DANGEROUS_PATTERN),  # C: a + iteration mark
    ("xn--a-oju.jp", C.DANGEROUS_PATTERN),  # C: a + voiced iteration mark
    ("xn--a1-bo4a.jp", C.DANGEROUS_PATTERN),  # C: a1 + iteration mark
    ("xn--abcdef-r64e.jp", C.DANGEROUS_PATTERN),  # C: abc + prolonged sound mark + def
    ("xn--wek060nb2a.jp", C.DANGEROUS_PATTERN),  # C: prolonged sound mark first
    ("xn--abc-os4b.jp", C.DANGEROUS_PATTERN),  # C: katakana middle dot + abc
    ("google.xn--comevil-v04f.jp", C.DANGEROUS_PATTERN),  # C: com + no + evil
    ("xn--49jxi3as0d0fpc.com", C.DANGEROUS_PATTERN),  # C: Hiragana he inside Katakana
    ("xn--rsa0336bjom.com", C.DANGEROUS_PATTERN),  # C: Han + dot above + Han
    ("xn--rsa2568fvxya.com", C.DANGEROUS_PATTERN),  # C: Hangul + dot above + Hangul
    # C: Devanagari + acute. Unicode 17 gives U+0301 Script_Extensions without Deva
    # (Chromium's ICU: Inherited), so step 1 (scripts mixed) keeps it before step 9.
    ("xn--lsa922apb7a6do.com", C.MIXED_SCRIPT_LABEL),
    ("xn--pxel-lza29y.com", C.DANGEROUS_PATTERN),  # C: dotless i + grave
    ("xn--ipaddress-w75n.com", C.DANGEROUS_PATTERN),  # C: ip + 一 + address
    ("xn--foog-ycg.com", C.MIXED_SCRIPT_LABEL),  # C: Latin + Arabic mark (step 1 first)
    ("xn--lck2i.jp", None),  # C: Katakana + iteration mark
    ("xn--lck0ip02qw5ya.jp", None),  # C: Katakana + prolonged sound mark + Han
    ("xn--vekt920a.jp", None),  # C: middle dot + Han
    ("xn--3ck7a7g.jp", None),  # C: ノンソ, a Japanese word
    ("xn--ldk.jp", None),  # C: ノ alone
    ("xn--gamer-fg1hz05u.com", None),  # C: 一 next to Han only
    ("xn--oiqsace.com", None),  # C: four slash-like ideographs together
]

# The top-domain stage (Chromium's synthetic test list, then the shipped default).
CHROMIUM_TEST_DOMAINS = ["digklmo68.com", "digklmo68.co.uk", "test.net", "f\u00f3\u00f3.com"]
TOP_DOMAINS: list[Row] = [
    ("xn--igklmo68-kcb.com", C.CONFUSABLE_WITH_TOP_DOMAIN),  # C: đigklmo68.com
    ("foo.bar.xn--igklmo68-kcb.com", C.CONFUSABLE_WITH_TOP_DOMAIN),  # C
    ("mail.xn--igklmo68-kcb.co.uk", C.CONFUSABLE_WITH_TOP_DOMAIN),  # C
    ("xn--digklmo68-7vf.com", C.CONFUSABLE_WITH_TOP_DOMAIN),  # C: dig̱klmo68.com
    ("xn--tst-bma.net", C.CONFUSABLE_WITH_TOP_DOMAIN),  # C: tést.net
    ("xn--fo-5ja.com", C.CONFUSABLE_WITH_TOP_DOMAIN),  # C: fóo.com, a Unicode top domain
    ("xn--xample-9ua.test.xn--nt-bja", C.CONFUSABLE_WITH_TOP_DOMAIN),  # C: éxample.test.nét
    ("xn--st-9ia.net", None),  # C: ést.net
    ("xn--atst-cpa.net", None),  # C: atést.net
    ("xn--xample-9ua.test.net", None),  # C: a subdomain of the top domain itself
]


@_table(ALLOWED_SET)
def test_allowed_set(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(SCRIPT_MIXING)
def test_script_mixing(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(ICU_OTHER)
def test_other_icu_checks(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(DEVIATION)
def test_deviation_characters(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(TLD_SPECIFIC)
def test_tld_specific_characters(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(MIDDLE_DOT)
def test_middle_dot(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(WHOLE_SCRIPT)
def test_whole_script_confusables(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(DIGITS)
def test_digit_lookalikes(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(LATIN_MIXED)
def test_non_ascii_latin_mixed(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(PATTERNS)
def test_dangerous_patterns(host: str, code: AuditCode | None) -> None:
    _check(host, code)


@_table(TOP_DOMAINS)
def test_top_domains_chromium_list(host: str, code: AuditCode | None) -> None:
    _check(host, code, CHROMIUM_TEST_DOMAINS)


ALL_TABLES = [
    *ALLOWED_SET,
    *SCRIPT_MIXING,
    *ICU_OTHER,
    *DEVIATION,
    *TLD_SPECIFIC,
    *MIDDLE_DOT,
    *WHOLE_SCRIPT,
    *DIGITS,
    *LATIN_MIXED,
    *PATTERNS,
]


def test_every_policy_code_has_a_row() -> None:
    codes = {c for _, c in ALL_TABLES + TOP_DOMAINS if c is not None}
    assert codes | {C.INVALID_A_LABEL, C.INVALID_LABEL} == set(LEVELS)


@pytest.mark.parametrize(
    ("host", "shown"),
    [
        # The label fails, the TLD is shown (Chromium: xn--googl-3we.한국).
        ("xn--googl-3we.xn--3e0b707e", "xn--googl-3we.\ud55c\uad6d"),  # C
        ("googl\u0435.\ud55c\uad6d", "xn--googl-3we.\ud55c\uad6d"),  # written in Unicode
        ("xn----8sbn9akccw8m.xn--3e0b707e", "xn----8sbn9akccw8m.\ud55c\uad6d"),  # C
        ("xn--han-or0kq92gkm3c.xn--3e0b707e", "\ud55c\uae00han\u97d3.\ud55c\uad6d"),  # C
        ("www.\u0455\u0441\u043e\u0440\u0435.com", "www.xn--e1argc3h.com"),
    ],
)
def test_decided_per_label(host: str, shown: str) -> None:
    assert _shown(host) == shown


@pytest.mark.parametrize(
    ("host", "shown"),
    [
        ("googl\u00e9.com", "xn--googl-fsa.com"),
        ("www.googl\u00e9.com", "www.xn--googl-fsa.com"),
        ("xn--googl-fsa.com", "xn--googl-fsa.com"),
        ("g\u00f6\u00f6gle.fr", "xn--ggle-5qaa.fr"),  # google.fr is on the list too
        ("\u00e9xample.com", "\u00e9xample.com"),  # example.com is not a top domain
        ("b\u00fccher.de", "b\u00fccher.de"),
        ("google.com", "google.com"),
    ],
)
def test_top_domains_default_list(host: str, shown: str) -> None:
    assert _shown(host, None) == shown


def test_top_domains_option() -> None:
    # Default (None), off (empty), a list of one's own.
    assert _shown("googl\u00e9.com", None) == "xn--googl-fsa.com"
    assert _shown("googl\u00e9.com", []) == "googl\u00e9.com"
    assert _shown("exampl\u00e9.org", ["example.org"]) == "xn--exampl-gva.org"
    assert _shown("exampl\u00e9.org", iter(["example.org"])) == "xn--exampl-gva.org"
    assert _shown("exampl\u00e9.org", None) == "exampl\u00e9.org"
    codes = {f.code for f in iri.audit("http://googl\u00e9.com/")}
    assert C.CONFUSABLE_WITH_TOP_DOMAIN in codes
    assert C.CONFUSABLE_WITH_TOP_DOMAIN not in {
        f.code for f in iri.audit("http://googl\u00e9.com/", top_domains=())
    }


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("google.com", "iterable of domain names \\(str\\), not a str"),
        (b"google.com", "not a bytes"),
        (42, "not int"),
        (["google.com", 7], "hold domain names \\(str\\), not int"),
    ],
)
def test_top_domains_type_errors(value: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        iri.to_display("http://example.org/", top_domains=value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        iri.audit("http://example.org/", top_domains=value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("paypal.com", "protected must be an iterable of domain names \\(str\\), not a str"),
        (b"paypal.com", "not a bytes"),
        (None, "not NoneType"),
        (42, "not int"),
        (["paypal.com", 7], "protected must hold domain names \\(str\\), not int: 7"),
    ],
)
@pytest.mark.parametrize("text", ["http://paypa1.com/", "http://xn--80ak6aa92e.com/", "a"])
def test_protected_type_errors(value: object, message: str, text: str) -> None:
    # one str was read as a list of one-letter domains, a non-str item raised an
    # AttributeError, and a text without a host passed any value over
    with pytest.raises(TypeError, match=message):
        iri.to_display(text, protected=value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        iri.audit(text, protected=value)  # type: ignore[arg-type]


def test_showable_that_is_not_callable_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="showable as a callable or None, got str"):
        iri.to_display("http://a/", showable="x")  # type: ignore[arg-type]


def test_protected_as_any_iterable() -> None:
    # a list, a tuple, a generator, a set: the same findings
    def codes(protected: object) -> set[str]:
        found = iri.audit("http://paypa1.com/", protected=protected)  # type: ignore[arg-type]
        return {f.code.value for f in found}

    want = codes(["paypal.com"])
    assert "confusable-with-protected" in want
    assert codes(("paypal.com",)) == codes({"paypal.com"}) == codes(iter(["paypal.com"])) == want


def test_ascii_hosts_skip_the_policy() -> None:
    # Pure-ASCII labels are never judged (Chromium judges only IDN labels).
    for host in ["google.com", "examp1e.com", "paypa1.com", "xn--example-.com"]:
        assert _shown(host, None) == host
    # Only Chromium's navigation checks judge an ASCII host (issue 27), not the display policy.
    assert [f.code for f in iri.audit("http://paypa1.com/")] == [C.CONFUSABLE_WITH_TOP_DOMAIN]
    assert iri.audit("http://paypa1.com/", top_domains=[]) == []


def test_kept_invariants_of_the_display() -> None:
    # RFC 3987 4.4 bidi examples, isolates and masked passwords are unaffected.
    assert iri.to_display("https://joe:secret@xn--80ak6aa92e.com/", wrap="none") == (
        "https://joe:****@xn--80ak6aa92e.com/"
    )
    assert (
        iri.to_display("http://\u05d0\u05d1.example/") == "\u2066http://\u05d0\u05d1.example/\u2069"
    )


# -- to_display and audit never disagree -------------------------------------------------
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_WHOLE_HOST = {C.CONFUSABLE_WITH_TOP_DOMAIN, C.CONFUSABLE_WITH_PROTECTED}


def _agree(text: str, top_domains: object = None) -> None:
    """Each label of the host of ``text`` is shown in Unicode by to_display exactly when
    the audit has no finding of the display policy for it (nor one for the whole host)."""
    shown = _host(iri.to_display(text, wrap="none", top_domains=top_domains))  # type: ignore[arg-type]
    host = _host(text)
    at = text.index(host)
    findings = [
        f
        for f in iri.audit(text, top_domains=top_domains)  # type: ignore[arg-type]
        if f.component == "host"
    ]
    whole = any(f.code in _WHOLE_HOST for f in findings)
    labels, shown_labels = host.split("."), shown.split(".")
    assert len(labels) == len(shown_labels), (host, shown)
    for label, out in zip(labels, shown_labels, strict=True):
        policy = [f for f in findings if f.code in LEVELS and at <= f.span[0] < at + len(label)]
        if not _unicode(label).isascii():
            in_unicode = not out.isascii()
            assert in_unicode == (not policy and not whole), (text, out, policy, whole)
        at += len(label) + 1


@pytest.mark.parametrize(("host", "code"), ALL_TABLES + TOP_DOMAINS, ids=str)
def test_display_and_audit_agree_on_every_row(host: str, code: AuditCode | None) -> None:
    _agree(f"http://{host}/")
    _agree(f"http://{host}/", CHROMIUM_TEST_DOMAINS)


_LETTERS = (
    "abcegiklmnoprstxy019-"
    "\u0430\u0441\u0435\u043e\u0440\u0445\u0443\u0456\u0455\u0458\u04cf\u043a\u043c\u0437"
    "\u03b1\u03b9\u03ba\u03bd\u03bf\u03c4\u03c2\u0585\u057d\u0578\u0577"
    "\u30ab\u30ca\u3072\u3089\u30fc\u30fd\u30fe\u30fb\u30ce\u30f3\u3078\u30d8"
    "\u4e00\u4e28\u751f\u65e5\u672c\ud55c\uae00\u05d7\u05e1\u05d3\u0e1e\u0e1a"
    "\u0301\u0307\u0300\u00df\u00fe\u00f0\u0259\u00b7\u0131\u00e9\u00fc\u0a68\u03b8"
)
_TLDS = ["com", "ru", "\u0440\u0444", "jp", "\ud55c\uad6d", "cat", "is", "az", "gr", "il"]


@st.composite
def _hosts(draw: st.DrawFn) -> str:
    labels = draw(st.lists(st.text(_LETTERS, min_size=1, max_size=8), min_size=1, max_size=3))
    return ".".join([*labels, draw(st.sampled_from(_TLDS))])


def _ace(host: str) -> str | None:
    from iri.syntax import hosts as idna

    try:
        return idna.to_ascii(host)
    except ValueError:
        return None


@given(_hosts(), st.sampled_from([None, (), ("google.com", "test.net", "apple.com")]))
def test_display_and_audit_agree_on_generated_hosts(host: str, top: object) -> None:
    text = f"http://{host}/"
    if iri.is_valid(text):
        _agree(text, top)
    ace = _ace(host)
    if ace is not None:
        _agree(f"http://{ace}/", top)


def test_the_policy_tables_load_only_for_hosts_that_need_them() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, iri\n"
        "iri.audit('http://example.org/'); iri.to_display('http://example.org/')\n"
        "print(sorted(m for m in sys.modules if m.startswith('iri.safety._tables.')))\n"
        "iri.to_display('http://b\\u00fccher.de/')\n"
        "print(sorted(m for m in sys.modules if m.startswith('iri.safety._tables.')))\n"
    )
    src = str(Path(__file__).resolve().parents[2] / "src")
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": src, "PATH": ""},
    )
    ascii_only, idn = done.stdout.splitlines()
    new = ("iri.safety._tables.script_property", "iri.safety._tables.top_domains")
    # The look-alike checks compare an ASCII host with the top domains too (issue 27): they
    # load that list and the skeletons, never the tables of the display policy.
    assert "iri.safety._tables.script_property" not in ascii_only, ascii_only
    assert all(name in idn for name in new), idn
