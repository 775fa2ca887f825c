"""Agreement of iri.to_display with Chromium's IDN display decisions (its own test cases).

The corpus is tests/corpora/chromium-idn/ (README.md: source files, commits, licence): the
464 rows of ``kIdnCases`` and ``IDNToUnicodeDeviationCharacters`` in
``idn_spoof_checker_unittest.cc``, run, as Chromium runs them, with its synthetic top-domain
list. A row agrees when the host iri shows is the host Chromium shows (the Unicode column
for ``safe``, the input for ``unsafe`` and ``invalid``). Every row that does not agree is
listed in DIVERGENCES with a reason category; each category has a predicate checked here,
and each listed row is a strict xfail, so a row that starts to agree fails until it is
removed from the list. Measured (docs/security.md): 450 of 464 rows (97.0 %).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import idna
import pytest

import iri
from iri.safety.idn_data import REMOVED_FROM_ALLOWED
from iri.safety.idn_hosts import decide_host
from iri.safety.idn_policy import allowed
from iri.safety.idn_top_domains import top_domains_option
from iri.syntax.split import split_authority, split_with_spans

FOLDER = Path(__file__).resolve().parents[1] / "corpora" / "chromium-idn"
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})")
_REG_NAME = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=]*\Z")


def _unescape(text: str) -> str:
    return _ESCAPE.sub(lambda m: chr(int(m[1] or m[2], 16)), text)


def _rows() -> list[tuple[str, str, str, str]]:
    lines = (FOLDER / "idn_cases.tsv").read_text(encoding="utf-8").splitlines()
    rows = [line.split("\t") for line in lines if not line.startswith("#")]
    return [(a, _unescape(b), c, d) for a, b, c, d in rows]


ROWS = _rows()


@cache
def _test_domains() -> tuple[str, ...]:
    text = (FOLDER / "idn_test_domains.list").read_text(encoding="utf-8")
    return tuple(
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.startswith("#") and line != "###END_TOP_BUCKET###"
    )


# Reason categories of the rows iri does not show as Chromium does.
UNICODE_17 = (
    "a character of the label is Restricted in Unicode 17.0's IdentifierStatus.txt (which "
    "iri uses) but was Allowed in the ICU data Chromium's expectation was written against"
)
CONTEXTO = (
    "IDNA2008 CONTEXTO (RFC 5892 A.6: U+05F4 must follow a Hebrew letter) rejects the "
    "A-label; Chromium's UTS #46 processing does not check CONTEXTO"
)
NON_TRANSITIONAL = (
    "Chromium's non-transitional IDNA mode (its default) shows the deviation characters "
    "ß and ς; iri keeps them encoded, as the transitional mode does (docs/security.md)"
)
DIVERGENCES: dict[tuple[str, str], str] = {
    ("xn--3bkxe.jp", ""): UNICODE_17,  # U+309A Uncommon_Use
    ("xn--5ekcde0577e87tc.tw", ""): UNICODE_17,  # Bopomofo Limited_Use
    ("xn--bopo-ty4cghi8509kk7xd.tw", ""): UNICODE_17,
    ("xn--bopomofo-hj5gkalm.tw", ""): UNICODE_17,
    ("xn--gamer-f94d4426b.com", ""): UNICODE_17,
    ("xn--gamer-k94d3426b.com", ""): UNICODE_17,
    ("xn--4fkv10r.com", ""): UNICODE_17,
    ("xn--gpd3ag.ge", ""): UNICODE_17,  # Georgian U+10FD, U+10FF Uncommon_Use
    ("xn--gpd3ag.xn--node", ""): UNICODE_17,
    ("xn--rmdcmef.mm", ""): UNICODE_17,  # Myanmar Shan digits Uncommon_Use
    ("xn--rmdcmef.xn--7idjb0f4ck", ""): UNICODE_17,
    ("xn--5eb.il", ""): CONTEXTO,
    ("xn--fu-hia.de", "non-transitional"): NON_TRANSITIONAL,
    ("xn--mxac2c.gr", "non-transitional"): NON_TRANSITIONAL,
}


def _ulabel_text(host: str) -> str:
    return "".join(
        lab[4:].encode("ascii").decode("punycode") for lab in host.split(".") if lab[:4] == "xn--"
    )


def _category_holds(host: str, condition: str, reason: str) -> bool:
    if reason == UNICODE_17:
        text = _ulabel_text(host)
        return any(not allowed(c) and c not in REMOVED_FROM_ALLOWED for c in text)
    if reason == CONTEXTO:
        try:
            idna.ulabel(host.split(".", maxsplit=1)[0])
        except idna.InvalidCodepointContext:
            return True
        return False
    return condition == "non-transitional" and bool({"\u00df", "\u03c2"} & set(_ulabel_text(host)))


def _expected(host: str, unicode: str, result: str) -> str:
    return unicode if result == "safe" else host


def _shown(host: str) -> str:
    """The host iri shows: through iri.to_display where the host can stand in an IRI, else
    through the decision to_display uses (a "?" would end the authority)."""
    if _REG_NAME.match(host):
        shown = iri.to_display(f"http://{host}/", wrap="none", top_domains=_test_domains())
        return split_authority(split_with_spans(shown)[0].authority or "").host
    return decide_host(host, top_domains_option(_test_domains())).display()


def _param(row: tuple[str, str, str, str]) -> object:
    host, _, result, condition = row
    marks = []
    reason = DIVERGENCES.get((host, condition))
    if reason is not None:
        marks.append(pytest.mark.xfail(strict=True, reason=reason))
    return pytest.param(*row, id=f"{host}-{result}-{condition or 'all'}", marks=marks)


def test_the_corpus_is_transcribed_faithfully() -> None:
    assert len(ROWS) == 464
    for host, unicode, _, _ in ROWS:
        if unicode == "-":
            continue
        decoded = [
            lab[4:].encode("ascii").decode("punycode") if lab.startswith("xn--") else lab
            for lab in host.split(".")
        ]
        # The Unicode column may keep an ACE label (the per-label rows) and two rows end
        # at an ideographic space or full stop without the TLD, as in Chromium's file.
        for want, got, ace in zip(unicode.split("."), decoded, host.split("."), strict=False):
            assert want in (got, ace), (host, unicode)


@pytest.mark.parametrize(("host", "unicode", "result", "condition"), [_param(r) for r in ROWS])
def test_row_agrees_with_chromium(host: str, unicode: str, result: str, condition: str) -> None:
    assert _shown(host) == _expected(host, unicode, result)


def test_every_divergence_is_a_row_and_fits_its_category() -> None:
    keys = {(host, condition) for host, _, _, condition in ROWS}
    for (host, condition), reason in DIVERGENCES.items():
        assert (host, condition) in keys
        assert _category_holds(host, condition, reason), (host, reason)


def test_agreement_rate() -> None:
    agree = sum(_shown(h) == _expected(h, u, r) for h, u, r, _ in ROWS)
    assert agree == len(ROWS) - len(DIVERGENCES) == 450
    assert agree / len(ROWS) >= 0.95  # the target, on Chromium's own cases


def _top_rows() -> list[tuple[str, str, str]]:
    lines = (FOLDER / "similar_top_domain.tsv").read_text(encoding="utf-8").splitlines()
    return [(_unescape(a), b, c) for a, b, c in (ln.split("\t") for ln in lines if ln[:1] != "#")]


@pytest.mark.parametrize(("host", "top", "which"), _top_rows())
def test_similar_top_domain(host: str, top: str, which: str) -> None:
    domains = top_domains_option(_test_domains() if which == "test" else None)
    assert domains is not None
    assert (domains.match(host) or "") == top
