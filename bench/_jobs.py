"""The benchmark jobs: which contenders, on which corpora, with which targets.

Each contender is an expression in ``s`` (the item; a (base, reference) pair for resolve) and
``f`` (the prebound function). Targets are ratios ``iri_rate / peer_rate`` that must hold on
every corpus of the job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from _harness import Contender, Role, load_dotted


def _dotted(name: str) -> Callable[[], Callable[..., Any]]:
    return lambda: load_dotted(name)


def _rfc3986_validator() -> Callable[..., Any]:
    """rfc3986's strict route: build an IRIReference, then validate every component."""
    from rfc3986 import iri_reference
    from rfc3986.validators import Validator

    validator = Validator().check_validity_of(
        "scheme", "userinfo", "host", "port", "path", "query", "fragment"
    )

    def valid(s: str) -> bool:
        validator.validate(iri_reference(s))  # raises on an invalid component
        return True

    return valid


def floor() -> Contender:
    return Contender("harness `len(s)` (floor)", "f(s)", _dotted("builtins.len"), Role.FLOOR)


def subject(label: str, expr: str, name: str, *, falsy_rejects: bool = False) -> Contender:
    return Contender(label, expr, _dotted(name), Role.SUBJECT, falsy_rejects=falsy_rejects)


def target(
    label: str, expr: str, load: str | Callable[[], Callable[..., Any]], ratio: float, **kw: Any
) -> Contender:
    loader = _dotted(load) if isinstance(load, str) else load
    short = load if isinstance(load, str) else label
    return Contender(label, expr, loader, Role.TARGET, target=ratio, short=short, **kw)


def info(
    label: str, expr: str, load: str | Callable[[], Callable[..., Any]], **kw: Any
) -> Contender:
    loader = _dotted(load) if isinstance(load, str) else load
    return Contender(label, expr, loader, Role.INFO, **kw)


def native_core() -> bool:
    """Whether ``iri`` runs on its compiled core here (``iri.NATIVE``; ``make bench`` runs
    this script twice: as built, and with ``IRI_NO_EXTENSIONS=1``)."""
    import iri

    return bool(iri.NATIVE)


def mode_target(
    label: str,
    expr: str,
    load: str | Callable[[], Callable[..., Any]],
    pure: float | None,
    native: float,
    **kw: Any,
) -> Contender:
    """A target whose ratio depends on the core in use: issue 21's with the compiled core,
    the pure-Python one (issue 12's; ``None``: a row for reference only) without it."""
    if native_core():
        return target(label, expr, load, native, **kw)
    if pure is None:
        return info(label, expr, load, **kw)
    return target(label, expr, load, pure, **kw)


@dataclass
class Job:
    name: str
    title: str
    corpora: tuple[str, ...]  # keys of the corpora built by run.py
    contenders: list[Contender]

    @property
    def subject(self) -> Contender:
        return next(c for c in self.contenders if c.role is Role.SUBJECT)


LINES = ("web", "iri", "mixed")


def all_jobs() -> list[Job]:
    return [
        Job(
            "validate",
            "strict IRI-reference syntax check, bool result",
            LINES,
            [
                subject(
                    'iri.is_valid(s, rule="IRI_reference")',
                    'f(s, rule="IRI_reference")',
                    "iri.is_valid",
                    falsy_rejects=True,
                ),
                target(
                    'bool(rfc3987.match(s, rule="IRI_reference"))',
                    'bool(f(s, rule="IRI_reference"))',
                    "rfc3987.match",
                    1.5,
                    falsy_rejects=True,
                ),
                mode_target(
                    "pyoxigraph.NamedNode(s)",
                    "f(s)",
                    "pyoxigraph.NamedNode",
                    None,
                    1.5,
                    note="native (oxiri, Rust); absolute IRIs only: relative ones are rejected",
                ),
                info(
                    "rfc3986 `Validator().check_validity_of(all).validate(iri_reference(s))`",
                    "f(s)",
                    _rfc3986_validator,
                    falsy_rejects=True,
                    note="rejects valid non-ASCII hosts",
                ),
                floor(),
            ],
        ),
        Job(
            "split",
            "the five components of RFC 3986 Appendix B (never fails), or a parsed URL",
            LINES,
            [
                subject("iri.split(s)", "f(s)", "iri.split"),
                mode_target(
                    "can_ada.parse(s)",
                    "f(s)",
                    "can_ada.parse",
                    None,
                    1.0,
                    note="native (ada, C++): WHATWG parsing, rejects relative references",
                ),
                info(
                    "ada_url.URL(s)",
                    "f(s)",
                    "ada_url.URL",
                    note="native (ada, C++, through cffi): WHATWG URL object",
                ),
                info("urllib.parse.urlsplit(s)", "f(s)", "urllib.parse.urlsplit"),
                floor(),
            ],
        ),
        Job(
            "parse",
            "build the parsed object",
            LINES,
            [
                subject("iri.parse(s)", "f(s)", "iri.parse"),
                target(
                    "urllib.parse.urlsplit(s)",
                    "f(s)",
                    "urllib.parse.urlsplit",
                    1.0,
                    note="does not validate",
                ),
                info(
                    'rfc3987.parse(s, rule="IRI_reference")',
                    'f(s, rule="IRI_reference")',
                    "rfc3987.parse",
                ),
                info("uritools.urisplit(s)", "f(s)", "uritools.urisplit", note="no checks"),
                info("yarl.URL(s)", "f(s)", "yarl.URL", note="encodes + normalizes"),
                info("can_ada.parse(s)", "f(s)", "can_ada.parse", note="native (ada, C++)"),
                info("ada_url.URL(s)", "f(s)", "ada_url.URL", note="native (ada, C++)"),
                floor(),
            ],
        ),
        Job(
            "resolve",
            "RFC 3986 section 5.2 resolution of (base, reference) pairs, string result",
            ("cc_10k",),
            [
                subject("iri.resolve(base, ref)", "f(s[0], s[1])", "iri.resolve"),
                mode_target(
                    "uritools.urijoin(base, ref)", "f(s[0], s[1])", "uritools.urijoin", 1.5, 3.0
                ),
                info("urllib.parse.urljoin(base, ref)", "f(s[0], s[1])", "urllib.parse.urljoin"),
                info("rfc3987.resolve(base, ref)", "f(s[0], s[1])", "rfc3987.resolve"),
                info(
                    "str(yarl.URL(base).join(yarl.URL(ref)))",
                    "str(f(s[0]).join(f(s[1])))",
                    "yarl.URL",
                ),
                floor(),
            ],
        ),
        Job(
            "to_uri",
            "IRI → URI",
            LINES,
            [
                subject("iri.to_uri(s)", "f(s)", "iri.to_uri"),
                mode_target(
                    "str(yarl.URL(s))", "str(f(s))", "yarl.URL", 2.0, 5.0, note="also normalizes"
                ),
                target("w3lib.url.safe_url_string(s)", "f(s)", "w3lib.url.safe_url_string", 2.0),
                info(
                    "hyperlink.URL.from_text(s).to_uri().to_text()",
                    "f(s).to_uri().to_text()",
                    "hyperlink.URL.from_text",
                ),
                info(
                    "rfc3986.iri_reference(s).encode().unsplit()",
                    "f(s).encode().unsplit()",
                    "rfc3986.iri_reference",
                ),
                floor(),
            ],
        ),
        Job(
            "to_iri",
            "URI → IRI (input: the URI form of each line, built without iri)",
            ("iri-uri", "mixed-uri"),
            [
                subject("iri.to_iri(u)", "f(s)", "iri.to_iri"),
                target(
                    "hyperlink.URL.from_text(u).to_iri().to_text()",
                    "f(s).to_iri().to_text()",
                    "hyperlink.URL.from_text",
                    3.0,
                ),
                mode_target("yarl.URL(u).human_repr()", "f(s).human_repr()", "yarl.URL", 3.0, 5.0),
                floor(),
            ],
        ),
        Job(
            "normalize",
            "scheme-based normalization (RFC 3986 section 6.2.2-6.2.3)",
            LINES,
            [
                subject(
                    'iri.normalize(s, level="scheme")',
                    'f(s, level="scheme")',
                    "iri.normalize",
                ),
                mode_target("str(yarl.URL(s))", "str(f(s))", "yarl.URL", 1.0, 3.0),
                target(
                    "w3lib.url.canonicalize_url(s)",
                    "f(s)",
                    "w3lib.url.canonicalize_url",
                    2.0,
                    note="also sorts query, drops fragment",
                ),
                target("rfc3986.normalize_uri(s)", "f(s)", "rfc3986.normalize_uri", 3.0),
                info("url_normalize.url_normalize(s)", "f(s)", "url_normalize.url_normalize"),
                floor(),
            ],
        ),
    ]
