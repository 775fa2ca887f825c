"""The core's IDNA of simple names (``native/src/idna_simple.rs``) against the Python
functions it stands in for: ``iri.syntax.hosts.host_to_ascii`` (``to_uri``, ``check``),
``to_unicode`` (``to_iri``), ``to_ascii`` (``check``'s test of A-labels) and
``iri.ladder.scheme_facts.dns_host`` (``normalize`` at the scheme level, ``key``).

Every code point the core takes in a label is proved in Python, in the middle of a label
and first; names built of such labels, ASCII ones, capitals, hyphens, dots and lengths
near the DNS limits are compared as hosts, as URLs of the drop-ins, and as columns, where
the Python IDNA functions must not be asked at all.
"""

from __future__ import annotations

import random
import sys
import unicodedata
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st
from native_twins import (
    configured,
    fixed_examples,
    outcome,
    py_check,
    py_normalize,
    py_to_iri,
    py_to_uri,
)

from iri.ladder.scheme_facts import dns_host
from iri.syntax import hosts

_n = configured()

pytestmark = pytest.mark.skipif(
    not _n.UNICODE_OK,  # type: ignore[attr-defined]
    reason="the running Python's Unicode is not one the native tables hold for",
)


def taken(first: bool) -> list[int]:
    """The non-ASCII code points the core takes in a label: after a letter, or first."""
    out = []
    for cp in range(0x80, sys.maxunicode + 1):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        if _n.host_to_ascii(c + "a.de" if first else "a" + c + ".de") is not None:  # type: ignore[attr-defined]
            out.append(cp)
    return out


@pytest.fixture(scope="module")
def inside() -> list[int]:
    return taken(first=False)


def test_every_code_point_taken_is_pythons_answer(inside: list[int]) -> None:
    """Each code point the core takes, eight at a time in a label (in order, so that the
    A-label stays short), converts as Python converts it."""
    assert len(inside) > 100_000  # CJK, Hangul, Latin, Greek, Cyrillic, kana...
    for k in range(0, len(inside), 8):
        host = "a" + "".join(map(chr, inside[k : k + 8])) + ".de"
        got = _n.host_to_ascii(host)  # type: ignore[attr-defined]
        assert got is not None, host
        assert got == hosts.host_to_ascii(host), host


def test_every_code_point_taken_back_from_its_a_label(inside: list[int]) -> None:
    """The A-labels of the same labels convert back (``to_iri``) as Python converts them,
    and pass ``check``'s test of A-labels, all in the core."""
    for k in range(0, len(inside), 8):
        label = "a" + "".join(map(chr, inside[k : k + 8]))
        url = f"http://{hosts.host_to_ascii(label)}.de/"
        got = _n.to_iri(url)  # type: ignore[attr-defined]
        assert got is not None, url
        assert got == py_to_iri(url) == f"http://{label}.de/", url
        assert _n.normalize(url, "scheme") == got, url  # type: ignore[attr-defined]
    urls = [f"http://{hosts.host_to_ascii('a' + chr(cp))}.de/" for cp in inside[::50]]
    for cached in (hosts._to_ascii_cached, hosts._to_unicode_cached):
        cached.cache_clear()
    assert all(_n.clean(url) for url in urls)  # type: ignore[attr-defined]
    assert hosts._to_ascii_cached.cache_info().misses == 0
    assert [py_check(url) for url in urls] == [[]] * len(urls)


def test_first_code_points_are_no_marks(inside: list[int]) -> None:
    """First in a label, the core takes the same code points but the combining marks (RFC
    5891 4.2.3.2), and Python converts each it takes."""
    first = taken(first=True)
    assert set(first) <= set(inside)
    left = set(inside) - set(first)
    assert left and all(unicodedata.category(chr(cp)).startswith("M") for cp in left)
    for cp in sorted(left):
        assert outcome(hosts.host_to_ascii, chr(cp) + "a.de")[0] == "raises", hex(cp)
    for cp in first[::97]:
        host = chr(cp) + "a.de"
        assert _n.host_to_ascii(host) == hosts.host_to_ascii(host), hex(cp)  # type: ignore[attr-defined]


#: Pieces of names: code points of simple labels (and a mark), ASCII of all kinds, and
#: what makes a name Python's: a joiner, CONTEXTO, right-to-left letters, combining marks
#: with a class, capitals that UTS #46 maps, other dots, escapes.
PIECES = [
    "ü", "é", "ß", "日本", "한", "д", "λ", "ą", "\u0903", "ー",
    "a", "b", "z", "A", "Q", "0", "9", "-", "--", "_", ".", "..", "xn--",
    "\u200d", "\u30fb", "ا", "\u0301", "Ü", "\u3002", "%C3%BC", "!", "~",
]  # fmt: skip


#: The pieces of simple labels alone.
SIMPLE_PIECES = [*PIECES[:20], "."]


def names() -> st.SearchStrategy[str]:
    return st.one_of(
        st.lists(st.sampled_from(PIECES), min_size=1, max_size=14),
        st.lists(st.sampled_from(SIMPLE_PIECES), min_size=1, max_size=14),
    ).map("".join)


@fixed_examples(3000)
@given(names(), st.integers(0, 70), st.integers(0, 3))
def test_names_against_python(name: str, pad: int, where: int) -> None:
    """A name and its answer (the A-labels, or Python's error) as Python gives it, around
    the length limits too: a label of ``pad`` letters before, after or beside it."""
    host = [name, name + "a" * pad, "a" * pad + "." + name, name + ".abcdefghi" * pad][where]
    got = _n.host_to_ascii(host)  # type: ignore[attr-defined]
    if got is not None:
        assert ("ok", got) == outcome(hosts.host_to_ascii, host), host
        assert got.isascii()
    url = f"http://{host}/p"
    want = outcome(py_to_uri, url)
    assert outcome(_n.api_to_uri, url) == want, url  # type: ignore[attr-defined]
    low = _n.to_uri(url)  # type: ignore[attr-defined]
    assert low is None or ("ok", low) == want, url
    for level in ("scheme", "syntax"):
        low = _n.normalize(url, level)  # type: ignore[attr-defined]
        assert low is None or ("ok", low) == outcome(partial(py_normalize, level=level), url)


#: What an ``xn--`` label may hold after its prefix (any Punycode decodes to some code
#: points: most to others than a simple label's).
PUNYCODE = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=0, max_size=16)


@fixed_examples(3000)
@given(names(), PUNYCODE, st.integers(0, 6))
def test_a_labels_against_python(name: str, puny: str, how: int) -> None:
    """An ASCII host with ``xn--`` labels (the A-labels of a generated name, changed, or any
    Punycode) through ``to_iri``, ``check`` and the scheme level of ``normalize``: the
    core's answer, where it gives one, and the drop-ins' are Python's."""
    a = outcome(hosts.host_to_ascii, name)
    host = a[1] if a[0] == "ok" and isinstance(a[1], str) else "xn--" + puny
    host = [
        host,
        host.upper(),
        "xn--" + puny + "." + host,
        host.replace("xn--", "xn---", 1),
        host + ".xn--" + puny,
        host[:-1],
        "xn--".join(part.upper() for part in host.split("xn--")),  # capitals, not the prefix
    ][how]
    url = f"http://{host}/p"
    for low, api, twin in (
        (_n.to_iri, _n.api_to_iri, py_to_iri),  # type: ignore[attr-defined]
        (partial(_n.normalize, level="scheme"), None, partial(py_normalize, level="scheme")),  # type: ignore[attr-defined]
    ):
        got = low(url)
        want = outcome(twin, url)
        assert got is None or ("ok", got) == want, url
        if api is not None:
            assert outcome(api, url) == want, url
    assert outcome(_n.api_check, url) == outcome(py_check, url), url  # type: ignore[attr-defined]


def _a(label: str) -> str:
    """``label``'s A-label spelling, whatever its length (Python's Punycode codec)."""
    return "xn--" + label.encode("punycode").decode("ascii")


#: A-labels at the edges: of 63 and 64 octets, in names of 253 and 254.
A_EDGES = [
    _a("ü" + "a" * 55) + ".de",
    _a("ü" + "a" * 56) + ".de",
    _a("ü") + "." + ".".join(["abcdefghij"] * 22),
    _a("ü") + "." + ".".join(["abcdefghij"] * 22) + "abcd",
    _a("ü") + "." + ".".join(["abcdefghij"] * 22) + "abcde",
]


@pytest.mark.parametrize("host", A_EDGES)
def test_a_label_edges(host: str) -> None:
    url = f"http://{host}/"
    got = _n.to_iri(url)  # type: ignore[attr-defined]
    assert got is None or got == py_to_iri(url), url
    assert outcome(_n.api_check, url) == outcome(py_check, url), url  # type: ignore[attr-defined]


def test_a_label_edges_are_at_the_limits() -> None:
    assert [len(label) for label in A_EDGES[0].split(".")] == [63, 2]
    assert [len(host) for host in A_EDGES[2:]] == [249, 253, 254]


#: Hosts at the edges of the rules: hyphens (RFC 5891 4.2.3.1) in ASCII labels and in
#: others, counted in characters; the lengths of a label (63 octets) and of a name (253).
EDGES = [
    "ü.ab--c", "ü.xn--abc", "ü.XN--abc", "ü.a-b", "ü.-a", "ü.a-", "ab--ü", "a-bü", "ü--a",
    "üb--c", "üb-c", "-ü", "ü-", "ü.de", "Ü.de", "üA.de", "ü.Ab--C", "ü" + "a" * 55,
    "ü" + "a" * 56, "ü." + "a" * 63, "ü." + "a" * 64, "ü." + ".".join(["abcdefghij"] * 22),
    "ü." + ".".join(["abcdefghij"] * 23), "ü.de." , "ü..de", ".ü", "ü",
]  # fmt: skip


@pytest.mark.parametrize("host", EDGES)
def test_edges(host: str) -> None:
    got = _n.host_to_ascii(host)  # type: ignore[attr-defined]
    want = outcome(hosts.host_to_ascii, host)
    if want[0] == "raises":
        assert got is None, host
    else:
        assert got in (None, want[1]), host


def test_edges_answered() -> None:
    """The core answers the edges that hold only simple labels within the limits."""
    answered = [h for h in EDGES if _n.host_to_ascii(h) is not None]  # type: ignore[attr-defined]
    assert len(answered) >= 8, answered


@fixed_examples(1500)
@given(names())
def test_dns_hosts_against_python(name: str) -> None:
    """Where the core says a host stays as it is at the scheme level, ``dns_host`` agrees."""
    host = name.lower()
    url = f"http://{host}/"
    got = _n.normalize(url, "scheme")  # type: ignore[attr-defined]
    if got is not None and not host.isascii():
        assert got == url == py_normalize(url, level="scheme"), url
        assert dns_host(host) == host


def generated(count: int, seed: int) -> list[str]:
    """``count`` distinct URLs whose hosts are names of simple labels."""
    rng = random.Random(seed)
    words = ["résumé", "bücher", "日本語", "東京", "한국어", "москва", "ελληνικά", "łódź", "straße"]
    tlds = ["de", "jp", "com", "рф", "org"]
    return [
        f"http://{rng.choice(words)}{i}.{rng.choice(tlds)}/p?q={i}#f"
        for i in range(seed * count, seed * count + count)
    ]


@pytest.mark.parametrize(
    ("task", "options", "twin"),
    [
        ("to_uri", {}, py_to_uri),
        ("normalize", {"level": "scheme"}, lambda u: py_normalize(u, level="scheme")),
        ("check", {}, lambda u: [v.code for v in py_check(u)]),
    ],
)
def test_columns_ask_python_nothing(task: str, options: dict[str, str], twin: object) -> None:
    """A column of distinct names of simple labels (none seen before) is answered without a
    call of the Python IDNA functions, and as the Python twins answer each value."""
    import pyarrow as pa

    from iri.scale.batch import arrow_column

    urls = generated(2000, seed=len(task))
    for cached in (hosts._host_to_ascii_cached, hosts._to_ascii_cached):
        cached.cache_clear()
    out = arrow_column(task, pa.array(urls), **options).to_pylist()
    asked = hosts._host_to_ascii_cached.cache_info(), hosts._to_ascii_cached.cache_info()
    assert all(info.hits == info.misses == 0 for info in asked), asked
    if task == "check":
        out = [[v["code"] for v in rows] for rows in out]
    assert out == [twin(u) for u in urls]  # type: ignore[operator]
