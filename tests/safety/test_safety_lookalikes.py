"""Look-alike domains as Chromium's navigation checks decide them (issue 27, seed row 5).

The cases of the issue, Chromium's own unit-test decisions (tests/corpora/chromium-lookalikes/,
transcribed facts), the Public Suffix List readings, and the RFC 3987 7.5 examples.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import iri
from iri.cli import main
from iri.safety.findings import AuditCode, Level
from iri.safety.lookalike_targets import keys
from iri.safety.lookalikes import edit_distance_at_most_one
from iri.safety.registrable import e2ld, registrable_domain
from iri.safety.skeleton import skeleton

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "corpora" / "chromium-lookalikes"
C = AuditCode
#: The codes that name a target.
NAMING = {
    C.CONFUSABLE_WITH_TOP_DOMAIN,
    C.CONFUSABLE_WITH_PROTECTED,
    C.LOOKALIKE_EDIT_DISTANCE,
    C.LOOKALIKE_TARGET_EMBEDDING,
}


def _named(host: str, **options: object) -> list[tuple[AuditCode, str | None]]:
    found = iri.audit(f"http://{host}/", **options)  # type: ignore[arg-type]
    return [(f.code, f.target) for f in found if f.code in NAMING]


# -- the cases, with the shipped top-domain list -------------------------------------
FLAGGED = [
    # target embedding
    ("google.com.evil.example", C.LOOKALIKE_TARGET_EMBEDDING, "google.com"),
    ("foo-google.com-login.example", C.LOOKALIKE_TARGET_EMBEDDING, "google.com"),
    ("googlecom-login.example", C.LOOKALIKE_TARGET_EMBEDDING, "google.com"),
    ("www-google.com", C.LOOKALIKE_TARGET_EMBEDDING, "google.com"),
    ("google.co.uk.evil.example", C.LOOKALIKE_TARGET_EMBEDDING, "google.co.uk"),
    ("xn--googl-fsa.com-login.example", C.LOOKALIKE_TARGET_EMBEDDING, "google.com"),
    ("paypal.com.secure-login.example", C.LOOKALIKE_TARGET_EMBEDDING, "paypal.com"),
    # edit distance one
    ("gooogle.com", C.LOOKALIKE_EDIT_DISTANCE, "google.com"),
    ("gogle.com", C.LOOKALIKE_EDIT_DISTANCE, "google.com"),
    ("www.gogle.com", C.LOOKALIKE_EDIT_DISTANCE, "google.com"),
    ("faceboook.com", C.LOOKALIKE_EDIT_DISTANCE, "facebook.com"),
    # skeleton matches of ASCII hosts (seed row 5)
    ("paypa1.com", C.CONFUSABLE_WITH_TOP_DOMAIN, "paypal.com"),
    ("g00gle.com", C.CONFUSABLE_WITH_TOP_DOMAIN, "google.com"),
    ("www.paypa1.com", C.CONFUSABLE_WITH_TOP_DOMAIN, "paypal.com"),
    ("rnicrosoft.com", C.CONFUSABLE_WITH_TOP_DOMAIN, "microsoft.com"),
    # the display policy's own stage names its target too
    ("googl\u00e9.com", C.CONFUSABLE_WITH_TOP_DOMAIN, "google.com"),
]

NOT_FLAGGED = [
    "google.com",
    "www.google.com",
    "foo.google.com",  # a subdomain of the target
    "google.com.google.com",  # a domain may embed itself
    "www.google.com.google.com",
    "google.co.uk",
    "google.com.mx",  # the same e2LD under another registry
    "google.de",
    "jobs.com.evil.example",  # not a top domain, and a common word
    "weather.com.evil.example",  # a top domain whose e2LD is a common word
    "weathercom-login.example",
    "vk.com.evil.example",  # e2LD under 5 characters
    "vkcom-login.example",
    "ebay.com.evil.example",  # 4 characters: Chromium protects only longer e2LDs
    "example.org",
    "www.wikipedia.org",
    "en.wikipedia.org",
    "mail.google.com",
    "docs.python.org",
    "github.io",
    "paypal.com",
    "apple.com",
    "bbc.co.uk",
    "127.0.0.1",
    "10.0.0.1",
    "localhost",
    "a.b",
    "xn--bcher-kva.de",
    # Chromium's edit-distance false positives
    "google.com.tw",  # only the registry differs
    "amazon.fr",
    "yahoo1.com",  # a numeric suffix
    "hoogle.com",  # the first character
    "goo-gle.com",  # one "-"
]


@pytest.mark.parametrize(("host", "code", "target"), FLAGGED)
def test_lookalikes_are_flagged_with_their_target(host: str, code: AuditCode, target: str) -> None:
    found = [f for f in iri.audit(f"http://{host}/") if f.code in NAMING]
    assert [(f.code, f.target) for f in found] == [(code, target)], iri.audit(f"http://{host}/")
    (f,) = found
    assert f.level is Level.DANGER
    assert f.span == (7, 7 + len(host)) and target in f.message


@pytest.mark.parametrize("host", NOT_FLAGGED)
def test_ordinary_and_excepted_hosts_are_not(host: str) -> None:
    assert _named(host) == []


def test_the_seed_row_hosts_are_no_longer_clean() -> None:
    # 3987bis 8.5 / RFC 3987 7.5: "br0ken"; each gave [] before unless protected= was given.
    for text in ("http://paypa1.com/", "http://g00gle.com/", "http://br0ken.example/"):
        assert iri.audit(text), text
    assert [(f.code, f.span) for f in iri.audit("http://br0ken.example/")] == [
        (C.DIGIT_AS_LETTER, (9, 10))
    ]


@pytest.mark.parametrize(
    ("host", "flagged"),
    [
        ("br0ken.example", ["0"]),
        ("g00gle.com", ["00"]),
        ("a1b.c0d.example", ["1", "0"]),
        ("1ame.example", []),  # at a label's edge: too common (web1, win10, 1password)
        ("win10.example", []),
        ("b2b.example", []),
        ("x000y.example", []),  # three digits in a row read as a number
        ("xn--br0ken-abc.example", []),  # inside an A-label
    ],
)
def test_digit_as_letter(host: str, flagged: list[str]) -> None:
    text = f"http://{host}/"
    found = [f for f in iri.audit(text, top_domains=[]) if f.code is C.DIGIT_AS_LETTER]
    assert [text[f.span[0] : f.span[1]] for f in found] == flagged
    assert all(f.level is Level.WARNING and f.target is None for f in found)


# -- protected= counts as a list of targets ----------------------------------------------------
@pytest.mark.parametrize(
    ("host", "code", "target"),
    [
        ("mybank.example.evil.example", C.LOOKALIKE_TARGET_EMBEDDING, "mybank.example"),
        ("login.mybank.example-secure.example", C.LOOKALIKE_TARGET_EMBEDDING, "mybank.example"),
        ("mybankexample-login.example", C.LOOKALIKE_TARGET_EMBEDDING, "mybank.example"),
        ("mybamk.example", C.LOOKALIKE_EDIT_DISTANCE, "mybank.example"),
        ("rnybank.example", C.CONFUSABLE_WITH_PROTECTED, "mybank.example"),
        ("myb4nk.example", C.LOOKALIKE_EDIT_DISTANCE, "mybank.example"),
        ("otherbank.example", None, None),
        ("www.mybank.example", None, None),
        ("mybank.example.mybank.example", None, None),
    ],
)
def test_protected_domains_are_targets(host: str, code: AuditCode | None, target: str) -> None:
    got = _named(host, protected=["mybank.example"], top_domains=[])
    assert got == ([] if code is None else [(code, target)])


def test_a_protected_host_name_is_embedded_exactly() -> None:
    protected = ["accounts.mybank.example"]
    got = _named("accounts.mybank.example.evil.example", protected=protected, top_domains=[])
    assert got == [(C.LOOKALIKE_TARGET_EMBEDDING, "accounts.mybank.example")]


def test_every_finding_has_a_target_field() -> None:
    found = iri.audit("http://xn--80ak6aa92e.com/\u202e")
    assert found and all(f.target is None for f in found if f.code not in NAMING)
    (named,) = [f for f in found if f.code in NAMING]
    assert named.target == "apple.com"


def test_a_long_hostile_host_is_audited() -> None:
    host = "a-" * 20_000 + "google.com-login.example"
    assert _named(host) == [(C.LOOKALIKE_TARGET_EMBEDDING, "google.com")]
    assert _named("a." * 20_000 + "example") == []


def test_the_display_is_not_changed_by_navigation_checks() -> None:
    # A warning before a visit, not a display decision: to_display shows the host as before.
    assert iri.to_display("http://googl\u00e9.com-login.example/", wrap="none") == (
        "http://googl\u00e9.com-login.example/"
    )
    assert iri.to_display("http://gooogle.com/", wrap="none") == "http://gooogle.com/"


# -- Chromium's unit-test decisions ------------------------------------------------------------
def _rows(name: str) -> list[list[str]]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


TEST_TOP_DOMAINS = [d for d in (DATA / "test_top_domains.list").read_text().split() if d]
DECISIONS = _rows("lookalike_decisions.tsv")
#: Rows where audit and Chromium disagree, with the reason (none at present).
EXPECTED_FAILURES: dict[str, str] = {}
#: The agreement the test holds (of 71 rows: 45 TargetEmbeddingTest, 26 edit distance).
AGREEMENT_FLOOR = 71


def _chromium_decision(test: str, host: str, targets: str) -> str:
    """What audit names for the check of Chromium's test ``test`` ("" for none)."""
    top = TEST_TOP_DOMAINS if targets == "test_top_domains.list" else targets.split(",")
    embedding = test == "TargetEmbeddingTest"
    code = C.LOOKALIKE_TARGET_EMBEDDING if embedding else C.LOOKALIKE_EDIT_DISTANCE
    named = [f.target for f in iri.audit(f"http://{host}/", top_domains=top) if f.code is code]
    return (named[0] or "") if named else ""


@pytest.mark.parametrize(
    ("test", "host", "targets", "expected"),
    [
        pytest.param(
            *row,
            marks=[pytest.mark.xfail(strict=True, reason=EXPECTED_FAILURES[row[1]])]
            if row[1] in EXPECTED_FAILURES
            else [],
            id=f"{row[0]}:{row[1][:60]}",
        )
        for row in DECISIONS
    ],
)
def test_chromium_decision(test: str, host: str, targets: str, expected: str) -> None:
    assert _chromium_decision(test, host, targets) == expected


def test_chromium_agreement_floor() -> None:
    assert len(DECISIONS) == 71
    agree = sum(_chromium_decision(t, h, ts) == e for t, h, ts, e in DECISIONS)
    assert agree >= AGREEMENT_FLOOR >= 0.9 * len(DECISIONS)
    assert agree == len(DECISIONS) - len(EXPECTED_FAILURES)


@pytest.mark.parametrize(("a", "b", "expected"), _rows("edit_distance_pairs.tsv"))
def test_edit_distance_at_most_one_as_chromium(a: str, b: str, expected: str) -> None:
    assert edit_distance_at_most_one(a, b) is (expected == "true")


def _levenshtein(a: str, b: str) -> int:
    """The textbook dynamic programme (the oracle of the one-edit shortcut)."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


@given(st.text("abc.-é", max_size=8), st.text("abc.-é", max_size=8))
def test_edit_distance_at_most_one_is_levenshtein(a: str, b: str) -> None:
    assert edit_distance_at_most_one(a, b) is (_levenshtein(a, b) <= 1)


@given(st.text(st.characters(max_codepoint=127), max_size=12))
def test_ascii_keys_are_the_case_folded_skeleton(text: str) -> None:
    assert keys(text) == frozenset({skeleton(text).casefold()})


# -- registrable domains (the Public Suffix List) ----------------------------------------------
@pytest.mark.parametrize(("host", "expected"), _rows("etld_plus_one.tsv"))
def test_etld_plus_one_as_chromium(host: str, expected: str) -> None:
    # GetETLDPlusOneHandlesSpecialRegistries: private registries ignored, but com.de public.
    assert (registrable_domain(host) or "") == expected


@pytest.mark.parametrize(
    ("host", "registrable", "label"),
    [
        ("www.google.co.uk", "google.co.uk", "google"),
        ("a.b.c.kawasaki.jp", "b.c.kawasaki.jp", "b"),  # *.kawasaki.jp
        ("www.city.kawasaki.jp", "city.kawasaki.jp", "city"),  # !city.kawasaki.jp
        ("foo.bar.ck", "foo.bar.ck", "foo"),  # *.ck
        ("www.ck", "www.ck", "www"),  # !www.ck
        ("xn--80ak6aa92e.xn--p1ai", "\u0430\u0440\u0440\u04cf\u0435.\u0440\u0444", None),
        ("Example.COM.", "example.com", "example"),
        ("github.io", "github.io", "github"),  # github.io is a private rule: not used
        ("evil.example", "evil.example", "evil"),  # the default rule *
        ("com", None, None),
        ("co.uk", None, None),
        ("a..com", None, None),
    ],
)
def test_registrable_domains(host: str, registrable: str | None, label: str | None) -> None:
    assert registrable_domain(host) == registrable
    if label is not None:
        assert e2ld(host) == label


def test_lookalike_tables_are_up_to_date() -> None:
    gen = ROOT / "tools" / "gen_lookalike_tables.py"
    done = subprocess.run([sys.executable, str(gen), "--check"], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr.decode()


def test_common_words_are_chromiums() -> None:
    from iri.safety._tables.common_words import COMMON_WORDS

    # the local additions, and words the unit tests name as common
    assert {"asahi", "hoteles", "jharkhand", "nifty", "jobs", "weather"} <= COMMON_WORDS


# -- the command line ---------------------------------------------------------------------------
def test_iri_audit_prints_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "http://google.com.evil.example/", "http://br0ken.example/"]) == 4
    first, second = capsys.readouterr().out.splitlines()
    assert first.split("\t")[2] == "lookalike-target-embedding"
    assert first.endswith("\ttarget=google.com")
    assert "target=" not in second
    assert main(["audit", "--json", "http://paypa1.com/"]) == 4
    (finding,) = json.loads(capsys.readouterr().out)["findings"]
    assert (finding["code"], finding["target"]) == ("confusable-with-top-domain", "paypal.com")


# -- properties ----------------------------------------------------------------------------------
@given(st.text("abcdeglmno01.-\u00e9\u0430\u0131", max_size=40))
def test_lookalike_findings_name_a_listed_domain(host: str) -> None:
    from iri.safety._tables.top_domains import DOMAINS

    listed = {*DOMAINS, "mybank.example", "login.mybank.example"}
    found = iri.audit(f"http://{host}/", protected=["mybank.example", "login.mybank.example"])
    for f in found:
        if f.code in NAMING:
            assert f.target in listed, (host, f)
            assert f.level is Level.DANGER and f.component == "host"
        elif f.code is C.DIGIT_AS_LETTER:
            assert f.target is None and f.level is Level.WARNING
