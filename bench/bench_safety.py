"""Benchmark jobs of iri.safety: ``audit`` and ``to_display`` against their nearest peers.

* audit: the target is ``iri.check`` on the same items (issue 11: audit no slower than 2x
  check, so the ratio audit_rate / check_rate must be >= 0.5). The peer for information is
  plain ICU-free skeleton code, the core of what `confusables`-style packages do: the host
  from ``urllib.parse.urlsplit``, IDNA-decoded, NFD, mapped through confusables.txt, NFD.
* display: the peer is what a program does today without iri: ``urlsplit``, ``idna``
  decoding of the host, ``urllib.parse.unquote`` of the rest, then ``python-bidi``
  ``get_display`` for the visual form (iri's ``to_display`` returns logical order, so the
  peer's visual step is listed apart as well).

Hooked into bench/run.py by one import; jobs run with ``make bench``.
"""

from __future__ import annotations

import contextlib
import unicodedata
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _jobs import Job, floor, info, subject, target

LINES = ("web", "iri", "mixed")
_CONFUSABLES = (
    Path(__file__).resolve().parent.parent / "tests" / "corpora" / "unicode-security"
) / "confusables.txt"


def _plain_skeleton() -> Callable[..., Any]:
    """ICU-free UTS #39 skeleton of the host, from the raw confusables.txt."""
    import idna

    table: dict[int, str] = {}
    for line in _CONFUSABLES.read_text(encoding="utf-8").splitlines():
        data = line.split("#", 1)[0].strip()
        if data:
            src, dst, _ = (f.strip() for f in data.split(";"))
            table[int(src, 16)] = "".join(chr(int(h, 16)) for h in dst.split())

    def host_skeleton(s: str) -> str:
        host = urllib.parse.urlsplit(s).hostname or ""
        if "xn--" in host:
            with contextlib.suppress(idna.IDNAError):
                host = idna.decode(host)
        nfd = unicodedata.normalize("NFD", host)
        return unicodedata.normalize("NFD", "".join(table.get(ord(c), c) for c in nfd))

    return host_skeleton


def _peer_display(visual: bool) -> Callable[[], Callable[..., Any]]:
    def load() -> Callable[..., Any]:
        import idna
        from bidi import get_display

        def display(s: str) -> str:
            parts = urllib.parse.urlsplit(s)
            netloc = parts.netloc
            if "xn--" in netloc:
                with contextlib.suppress(idna.IDNAError):
                    netloc = idna.decode(netloc)
            text = urllib.parse.urlunsplit(
                (
                    parts.scheme,
                    netloc,
                    urllib.parse.unquote(parts.path),
                    urllib.parse.unquote(parts.query),
                    urllib.parse.unquote(parts.fragment),
                )
            )
            return str(get_display(text, base_dir="L")) if visual else text

        return display

    return load


def _visual_display() -> Callable[..., Any]:
    import iri

    return lambda s: iri.visual_order(iri.to_display(s))


def safety_jobs() -> list[Job]:
    return [
        Job(
            "audit",
            "spoofing audit (findings list) vs strict check (violations list)",
            LINES,
            [
                subject("iri.audit(s)", "f(s)", "iri.audit"),
                target("iri.check(s)", "f(s)", "iri.check", 0.5),
                info(
                    "plain skeleton of the host (urlsplit + idna + confusables.txt)",
                    "f(s)",
                    _plain_skeleton,
                    note="host skeleton only: no script, invisible or escape checks",
                ),
                floor(),
            ],
        ),
        Job(
            "display",
            "the form to show a person",
            LINES,
            [
                subject("iri.to_display(s)", "f(s)", "iri.to_display"),
                info(
                    "urlsplit + idna.decode + unquote",
                    "f(s)",
                    _peer_display(visual=False),
                    note="unsafe: decodes bidi controls and invisibles",
                ),
                info(
                    "... + python-bidi get_display",
                    "f(s)",
                    _peer_display(visual=True),
                    note="visual order",
                ),
                info("iri.visual_order(iri.to_display(s))", "f(s)", _visual_display),
                floor(),
            ],
        ),
    ]
