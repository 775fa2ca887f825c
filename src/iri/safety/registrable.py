"""Registrable domains (eTLD+1) from the Public Suffix List, as Chromium's lookalike checks
read them.

The algorithm is the list's own (publicsuffix.org/list, "Algorithm"): the prevailing rule
is an exception rule if one matches, else the matching rule with the most labels, else
the default rule ``*``; the public suffix is what the rule matches (for an exception,
without its leftmost label), and the registrable domain is the suffix with one more label.
The rules are the ICANN section of the list, with the two private entries Chromium treats
as public (``GetETLDPlusOne``: com.de and com.se), in a generated, stamped table
(:mod:`iri.safety._tables.public_suffixes`, from tools/gen_lookalike_tables.py).

Labels are compared lowercase, A-labels decoded (the list writes U-labels).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from iri.safety.idn_hosts import decode_label
from iri.syntax.host_cache import by_cache

__all__ = ["e2ld", "max_labels", "registrable_domain", "suffix_labels", "unicode_labels"]


def unicode_labels(host: str) -> list[str]:
    """The labels of ``host``, lowercase, A-labels decoded, a final root dot dropped.

    >>> unicode_labels("WWW.xn--bcher-kva.Example.")
    ['www', 'bücher', 'example']
    """
    labels = host.lower().removesuffix(".").split(".")
    if "xn--" not in host.lower():
        return labels
    return [decode_label(label)[0].lower() for label in labels]


def suffix_labels(labels: Sequence[str]) -> int:
    """How many of the last ``labels`` form the public suffix (at least 1: the default
    rule ``*``).

    >>> suffix_labels(["www", "google", "co", "uk"]), suffix_labels(["a", "b", "example"])
    (2, 1)
    >>> suffix_labels(["www", "ck"]), suffix_labels(["foo", "bar", "ck"])  # !www.ck, *.ck
    (1, 2)
    """
    rules, wildcards, exceptions, deeper = _psl()
    n = len(labels)
    best = 1
    tail = ""
    for k in range(1, n + 1):
        tail = labels[n - k] + ("." + tail if tail else "")
        if tail in exceptions:
            return k - 1  # an exception prevails; its suffix drops the leftmost label
        if tail in rules or (k > 1 and tail.split(".", 1)[1] in wildcards):
            best = k
        if tail not in deeper:
            break  # no rule, wildcard or exception is longer and ends in this tail
    return best


@cache
def max_labels() -> int:
    """The most labels a rule of the list spans (the table is imported on first use)."""
    from iri.safety._tables.public_suffixes import MAX_LABELS

    return MAX_LABELS


@cache
def _psl() -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """The rules, and every tail that a longer rule, wildcard or exception ends in."""
    from iri.safety._tables.public_suffixes import EXCEPTIONS, RULES, WILDCARDS

    deeper: set[str] = set(WILDCARDS)
    for rule in RULES | EXCEPTIONS | WILDCARDS:
        labels = rule.split(".")
        deeper.update(".".join(labels[i:]) for i in range(1, len(labels)))
    return RULES, WILDCARDS, EXCEPTIONS, frozenset(deeper)


@lru_cache(maxsize=4096)
def _registrable(host: str) -> tuple[str, str] | None:
    labels = unicode_labels(host)
    if not all(labels):
        return None
    k = suffix_labels(labels)
    if len(labels) <= k:
        return None
    return ".".join(labels[-k - 1 :]), labels[-k - 1]


def registrable_domain(host: str) -> str | None:
    """The registrable domain (eTLD+1) of ``host`` in lowercase U-labels; None for a
    public suffix itself, an empty label or an empty host.

    >>> registrable_domain("www.google.co.uk"), registrable_domain("www.Google.com.DE")
    ('google.co.uk', 'google.com.de')
    >>> registrable_domain("co.uk") is None, registrable_domain("evil.example")
    (True, 'evil.example')
    """
    found = by_cache(_registrable, host)
    return None if found is None else found[0]


def e2ld(host: str) -> str | None:
    """The label before the public suffix (Chromium's "e2LD", the registrable domain
    without its registry), or None as for :func:`registrable_domain`.

    >>> e2ld("www.google.co.uk"), e2ld("paypal.com")
    ('google', 'paypal')
    """
    found = by_cache(_registrable, host)
    return None if found is None else found[1]
