"""Reference resolution (RFC 3986 section 5.2) and its inverse, relativization.

RFC 3987 section 6.5: "the algorithms of [RFC3986] can be applied directly, treating the
characters additionally allowed in IRI references in the same way that unreserved
characters are in URI references." So resolution works on IRI text as it is: no
conversion to URIs, and a segment of non-ASCII letters is an ordinary segment.

Resolution is *strict* (RFC 3986 5.2.2): a reference with a scheme keeps it, even when it
is the base's scheme (``http:g`` stays ``http:g``). Nothing is validated here: both
strings are split by RFC 3986 Appendix B (:func:`iri._split.split`), which never fails;
check them with ``iri.check`` first when they come from untrusted input.

Two readings are ours (quotes and reasons in ``docs/rationale.md``):

* The base must have a scheme (RFC 3986 5.1: "A base URI must conform to the
  <absolute-URI> syntax rule"), otherwise :class:`~iri.errors.ResolutionError`. A fragment
  in the base is accepted and ignored (5.1: it is "stripped of any fragment component prior
  to its use as a base URI").
* RFC 3986 5.3 recomposition can turn a path into an authority: ``resolve("scheme:",
  "/..//bar")`` gives the path ``//bar`` with no authority, which 5.3 writes as
  ``scheme://bar``. We write ``scheme:/.//bar`` instead: it re-parses to the same scheme,
  no authority, and a path that :func:`remove_dot_segments` maps to ``//bar``. (Its
  sibling, a first segment with ``:`` in a result without scheme, cannot come out of
  ``resolve``, whose results always have a scheme; :func:`relativize` writes ``./``.)
"""

from __future__ import annotations

from iri._split import split
from iri.errors import ResolutionError

__all__ = ["relativize", "remove_dot_segments", "resolve", "write_path_without_authority"]

_DOTS = frozenset((".", ".."))


def remove_dot_segments(path: str) -> str:
    """Remove the ``.`` and ``..`` complete segments of ``path``, RFC 3986 5.2.4.

    A segment-stack version of the two-buffer algorithm of 5.2.4 (the RFC allows it:
    "Some applications may find it more efficient to implement the remove_dot_segments
    algorithm by using two segment stacks rather than strings"). It gives the same
    result as the literal transcription for every string; a property test proves it.

    >>> remove_dot_segments("/a/b/c/./../../g")
    '/a/g'
    >>> remove_dot_segments("mid/content=5/../6")
    'mid/6'
    """
    # Fast path: a dot segment is either at the start of the path or right after a "/".
    # Without either, every step of the loop is 2.E and the output equals the input.
    if "/." not in path and not path.startswith("."):
        return path
    segments = path.split("/")
    last = len(segments) - 1
    head = ""  # a first segment moved by 2.E without a preceding "/" (relative paths)
    i = 1
    if segments[0]:
        # The input buffer does not begin with "/".
        i = 0
        # RFC 3986 5.2.4 step 2.A: remove each leading "../" or "./" prefix.
        while i < last and segments[i] in _DOTS:
            i += 1
        first = segments[i]
        if i == last:
            # Step 2.D: an input of only "." or ".." is removed; after 2.A stripped
            # a prefix ending in "/", an empty rest leaves the input empty.
            if first in _DOTS or not first:
                return ""
            return first
        if first:
            # Step 2.E on the first segment: it moves without a preceding "/".
            head = first
        # Otherwise the rest of the input begins with "/" (e.g. "..//g" -> "/g").
        i += 1
    # The input buffer now is "/" + "/".join(segments[i:]); each segment carries its "/".
    out: list[str] = []
    for j in range(i, last + 1):
        segment = segments[j]
        if segment == ".":
            # Step 2.B: "/./" -> "/" (the segment vanishes); a final "/." -> "/", which
            # step 2.E then moves as an empty last segment.
            if j == last:
                out.append("")
        elif segment == "..":
            # Step 2.C: "/../" or "/.." -> "/", removing the last output segment and its
            # preceding "/" (if any): the last pushed segment, else the relative head.
            if out:
                out.pop()
            else:
                head = ""
            if j == last:
                out.append("")
        else:
            # Step 2.E: move "/" + segment to the output buffer.
            out.append(segment)
    # Step 3: the output buffer is the result.
    if out:
        return head + "/" + "/".join(out)
    return head


def write_path_without_authority(path: str) -> str:
    """Return ``path`` in a form that reads back as a path when no authority precedes it.

    RFC 3986 3.3: "If a URI does not contain an authority component, then the path cannot
    begin with two slash characters". A path such as ``//bar`` (which resolution and
    ``remove_dot_segments`` can produce from ``/..//bar``) would re-parse as an authority;
    ``/.//bar`` is the same path after dot-segment removal and stays a path (our reading,
    ``docs/rationale.md``).

    >>> write_path_without_authority("//bar"), write_path_without_authority("/a//b")
    ('/.//bar', '/a//b')
    """
    return "/." + path if path.startswith("//") else path


def resolve(base: str, reference: str) -> str:
    """Resolve ``reference`` against the absolute ``base``, RFC 3986 5.2 (strict).

    >>> resolve("http://a/b/c/d;p?q", "../g")
    'http://a/b/g'
    >>> resolve("http://é.example/ü/x", "../ä")
    'http://é.example/ä'
    >>> resolve("scheme:", "/..//bar")
    'scheme:/.//bar'

    Raises :class:`~iri.errors.ResolutionError` when ``base`` has no scheme.
    """
    # RFC 3986 5.2.1: pre-parse the base; only its scheme is required.
    b_scheme, b_authority, b_path, b_query, _ = split(base)
    if b_scheme is None:
        raise ResolutionError(
            f"cannot resolve against {base!r}: the base has no scheme, and RFC 3986 5.1 "
            "requires an absolute base (absolute-URI / absolute-IRI)"
        )
    # The base without its fragment (RFC 3986 5.1: "stripped of any fragment component").
    hash_at = base.find("#")
    if hash_at >= 0:
        base = base[:hash_at]
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
    # The fast paths below read the components of R (5.2.2: "parsed into the five URI
    # components") with str methods; they agree with RFC 3986 Appendix B (split).
    if first == "/":
        if reference.startswith("//"):
            # 5.2.2: defined(R.authority) (a network-path reference).
            return _resolve_parsed(b_scheme, reference)
    else:
        colon = reference.find(":")
        if colon > 0:
            head = reference[:colon]
            if "/" not in head and "?" not in head and "#" not in head:
                # Appendix B: a scheme is everything before the first ":" when no "/",
                # "?" or "#" precedes it; 5.2.2: defined(R.scheme).
                return _resolve_parsed(b_scheme, reference)
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
        t_path = remove_dot_segments(r_path)
    elif b_authority is not None and not b_path:
        # 5.2.3 first bullet: base with authority and empty path -> "/" + R.path.
        t_path = remove_dot_segments("/" + r_path)
    else:
        # 5.2.3 second bullet: R.path appended to all but the last segment of Base.path
        # (everything after its right-most "/" is dropped), then 5.2.4.
        t_path = remove_dot_segments(b_path[: b_path.rfind("/") + 1] + r_path)
    # 5.2.2: T.authority = Base.authority; T.scheme = Base.scheme. 5.3: recomposition.
    if b_authority is not None:
        return b_scheme + "://" + b_authority + t_path + reference[end:]
    return b_scheme + ":" + write_path_without_authority(t_path) + reference[end:]


def _resolve_parsed(b_scheme: str, reference: str) -> str:
    """5.2.2 for a reference with a scheme or an authority, then 5.3."""
    r_scheme, r_authority, r_path, r_query, r_fragment = split(reference)
    # 5.2.2: "if defined(R.scheme) then T.scheme = R.scheme" (strict), else Base.scheme;
    # either way T.authority = R.authority and T.path = remove_dot_segments(R.path).
    t_path = remove_dot_segments(r_path)
    result = b_scheme + ":" if r_scheme is None else r_scheme + ":"
    if r_authority is not None:
        result += "//" + r_authority + t_path
    else:
        result += write_path_without_authority(t_path)
    # 5.2.2: T.query = R.query; T.fragment = R.fragment. 5.3: written when defined.
    if r_query is not None:
        result += "?" + r_query
    if r_fragment is not None:
        result += "#" + r_fragment
    return result


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


def relativize(target: str, base: str) -> str:
    """Return the shortest reference ``r`` with ``resolve(base, r) == target``.

    Both must be absolute (have a scheme). The candidates, by RFC 3986 4.2 form, are: the
    empty / query-only / fragment-only reference (same path), a relative-path reference,
    an absolute-path reference, a network-path reference and ``target`` itself; the
    shortest one that resolves back to ``target`` wins. Raises
    :class:`~iri.errors.ResolutionError` when no reference can (a target path with dot
    segments that resolution would remove, unless the base has that very path).

    >>> relativize("http://a/b/c/g", "http://a/b/c/d;p?q")
    'g'
    >>> relativize("http://a/g", "http://a/b/c/d;p?q")
    '/g'
    """
    t_scheme, t_authority, t_path, t_query, t_fragment = split(target)
    b_scheme, b_authority, b_path, b_query, _ = split(base)
    if b_scheme is None:
        raise ResolutionError(f"cannot relativize against {base!r}: the base has no scheme")
    if t_scheme is None:
        raise ResolutionError(
            f"cannot relativize {target!r}: the target has no scheme (it must be absolute, "
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
        if resolve(base, candidate) == target:
            return candidate
    raise ResolutionError(
        f"no reference resolves against {base!r} to {target!r}: resolution removes the "
        "dot segments of its path (RFC 3986 5.2.4)"
    )
