"""``violations-omitted`` told by the compiled core (``native/src/faults.rs``, ``placed``):
past ten faults of one code in one component, ``check()`` keeps the first ten and adds one
summary of the rest (from the first left out to the last, how many in all). Whenever
``violations()`` answers such a text, it is ``check()``'s answer, message for message; it
answers most corpus lines made faulty that way; and it leaves to Python a text with more
faults than it tells (``PLACES_MAX``) or two summaries at one place."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from native_twins import corpus, fixed_examples, native, only_told, py_rows

_n = native()

#: Faults that come in numbers in scraped URLs: characters no component holds, and
#: percent-encodings that draw warnings (not UTF-8, lowercase, of an unreserved octet).
MANY = [" ", "|", "^", "{", "%E9", "%e9", "%7E", "%C0%AF", "%FF%FE"]

lines = st.tuples(
    st.sampled_from(["web", "iri", "mixed"]),
    st.integers(0, 1 << 20),
    st.sampled_from(MANY),
    st.integers(9, 40),
    st.sampled_from(["/", "?", "#", "?q="]),
    st.sampled_from([*MANY, "", "a"]),
)


def test_corpus_lines_with_many_faults() -> None:
    answered = [0, 0]  # answered, texts with a summary and told codes alone

    @fixed_examples(1500)
    @given(lines)
    def one(example: tuple[str, int, str, int, str, str]) -> None:
        name, k, fault, count, where, other = example
        base = [x for x in corpus(name) if x]
        text = base[k % len(base)].partition("#")[0] + where + ("x" + fault) * count + other
        for rule, zone in (("IRI_reference", "reject"), ("URI", "accept")):
            got = _n.violations(text, rule, zone)
            want = py_rows(text, rule, zone)
            if got is not None:
                assert only_told(want) and got == want, (text, rule, got, want)
            summary = any(r[0] == "violations-omitted" for r in want)
            if summary and only_told(want):
                answered[1] += 1
                answered[0] += got is not None

    one()
    assert answered[1] > 500 and answered[0] >= 0.75 * answered[1], answered


@pytest.mark.parametrize(
    "text",
    [
        "http://h/" + " a" * 11,  # the path
        "http://h/?" + "%E9" * 12 + "#" + "%7e" * 3,  # not UTF-8; then other groups
        "http://" + ".".join(["a_"] * 11) + "/" + " a" * 12,  # the host's labels too
    ],
)
def test_examples(text: str) -> None:
    want = py_rows(text, "IRI_reference", "reject")
    assert any(r[0] == "violations-omitted" for r in want), want
    assert _n.violations(text, "IRI_reference", "reject") == want


@pytest.mark.parametrize(
    "text",
    [
        "http://h/" + "%7e" * 11,  # lowercase and unreserved: two summaries at one place
        "http://h/?" + "%e9" * 12,  # lowercase and not UTF-8: the same
        "http://h/" + " a" * 300,  # more faults than the core tells
    ],
)
def test_left_to_python(text: str) -> None:
    assert _n.violations(text, "IRI_reference", "reject") is None
    assert any(r[0] == "violations-omitted" for r in py_rows(text, "IRI_reference", "reject"))
