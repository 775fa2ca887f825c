"""Benchmark jobs of the liberal-input functions (issue 10), hooked into run.py.

Targets (ratios iri_rate / peer_rate that must hold on every corpus of the job):
- ``from_href`` (with base) >= 2x ``yarl`` join, and within 2x of calling the WHATWG engine
  (ada-url) directly (ratio >= 0.5), on the cc_10k (base, reference) pairs;
- ``from_href`` without a base, within 2x of the engine on the line corpora;
- ``from_leiri`` and ``lenient`` at least as fast as ``w3lib.url.safe_url_string``.

The ``charset_*`` jobs time every function that resolves a document charset label (issue 18:
one resolver, ``iri.convert.charsets``) with a legacy label, so that a change to the resolver
is measured where it is used; their peers are information only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from _jobs import LINES, Job, floor, info, subject, target


def _w3lib_joined() -> Callable[..., Any]:
    """w3lib on a pair: join with urllib, then make the result safe (what scrapers do)."""
    from urllib.parse import urljoin

    from w3lib.url import safe_url_string

    def joined(base: str, ref: str) -> str:
        return str(safe_url_string(urljoin(base, ref)))

    return joined


def _decode() -> Callable[..., Any]:
    """The bare codec: what decoding costs without labels, checks or NFC."""
    return lambda data, codec: data.decode(codec)


def liberal_jobs() -> list[Job]:
    return [
        Job(
            "from_href",
            "web address (HREF) resolved against a base, browser href string",
            ("cc_10k",),
            [
                subject("iri.from_href(ref, base=base)", "f(s[1], base=s[0])", "iri.from_href"),
                target(
                    "str(yarl.URL(base).join(yarl.URL(ref)))",
                    "str(f(s[0]).join(f(s[1])))",
                    "yarl.URL",
                    2.0,
                ),
                target("ada_url.join_url(base, ref)", "f(s[0], s[1])", "ada_url.join_url", 0.5),
                info("ada_url.URL(ref, base).href", "f(s[1], s[0]).href", "ada_url.URL"),
                info("(can_ada.parse(base) + ref).href", "(f(s[0]) + s[1]).href", "can_ada.parse"),
                info("urllib.parse.urljoin(base, ref)", "f(s[0], s[1])", "urllib.parse.urljoin"),
                info("w3lib safe_url_string(urljoin(base, ref))", "f(s[0], s[1])", _w3lib_joined),
                floor(),
            ],
        ),
        Job(
            "from_href_nobase",
            "web address (HREF) without a base, browser href string",
            LINES,
            [
                subject("iri.from_href(s)", "f(s)", "iri.from_href"),
                target("ada_url.normalize_url(s)", "f(s)", "ada_url.normalize_url", 0.5),
                info("str(yarl.URL(s))", "str(f(s))", "yarl.URL"),
                info("w3lib.url.safe_url_string(s)", "f(s)", "w3lib.url.safe_url_string"),
                floor(),
            ],
        ),
        Job(
            "from_leiri",
            "LEIRI -> IRI (3987bis 7.1), string result",
            LINES,
            [
                subject("iri.from_leiri(s)", "f(s)", "iri.from_leiri"),
                target("w3lib.url.safe_url_string(s)", "f(s)", "w3lib.url.safe_url_string", 1.0),
                floor(),
            ],
        ),
        Job(
            "lenient",
            "lenient parsing (guidelines 5) into a valid IRIReference",
            LINES,
            [
                subject("iri.lenient(s)", "f(s)", "iri.lenient"),
                target("w3lib.url.safe_url_string(s)", "f(s)", "w3lib.url.safe_url_string", 1.0),
                floor(),
            ],
        ),
        Job(
            "charset_to_uri",
            "IRI -> URI with a legacy document charset (3987bis 3.5), string result",
            LINES,
            [
                subject(
                    "iri.to_uri(s, charset='windows-1252')",
                    "f(s, charset='windows-1252')",
                    "iri.to_uri",
                ),
                info(
                    "w3lib.url.safe_url_string(s, encoding='cp1252')",
                    "f(s, encoding='cp1252')",
                    "w3lib.url.safe_url_string",
                ),
                floor(),
            ],
        ),
        Job(
            "charset_from_href",
            "web address with a legacy document charset (WHATWG query encoding)",
            LINES,
            [
                subject(
                    "iri.from_href(s, charset='shift_jis')",
                    "f(s, charset='shift_jis')",
                    "iri.from_href",
                ),
                info("ada_url.normalize_url(s)", "f(s)", "ada_url.normalize_url", note="UTF-8"),
                floor(),
            ],
        ),
        Job(
            "charset_from_bytes",
            "octets in a legacy charset decoded to an IRI (3987bis 3.1)",
            LINES,
            [
                subject(
                    "iri.from_bytes(s.encode(), 'iso-8859-2')",
                    "f(s.encode(), 'iso-8859-2')",
                    "iri.from_bytes",
                ),
                info("s.encode().decode('iso8859_2')", "f(s.encode(), 'iso8859_2')", _decode),
                floor(),
            ],
        ),
        Job(
            "charset_display",
            "the form to show a person on a legacy-charset renderer",
            LINES,
            [
                subject(
                    "iri.to_display(s, charset='windows-1252')",
                    "f(s, charset='windows-1252')",
                    "iri.to_display",
                ),
                floor(),
            ],
        ),
    ]
