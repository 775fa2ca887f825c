"""The invariant of issue 19 for the display, on generated hostile text.

For any ``str``: ``iri.to_display`` returns (never raises), and the shown text, with its
isolates removed,

* holds no raw bidi control, no line break and no lone surrogate;
* splits, as a person reads it (each delimiter look-alike read as what it looks like), into
  the same components as the input (RFC 3986 Appendix B: the same presence of scheme,
  authority, query and fragment; in the authority the same presence of userinfo and port,
  and the same host boundaries: as many labels);
* holds no delimiter the input lacks (no more of each of ``: / ? # [ ] @`` than the input).

The texts come from the grammar (scheme, authority, path, query, fragment, put together
with their real delimiters, each part sometimes empty or left out) filled from a hostile
alphabet: the compatibility forms of every delimiter (the 56 of the generated table),
ideographic full stops raw and percent-encoded, line separators, bidi controls, lone
surrogates, emoji, huge ports, IPv6 literals and punycode labels; and from arbitrary text.

``make test`` runs 22,000 inputs with the fixed seed of the ``ci`` profile: 20,000 built by
a seeded generator, ten per Hypothesis example (:func:`build`, cheap), and 2,000 drawn
token by token by Hypothesis (:func:`hostile`, which shrinks a failure to a small text);
``make fuzz`` runs ``IRI_FUZZ_EXAMPLES`` (and a tenth of it) with a random seed.
"""

from __future__ import annotations

import os
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import iri
from iri.safety._tables.delimiters import LOOKALIKES
from iri.safety.delimiters import LINE_BREAKS, reading
from iri.syntax.invisible import BIDI_CONTROLS
from iri.syntax.split import Components, split, split_authority

#: Generated inputs per run of the invariant (make test): EXAMPLES seeded texts and
#: SHRINKABLE texts drawn token by token; make fuzz sets more through IRI_FUZZ_EXAMPLES.
EXAMPLES = int(os.environ.get("IRI_FUZZ_EXAMPLES", "20000"))
SHRINKABLE = max(1, EXAMPLES // 10)
#: Seeded texts per Hypothesis example (Hypothesis costs about a millisecond per example).
BATCH = 10

_DOTS = ("\u3002", "\uff0e", "\uff61")
_HOSTILE = [
    *map(chr, sorted(LOOKALIKES)),
    *_DOTS,
    *("%E3%80%82", "%EF%BC%8E", "%EF%BD%A1", "%e3%80%82"),  # the full stops, encoded
    *("%EF%BC%8F", "%EF%BC%9F", "%EF%BC%83", "%EF%BC%A0", "%EF%BC%9A"),  # / ? # @ :
    *LINE_BREAKS,
    *("%E2%80%A8", "%E2%80%A9", "%C2%85", "%0A", "%0D"),
    *sorted(BIDI_CONTROLS),
    "%E2%80%AE",
    *("\ud800", "\udbff", "\udc80", "\udfff"),  # lone surrogates
    *("\U0001f600", "\U0001f44d\U0001f3fd", "\U0001f468\u200d\U0001f469\u200d\U0001f467"),
    "\U0001f1ef\U0001f1f5",  # a flag
    *("\u200b", "\u3164", "\u034f", "\ufe0f", "\ue000", "\U000f0000"),
    *("%zz", "%", "%2", "%2E", "%2F", "%40", "%3A", "%25"),
]
_WORDS = [
    *("a", "bank", "example", "evil", "com", "www", "user", "pw", "0", "80", "-", "_", "~"),
    *("b\u00fccher", "\u00e9", "\u6771\u4eac", "\u0430\u0440\u0440\u04cf\u0435", "\u00df"),
    *("\u05d0\u05d1", "\u0627\u0644", "\u0661\u0662", "\uff45\uff58"),
    *("xn--80ak6aa92e", "xn--googl-3we", "XN--99ZT52A", "xn--", "xn--a", "xn--zz-", "xn--3e0b707e"),
]
_DELIMS = list(":/?#[]@.!$&'()*+,;= ")
#: One draw per token: mostly the alphabets above, sometimes any code point (surrogates too).
_TOKEN = st.one_of(st.sampled_from(_HOSTILE + _WORDS + _DELIMS), st.characters(codec=None))


def _run(max_size: int = 6) -> st.SearchStrategy[str]:
    return st.lists(_TOKEN, max_size=max_size).map("".join)


_HOSTS = st.one_of(
    _run(),
    st.lists(st.one_of(st.sampled_from(_WORDS), _run(2)), min_size=1, max_size=4).map(".".join),
    st.sampled_from(
        ["[::1]", "[2001:db8::1]", "[fe80::1%25eth0]", "[v1.x]", "[::ffff:1.2.3.4]", "[::1", "[]"]
    ),
    st.builds(
        "{}{}example".format,
        st.sampled_from(_WORDS),
        st.sampled_from([*_DOTS, "%E3%80%82", "\uff0f", "\uff20", "\uff1f", "\uff03", "\uff1a"]),
    ),
)
_PORTS = st.one_of(st.sampled_from(["99999999999999999999999999", "80", "", "0"]), _run(3))
_SCHEMES = st.one_of(st.sampled_from(["http", "https", "foo", "mailto", "file"]), _run(3))


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """A reference put together by the grammar, each part from the hostile alphabet."""
    scheme, authority, userinfo, port, query, fragment, rooted = draw(
        st.lists(st.booleans(), min_size=7, max_size=7)
    )
    out = []
    if scheme:
        out.append(draw(_SCHEMES) + ":")
    if authority:
        out.append("//")
        if userinfo:
            out.append(draw(_run()) + "@")
        out.append(draw(_HOSTS))
        if port:
            out.append(":" + draw(_PORTS))
    segments = draw(st.lists(_run(4), max_size=4))
    out.append(("/" if rooted else "") + "/".join(segments))
    if query:
        out.append("?" + draw(_run()))
    if fragment:
        out.append("#" + draw(_run()))
    return "".join(out)


_TEXTS = st.one_of(hostile(), hostile(), _run(30))

_ALPHABET = _HOSTILE + _WORDS + _DELIMS
_HOST_LIST = ["[::1]", "[2001:db8::1]", "[fe80::1%25eth0]", "[v1.x]", "[::1", "[]"]


def _rng_run(rng: random.Random, max_size: int = 6) -> str:
    # As _run: tokens of the alphabets, one in eight any code point (surrogates too).
    return "".join(
        chr(rng.randrange(0x110000)) if rng.random() < 0.125 else rng.choice(_ALPHABET)
        for _ in range(rng.randrange(max_size + 1))
    )


def build(rng: random.Random) -> str:
    """:func:`hostile`, driven by one seeded generator: the same grammar and alphabets,
    about ten times cheaper per text than drawing each token through Hypothesis."""
    if rng.random() < 0.2:
        return _rng_run(rng, 30)
    out = []
    if rng.random() < 0.5:
        out.append(rng.choice(["http", "https", "foo", "mailto", "file", _rng_run(rng, 3)]) + ":")
    if rng.random() < 0.5:
        out.append("//")
        if rng.random() < 0.5:
            out.append(_rng_run(rng) + "@")
        kind = rng.randrange(4)
        if kind == 0:
            out.append(_rng_run(rng))
        elif kind == 1:
            out.append(".".join(_rng_run(rng, 2) for _ in range(rng.randrange(1, 5))))
        elif kind == 2:
            out.append(rng.choice(_HOST_LIST))
        else:
            out.append(rng.choice(_WORDS) + rng.choice(_HOSTILE) + "example")
        if rng.random() < 0.5:
            out.append(":" + rng.choice(["99999999999999999999999999", "80", "", _rng_run(rng, 3)]))
    rooted = "/" if rng.random() < 0.5 else ""
    out.append(rooted + "/".join(_rng_run(rng, 4) for _ in range(rng.randrange(5))))
    if rng.random() < 0.5:
        out.append("?" + _rng_run(rng))
    if rng.random() < 0.5:
        out.append("#" + _rng_run(rng))
    return "".join(out)


_PRESENT = ("scheme", "authority", "query", "fragment")
_DOT_ESCAPE = re.compile("%2[Ee]")


def _labels(host: str) -> int:
    # A host's labels as written; "%2E" is "." (RFC 3986 2.3: an unreserved character, which
    # to_iri decodes in a host of a scheme that does not use DNS).
    return _DOT_ESCAPE.sub(".", host).count(".") + 1


def _shape(c: Components) -> tuple[object, ...]:
    shape: tuple[object, ...] = tuple(getattr(c, name) is None for name in _PRESENT)
    if c.authority is not None:
        a = split_authority(c.authority)
        shape += (a.userinfo is None, a.port is None, a.host.startswith("["), _labels(a.host))
    return shape


def check_invariant(text: str) -> None:
    out = iri.to_display(text)
    assert out[0] == "\u2066" and out[-1] == "\u2069", out
    inner = out[1:-1]
    assert not BIDI_CONTROLS.intersection(inner), (text, inner)
    assert not set(LINE_BREAKS).intersection(inner) and len(out.splitlines()) == 1, (text, inner)
    inner.encode("utf-8")  # no lone surrogate (UnicodeEncodeError otherwise)
    assert _shape(split(reading(inner))) == _shape(split(text)), (text, inner)
    for d in ":/?#[]@":
        assert inner.count(d) <= text.count(d), (d, text, inner)


def _run_invariant(strategy: st.SearchStrategy[str], examples: int) -> int:
    """Check the invariant on ``examples`` texts drawn from ``strategy``; the count run."""
    seen: list[str] = []

    @settings(
        max_examples=examples,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(strategy)
    def invariant(text: str) -> None:
        seen.append(text)
        check_invariant(text)

    invariant()
    return len(seen)


def test_the_invariant_holds_on_hostile_text() -> None:
    # Each token drawn by Hypothesis: a failure shrinks to a small text.
    assert _run_invariant(_TEXTS, SHRINKABLE) >= SHRINKABLE


def test_the_invariant_holds_on_many_hostile_texts() -> None:
    # The bulk: one seed per BATCH texts (a failing text is in the assertion message).
    def batch(seed: int) -> list[str]:
        rng = random.Random(seed)
        return [build(rng) for _ in range(BATCH)]

    checked: list[int] = []

    @settings(max_examples=EXAMPLES // BATCH, suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**64).map(batch))
    def invariant(texts: list[str]) -> None:
        for text in texts:
            check_invariant(text)
        checked.append(len(texts))

    invariant()
    assert sum(checked) >= EXAMPLES, sum(checked)  # the count the issue asks for, really run


def test_the_invariant_on_the_delimiter_and_line_break_examples() -> None:
    for text in (
        "http://bank.example\uff0fevil.example/",
        "http://bank.example%E3%80%82evil.example/",
        "http://h/\u2028\u2029\x85",
        "http://h/\u202e\ud800\U0001f600",
        "http://h:99999999999999999999999999/",
        "http://[fe80::1%25eth0]:80/",
        "http://xn--80ak6aa92e.com/",
        "\ud800://\udfff@\ud800:\ud801/\n",
        "\uff1a\uff0f\uff0f",
        # Found by make fuzz: UTS #46 deletes the ZWSP, and the A-label form began with "["
        "http://\u200b[./\u2498\n/user/?\u200f",
        "http://\u200b[::1]/",
    ):
        check_invariant(text)
