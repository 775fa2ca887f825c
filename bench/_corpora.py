"""Loading the benchmark corpora and deriving job inputs from them.

Nothing here imports ``iri``: every input is built independently of the code under test, so a
bug in the library can never change what it is measured on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import idna

# The three line corpora of corpora/bench/ and the resolution pairs of corpora/url-datasets/.
LINE_CORPORA = ("web", "iri", "mixed")
PAIRS_FILE = Path("url-datasets") / "relative_urls_cc_10k.csv"


@dataclass
class Corpus:
    """One named input list (strings, or (base, reference) pairs for resolve)."""

    name: str
    items: list[object]
    source: str
    notes: list[str] = field(default_factory=list)


def read_lines(path: Path) -> list[str]:
    """Non-empty lines of a UTF-8 file, stripped of a leading BOM and surrounding whitespace."""
    text = path.read_text(encoding="utf-8")
    text = text.removeprefix("\ufeff")
    return [line.strip() for line in text.split("\n") if line.strip()]


def load_line_corpus(corpus_dir: Path, name: str) -> Corpus | None:
    path = corpus_dir / "bench" / f"{name}.txt"
    if not path.is_file():
        return None
    lines: list[object] = list(read_lines(path))
    return Corpus(name, lines, f"bench/{name}.txt")


def load_pairs(corpus_dir: Path) -> Corpus | None:
    """(base, relative) pairs: header line skipped, each line split at its first comma.

    The README of url-datasets guarantees exactly one comma and no quoting per line, so this
    gives the same 10,000 pairs as the ``csv`` module (and as oxiri's own benchmark).
    """
    path = corpus_dir / PAIRS_FILE
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
    pairs: list[object] = []
    for n, raw in enumerate(text.split("\n")):
        line = raw.rstrip("\r")
        if n == 0 or not line:
            continue  # header "base,relative", trailing newline
        base, _, ref = line.partition(",")
        pairs.append((base, ref))
    return Corpus("cc_10k", pairs, str(PAIRS_FILE))


# --- URI form of an IRI, built without iri -----------------------------------------------------

# RFC 3986 appendix B, the generic splitting regex (matches every string).
_SPLIT = re.compile(r"^(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$", re.S)
# Every printable ASCII character except space stays as is (this includes all of RFC 3986's
# reserved and unreserved characters, and '%' so existing escapes are kept); non-ASCII
# characters, space and controls are percent-encoded as UTF-8.
_SAFE = "".join(chr(c) for c in range(0x21, 0x7F))


def _quote(part: str) -> str:
    if part.isascii() and " " not in part:
        return part
    from urllib.parse import quote

    return quote(part, safe=_SAFE, encoding="utf-8", errors="strict")


def uri_form(line: str) -> str | None:
    """The URI form of an IRI line, or None if its host cannot be converted with IDNA.

    Userinfo, path, query and fragment: non-ASCII percent-encoded as UTF-8. Host: when it is
    not ASCII, ``idna.encode(host, uts46=True)`` (the conversion the perf baseline used).
    """
    m = _SPLIT.match(line)
    if m is None:  # pragma: no cover - the regex matches every string
        return None
    scheme, authority, path, query, fragment = m.groups()
    out: list[str] = []
    if scheme is not None:
        out.append(scheme + ":")
    if authority is not None:
        userinfo, at, hostport = authority.rpartition("@")
        host, port = hostport, ""
        if not hostport.startswith("["):
            h, colon, p = hostport.rpartition(":")
            if colon and (p == "" or p.isdigit()):
                host, port = h, colon + p
        if not host.isascii():
            try:
                host = idna.encode(host, uts46=True).decode("ascii")
            except (idna.IDNAError, UnicodeError, ValueError):
                return None
        out.append("//")
        if at:
            out.append(_quote(userinfo) + "@")
        out.append(host + port)
    out.append(_quote(path))
    if query is not None:
        out.append("?" + _quote(query))
    if fragment is not None:
        out.append("#" + _quote(fragment))
    return "".join(out)


def uri_form_corpus(corpus: Corpus) -> Corpus:
    """The URI form of every line of a corpus; lines whose host IDNA rejects are skipped."""
    items: list[object] = []
    skipped = 0
    for line in corpus.items:
        assert isinstance(line, str)
        uri = uri_form(line)
        if uri is None:
            skipped += 1
        else:
            items.append(uri)
    notes = [
        f"URI form of {corpus.source}: {len(items):,} lines, {skipped:,} skipped "
        "(host rejected by `idna.encode(host, uts46=True)`)"
    ]
    return Corpus(f"{corpus.name} (URI form)", items, corpus.source, notes)
