"""Reference resolution (RFC 3986 section 5.2).

RFC 3987 section 6.5: "the algorithms of [RFC3986] can be applied directly, treating the
characters additionally allowed in IRI references in the same way that unreserved
characters are in URI references." So resolution works on IRI text as it is: no
conversion to URIs, and a segment of non-ASCII letters is an ordinary segment.

By default both arguments are validated (``InvalidIRI`` with every violation, hence the
positions, for an invalid base or reference), the base must be absolute and resolution is
*strict* (RFC 3986 5.2.2): a reference with a scheme keeps it, even when it is the base's
scheme (``http:g`` stays ``http:g``). Keyword options select the other readings that RFC
3986 5.2 names: see :func:`resolve`; each is recorded in ``docs/rationale.md``.

Our readings (quotes and reasons in ``docs/rationale.md``):

* The base must have a scheme (RFC 3986 5.1: "A base URI must conform to the
  <absolute-URI> syntax rule"), otherwise :class:`~iri.errors.ResolutionError`, unless
  ``relative_base="resolve"``. A fragment in the base is accepted and ignored (5.1: it is
  "stripped of any fragment component prior to its use as a base URI").
* RFC 3986 5.3 recomposition can turn a path into an authority: ``resolve("scheme:",
  "/..//bar")`` gives the path ``//bar`` with no authority, which 5.3 writes as
  ``scheme://bar``. We write ``scheme:/.//bar`` instead: it re-parses to the same scheme,
  no authority, and a path that :func:`remove_dot_segments` maps to ``//bar``. (Its
  sibling, a first segment with ``:`` in a result without scheme, only comes out with
  ``relative_base="resolve"``; it is written with ``./`` in front, as RFC 3986 4.2 says.)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from iri.ladder.dot_segments import (
    remove_decoded_dot_segments,
    remove_dot_segments,
    write_path_without_authority,
)
from iri.ladder.resolve_fast import merge, recompose, valid_ascii_ip_literal, valid_base
from iri.ladder.resolve_fast import no_scheme as _no_scheme
from iri.ladder.resolve_fast import twin_match as _twin_match
from iri.syntax.argument import as_text
from iri.syntax.check import escapes_ok, invalid, iri_reference_match
from iri.syntax.options import Option
from iri.syntax.split import split

__all__ = [
    "BaseNormalization",
    "DotSegments",
    "Parser",
    "RelativeBase",
    "Validation",
    "remove_dot_segments",
    "resolve",
    "write_path_without_authority",
]


class Parser(Option):
    """How a reference with the base's own scheme reads (RFC 3986 5.2.2)."""

    #: ``http:g`` keeps its scheme: ``http:g`` (the RFC's algorithm; the default).
    STRICT = "strict"
    #: ``http:g`` against an ``http`` base reads as ``g`` (the RFC's backward-compatible
    #: "non-strict" parser).
    NON_STRICT = "non-strict"


class BaseNormalization(Option):
    """Normalization of the base before use (RFC 3986 5.2.1: "optional")."""

    #: The base as given (the default).
    NONE = "none"
    #: :func:`iri.normalize` at ``level="syntax"`` (RFC 3986 6.2.2; RFC 3987 5.3.2).
    SYNTAX = "syntax"
    #: :func:`iri.normalize` at ``level="scheme"`` (RFC 3986 6.2.3; RFC 3987 5.3.3).
    SCHEME = "scheme"


class RelativeBase(Option):
    """What a base without a scheme means (RFC 3986 5.1 requires one)."""

    #: :class:`~iri.errors.ResolutionError` (the default).
    REJECT = "reject"
    #: Run 5.2.2-5.3 with ``Base.scheme`` undefined; the result is a relative reference.
    RESOLVE = "resolve"


class DotSegments(Option):
    """Which segments :func:`remove_dot_segments` treats as dot segments."""

    #: Only ``.`` and ``..`` (RFC 3986 5.2.4; the default).
    LITERAL = "literal"
    #: Also ``%2E``, ``.%2E``, ``%2E.``, ``%2E%2E`` in either case (WHATWG URL, browsers).
    DECODED = "decoded"


class Validation(Option):
    """Whether the arguments are validated first."""

    #: Both must be valid IRI references, else :class:`~iri.errors.InvalidIRI` (default).
    CHECK = "check"
    #: No validation: both are split by RFC 3986 Appendix B, which never fails.
    SKIP = "skip"


_REMOVE = remove_dot_segments
# The defaults as module constants: an enum member read from its class costs ~0.4 us on
# Python 3.11, a global ~0.02 us (the fast path compares five of them).
_STRICT = Parser.STRICT
_NO_NORMALIZATION = BaseNormalization.NONE
_REJECT = RelativeBase.REJECT
_LITERAL = DotSegments.LITERAL
_CHECK = Validation.CHECK


def argument(function: str, name: str, value: object) -> str:
    """The text of a non-``str`` argument: an ``iri.IRIReference`` gives its text
    (:mod:`iri.syntax.argument`); any other type is a ``TypeError`` naming the argument."""
    return as_text(value, f"{function}() argument {name!r} must be str, not {{type}}")


#: The last valid base of the fast path and its match: a crawler resolving many references
#: against one page validates the page's address once (both set together, by resolve()).
_last_base: str | None = None
_last_match: re.Match[str]


def resolve(
    base: str,
    reference: str,
    *,
    parser: Parser | str = _STRICT,
    normalize_base: BaseNormalization | str = _NO_NORMALIZATION,
    relative_base: RelativeBase | str = _REJECT,
    dot_segments: DotSegments | str = _LITERAL,
    validate: Validation | str = _CHECK,
) -> str:
    """Resolve ``reference`` against ``base``, RFC 3986 5.2: ``T = resolve(Base, R)``.

    >>> resolve("http://a/b/c/d;p?q", "../g")
    'http://a/b/g'
    >>> resolve("http://é.example/ü/x", "../ä")
    'http://é.example/ä'
    >>> resolve("scheme:", "/..//bar")
    'scheme:/.//bar'

    Options (enum members or their string values; ``docs/rationale.md`` quotes the RFC):

    * ``parser``: ``"strict"`` (default) or ``"non-strict"`` (5.2.2: a reference with the
      base's scheme reads as if it had none).

      >>> resolve("http://a/b/c/d;p?q", "http:g", parser="non-strict")
      'http://a/b/c/g'

    * ``normalize_base``: ``"none"`` (default), ``"syntax"`` or ``"scheme"`` (5.2.1:
      normalizing the base first "is optional"); see :func:`iri.normalize`.
    * ``relative_base``: ``"reject"`` (default: :class:`~iri.errors.ResolutionError`) or
      ``"resolve"``: the algorithm runs with the base's scheme undefined and gives a
      relative reference.

      >>> resolve("a/b/c", "../g", relative_base="resolve")
      'a/g'

    * ``dot_segments``: ``"literal"`` (default: only ``.`` and ``..``, 5.2.4) or
      ``"decoded"`` (also ``%2E`` / ``%2e`` spellings, as browsers do).

      >>> resolve("http://a/b/c/d", "%2e%2E/g", dot_segments="decoded")
      'http://a/b/g'

    * ``validate``: ``"check"`` (default: an invalid base or reference raises
      :class:`~iri.errors.InvalidIRI` with every violation and its position) or ``"skip"``
      (both are split by RFC 3986 Appendix B, which never fails).

    Raises :class:`TypeError` for a non-``str`` argument.
    """
    if type(base) is not str:  # a str subclass too: its text, a plain str
        base = argument("resolve", "base", base)
    if type(reference) is not str:
        reference = argument("resolve", "reference", reference)
    if (
        parser is _STRICT
        and normalize_base is _NO_NORMALIZATION
        and relative_base is _REJECT
        and dot_segments is _LITERAL
        and validate is _CHECK
    ):
        # Fast path, the default options (inlined: one call fewer per pair). The match of
        # each argument validates it and gives its components (iri.ladder.resolve_fast).
        global _last_base, _last_match
        if base == _last_base:  # both plain str: no subclass's "==" here
            b = _last_match
        else:
            b = valid_base(base, reference)
            _last_base, _last_match = base, b
        if reference.isascii():  # valid_match, inlined
            m = _twin_match(reference)
            if m is not None and (
                ("[" in reference and not valid_ascii_ip_literal(m))
                or ("%" in reference and not escapes_ok(reference, m))
            ):
                m = None
        else:
            m = iri_reference_match(reference)
        if m is None:
            raise invalid(reference)
        # RFC 3986 5.2.2 + 5.3 for the references without a scheme, with the query and
        # fragment of R written as they are (the text after R's path). A scheme starts with
        # a letter: R has none if it starts with "#", "/", "?" or "."; else group 1 says.
        first = reference[:1]
        if first and first not in "#/?.":
            if m[1] is None:
                # 5.2.3: T.path = remove_dot_segments(merge(Base.path, R.path)). Without
                # a dot segment in the result, the base up to the last "/" of its path,
                # then the reference. (No "/." anywhere: one scan, which also sees the
                # query and a host starting with "."; otherwise merge() does it all.)
                start, end = b.span(6)
                slash = base.rfind("/", start, end) + 1
                if slash and base[start] != ".":
                    merged = base[:slash] + reference
                    if "/." not in merged:
                        return merged
                return merge(base, b, reference, m)
        elif first == "#":
            # 5.2.2: R.path == "" -> T.path = Base.path, T.query = Base.query; 5.1: the
            # base's own fragment is stripped.
            hash_at = b.start(8) - 1
            return (base if hash_at < 0 else base[:hash_at]) + reference
        elif first == "/" and reference[1:2] != "/":
            # 5.2.2: R.path starts with "/" -> T.path = remove_dot_segments(R.path),
            # after Base.scheme and Base.authority (the text before the base's path).
            if "/." not in reference:
                return base[: b.start(6)] + reference  # 5.2.4 has nothing to remove
            return recompose(base, b, _REMOVE(reference[: m.end(6)]), reference, m)
        elif first == ".":
            return merge(base, b, reference, m)
        # A scheme, an authority ("//"), a query only or nothing: the general algorithm.
        b_scheme, b_authority, _, _, _, b_path, b_query, b_fragment = b.groups()
        if b_fragment is not None:
            # RFC 3986 5.1: the base is "stripped of any fragment component".
            base = base[: len(base) - len(b_fragment) - 1]
        return _join(base, (b_scheme, b_authority, b_path, b_query), reference, True, _REMOVE)
    if (
        validate == "skip"
        and parser is _STRICT
        and normalize_base is _NO_NORMALIZATION
        and relative_base is _REJECT
        and dot_segments is _LITERAL
    ):
        # The defaults without validation: the base split by Appendix B (5.2.1).
        b_scheme, b_authority, b_path, b_query, b_fragment = split(base)
        if b_scheme is None:
            raise _no_scheme(base)
        if b_fragment is not None:
            base = base[: len(base) - len(b_fragment) - 1]
        return _join(base, (b_scheme, b_authority, b_path, b_query), reference, True, _REMOVE)
    strict = Parser(parser) is Parser.STRICT
    level = BaseNormalization(normalize_base)
    relative_ok = RelativeBase(relative_base) is RelativeBase.RESOLVE
    remove = (
        remove_dot_segments
        if DotSegments(dot_segments) is DotSegments.LITERAL
        else remove_decoded_dot_segments
    )
    if Validation(validate) is Validation.CHECK:
        if iri_reference_match(base) is None:
            raise invalid(base)
        if iri_reference_match(reference) is None:
            raise invalid(reference)
    if level is not BaseNormalization.NONE:
        # RFC 3986 5.2.1: "Normalization of the base URI, as described in Sections 6.2.2
        # and 6.2.3, is optional." (Imported here: normalize stands on resolve's floor.)
        from iri.ladder.normalize import normalize

        base = normalize(base, level=level.value)
    # RFC 3986 5.2.1: pre-parse the base.
    b_scheme, b_authority, b_path, b_query, b_fragment = split(base)
    if b_scheme is None and not relative_ok:
        raise _no_scheme(base)
    if b_fragment is not None:
        base = base[: len(base) - len(b_fragment) - 1]
    return _join(base, (b_scheme, b_authority, b_path, b_query), reference, strict, remove)


_BaseParts = tuple[str | None, str | None, str, str | None]


def _join(
    base: str,
    parts: _BaseParts,
    reference: str,
    strict: bool,
    remove: Callable[[str], str],
) -> str:
    """RFC 3986 5.2.2 for the fragment-free ``base`` (its components in ``parts``)."""
    if reference and reference[0] not in "/?#":
        colon = reference.find(":")
        if colon > 0:
            head = reference[:colon]
            if "/" not in head and "?" not in head and "#" not in head:
                # Appendix B: a scheme is everything before the first ":" when no "/",
                # "?" or "#" precedes it; 5.2.2: defined(R.scheme).
                b_scheme = parts[0]
                if strict or b_scheme is None or head.lower() != b_scheme.lower():
                    return _resolve_parsed(b_scheme, reference, remove)
                # 5.2.2: "if ((not strict) and (R.scheme == Base.scheme)) then
                # undefine(R.scheme);" (schemes compare case-insensitively, RFC 3986 3.1).
                return _join_schemeless(base, parts, reference[colon + 1 :], remove)
    return _join_schemeless(base, parts, reference, remove)


def _join_schemeless(
    base: str, parts: _BaseParts, reference: str, remove: Callable[[str], str]
) -> str:
    """RFC 3986 5.2.2 for a reference whose scheme is undefined, then 5.3."""
    b_scheme, b_authority, b_path, b_query = parts
    if not reference:
        # 5.2.2 with R.path == "" and R.query, R.fragment undefined: the base itself.
        return base
    first = reference[0]
    if first == "#":
        # 5.2.2: R.path == "" -> T.path = Base.path, T.query = Base.query; T.fragment =
        # R.fragment. 5.3 then writes the base (no fragment) followed by the reference.
        return base + reference
    if first == "?":
        # 5.2.2: R.path == "" and defined(R.query) -> T.path = Base.path, T.query = R.query.
        if b_query is not None:
            base = base[: len(base) - len(b_query) - 1]
        return base + reference
    if reference.startswith("//"):
        # 5.2.2: defined(R.authority) (a network-path reference).
        return _resolve_parsed(b_scheme, reference, remove)
    # R has neither scheme nor authority; its path runs up to the first "?" or "#" and
    # 5.2.2 copies its query and fragment to T: the rest of R is written as it is.
    end = reference.find("?")
    hash_at = reference.find("#", 0, end) if end >= 0 else reference.find("#")
    if hash_at >= 0:
        end = hash_at
    elif end < 0:
        end = len(reference)
    r_path = reference[:end]  # not empty: "", "#..." and "?..." returned above
    if first == "/":
        # 5.2.2: R.path starts with "/" -> T.path = remove_dot_segments(R.path).
        t_path = remove(r_path)
    elif b_authority is not None and not b_path:
        # 5.2.3 first bullet: base with authority and empty path -> "/" + R.path.
        t_path = remove("/" + r_path)
    else:
        # 5.2.3 second bullet: R.path appended to all but the last segment of Base.path
        # (everything after its right-most "/" is dropped), then 5.2.4.
        t_path = remove(b_path[: b_path.rfind("/") + 1] + r_path)
    # 5.2.2: T.authority = Base.authority; T.scheme = Base.scheme. 5.3: recomposition.
    return _recompose(b_scheme, b_authority, t_path, reference[end:])


def _recompose(scheme: str | None, authority: str | None, path: str, rest: str) -> str:
    """RFC 3986 5.3 with our guards (``rest`` is ``?query#fragment``, written as is)."""
    if authority is not None:
        head = "//" + authority if scheme is None else scheme + "://" + authority
        return head + path + rest
    if scheme is not None:
        return scheme + ":" + write_path_without_authority(path) + rest
    # A relative result (relative_base="resolve"). RFC 3986 4.2: "A path segment that
    # contains a colon character (e.g., "this:that") cannot be used as the first segment
    # of a relative-path reference"; such a path is written with "./" in front.
    if path.startswith("//"):
        return "/." + path + rest
    if ":" in path.partition("/")[0]:
        return "./" + path + rest
    return path + rest


def _resolve_parsed(b_scheme: str | None, reference: str, remove: Callable[[str], str]) -> str:
    """5.2.2 for a reference with a scheme or an authority, then 5.3."""
    r_scheme, r_authority, r_path, r_query, r_fragment = split(reference)
    # 5.2.2: "if defined(R.scheme) then T.scheme = R.scheme" (strict), else Base.scheme;
    # either way T.authority = R.authority and T.path = remove_dot_segments(R.path).
    # 5.2.2: T.query = R.query; T.fragment = R.fragment. 5.3: written when defined.
    tail = "" if r_query is None else "?" + r_query
    if r_fragment is not None:
        tail += "#" + r_fragment
    scheme = b_scheme if r_scheme is None else r_scheme
    return _recompose(scheme, r_authority, remove(r_path), tail)
