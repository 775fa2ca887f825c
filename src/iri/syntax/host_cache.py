"""The per-host caches of the host modules, bounded in memory as well as in entries.

``hosts``, ``web_hosts`` and ``host_validity`` map or judge each distinct host once
(``functools.lru_cache``, 4,096 entries). A host longer than :data:`CACHED_LENGTH` is worked
out each time and never kept: a DNS name is at most 253 octets (about three times that
percent-encoded), and 4,096 kept hosts of megabytes would hold their memory (the
robustness rule: memory linear in the input).
"""

from __future__ import annotations

from functools import _lru_cache_wrapper
from typing import Any, Final, TypeVar

__all__ = ["CACHED_LENGTH", "by_cache"]

_T = TypeVar("_T")

CACHED_LENGTH: Final = 1024


def by_cache(cached: _lru_cache_wrapper[_T], host: str, *args: Any) -> _T:
    """``cached(host, *args)``, or the function it caches for a host over CACHED_LENGTH."""
    if len(host) <= CACHED_LENGTH:
        return cached(host, *args)
    return cached.__wrapped__(host, *args)
