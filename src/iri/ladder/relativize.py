"""Relativization, the inverse of reference resolution (RFC 3986 5.2).

There is no RFC algorithm: the contract is ``resolve(base, relativize(base, target)) ==
target`` with the shortest such reference (``docs/rationale.md``). The base comes first,
as in :func:`iri.resolve` and RFC 3986's ``T = resolve(Base, R)``.
"""

from __future__ import annotations

from iri.ladder.resolve import (
    Validation,
    argument,
    remove_dot_segments,
    resolve,
    write_path_without_authority,
)
from iri.syntax.check import invalid, iri_reference_match
from iri.syntax.errors import ResolutionError
from iri.syntax.quoted import quoted
from iri.syntax.split import split

__all__ = ["relativize"]


def _tail(query: str | None, fragment: str | None) -> str:
    """The ``?query#fragment`` part of RFC 3986 5.3 (absent components write nothing)."""
    tail = "" if query is None else "?" + query
    if fragment is not None:
        tail += "#" + fragment
    return tail


def _relative_path(directory: str, path: str) -> str:
    """A relative-path reference that 5.2.3 merge + 5.2.4 turn into ``path``.

    ``directory`` is the part of the base path that merge keeps (up to its last "/").
    The result climbs with "../" out of the part of ``directory`` that ``path`` does not
    share, then descends into the rest of ``path``.
    """
    # Complete segments (each followed by "/") shared by both, from the left.
    directory_segments = directory.split("/")
    path_segments = path.split("/")
    limit = min(len(directory_segments), len(path_segments)) - 1
    common = 0
    while common < limit and directory_segments[common] == path_segments[common]:
        common += 1
    rest = "/".join(path_segments[common:])
    ups = len(directory_segments) - 1 - common
    if ups:
        # ".." alone names the parent directory (5.2.4 step 2.C leaves its "/").
        return "../" * ups + rest if rest else "../" * (ups - 1) + ".."
    if not rest:
        # RFC 3986 4.2: "." is the shortest reference to the directory itself.
        return "."
    first_segment = rest.partition("/")[0]
    if not first_segment or ":" in first_segment:
        # A leading "/" would make an absolute-path reference, a ":" in the first
        # segment a scheme (RFC 3986 4.2); "./" keeps it a relative path.
        return "./" + rest
    return rest


def relativize(base: str, target: str, *, validate: Validation | str = Validation.CHECK) -> str:
    """Return the shortest reference ``r`` with ``resolve(base, r) == target``.

    Both must be absolute (have a scheme). The candidates, by RFC 3986 4.2 form, are: the
    empty / query-only / fragment-only reference (same path), a relative-path reference,
    an absolute-path reference, a network-path reference and ``target`` itself; the
    shortest one that resolves back to ``target`` wins. Raises
    :class:`~iri.errors.ResolutionError` when no reference can (a target path with dot
    segments that resolution would remove, unless the base has that very path).

    Both are validated first (:class:`~iri.errors.InvalidIRI` with every violation for an
    invalid one) unless ``validate="skip"``; :class:`TypeError` for a non-``str`` argument.

    >>> relativize("http://a/b/c/d;p?q", "http://a/b/c/g")
    'g'
    >>> relativize("http://a/b/c/d;p?q", "http://a/g")
    '/g'
    >>> relativize(base="http://a/b/c/d;p?q", target="http://a/b/g?x")
    '../g?x'
    """
    if type(base) is not str:
        base = argument("relativize", "base", base)
    if type(target) is not str:
        target = argument("relativize", "target", target)
    if Validation(validate) is Validation.CHECK:
        for text in (base, target):
            if iri_reference_match(text) is None:
                raise invalid(text)
    t_scheme, t_authority, t_path, t_query, t_fragment = split(target)
    b_scheme, b_authority, b_path, b_query, _ = split(base)
    if b_scheme is None:
        raise ResolutionError(f"cannot relativize against {quoted(base)}: the base has no scheme")
    if t_scheme is None:
        raise ResolutionError(
            f"cannot relativize {quoted(target)}: the target has no scheme (it must be absolute, "
            "the form that resolution produces)"
        )
    tail = _tail(t_query, t_fragment)
    # Candidates in order of preference (among equally short ones, the first wins).
    candidates: list[str] = []
    if t_scheme == b_scheme:
        if t_authority == b_authority:
            if t_path == b_path:
                # 5.2.2, R.path == "": the base path and, without R.query, its query.
                if t_query == b_query:
                    candidates.append(_tail(None, t_fragment))
                elif t_query is not None:
                    candidates.append(tail)
            # 5.2.3 merge: the base path up to its last "/" ("/" for an empty path
            # under an authority), then a relative-path reference from there.
            if b_authority is not None and not b_path:
                directory = "/"
            else:
                directory = b_path[: b_path.rfind("/") + 1]
            # 5.2.4 runs over the merged path, so dot segments of the base directory
            # take effect first: start from what they leave ("x" stands for R.path).
            directory = remove_dot_segments(directory + "x")[:-1]
            # A target written with our "/." guard stands for the path after it.
            path = t_path
            if t_authority is None and path.startswith("/.//"):
                path = path[2:]
            candidates.append(_relative_path(directory, path) + tail)
            if path.startswith("/"):
                # RFC 3986 4.2: absolute-path reference; "/." keeps "//x" a path.
                candidates.append(write_path_without_authority(path) + tail)
        if t_authority is not None:
            # RFC 3986 4.2: network-path reference "//" authority path.
            candidates.append("//" + t_authority + t_path + tail)
    # RFC 3986 4.3: the target as it is (a reference with a scheme keeps it, 5.2.2).
    candidates.append(target)
    for candidate in sorted(candidates, key=len):  # stable: preference order on ties
        if resolve(base, candidate, validate=Validation.SKIP) == target:
            return candidate
    raise ResolutionError(
        f"no reference resolves against {quoted(base)} to {quoted(target)}: resolution removes the "
        "dot segments of its path (RFC 3986 5.2.4)"
    )
