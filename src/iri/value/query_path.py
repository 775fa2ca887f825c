"""The query and the path as data: the methods that :class:`iri.IRIReference` inherits.

Kept apart from :mod:`iri.value.reference` (the value, its components and its checks) so that
each module stays readable; the encoding and decoding live in :mod:`iri.value.query`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from iri.syntax.errors import ComponentError
from iri.value import query as _q

__all__ = ["QueryAndPath"]


def _pairs(query: _q.QueryInput | None, params: dict[str, Any]) -> list[tuple[str, str | None]]:
    pairs = _q.pairs_of(query or ())
    return pairs + _q.pairs_of(params) if params else pairs


class QueryAndPath:
    """Query and path methods over the slots of :class:`iri.IRIReference`."""

    __slots__ = ()
    _text: str
    _scheme: str | None
    _authority: str | None
    _userinfo: str | None
    _host: str | None
    _port: str | None
    _path: str
    _query: str | None
    _fragment: str | None

    if TYPE_CHECKING:

        def replace(self, **changes: str | int | None) -> Self: ...

        def _with_built_query(self, query: str | None) -> Self: ...

    # -- the query as data -------------------------------------------------------------

    @property
    def query_params(self) -> _q.QueryParams:
        """The query as decoded pairs (form-urlencoded for http(s), see :class:`QueryStyle`).

        >>> from iri import parse
        >>> parse("https://x/?q=caf%C3%A9+au+lait&page=2").query_params
        QueryParams([('q', 'café au lait'), ('page', '2')])
        """
        return _q.parse_query(self._query, style=_q.QueryStyle.AUTO, scheme=self._scheme)

    def query_params_as(self, style: _q.QueryStyle | str) -> _q.QueryParams:
        """The query as decoded pairs, decoded in the given :class:`QueryStyle`."""
        return _q.parse_query(self._query, style=style, scheme=self._scheme)

    def with_query(
        self,
        query: _q.QueryInput | str | None = None,
        /,
        *,
        style: _q.QueryStyle | str = _q.QueryStyle.AUTO,
        **params: _q.QueryValue | list[_q.QueryValue] | None,
    ) -> Self:
        """Replace the query: text as written, a mapping, pairs, or keyword arguments.

        Names and values are encoded as the query needs (``ucschar`` stays); ``None``
        as the query removes it; ``None`` as a value writes the name alone (a bare flag,
        as :attr:`query_params` reads ``?flag``; ``""`` writes ``flag=``); no pairs at
        all remove the query (no ``?``), as in the other query builders. The pairs of
        :attr:`query_params` give the same query back: ``ref.with_query(
        ref.query_params)`` is ``ref`` for a query the builders could have written.

        >>> from iri import parse
        >>> parse("http://x/p?old=1").with_query({"q": "a&b c", "n": 2})
        IRIReference('http://x/p?q=a%26b+c&n=2')
        >>> ref = parse("http://x/p?flag&y=&a=1&a=%2B+%26")
        >>> ref.with_query(ref.query_params.items()) == ref
        True
        >>> parse("http://x/p").with_query(tag=["é", "ß"])
        IRIReference('http://x/p?tag=é&tag=ß')
        """
        style = _q.QueryStyle(style)  # a bad value is refused whatever the query
        if isinstance(query, str):
            if params:
                raise TypeError("with_query() takes query text or parameters, not both")
            return self.replace(query=query)
        if query is None and not params:
            return self.replace(query=None)
        pairs = _pairs(query, params)
        form = _q.form_for(self._scheme, style)
        return self._with_built_query(_q.build_query(pairs, form=form) or None)

    def update_query(
        self,
        query: _q.QueryInput | None = None,
        /,
        *,
        style: _q.QueryStyle | str = _q.QueryStyle.AUTO,
        **params: _q.QueryValue | list[_q.QueryValue] | None,
    ) -> Self:
        """Set the values of some names, keeping the other pairs as written.

        A name's new values take the place of its first pair; ``None`` removes the name
        (here only: :meth:`with_query` and :meth:`extend_query` write it as a bare flag).

        >>> from iri import parse
        >>> parse("http://x/?a=1&b=2&a=3").update_query(a="9", c="new")
        IRIReference('http://x/?a=9&b=2&c=new')
        """
        pairs = _pairs(query, params)
        form = _q.form_for(self._scheme, style)
        return self._with_built_query(_q.update_query(self._query, pairs, form=form) or None)

    def extend_query(
        self,
        query: _q.QueryInput | None = None,
        /,
        *,
        style: _q.QueryStyle | str = _q.QueryStyle.AUTO,
        **params: _q.QueryValue | list[_q.QueryValue] | None,
    ) -> Self:
        """Append pairs to the query, keeping the existing text as written (a ``None``
        value appends a bare flag).

        >>> from iri import parse
        >>> parse("http://x/?a=1").extend_query([("a", "2")])
        IRIReference('http://x/?a=1&a=2')
        """
        pairs = _pairs(query, params)
        form = _q.form_for(self._scheme, style)
        if not pairs:
            return self
        return self._with_built_query(_q.extend_query(self._query, pairs, form=form) or None)

    def without_query_params(
        self, *names: str, style: _q.QueryStyle | str = _q.QueryStyle.AUTO
    ) -> Self:
        """Remove every pair with one of these (decoded) names; the rest stays as written.

        >>> from iri import parse
        >>> parse("http://x/?utm_source=a&id=7&utm_medium=b").without_query_params(
        ...     "utm_source", "utm_medium")
        IRIReference('http://x/?id=7')
        """
        for name in names:
            if not isinstance(name, str):
                raise TypeError(f"a query name must be str, got {type(name).__name__}")
        form = _q.form_for(self._scheme, style)
        query = _q.remove_names(self._query, names, form=form)
        if query == (self._query or ""):
            return self  # nothing removed: the value stays as it is (even "?")
        return self._with_built_query(query or None)

    # -- the path as data --------------------------------------------------------------

    @property
    def path_segments(self) -> tuple[str, ...]:
        """The decoded path segments (the empty one before a leading ``/`` left out).

        >>> from iri import parse
        >>> parse("http://x/a/b%2Fc/").path_segments
        ('a', 'b/c', '')
        """
        return _q.path_segments(self._path)

    def joinpath(self, *segments: str) -> Self:
        """Append decoded segments to the path; ``/``, ``?``, ``#``, ``%`` in them are encoded.

        A trailing empty segment (a path ending in ``/``) is replaced by the first new
        one; the query and the fragment are kept. ``"."`` and ``".."`` are refused
        (use :meth:`resolve` for relative paths).

        >>> from iri import parse
        >>> parse("http://x/api/").joinpath("users", "a/b")
        IRIReference('http://x/api/users/a%2Fb')
        """
        if not segments:
            return self
        encoded = []
        for seg in segments:
            if not isinstance(seg, str):
                raise TypeError(f"a path segment must be str, got {type(seg).__name__}")
            if seg in (".", ".."):
                raise ComponentError("path", seg, "a dot segment cannot be joined (use resolve())")
            encoded.append(_q.encode_segment(seg))
        path = self._path
        if path.endswith("/"):
            path = path[:-1]
        elif not path and self._host is None and self._scheme is None:
            # RFC 3986 4.2: the first segment of a relative-path reference cannot hold ":"
            # (it would read as a scheme); "%3A" is the same character, encoded.
            encoded[0] = encoded[0].replace(":", "%3A")
            return self.replace(path="/".join(encoded))
        return self.replace(path=path + "/" + "/".join(encoded))

    def __truediv__(self, segment: str) -> Self:
        """``ref / "segment"`` is ``ref.joinpath("segment")``."""
        if not isinstance(segment, str):
            return NotImplemented
        return self.joinpath(segment)
