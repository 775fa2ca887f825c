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
from functools import lru_cache

from iri.safety.idn_hosts import decode_label
from iri.syntax.host_cache import by_cache

__all__ = ["e2ld", "registrable_domain", "suffix_labels", "unicode_labels"]


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
    from iri.safety._tables.public_suffixes import MAX_LABELS

    return _suffix_labels(tuple(labels[-MAX_LABELS:]))


@lru_cache(maxsize=4096)
def _suffix_labels(labels: tuple[str, ...]) -> int:
    from iri.safety._tables.public_suffixes import EXCEPTIONS, MAX_LABELS, RULES, WILDCARDS

    n = len(labels)
    best = 1
    for k in range(1, min(n, MAX_LABELS) + 1):
        tail = ".".join(labels[n - k :])
        if tail in EXCEPTIONS:
            return k - 1  # an exception prevails; its suffix drops the leftmost label
        if tail in RULES or (k > 1 and ".".join(labels[n - k + 1 :]) in WILDCARDS):
            best = k
    return best


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
