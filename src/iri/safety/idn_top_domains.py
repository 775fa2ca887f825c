"""The top-domain stage of the IDN display policy: a host that looks like a top domain.

The policy page of Chromium (``docs/idn.md``, "Google Chrome's IDN policy", step 13): "If
the skeleton of the registrable part of a hostname is identical to one of the top domains
after removing diacritic marks and mapping each character to its spoofing skeleton (e.g.
www.googlé.com with é in place of e), show punycode." How, restated from
``components/url_formatter/spoof_checks/idn_spoof_checker.cc`` (``GetSimilarTopDomain``,
``LookupSkeletonInTopDomains``) and ``skeleton_generator.cc`` (``GetSkeletons``):

1. A host gets several skeletons: its diacritics are removed when every character is Latin,
   Greek, Cyrillic, an ASCII digit, ``.``, ``_``, ``-`` or U+0300..U+0339; characters that
   look like several (þ, œ, ł) give one variant per choice; each variant goes through the
   extra mappings of :data:`iri.safety.idn_data.EXTRA_CONFUSABLES`, then the UTS #39
   skeleton (:func:`iri.safety.skeleton.skeleton`); U+04CF adds a variant read as ``l``.
2. The last 4 labels of each skeleton, then the last 3, then the last 2 (never 1), are looked
   up among the top domains' skeletons (computed the same way).
3. A match keeps the whole host in punycode, unless the host is that top domain or a
   subdomain of it.

One deliberate difference: Chromium computes no skeleton at all for a host longer than 32
UTF-16 units (its cap on the variants of step 1), so such hosts never match; here the cap
limits only the extra variants, and the plain skeleton of a long host is still compared.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any, Final

from iri.safety.idn_data import (
    DIACRITIC_EXTRAS,
    EXTRA_CONFUSABLES,
    MULTIPLE_SKELETONS,
    PALOCHKA,
)
from iri.safety.idn_scripts import script_property
from iri.safety.skeleton import skeleton
from iri.syntax.quoted import quoted

__all__ = ["DEFAULT", "TopDomains", "domain_names", "host_skeletons", "top_domains_option"]

#: skeleton_generator.cc: the caps of the supplemental hostnames.
_MAX_LENGTH: Final = 32
_MAX_VARIANTS: Final = 128
_MAX_MULTIPLE: Final = 5
#: Chromium looks up the last 4 labels at most ("All the domains in the above file have 4
#: or fewer labels"), and a full skeleton needs 2.
_MAX_LABELS: Final = 4
_LGC: Final = frozenset({"Latn", "Grek", "Cyrl"})
_LGC_EXTRA: Final = frozenset("0123456789._-") | frozenset(map(chr, range(0x300, 0x33A)))


def _lgc_only(host: str) -> bool:
    return all(c in _LGC_EXTRA or script_property(c) in _LGC for c in host)


def remove_diacritics(host: str) -> str:
    """The skeleton generator's ``MaybeRemoveDiacritics``: for a Latin-Greek-Cyrillic host,
    NFD, nonspacing marks removed, NFC, then ł, ø, đ as l, o, d.

    >>> remove_diacritics("éxample.com"), remove_diacritics("नागरी\u0301.com")[-5:]
    ('example.com', '\u0301.com')
    """
    if not _lgc_only(host):
        return host
    nfd = unicodedata.normalize("NFD", host)
    bare = unicodedata.normalize("NFC", "".join(c for c in nfd if unicodedata.category(c) != "Mn"))
    return "".join(DIACRITIC_EXTRAS.get(c, c) for c in bare)


@cache
def _with_diacritic() -> frozenset[str]:
    """The characters of MULTIPLE_SKELETONS that lose a diacritic (ł): skeleton_generator.cc
    also generates the variants of the host before diacritic removal when it holds one."""
    return frozenset(c for c in MULTIPLE_SKELETONS if remove_diacritics(c) != c)


def _variants(host: str) -> set[str]:
    """``GenerateSupplementalHostnames``: every choice for þ, œ and ł (capped)."""
    multiple = [c for c in host if c in MULTIPLE_SKELETONS]
    if not multiple or len(host) > _MAX_LENGTH or len(multiple) > _MAX_MULTIPLE:
        return {host}
    out = {""}
    for c in host:
        out = {s + alt for s in out for alt in (c, *MULTIPLE_SKELETONS.get(c, ()))}
    return set(sorted(out)[:_MAX_VARIANTS]) | {host}


@lru_cache(maxsize=4096)
def host_skeletons(host: str) -> frozenset[str]:
    """Every skeleton Chromium's skeleton generator gives ``host`` (lowercase Unicode).

    >>> sorted(host_skeletons("tesł.net"))  # ł read as l, as t, and kept (l + U+0338)
    ['tesl.net', 'tesl̸.net', 'test.net']
    """
    host = host.removesuffix(".")
    plain = remove_diacritics(host)
    variants = _variants(plain)
    if any(c in _with_diacritic() for c in host):
        variants |= _variants(host)  # ł keeps its "t" reading before diacritic removal
    out: set[str] = set()
    for variant in variants:
        mapped = "".join(EXTRA_CONFUSABLES.get(c, c) for c in variant)
        out.add(skeleton(mapped))
        if PALOCHKA in mapped:
            out.add(skeleton(mapped.replace(PALOCHKA, "l")))
    return frozenset(out)


class TopDomains:
    """A prepared top-domain list: skeleton -> domain (the first domain given wins).

    ``TopDomains(None)`` is the shipped list, imported on first use."""

    __slots__ = ("_domains", "_index")

    def __init__(self, domains: tuple[str, ...] | None) -> None:
        self._domains = domains
        self._index: dict[str, str] | None = None  # built on the first IDN host

    @property
    def domains(self) -> tuple[str, ...]:
        """The domains, as given."""
        if self._domains is None:
            from iri.safety._tables.top_domains import DOMAINS

            self._domains = DOMAINS
        return self._domains

    def _built(self) -> dict[str, str]:
        if self._index is None:
            index: dict[str, str] = {}
            for domain in self.domains:
                for skel in sorted(host_skeletons(_unicode(domain))):
                    index.setdefault(skel, domain)
            self._index = index
        return self._index

    def match(self, host: str) -> str | None:
        """The top domain ``host`` (lowercase, failing labels as A-labels) passes for, or
        None. The host itself and its subdomains never match their own top domain."""
        index = self._built()
        for skel in sorted(host_skeletons(host)):
            labels = skel.split(".")[-_MAX_LABELS:]
            while len(labels) >= 2:
                domain = index.get(".".join(labels))
                if domain is not None:
                    forms = {domain.lower(), _unicode(domain), _ascii(domain)}
                    bare = host.removesuffix(".")
                    if any(bare == f or bare.endswith("." + f) for f in forms):
                        return None
                    return domain
                labels = labels[1:]
        return None


def _unicode(domain: str) -> str:
    from iri.syntax import hosts as idna

    return idna.to_unicode(domain.lower()) if "xn--" in domain.lower() else domain.lower()


def _ascii(domain: str) -> str:
    from iri.syntax import hosts as idna

    try:
        return idna.to_ascii(domain.lower())
    except ValueError:
        return domain.lower()


@lru_cache(maxsize=32)
def _prepared(domains: tuple[str, ...]) -> TopDomains:
    return TopDomains(domains)


#: The shipped list (loaded, and its skeletons computed, on the first IDN host).
DEFAULT: Final = TopDomains(None)


def top_domains_option(value: Iterable[str] | None) -> TopDomains | None:
    """Validate the ``top_domains=`` argument: None is the shipped default list, an empty
    iterable turns the stage off; anything else must be an iterable of ``str``.

    >>> top_domains_option([]) is None, len(top_domains_option(None).domains)
    (True, 216)
    >>> top_domains_option("example.com")
    Traceback (most recent call last):
    ...
    TypeError: top_domains must be an iterable of domain names (str), not a str
    """
    if value is None:
        return DEFAULT
    domains = domain_names(value, "top_domains")
    domains = tuple(d.strip().rstrip(".") for d in domains if d.strip().rstrip("."))
    return _prepared(domains) if domains else None


def domain_names(value: Any, name: str) -> tuple[str, ...]:
    """The domain names of the option ``name`` (``top_domains=``, ``protected=``) as a
    tuple; a ``TypeError`` naming the option for one ``str`` or ``bytes`` (a name, not a
    list of them: its characters would be read as names), for a value that is not
    iterable, and for an item that is no ``str``.

    >>> domain_names(["bank.example"], "protected")
    ('bank.example',)
    >>> domain_names("bank.example", "protected")
    Traceback (most recent call last):
    ...
    TypeError: protected must be an iterable of domain names (str), not a str
    """
    if isinstance(value, (str, bytes)):
        kind = type(value).__name__
        raise TypeError(f"{name} must be an iterable of domain names (str), not a {kind}")
    try:
        domains = tuple(value)
    except TypeError:
        kind = type(value).__name__
        raise TypeError(f"{name} must be an iterable of domain names (str), not {kind}") from None
    for d in domains:
        if not isinstance(d, str):
            kind = type(d).__name__
            raise TypeError(f"{name} must hold domain names (str), not {kind}: {quoted(d)}")
    return domains
