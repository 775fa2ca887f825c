"""IRIReference: the immutable, validated value of an IRI reference.

``str(ref)`` is always exactly the parsed text (no silent rewriting). Components are
``None`` when absent and ``""`` when present but empty, as RFC 3986 section 5.3 needs to
recompose a reference. Equality is simple string comparison (RFC 3987 5.3.1).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Final, final

from iri._check import invalid, is_valid, valid_match
from iri._grammar import Rule, ZoneID
from iri.errors import IRIError

__all__ = ["IRIReference", "parse"]

_FIELDS: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


@final
class IRIReference(tuple[str, ...]):
    """An IRI reference that matched its rule: frozen, hashable, exact round trip.

    >>> ref = parse("http://user@résumé.example.org:8080/東京?q=ü#frag")
    >>> ref.host, ref.port, ref.path, ref.query
    ('résumé.example.org', '8080', '/東京', 'q=ü')
    >>> str(ref.replace(port=None))
    'http://user@résumé.example.org/東京?q=ü#frag'
    >>> parse("a?").query, parse("a").query
    ('', None)
    """

    __slots__ = ()

    # Layout: (text, scheme, authority, userinfo, host, port, path, query, fragment),
    # the group order of iri._grammar.reference_pattern.
    text: str = property(itemgetter(0))  # type: ignore[assignment]
    scheme: str | None = property(itemgetter(1))  # type: ignore[assignment]
    authority: str | None = property(itemgetter(2))  # type: ignore[assignment]
    userinfo: str | None = property(itemgetter(3))  # type: ignore[assignment]
    host: str | None = property(itemgetter(4))  # type: ignore[assignment]
    port: str | None = property(itemgetter(5))  # type: ignore[assignment]
    path: str = property(itemgetter(6))  # type: ignore[assignment]
    query: str | None = property(itemgetter(7))  # type: ignore[assignment]
    fragment: str | None = property(itemgetter(8))  # type: ignore[assignment]

    def __str__(self) -> str:
        return self[0]

    def __repr__(self) -> str:
        return f"IRIReference({self[0]!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is IRIReference and self[0] == other[0]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[0])

    def __reduce__(self) -> tuple[Any, ...]:
        return (parse, (self[0],))

    @property
    def is_absolute(self) -> bool:
        """Whether the reference has a scheme (it is an IRI, not a relative reference)."""
        return self[1] is not None

    def components(self) -> dict[str, str | None]:
        """Return the seven components as a dict (``None`` = absent)."""
        return {name: getattr(self, name) for name in _FIELDS}

    def replace(self, **changes: str | None) -> IRIReference:
        """Return a new reference with some components replaced, validated again.

        Keys: scheme, userinfo, host, port, path, query, fragment. A userinfo or port
        needs a host; ``host=None`` removes the whole authority. Raises
        :class:`iri.InvalidIRI` when the result is not valid and :class:`iri.IRIError` when the
        components cannot be written so that they read back the same (e.g. ``path="x"``
        after a host).
        """
        unknown = set(changes) - set(_FIELDS)
        if unknown:
            raise TypeError(f"replace() got unknown component(s): {', '.join(sorted(unknown))}")
        parts = self.components()
        parts.update(changes)
        path = parts.pop("path")
        if path is None:
            raise TypeError("the path is never absent; use path='' for an empty path")
        result = parse(recompose(path=path, **parts))
        # Recomposition must not change what the parts mean (RFC 3986 3.3: a path after
        # an authority starts with "/"; without one it cannot start with "//"; a first
        # segment with ":" would read as a scheme): such values cannot be represented.
        parts["path"] = path
        if result.components() != parts:
            raise IRIError(
                f"these components cannot be written as one reference: {parts!r} "
                f"would read back as {result.components()!r}"
            )
        return result

    def __replace__(self, **changes: str | None) -> IRIReference:
        return self.replace(**changes)

    def matches(self, rule: Rule | str) -> bool:
        """Whether the reference also matches ``rule`` (e.g. ``"absolute_IRI"``)."""
        return is_valid(self[0], rule=rule)

    def resolve(self, reference: IRIReference | str) -> IRIReference:
        """Resolve ``reference`` against this reference as the base (RFC 3986 5.2).

        ``self`` must be absolute (:class:`iri.ResolutionError` otherwise); the reference
        is validated as an IRI reference. See :func:`iri.resolve`.

        >>> str(parse("http://a/b/c/d;p?q").resolve("../g"))
        'http://a/b/g'
        """
        from iri.resolve import resolve

        ref = reference if isinstance(reference, IRIReference) else parse(reference)
        return parse(resolve(self[0], ref[0]))

    def relativize(self, target: IRIReference | str) -> IRIReference:
        """Return the shortest reference that resolves against this base to ``target``.

        >>> str(parse("http://a/b/c/d;p?q").relativize("http://a/b/g"))
        '../g'
        """
        from iri.resolve import relativize

        tgt = target if isinstance(target, IRIReference) else parse(target)
        return parse(relativize(tgt[0], self[0]))

    def normalize(self, level: str = "syntax", **options: Any) -> IRIReference:
        """Normalize for comparison (RFC 3987 5.3); see :func:`iri.normalize`."""
        from iri.normalize import normalize

        return parse(normalize(self[0], level=level, **options))

    def to_uri(self, **options: Any) -> IRIReference:
        """Map to a URI (RFC 3987 3.1); see :func:`iri.to_uri` for the options."""
        from iri.convert import to_uri

        return parse(to_uri(self[0], **options))

    def to_iri(self, **options: Any) -> IRIReference:
        """Convert to an IRI, decoding only what is safe (3987bis 4.2); see :func:`iri.to_iri`."""
        from iri.convert import to_iri

        return parse(to_iri(self[0], **options))


def recompose(
    *,
    scheme: str | None = None,
    userinfo: str | None = None,
    host: str | None = None,
    port: str | None = None,
    path: str = "",
    query: str | None = None,
    fragment: str | None = None,
) -> str:
    """Recompose components into text (RFC 3986 5.3); absent parts get no delimiter."""
    if host is None and (userinfo is not None or port is not None):
        raise IRIError("a userinfo or port needs a host")
    out = []
    if scheme is not None:
        out.append(scheme + ":")
    if host is not None:
        out.append("//")
        if userinfo is not None:
            out.append(userinfo + "@")
        out.append(host)
        if port is not None:
            out.append(":" + port)
    out.append(path)
    if query is not None:
        out.append("?" + query)
    if fragment is not None:
        out.append("#" + fragment)
    return "".join(out)


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
    m = valid_match(text, rule, zone_id)  # the is_valid gate; TypeError for non-str
    if m is None:
        raise invalid(text, rule=rule, zone_id=zone_id)
    return tuple.__new__(IRIReference, (text, *m.groups()))
