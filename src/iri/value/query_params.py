"""The decoded query as data: :class:`QueryParams`, an ordered, immutable multi-map.

Built by :func:`iri.value.query.parse_query` (which does the decoding); this module holds only
the container, so it imports nothing from ``iri``. ``iri.value.query.QueryParams`` and
``iri.QueryParams`` stay importable.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = ["QueryParams"]


class QueryParams:
    """An ordered, immutable multi-map of decoded query names and values.

    Built from the query text: pairs are separated by ``&`` and empty pairs are skipped;
    a pair without ``=`` has the value ``""``.

    >>> from iri.value.query import parse_query
    >>> q = parse_query("a=1&b=x+y&a=2", style="form")
    >>> q["a"], q.getall("a"), q.get("c"), "b" in q, len(q)
    ('1', ['1', '2'], None, True, 3)
    >>> list(q.items())
    [('a', '1'), ('b', 'x y'), ('a', '2')]
    """

    __slots__ = ("_pairs",)

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()) -> None:
        self._pairs: tuple[tuple[str, str], ...] = tuple(pairs)

    def __getitem__(self, name: str) -> str:
        for n, v in self._pairs:
            if n == name:
                return v
        raise KeyError(name)

    def get(self, name: str, default: str | None = None) -> str | None:
        """The first value of ``name``, or ``default``."""
        for n, v in self._pairs:
            if n == name:
                return v
        return default

    def getall(self, name: str) -> list[str]:
        """Every value of ``name``, in order (an empty list when there is none)."""
        return [v for n, v in self._pairs if n == name]

    def __contains__(self, name: object) -> bool:
        return any(n == name for n, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __iter__(self) -> Iterator[str]:
        """The names, in order, once per pair (as :mod:`multidict` does)."""
        return (n for n, _ in self._pairs)

    def keys(self) -> list[str]:
        """The names, in order, once per pair."""
        return [n for n, _ in self._pairs]

    def values(self) -> list[str]:
        """The values, in order."""
        return [v for _, v in self._pairs]

    def items(self) -> list[tuple[str, str]]:
        """The (name, value) pairs, in order."""
        return list(self._pairs)

    def to_dict(self) -> dict[str, list[str]]:
        """``{name: [values...]}`` in order of first appearance."""
        out: dict[str, list[str]] = {}
        for n, v in self._pairs:
            out.setdefault(n, []).append(v)
        return out

    def __eq__(self, other: object) -> bool:
        if isinstance(other, QueryParams):
            return self._pairs == other._pairs
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._pairs)

    def __repr__(self) -> str:
        return f"QueryParams({list(self._pairs)!r})"
