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
    a pair without ``=`` (a bare flag, ``?debug``) has the value ``None``, a pair with an
    empty value (``?debug=``) the value ``""``: absent is not empty, so that writing the
    pairs back (``with_query(params)``) gives the same text (docs/rationale.md V9).

    >>> from iri.value.query import parse_query
    >>> q = parse_query("a=1&b=x+y&a=2&flag&e=", style="form")
    >>> q["a"], q.getall("a"), q.get("c"), "b" in q, len(q)
    ('1', ['1', '2'], None, True, 5)
    >>> list(q.items())
    [('a', '1'), ('b', 'x y'), ('a', '2'), ('flag', None), ('e', '')]
    """

    __slots__ = ("_pairs",)

    def __init__(self, pairs: Iterable[tuple[str, str | None]] = ()) -> None:
        self._pairs: tuple[tuple[str, str | None], ...] = tuple(pairs)

    def __getitem__(self, name: str) -> str | None:
        """The first value of ``name`` (``None`` for a bare flag); ``KeyError`` if absent."""
        for n, v in self._pairs:
            if n == name:
                return v
        raise KeyError(name)

    def get(self, name: str, default: str | None = None) -> str | None:
        """The first value of ``name``, or ``default`` (also ``None`` for a bare flag: use
        ``in`` to tell a flag from an absent name)."""
        for n, v in self._pairs:
            if n == name:
                return v
        return default

    def getall(self, name: str) -> list[str | None]:
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

    def values(self) -> list[str | None]:
        """The values, in order (``None`` for a bare flag)."""
        return [v for _, v in self._pairs]

    def items(self) -> list[tuple[str, str | None]]:
        """The (name, value) pairs, in order."""
        return list(self._pairs)

    def to_dict(self) -> dict[str, list[str | None]]:
        """``{name: [values...]}`` in order of first appearance."""
        out: dict[str, list[str | None]] = {}
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
