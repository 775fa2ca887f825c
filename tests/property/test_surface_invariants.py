"""Three invariants of issue 19 across the surfaces, on generated hostile references.

* **Round trip**: for every ``x`` that passes ``check`` with no error, ``to_uri(x)``
  succeeds or raises only ``IDNAError`` (a host IDNA rejects; ``InvalidIRI`` is for invalid
  text), and ``to_iri(to_uri(x))`` is equivalent to ``x`` (``iri.equivalent`` at the
  ``scheme`` level: RFC 3987 3.1 maps a DNS host through UTS #46, whose case folding and
  width mapping only the scheme rung compares, 5.3.3; percent-encoding differences are
  equivalent on every rung, 5.3.2.3), for both host mappings that keep a host (``auto``
  and ``percent``; ``idna`` forced on a host that is no DNS name maps it).
* **Normalization**: for every valid ``x``, every level and every character option the docs
  offer, ``normalize(x)`` passes ``check`` with no error and is a fixed point
  (``normalize(normalize(x)) == normalize(x)``), or raises the documented ``IRIError``
  (character normalization that would change the structure; docs/normalize.md).
* **The exception contract**: every public function (one row per name of ``iri.__all__``
  that takes text, and the submodule functions of docs/api.md) returns, or raises only the
  exceptions it documents, for any ``str``.

The texts come from :mod:`hostile` (the RFC 3987 ABNF with a hostile alphabet). ``make
test`` runs EXAMPLES inputs per invariant (valid ones for the first two) and per row with
the fixed seed of the ``ci`` profile, BATCH per Hypothesis example, plus EXAMPLES/100
references drawn rule by rule by Hypothesis (:mod:`strategies`, which shrinks a failure);
``make fuzz`` sets ``IRI_FUZZ_EXAMPLES`` and a random seed, and shows the counts.
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from hostile import build_any, build_valid  # type: ignore[import-not-found]
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import mutated, reference  # type: ignore[import-not-found]

import iri
from iri.syntax.grammar import Rule

# -----------------------------------------------------------------------------------------

#: Inputs per invariant (make test); make fuzz sets more through IRI_FUZZ_EXAMPLES.
EXAMPLES = int(os.environ.get("IRI_FUZZ_EXAMPLES", "20000"))
#: Texts per Hypothesis example (Hypothesis costs about a millisecond per example).
BATCH = 20


def _valid(text: str) -> bool:
    return not any(v.severity == "error" for v in iri.check(text))


def _seeded(examples: int, make: Callable[[random.Random], list[str]]) -> Callable[..., int]:
    """Run ``body`` on ``examples`` texts, BATCH per seed drawn by Hypothesis; the count."""

    def run(body: Callable[[str], None]) -> int:
        checked: list[int] = []

        @settings(max_examples=max(1, examples // BATCH), suppress_health_check=list(HealthCheck))
        @given(st.integers(0, 2**64))
        def invariant(seed: int) -> None:
            texts = make(random.Random(seed))
            for text in texts:
                body(text)
            checked.append(len(texts))

        invariant()
        print(f"{body.__name__}: {sum(checked)} inputs")  # make fuzz shows it (pytest -s)
        return sum(checked)

    return run


def _valid_batch(rng: random.Random) -> list[str]:
    out: list[str] = []
    while len(out) < BATCH:
        text = build_valid(rng)
        if _valid(text):
            out.append(text)
    return out


@functools.lru_cache(maxsize=4096)
def _any_batch_of(seed: int) -> list[str]:
    # Cached: every row of the contract draws the same seeds (the ci profile's fixed seed).
    rng = random.Random(seed)
    return [(build_valid if i % 2 else build_any)(rng) for i in range(BATCH)]


def _any_batch(rng: random.Random) -> list[str]:
    return _any_batch_of(rng.getrandbits(64))


# -- (a) to_iri(to_uri(x)) is equivalent to x ------------------------------------------------


def round_trip(x: str) -> None:
    for mode in ("auto", "percent"):
        try:
            uri = iri.to_uri(x, host=mode)
        except iri.IDNAError:
            continue  # documented: a host IDNA rejects
        assert uri.isascii(), (x, mode, uri)
        try:
            back = iri.to_iri(uri, host=mode)
        except iri.InvalidIRI as error:
            raise AssertionError((x, mode, uri)) from error
        assert iri.equivalent(back, x, level="scheme"), (x, mode, uri, back)


def test_to_iri_of_to_uri_is_equivalent_on_generated_references() -> None:
    assert _seeded(EXAMPLES, _valid_batch)(round_trip) >= EXAMPLES


#: Texts drawn rule by rule by Hypothesis (strategies.py, RFC 3987 2.2): a failure shrinks.
GRAMMAR = st.one_of(reference(Rule.IRI_REFERENCE), mutated())
SHRINKABLE = settings(max_examples=max(1, EXAMPLES // 100), suppress_health_check=list(HealthCheck))


@SHRINKABLE
@given(GRAMMAR)
def test_to_iri_of_to_uri_is_equivalent_on_grammar_references(x: str) -> None:
    if _valid(x):
        round_trip(x)


def test_to_iri_of_to_uri_is_equivalent_on_the_hostile_examples() -> None:
    for x in (
        "http://h/\u200b\ufeff?\u2028#\u2029",  # invisible and line breaks: one spelling
        "http://h/%E2%80%8B?%ef%bb%bf",
        "http://bank.example/\uff0fevil?\uff1f#\uff03",
        "http://xn--80ak6aa92e.com/\U0001f600?\ue000\U000e0041",
        "http://[2001:db8::1]:99999/a/../%2e%2E/b",
        "HTTP://R\u00c9SUM\u00c9.example:080/%7e",
    ):
        round_trip(x)


# -- (b) normalize: idempotent, valid output --------------------------------------------------

_LEVELS = ("syntax", "scheme")


def normalized(x: str) -> None:
    # Every input at both levels without character normalization (the default), and with
    # NFC or NFKC in turn (each on half the inputs: RFC 3987 5.3.2.2 options on request).
    mapped = ("nfc", "nfkc")[len(x) % 2]
    for level, character in [(lvl, c) for lvl in _LEVELS for c in ("none", mapped)]:
        try:
            once = iri.normalize(x, level=level, character=character)
        except iri.IRIError as error:
            # documented: character normalization that would change the structure only
            assert type(error) is iri.IRIError and character != "none", (x, level, error)
            continue
        assert _valid(once), (x, level, character, once)
        assert iri.normalize(once, level=level, character=character) == once, (x, level, once)
    assert iri.normalize(x, level="simple") == x


def test_normalize_is_idempotent_and_valid_on_generated_references() -> None:
    assert _seeded(EXAMPLES, _valid_batch)(normalized) >= EXAMPLES


@SHRINKABLE
@given(GRAMMAR)
def test_normalize_is_idempotent_and_valid_on_grammar_references(x: str) -> None:
    if _valid(x):
        normalized(x)


# -- (c) every public function raises only what it documents ------------------------------

_INVALID = (iri.InvalidIRI,)
_CONVERT = (iri.InvalidIRI, iri.IDNAError)
_RESOLVE = (iri.InvalidIRI, iri.ResolutionError)
_OPTION = (ValueError,)  # an enum given a value it does not have
_BASE = "http://a/b/c?q"
#: The option types (StrEnum): a value they do not have is a ValueError.
_OPTION_ENUMS = (
    *("AuditCode", "AuditLevel", "CharacterNormalization", "Code", "HostMapping", "KeepQuery"),
    *("Level", "Password", "QueryStyle", "RestrictionLevel", "Rule", "Severity", "Unencodable"),
    *("Wrap", "ZoneID"),
)
_EXCEPTIONS = (
    *("CharsetError", "ComponentError", "HrefError", "IDNAError", "IRIError", "InvalidIRI"),
    "ResolutionError",
)


def _submodule_rows() -> dict[str, tuple[Callable[[str], Any], tuple[type[BaseException], ...]]]:
    from iri.integrations.jsonschema import format_checker
    from iri.scale.batch import stream
    from iri.schemes.data import DataURL
    from iri.schemes.file import from_path, to_path
    from iri.schemes.mailto import Mailto
    from iri.schemes.urn import URN

    return {
        "iri.schemes.file.from_path": (from_path, (iri.IRIError,)),
        "iri.schemes.file.to_path": (to_path, (iri.IRIError,)),
        "iri.schemes.mailto.Mailto.parse": (Mailto.parse, _INVALID),
        "iri.schemes.data.DataURL.parse": (DataURL.parse, _INVALID),
        "iri.schemes.urn.URN.parse": (URN.parse, _INVALID),
        "iri.scale.batch.stream": (lambda t: list(stream("to_uri", [t])), _CONVERT),
        "iri.integrations.jsonschema.format_checker": (
            lambda t: format_checker.conforms(t, "iri-reference"),
            (),
        ),
    }


#: One row per public name that takes text: the call with the text, the exceptions the
#: docs give it for a ``str`` (docs/api.md; () = total).
ROWS: dict[str, tuple[Callable[[str], Any], tuple[type[BaseException], ...]]] = {
    "audit": (iri.audit, ()),
    "candidate_readings": (iri.candidate_readings, ()),
    "check": (iri.check, ()),
    "equivalent": (lambda t: (iri.equivalent(t, _BASE), iri.equivalent(_BASE, t)), _INVALID),
    "extract": (iri.extract, ()),
    "format_link": (iri.format_link, _INVALID),
    "from_bytes": (lambda t: iri.from_bytes(b"http://a/?\xe9", t), (iri.CharsetError,)),
    "from_href": (
        lambda t: (iri.from_href(t), iri.from_href(t, base=_BASE)),
        (iri.HrefError, iri.InvalidIRI),  # InvalidIRI: a host no IRI can carry (docstring)
    ),
    "from_leiri": (iri.from_leiri, _INVALID),
    "from_local_name": (lambda t: iri.from_local_name(b"a.html", t), (iri.CharsetError,)),
    "href_steps": (iri.href_steps, _INVALID),
    "is_valid": (iri.is_valid, ()),
    "key": (iri.key, _INVALID),
    "lenient": (iri.lenient, _INVALID),
    "normalize": (iri.normalize, _INVALID),
    "parse": (iri.parse, _INVALID),
    "IRIReference": (iri.IRIReference, _INVALID),
    "preprocess": (iri.preprocess, (iri.InvalidIRI,)),  # a lone surrogate (docstring)
    "query_params": (iri.query_params, _INVALID),
    "relativize": (lambda t: (iri.relativize(_BASE, t), iri.relativize(t, _BASE)), _RESOLVE),
    "remove_dot_segments": (iri.remove_dot_segments, ()),
    "resolve": (lambda t: (iri.resolve(_BASE, t), iri.resolve(t, "g")), _RESOLVE),
    "split": (iri.split, ()),
    "split_references": (iri.split_references, (iri.InvalidIRI,)),  # a lone surrogate
    "to_display": (iri.to_display, ()),
    "to_document": (lambda t: iri.to_document(t, "windows-1252"), _INVALID),
    "to_iri": (iri.to_iri, _INVALID),
    "to_uri": (iri.to_uri, _CONVERT),
    "visual_order": (iri.visual_order, ()),
    **{name: (getattr(iri, name), _OPTION) for name in _OPTION_ENUMS},
    **_submodule_rows(),
}

#: The public names that take no text, with the reason.
NO_TEXT = {
    **dict.fromkeys(_EXCEPTIONS, "an exception class"),
    "Components": "the five components of split(), built by it",
    "Finding": "a result of audit()",
    "Violation": "a result of check()",
    "Origin": "scheme, host and int port, built by IRIReference.origin",
    "OpaqueOrigin": "takes no argument",
    "QueryParams": "decoded pairs, built by IRIReference.query_params",
    "__version__": "a str, not a function",
    "NATIVE": "a bool: whether the compiled core is in use",
}


def test_every_public_name_has_a_row() -> None:
    # A new public function without a row fails here: add its row (or its reason above).
    assert set(iri.__all__) == {n for n in ROWS if "." not in n} | set(NO_TEXT)


def test_the_rows_do_not_overlap_the_exclusions() -> None:
    assert not set(ROWS) & set(NO_TEXT)


def _contract(name: str) -> Callable[[str], None]:
    call, documented = ROWS[name]

    def keeps(text: str) -> None:
        try:
            call(text)
        except documented:
            pass
        except Exception as error:
            raise AssertionError(f"{name}({text!r}) raised {error!r}") from error

    keeps.__name__ = name
    return keeps


@pytest.mark.parametrize("name", sorted(ROWS))
def test_every_public_function_raises_only_what_it_documents(name: str) -> None:
    assert _seeded(EXAMPLES, _any_batch)(_contract(name)) >= EXAMPLES
