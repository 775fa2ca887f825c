"""The domains a host may imitate, prepared once: the top-domain list and ``protected=``.

Chromium's lookalike checks (``components/lookalikes/core/lookalike_url_util.cc``) compare
a host with two lists: its top domains and the sites a person uses ("engaged sites"). Here
the first is the shipped top-domain list (or ``top_domains=``), the second ``protected=``.
Domains are compared by their *keys*: Chromium's skeletons (:func:`host_skeletons`), case
folded, so that the digit ``0``, whose UTS #39 prototype is ``O``, reads as ``o`` in a
case-insensitive host (RFC 3987 7.5: "the upper-case oh ("O") is easily confused with the
digit zero ("0")"); Chromium keeps the case and so does not relate ``g00gle`` to ``google``.

The indexes are built on first use and kept with the (cached) prepared lists: by key (the
skeleton matches), by key without separators (``googlecom``), and by every key with at most
one character deleted (the edit-distance candidates: two strings are at most one edit apart
only if they share such a variant), so that a host costs a few dictionary look-ups.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Final

from iri.safety.idn_top_domains import TopDomains, host_skeletons
from iri.safety.registrable import e2ld, registrable_domain, unicode_labels
from iri.safety.skeleton import skeleton

__all__ = ["Target", "Targets", "deletions", "keys", "lookalike_targets"]

_TOKENS: Final = re.compile(r"[^.-]+")
#: top_domain_util.cc, kMinLengthForEditDistance: e2LDs shorter are no edit-distance match.
MIN_EDIT_DISTANCE_E2LD: Final = 5


@lru_cache(maxsize=8192)
def keys(domain: str) -> frozenset[str]:
    """The comparison keys of ``domain`` (lowercase): its skeletons, case folded.

    >>> sorted(keys("paypa1.com")), sorted(keys("g00gle.com")) == sorted(keys("google.com"))
    (['paypal.corn'], True)
    """
    if domain.isascii():  # no diacritic, no multiple skeleton: the skeleton alone
        return frozenset({domain.translate(_ascii_skeletons()).casefold()})
    return frozenset(s.casefold() for s in host_skeletons(domain))


@cache
def _ascii_skeletons() -> dict[int, str]:
    """UTS #39 skeletons of the ASCII characters: for ASCII text, NFD changes nothing and
    no prototype of an ASCII character holds a combining mark, so the skeleton of the text
    is that of each character in turn (a property test holds this to :func:`skeleton`)."""
    return {c: skeleton(chr(c)) for c in range(128)}


def deletions(key: str) -> set[str]:
    """``key`` and every string made from it by deleting one character."""
    return {key} | {key[:i] + key[i + 1 :] for i in range(len(key))}


def _variants(key: str) -> list[str]:
    return [key, *(key[:i] + key[i + 1 :] for i in range(len(key)))]


@dataclass(frozen=True, slots=True)
class Target:
    """One domain a host may imitate."""

    #: What a finding names: the top domain, or the protected domain (or its registrable
    #: domain, for the checks that compare registrable domains, as Chromium does).
    name: str
    registrable: str
    e2ld: str
    protected: bool
    #: Protected first, in the order given; then the top domains, in the order of their keys.
    order: int


@dataclass(slots=True)
class _Index:
    top: dict[str, Target] = field(default_factory=dict)  # keys of the top domains
    embedded: dict[str, Target] = field(default_factory=dict)  # bare/www. protected, top
    flat: dict[str, Target] = field(default_factory=dict)  # keys without separators
    near: dict[str, list[tuple[str, Target]]] = field(default_factory=dict)  # variants
    hosts: dict[str, Target] = field(default_factory=dict)  # protected host names
    max_tokens: int = 0  # the most tokens ("-" or "." apart) of a protected host name
    longest: int = 0  # the longest key of an edit-distance candidate
    #: The keys of the first two tokens of every embedded target and protected host name:
    #: an ASCII host holds one only where two of its tokens in a row have such keys.
    pairs: set[tuple[str, str]] = field(default_factory=set)

    def add_pair(self, key: str) -> None:
        first_two = _TOKENS.findall(key)[:2]
        if len(first_two) == 2:
            self.pairs.add((first_two[0], first_two[1]))

    def add(self, target: Target, domain: str) -> None:
        for key in keys(domain):
            if not target.protected:
                self.top.setdefault(key, target)
            self.flat.setdefault(key.replace(".", "").replace("-", ""), target)
            if len(target.e2ld) >= MIN_EDIT_DISTANCE_E2LD:
                self.longest = max(self.longest, len(key))
                for variant in deletions(key):
                    self.near.setdefault(variant, []).append((key, target))


class Targets:
    """The prepared targets of one ``(top_domains, protected)`` pair; the indexes are
    built on first use."""

    __slots__ = ("_index", "_protected", "_top", "seen")

    def __init__(self, top: TopDomains | None, protected: tuple[str, ...]) -> None:
        self._top = top
        self._protected = protected
        self._index: _Index | None = None
        #: What the checks decided per host (iri.safety.lookalikes; bounded there).
        self.seen: dict[str, tuple[tuple[str, str | None, int, int, str], ...]] = {}

    @property
    def empty(self) -> bool:
        """No top domain and no protected domain: nothing to imitate."""
        return self._top is None and not self._protected

    @property
    def index(self) -> _Index:
        """The indexes (built on the first call)."""
        if self._index is None:
            self._index = self._build()
        return self._index

    def _build(self) -> _Index:
        index = _Index()
        order = 0
        for domain in self._protected:
            host = ".".join(unicode_labels(domain.strip()))
            reg = registrable_domain(host)
            if reg is None:
                continue
            target = Target(reg, reg, e2ld(reg) or "", True, order)
            index.hosts.setdefault(host, Target(host, reg, target.e2ld, True, order))
            index.max_tokens = max(index.max_tokens, host.count(".") + host.count("-") + 1)
            for key in keys(host):
                index.add_pair(key)
            if host in (reg, "www." + reg):
                for key in keys(reg):
                    index.embedded.setdefault(key, target)
                    index.add_pair(key)
            index.add(target, reg)
            order += 1
        domains = () if self._top is None else self._top.domains
        unicode = [(".".join(unicode_labels(d)), d.lower()) for d in domains]
        for _, host, domain in sorted((min(keys(u)), u, d) for u, d in unicode):
            reg = registrable_domain(host)
            if reg is None:
                continue
            target = Target(domain, reg, e2ld(reg) or "", False, order)
            for key in keys(host):
                index.embedded.setdefault(key, target)
                index.add_pair(key)
            index.add(target, host)
            order += 1
        return index

    def near(self, key: str) -> list[tuple[str, Target]]:
        """Edit-distance candidates of ``key``: ``(target key, target)`` pairs that share
        a variant of at most one deletion with it, protected first, then top domains."""
        index = self.index
        if len(key) > index.longest + 1:
            return []  # longer than any candidate by two or more: nothing one edit away
        near = index.near
        found = [near[v] for v in _variants(key) if v in near]
        if not found:
            return []
        pairs = {pair for hits in found for pair in hits}
        return sorted(pairs, key=lambda pair: (pair[1].order, pair[0]))


@lru_cache(maxsize=32)
def lookalike_targets(top: TopDomains | None, protected: tuple[str, ...]) -> Targets:
    """The prepared targets (cached: the same lists give the same object, whose indexes
    are built once, on first use)."""
    return Targets(top, protected)
