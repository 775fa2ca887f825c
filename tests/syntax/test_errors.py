"""The exception types (iri.errors): one root, data as attributes, readable messages."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest

import iri
from iri.errors import CharsetError, IDNAError, InvalidIRI, IRIError, ResolutionError
from iri.syntax.report import WINDOW


@pytest.mark.parametrize("cls", [InvalidIRI, IDNAError, CharsetError, ResolutionError])
def test_every_error_is_an_iri_error_and_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, IRIError)
    assert issubclass(cls, ValueError)


def test_invalid_iri_carries_all_violations_and_shows_the_first_error() -> None:
    text = "HTTP://example.org/a b%zz"
    with pytest.raises(InvalidIRI) as info:
        iri.parse(text, rule="IRI")
    exc = info.value
    assert exc.text == text
    assert exc.rule == "IRI"
    assert list(exc.violations) == iri.check(text, rule="IRI")
    assert [v.code for v in exc.errors] == ["invalid-character", "invalid-percent-encoding"]
    first_line = str(exc).split("\n")[0]
    assert first_line.startswith("invalid IRI: U+0020 SPACE")
    assert "(and 1 more error)" in first_line


def test_invalid_iri_does_not_undercount_capped_violations() -> None:
    # 100 bad escapes: check() keeps 10 and a violations-omitted summary; the message must
    # not claim that only 9 more errors exist.
    with pytest.raises(InvalidIRI) as info:
        iri.parse("http://x/" + "%zz" * 100)
    first_line = str(info.value).split("\n")[0]
    assert "(and 9 more error" not in first_line
    assert "more left out" in first_line
    assert info.value.violations[-1].code == "violations-omitted"


def test_invalid_iri_without_violations_still_renders() -> None:
    assert str(InvalidIRI("x", [])) == "invalid IRI: 'x'"


def test_idna_error_data() -> None:
    with pytest.raises(IDNAError) as info:
        iri.to_uri("http://é.-bad-.example/")
    exc = info.value
    assert exc.host == "é.-bad-.example"
    assert exc.label == "-bad-"
    assert exc.position == 2
    assert exc.reason
    assert "-bad-" in str(exc) and "position 2" in str(exc)


def test_resolution_error_for_a_base_without_scheme() -> None:
    with pytest.raises(ResolutionError):
        iri.resolve("//example.org/", "a")


def test_charset_error_data() -> None:
    exc = CharsetError("message", "latin-1", "\u017f", 3)
    assert (exc.charset, exc.character, exc.position) == ("latin-1", "\u017f", 3)


# --- every error crosses a process boundary, and a long input does not fill its message ---

#: Each class raised by a real call (or built as the library builds it), on a short input.
RAISED: dict[str, Callable[[], object]] = {
    "InvalidIRI": lambda: iri.parse("http://example.org/a b"),
    "InvalidIRI without error": lambda: (_ for _ in ()).throw(InvalidIRI("x", [])),
    "IDNAError": lambda: iri.to_uri("http://é.-bad-.example/"),
    "ResolutionError": lambda: iri.resolve("//example.org/", "a"),
    "ComponentError": lambda: iri.parse("http://a/").with_path("x"),
    "HrefError": lambda: iri.from_href("http://[/"),
    "CharsetError": lambda: iri.to_uri("http://a/?ſ", charset="latin1", errors="strict"),
    "IRIError": lambda: iri.normalize("http://a/", level="simple", character="nfc"),
}


def _raised(name: str) -> IRIError:
    with pytest.raises(IRIError) as info:
        RAISED[name]()
    return info.value


@pytest.mark.parametrize("name", RAISED)
def test_every_error_pickles_and_copies_with_its_data(name: str) -> None:
    exc = _raised(name)
    assert exc.__dict__ or type(exc) in (IRIError, ResolutionError), "no data attribute"
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(exc, protocol=proto))
        assert type(back) is type(exc)
        assert (back.args, str(back), back.__dict__) == (exc.args, str(exc), exc.__dict__)
    for back in (copy.copy(exc), copy.deepcopy(exc)):
        assert (type(back), back.args, back.__dict__) == (type(exc), exc.args, exc.__dict__)


def test_an_invalid_iri_raised_in_a_worker_process_reaches_the_caller() -> None:
    # Before: unpickling called InvalidIRI(message) and the pool broke (BrokenProcessPool).
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        future = pool.submit(iri.parse, "http://example.org/a b")
        with pytest.raises(InvalidIRI) as info:
            future.result(timeout=120)
    assert info.value.text == "http://example.org/a b"
    assert [v.code for v in info.value.errors] == ["invalid-character"]


LONG = 1_000_000


@pytest.mark.parametrize(
    ("call", "attribute"),
    [
        (lambda big: iri.parse("http://a/" + big + " c"), "text"),
        (lambda big: iri.parse("http://a/" + big + " c", rule="IRI"), "text"),
        (lambda big: iri.resolve(big, "../g"), None),
        (lambda big: iri.relativize(big, "http://a/"), None),
        (lambda big: iri.parse("http://a/").with_path(big), "value"),
        (lambda big: iri.from_href("http://[" + big), "text"),
        (lambda big: iri.to_uri(f"http://{big}é.-bad-.example/"), "host"),
    ],
)
def test_a_long_input_is_cut_in_the_message_and_whole_in_the_attributes(
    call: Callable[[str], object], attribute: str | None
) -> None:
    with pytest.raises(IRIError) as info:
        call("b" * LONG)
    message = str(info.value)
    assert len(message) < 1_000, message[:2_000]
    assert "characters)" in message  # the message says the input was longer than shown
    if attribute is not None:
        assert "b" * LONG in getattr(info.value, attribute)


def test_a_long_text_shows_a_window_at_the_error_with_its_offset() -> None:
    text = "http://a/" + "b" * 500 + " c" + "d" * 500
    with pytest.raises(InvalidIRI) as info:
        iri.parse(text)
    title, line, under, where = str(info.value).split("\n")
    assert title.startswith("invalid IRI_reference: U+0020 SPACE")
    assert line.startswith("    ...") and line.endswith("...")
    assert line[under.index("^")] == " "  # the caret stands under the space
    assert where == f"    (at 509 of {len(text):,} characters)"


def test_a_text_of_the_window_is_still_shown_whole() -> None:
    text = "http://a/" + "b" * (WINDOW - 11) + " c"
    assert len(text) == WINDOW
    with pytest.raises(InvalidIRI) as info:
        iri.parse(text)
    assert str(info.value).split("\n")[1] == "    " + text
