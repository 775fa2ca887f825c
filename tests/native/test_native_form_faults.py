"""The warnings on the form of a valid text told by the compiled core
(``native/src/form_faults.rs``): ``uppercase-scheme``, ``password-in-userinfo``,
``uppercase-host``, ``default-port``, ``empty-port`` and ``dot-segment``, alone, together
and beside the faults the core tells. Whenever ``violations()`` answers, it is
``check()``'s answer, message for message; it answers nearly every corpus line given these
warnings; it leaves to Python what the module comment says (a host with "--", "%" or a
non-ASCII character, ``data`` and ``mailto``, whose checks read what is written in their
stead, more faults than it tells); and the ``check`` column asks Python for none of the
lines it answers. A final dot (the root label) is read here too.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from native_twins import (
    FORM,
    check_column,
    corpus,
    fixed_examples,
    native,
    only_faults,
    py_rows,
)

_n = native()

RULES = (("IRI_reference", "reject"), ("URI", "accept"), ("IRI", "reject"))

#: Texts with these warnings, each of which the core answers (for IRI_reference).
TOLD_TEXTS = [
    "HTTP://example.org/",
    "Http://example.org/",
    "h" + "T" * 45 + "://example.org/",  # a scheme cut at 40 characters in the message
    "http://Example.ORG/a",
    "http://u:p@h/",
    "ftp://u:p:q@H:21/./a b",  # every ":" of the userinfo, beside the others
    "//:@h",
    "http://it'S.example/",  # repr quotes with '"'
    "http://" + "A" * 50 + ".example/",  # a host cut at 40
    "http://[::A]/",
    "http://[V1.Ab]/",
    "http://192.168.0.1:80/",
    "http://h:80/",
    "http://h:0080/",
    "https://h:443/",
    "ftp://h:21/",
    "HTTPS://H:00443/",
    "ws://h:80/",
    "http://h/./",
    "http://h/a/../b",
    "http://h/..",
    "http://h/.",
    "http://h/a/./b/../c/.",
    "http://h:/a/./b",  # an empty port: its ":" dropped from the text read again
    "//h:",
    "http://[::1]:/",
    "HTTP://u@H:/./x?a b",
    "a:./b",  # a rootless path of an absolute IRI: checked
    "/./a",  # a relative reference's absolute path
    "FILE:///./a",  # file and urn read none of what is written: told
    "URN:ISBN:1/./a",
    "//h/../a",
    "http://h/" + "./" * 11,  # a summary of the segments past ten
    "HTTP://My_Host.example:80/./a b?%e9#%41",  # with faults of every other kind
    "http://A b.example/",  # a faulty character in an uppercase host
    "http://h/ا/../ب",  # a right-to-left path: its pieces hold no stand-in
]

#: Texts with these warnings that the core leaves to Python.
PYTHON_TEXTS = [
    "http://XN--bcher-kva.example/",  # "--": the IDNA checks read the case
    "http://Bücher.example/",  # a non-ASCII host
    "http://A%41.example/",  # an escape in the host
    "MAILTO:a@b",  # mailto reads it: Python's
    "http://h/" + "./" * 300,  # more than the core tells
    "http://A\\b/",  # a faulty host that repr escapes
]


@pytest.mark.parametrize("text", TOLD_TEXTS)
def test_told(text: str) -> None:
    for rule, zone in RULES:
        got = _n.violations(text, rule, zone)
        want = py_rows(text, rule, zone)
        if got is not None:
            assert got == want, (text, rule)
    got = _n.violations(text, "IRI_reference", "reject")
    assert got is not None and got == py_rows(text, "IRI_reference", "reject"), text
    codes = {r[0] for r in got}
    assert codes & FORM, got


@pytest.mark.parametrize("text", PYTHON_TEXTS)
def test_left_to_python(text: str) -> None:
    assert py_rows(text, "IRI_reference", "reject"), text
    assert _n.violations(text, "IRI_reference", "reject") is None, text


def test_the_column_asks_python_for_none_of_them() -> None:
    asked, got, want = check_column([*TOLD_TEXTS, None, "http://h/"])
    assert asked == []
    assert got == want


def _uppercase(text: str, start: int, end: int, seed: int) -> str:
    """``text`` with some ASCII letters of ``start:end`` in uppercase (by ``seed``'s bits)."""
    part = "".join(
        c.upper() if (seed >> (k % 20)) & 1 else c for k, c in enumerate(text[start:end])
    )
    return text[:start] + part + text[end:]


#: A corpus line given the warnings: uppercase letters in the scheme and the host, a
#: password, a default or an empty port, dot-segments in the path (chosen by the bits of
#: an integer).
given_warnings = st.tuples(
    st.sampled_from(["web", "iri", "mixed"]),
    st.integers(0, 1 << 20),
    st.integers(0, (1 << 20) - 1),
    st.integers(0, 63),
    st.lists(st.sampled_from([".", "..", "...", ".a", "a."]), min_size=0, max_size=4),
)


def test_corpus_lines_given_the_warnings() -> None:
    answered = [0, 0]  # answered, texts with violations the core tells alone

    @fixed_examples(1500)
    @given(given_warnings)
    def one(example: tuple[str, int, int, int, list[str]]) -> None:
        name, k, seed, which, segments = example
        lines = [x for x in corpus(name) if "://" in x and x.isprintable()]
        text = lines[k % len(lines)]
        scheme_end = text.index(":")
        host_start = scheme_end + 3
        host_end = next((i for i in range(host_start, len(text)) if text[i] in "/?#:"), len(text))
        if which & 1:
            text = _uppercase(text, 0, scheme_end, seed)
        if which & 2:
            text = _uppercase(text, host_start, host_end, seed >> 3)
        if which & 4 and (host_end == len(text) or text[host_end] != ":"):
            port = {"http": ":80", "https": ":443", "ftp": ":21"}.get(
                text[:scheme_end].lower(), ":80"
            )
            port = ":" if which & 16 else port
            text = text[:host_end] + port + text[host_end:]
        if which & 32 and "@" not in text[host_start:host_end]:
            text = text[:host_start] + "u:p@" + text[host_start:]
            host_end += 4
        if which & 8 and segments:
            at = text.find("/", host_start)
            at = len(text) if at < 0 else at
            text = text[:at] + "".join("/" + s for s in segments) + text[at:]
        for rule, zone in RULES:
            got = _n.violations(text, rule, zone)
            want = py_rows(text, rule, zone)
            if got is not None:
                assert got == want, (text, rule, got, want)
            if only_faults(want):
                answered[1] += 1
                answered[0] += got is not None

    one()
    assert answered[1] > 1000 and answered[0] >= 0.9 * answered[1], answered


#: Hosts with a final dot (the root label, which ``dns_syntax`` takes off first).
ROOT_DOT = [
    ("http://example.org./", True),
    ("//e.com./x", True),
    ("http://" + ".".join(["a" * 63, "b" * 63, "c" * 63, "d" * 61]) + "./", True),
    ("http://a_b.example./", False),  # a faulty label: told beside the root
    ("HTTP://E.com.:80/", False),  # warnings on the form
    ("http://./", None),  # "." alone: one empty label, Python's
    ("http://e.com../", None),  # an empty label: Python's
    ("http://xn--bcher-kva.example./", None),  # an A-label: Python's
    ("http://bücher.example./", None),  # IDNA: Python's
]


@pytest.mark.parametrize(("text", "clean"), ROOT_DOT)
def test_a_final_dot(text: str, clean: bool | None) -> None:
    """A final dot is the root label: ``clean`` passes a name in DNS syntax before it,
    and ``violations`` reads the labels before it; both agree with ``check()``."""
    want = py_rows(text, "IRI_reference", "reject")
    got_clean = _n.clean(text, "IRI_reference", "reject")
    got_rows = _n.violations(text, "IRI_reference", "reject")
    if got_clean:
        assert want == []
    if got_rows is not None:
        assert got_rows == want
    if clean is True:
        assert got_clean and want == []
    elif clean is False:
        assert want and got_rows == want
