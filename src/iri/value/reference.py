"""IRIReference: the immutable, validated value of an IRI reference.

``str(ref)`` is always exactly the parsed text (no silent rewriting). Components are
``None`` when absent and ``""`` when present but empty, as RFC 3986 section 5.3 needs to
recompose a reference. Equality is simple string comparison (RFC 3987 5.3.1).

A value is made only by :func:`parse` (or the checked constructor ``IRIReference(text)``,
which is the same thing) and by the modifiers, which check each changed component against
its own rule and the rules that tie the components together (:mod:`iri.value.modify`): every
value in a program is valid. The query and path methods are in :mod:`iri.value.query_path`.
"""

from __future__ import annotations

from decimal import Decimal
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, final

from iri.syntax import schemes
from iri.syntax.argument import IRIText
from iri.syntax.check import invalid, is_valid, text_of, valid_match
from iri.syntax.grammar import Rule, ZoneID
from iri.syntax.recompose import recompose
from iri.value.modify import FIELDS, check_structure, check_type, syntax_ok
from iri.value.query_path import QueryAndPath

if TYPE_CHECKING:
    from iri.ladder.normalize import Level
    from iri.value.origin import OpaqueOrigin, Origin

__all__ = ["IRIReference", "parse", "recompose"]

_FIELD_SET: Final = frozenset(FIELDS)
_PORT_DIGITS_MAX: Final = 4000  # int() refuses more than 4,300 digits (CPython's limit)


def _port_number(text: str) -> int:
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= _PORT_DIGITS_MAX else int(Decimal(digits))


@final
class IRIReference(QueryAndPath):
    """An IRI reference that matched its rule: frozen, hashable, exact round trip.

    >>> ref = parse("http://user@résumé.example.org:8080/東京?q=ü#frag")
    >>> ref.host, ref.port, ref.port_text, ref.path, ref.query
    ('résumé.example.org', 8080, '8080', '/東京', 'q=ü')
    >>> ref.replace(port=None)
    IRIReference('http://user@résumé.example.org/東京?q=ü#frag')
    >>> parse("a?").query, parse("a").query
    ('', None)
    """

    # The groups of iri.syntax.grammar.reference_pattern, in order, after the text. Private
    # slots behind read-only properties: ``ref.host = ...`` raises AttributeError.
    __slots__ = (  # noqa: RUF023 (the order of the groups)
        "_text",
        "_scheme",
        "_authority",
        "_userinfo",
        "_host",
        "_port",
        "_path",
        "_query",
        "_fragment",
    )  # their types: declared once, on QueryAndPath

    def __new__(
        cls,
        text: str,
        *,
        rule: Rule | str = Rule.IRI_REFERENCE,
        zone_id: ZoneID | str = ZoneID.REJECT,
    ) -> IRIReference:
        """The checked constructor: ``IRIReference(text)`` is :func:`parse` ``(text)``."""
        return parse(text, rule=rule, zone_id=zone_id)

    # attrgetter properties: the getter runs in C (as fast as the old tuple's itemgetter).
    #: The scheme as written (``"HTTP"`` stays ``"HTTP"``); ``None`` in a relative reference.
    scheme: str | None = property(attrgetter("_scheme"))  # type: ignore[assignment]
    #: What follows ``//`` up to the path, as written; ``None`` when there is no ``//``.
    authority: str | None = property(attrgetter("_authority"))  # type: ignore[assignment]
    #: What precedes ``@`` in the authority, as written; ``None`` when there is no ``@``.
    userinfo: str | None = property(attrgetter("_userinfo"))  # type: ignore[assignment]
    #: The host as written (an IP literal keeps its brackets: ``"[::1]"``); ``None`` without
    #: an authority.
    host: str | None = property(attrgetter("_host"))  # type: ignore[assignment]
    #: The port exactly as written (``"080"`` stays ``"080"``; ``""`` for ``host:``).
    port_text: str | None = property(attrgetter("_port"))  # type: ignore[assignment]
    #: The path as written; never ``None`` (``""`` when empty).
    path: str = property(attrgetter("_path"))  # type: ignore[assignment]
    #: What follows ``?`` up to ``#``, as written; ``""`` for a bare ``?``, ``None`` without it.
    query: str | None = property(attrgetter("_query"))  # type: ignore[assignment]
    #: What follows ``#``, as written; ``None`` without ``#``.
    fragment: str | None = property(attrgetter("_fragment"))  # type: ignore[assignment]

    @property
    def port(self) -> int | None:
        """The port as a number; ``None`` when absent or empty (``http://h:/``)."""
        p = self._port
        return _port_number(p) if p else None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"IRIReference({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is IRIReference:
            return self._text == other._text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)

    def __lt__(self, other: IRIReference) -> bool:
        if type(other) is IRIReference:
            return self._text < other._text
        return NotImplemented

    def __le__(self, other: IRIReference) -> bool:
        if type(other) is IRIReference:
            return self._text <= other._text
        return NotImplemented

    def __gt__(self, other: IRIReference) -> bool:
        if type(other) is IRIReference:
            return self._text > other._text
        return NotImplemented

    def __ge__(self, other: IRIReference) -> bool:
        if type(other) is IRIReference:
            return self._text >= other._text
        return NotImplemented

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle, (self._text,))

    def __copy__(self) -> IRIReference:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> IRIReference:
        return self

    @property
    def is_absolute(self) -> bool:
        """Whether the reference has a scheme (it is an IRI, not a relative reference)."""
        return self._scheme is not None

    def components(self) -> dict[str, str | None]:
        """Return the seven components as text, exactly as written (``None`` = absent).

        The port is its text here (``"080"``); :attr:`port` is the number.
        """
        return {
            "scheme": self._scheme,
            "userinfo": self._userinfo,
            "host": self._host,
            "port": self._port,
            "path": self._path,
            "query": self._query,
            "fragment": self._fragment,
        }

    # -- modifiers --------------------------------------------------------------------

    def replace(self, **changes: str | int | None) -> IRIReference:
        """Return a new reference with some components replaced, validated again.

        Keys: scheme, userinfo, host, port (``int`` or digits), path, query, fragment; the
        values are component text as it is written in the reference (percent-encoded
        where needed). A userinfo or port needs a host; ``host=None`` removes the whole
        authority. Raises :class:`iri.ComponentError` naming the component when a value
        cannot stand in its place (a delimiter that would end it, a path that does not
        fit the authority), :class:`iri.InvalidIRI` when the result is not valid (its
        violations name the component).

        >>> parse("http://h:8080/p").replace(port=99, path="/q")
        IRIReference('http://h:99/q')
        """
        unknown = changes.keys() - _FIELD_SET
        if unknown:
            raise TypeError(f"replace() got unknown component(s): {', '.join(sorted(unknown))}")
        if not changes:
            return self
        parts = self.components()
        for name, value in changes.items():
            parts[name] = check_type(name, value)
        path = parts["path"]
        if path is None:
            raise TypeError("the path is never absent; use path='' for an empty path")
        check_structure(parts, changes)
        scheme, userinfo, host, port = (
            parts["scheme"],
            parts["userinfo"],
            parts["host"],
            parts["port"],
        )
        query, fragment = parts["query"], parts["fragment"]
        text = recompose(
            scheme=scheme,
            userinfo=userinfo,
            host=host,
            port=port,
            path=path,
            query=query,
            fragment=fragment,
        )
        zone_id = ZoneID.ACCEPT if self._zone_id() else ZoneID.REJECT
        if not syntax_ok(parts, changes, zone_id):
            return parse(text, zone_id=zone_id)  # raises InvalidIRI with every violation
        # Every changed component matches its rule and they fit together: the text is
        # valid and reads back as these parts (tests/property/test_value_properties.py).
        ref = _new(IRIReference)
        if host is None:
            authority = None
        else:
            authority = host if userinfo is None else userinfo + "@" + host
            if port is not None:
                authority += ":" + port
        (
            ref._text,
            ref._scheme,
            ref._authority,
            ref._userinfo,
            ref._host,
            ref._port,
            ref._path,
            ref._query,
            ref._fragment,
        ) = (text, scheme, authority, userinfo, host, port, path, query, fragment)
        return ref

    def __replace__(self, **changes: str | int | None) -> IRIReference:
        return self.replace(**changes)

    def _with_built_query(self, query: str | None) -> IRIReference:
        """This value with a query that the query builders wrote.

        Their output is ``iquery`` by construction (every character outside it is
        percent-encoded, and the pairs kept from the old query matched it), so only the
        query's own text is replaced (tests/property/test_value_properties.py parses
        every result again).
        """
        text, fragment = self._text, self._fragment
        end = len(text)
        if fragment is not None:
            end -= len(fragment) + 1
        if self._query is not None:
            end -= len(self._query) + 1
        tail = "" if fragment is None else "#" + fragment
        ref = _new(IRIReference)
        (
            ref._text,
            ref._scheme,
            ref._authority,
            ref._userinfo,
            ref._host,
            ref._port,
            ref._path,
            ref._query,
            ref._fragment,
        ) = (
            text[:end] + ("" if query is None else "?" + query) + tail,
            self._scheme,
            self._authority,
            self._userinfo,
            self._host,
            self._port,
            self._path,
            query,
            fragment,
        )
        return ref

    def _zone_id(self) -> bool:
        return self._host is not None and "%25" in self._host and self._host.startswith("[")

    def with_scheme(self, scheme: str | None) -> IRIReference:
        """Replace the scheme (``None`` makes a relative reference)."""
        return self.replace(scheme=scheme)

    def with_userinfo(self, userinfo: str | None) -> IRIReference:
        """Replace the userinfo (text as written, percent-encoded where needed)."""
        return self.replace(userinfo=userinfo)

    def with_host(self, host: str | None) -> IRIReference:
        """Replace the host; a Unicode host stays Unicode and, for a DNS scheme, must convert.

        A non-ASCII or percent-encoded registered name of a DNS scheme goes through the one
        host decision (:func:`iri.syntax.host_validity.conversion_failure`: the conversion
        :meth:`to_uri` runs) and :class:`iri.IDNAError` says which label is wrong; it is
        kept as given (the IRI form; :meth:`to_uri` writes the A-labels). The host of
        another scheme is no domain name (3987bis 3.4.1): only its syntax is checked.

        >>> parse("http://example.org/a").with_host("bücher.example")
        IRIReference('http://bücher.example/a')
        """
        host = check_type("host", host)  # a TypeError before the host's text is read
        if (
            host is not None
            and not host.startswith("[")
            and (not host.isascii() or "%" in host)
            and schemes.uses_dns(self._scheme)
        ):
            from iri.syntax.host_validity import conversion_failure

            failure = conversion_failure(host)
            if failure is not None:
                raise failure  # IDNAError naming the label and the reason
        return self.replace(host=host)

    def with_port(self, port: int | str | None) -> IRIReference:
        """Replace the port (an ``int``, digits, or ``None`` to remove it)."""
        return self.replace(port=port)

    def with_path(self, path: str) -> IRIReference:
        """Replace the path (text as written; see :meth:`joinpath` for decoded segments)."""
        return self.replace(path=path)

    def with_fragment(self, fragment: str | None) -> IRIReference:
        """Replace the fragment (text as written; ``None`` removes it)."""
        return self.replace(fragment=fragment)

    # -- ladder and conversion -----------------------------------------------------------

    @property
    def origin(self) -> Origin | OpaqueOrigin:
        """The origin of RFC 6454 section 4; see :func:`iri.value.origin.origin`."""
        from iri.value.origin import origin

        return origin(self)

    def matches(self, rule: Rule | str) -> bool:
        """Whether the reference also matches ``rule`` (e.g. ``"absolute_IRI"``)."""
        return is_valid(self._text, rule=rule)

    def resolve(self, reference: IRIReference | str) -> IRIReference:
        """Resolve ``reference`` against this reference as the base (RFC 3986 5.2).

        ``base.resolve(reference)`` reads as RFC 3986 writes ``T = resolve(Base, R)``.
        ``self`` must be absolute (:class:`iri.ResolutionError` otherwise); the reference
        is validated as an IRI reference. See :func:`iri.resolve`.

        >>> str(parse("http://a/b/c/d;p?q").resolve("../g"))
        'http://a/b/g'
        """
        from iri.ladder.resolve import resolve

        ref = reference if isinstance(reference, IRIReference) else parse(reference)
        return parse(resolve(self._text, ref._text))

    def relativize(self, target: IRIReference | str) -> IRIReference:
        """Return the shortest reference that resolves against this base to ``target``.

        ``base.relativize(target)``: the base first, as in :meth:`resolve`, so that
        ``base.resolve(base.relativize(target)) == target``.

        >>> str(parse("http://a/b/c/d;p?q").relativize("http://a/b/g"))
        '../g'
        """
        from iri.ladder.relativize import relativize

        tgt = target if isinstance(target, IRIReference) else parse(target)
        return parse(relativize(self._text, tgt._text, validate="skip"))

    def relative_to(self, base: IRIReference | str) -> IRIReference:
        """``target.relative_to(base)`` is ``base.relativize(target)`` (as in pathlib)."""
        b = base if isinstance(base, IRIReference) else parse(base)
        return b.relativize(self)

    def normalize(self, level: Level | str = "syntax", **options: Any) -> IRIReference:
        """Normalize for comparison (RFC 3987 5.3); see :func:`iri.normalize`."""
        from iri.ladder.normalize import normalize

        return parse(normalize(self._text, level=level, **options))

    def to_uri(self, **options: Any) -> IRIReference:
        """Map to a URI (RFC 3987 3.1); see :func:`iri.to_uri` for the options."""
        from iri.convert.uri import to_uri

        return parse(to_uri(self._text, **options))

    def to_iri(self, **options: Any) -> IRIReference:
        """Convert to an IRI, decoding only what is safe (3987bis 4.2); see :func:`iri.to_iri`."""
        from iri.convert.uri import to_iri

        return parse(to_iri(self._text, **options))


# Every function that takes IRI text takes the value too (iri.syntax.argument).
IRIText.register(IRIReference)


def _unpickle(text: str) -> IRIReference:
    # The value was valid when pickled; ZoneID.ACCEPT also takes the zone IDs that a
    # value parsed with zone_id="accept" may hold.
    return parse(text, zone_id=ZoneID.ACCEPT)


_new = object.__new__


def parse(
    text: str, *, rule: Rule | str = Rule.IRI_REFERENCE, zone_id: ZoneID | str = ZoneID.REJECT
) -> IRIReference:
    """Parse and validate ``text``; raise :class:`iri.InvalidIRI` if any error is found.

    >>> parse("http://example.org/東京").path
    '/東京'
    >>> try:
    ...     parse("http://example.org/a b")
    ... except ValueError as exc:  # iri.InvalidIRI
    ...     print(exc.violations[0].code.value, exc.violations[0].span)
    invalid-character (20, 21)
    """
    if type(text) is not str:
        text = text_of("parse", text)  # an IRIReference gives its text; TypeError otherwise
    m = valid_match(text, rule, zone_id)  # the is_valid gate
    if m is None:
        raise invalid(text, rule=rule, zone_id=zone_id)
    ref = _new(IRIReference)
    (
        ref._text,
        ref._scheme,
        ref._authority,
        ref._userinfo,
        ref._host,
        ref._port,
        ref._path,
        ref._query,
        ref._fragment,
    ) = (text, *m.groups())
    return ref
