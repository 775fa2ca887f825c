"""Extraction benchmark: iri.extract against urlextract and linkify-it-py (`make bench`).

The same text for every contender: the lines of the bench IRI corpus, each followed by a few
prose words, as in research/text-scale-anchors.md. Reported: MB/s of UTF-8 text, the ratio to
each peer, links found, agreement (share of iri's links that the peer also finds, as the same
text), and each contender's score on UTS #58 LinkDetectionTest.txt. Best of 3 runs each.
"""

from __future__ import annotations

import contextlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from iri.text.extract import extract  # noqa: E402

CORPUS = ROOT / "tests" / "corpora" / "bench" / "iri.txt"
UTS58 = ROOT / "tests" / "corpora" / "uts58-links" / "LinkDetectionTest.txt"
WORDS = [
    "the",
    "of",
    "and",
    "a",
    "to",
    "in",
    "is",
    "you",
    "that",
    "it",
    "he",
    "was",
    "for",
    "on",
    "are",
    "as",
    "with",
    "his",
    "they",
    "at",
    "be",
    "this",
]


def make_text() -> str:
    rnd = random.Random(58)
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        out.append(line + " " + " ".join(rnd.choices(WORDS, k=rnd.randint(5, 15))))
    return "\n".join(out) + "\n"


def contenders() -> dict[str, Callable[[str], list[str]]]:
    found: dict[str, Callable[[str], list[str]]] = {
        "iri.text.extract": lambda t: [m.text for m in extract(t)],
    }
    try:
        from urlextract import URLExtract

        ux = URLExtract(extract_email=True)
        found["urlextract"] = lambda t: list(ux.gen_urls(t))
    except ImportError:
        print("urlextract not installed: skipped", file=sys.stderr)
    try:
        from linkify_it import LinkifyIt

        lk = LinkifyIt()
        found["linkify-it-py"] = lambda t: [m.raw for m in (lk.match(t) or [])]
    except ImportError:
        print("linkify-it-py not installed: skipped", file=sys.stderr)
    return found


def uts58_score(func: Callable[[str], list[str]]) -> int:
    passed = 0
    for line in UTS58.read_text(encoding="utf-8").split("\n"):
        if not line.strip() or line.startswith("#"):
            continue
        plain = line.replace("\u2e20", "").replace("\u2e21", "")
        want = [p.split("\u2e21")[0] for p in line.split("\u2e20")[1:]]
        with contextlib.suppress(Exception):  # a peer's crash is a failed line
            passed += func(plain) == want
    return passed


def main() -> int:
    text = make_text()
    mb = len(text.encode("utf-8")) / 1e6
    results: dict[str, tuple[float, list[str]]] = {}
    for name, func in contenders().items():
        best = float("inf")
        links: list[str] = []
        for _ in range(3):
            start = time.perf_counter()
            links = func(text)
            best = min(best, time.perf_counter() - start)
        results[name] = (mb / best, links)
    ours_rate, ours = results["iri.text.extract"]
    print(f"## Extraction ({mb:.2f} MB of text, {len(text.splitlines()):,} lines)\n")
    print("| contender | MB/s | iri ratio | links | agreement | UTS #58 lines (of 344) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, func in contenders().items():
        rate, links = results[name]
        agree = len(set(ours) & set(links)) / max(1, len(set(ours)))
        print(
            f"| {name} | {rate:.2f} | {ours_rate / rate:.1f}x | {len(links):,} | "
            f"{agree:.1%} | {uts58_score(func)} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
