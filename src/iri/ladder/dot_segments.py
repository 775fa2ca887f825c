"""Dot-segment removal (RFC 3986 5.2.4), the path step of resolution and normalization.

Apart from :mod:`iri.resolve` because :mod:`iri.normalize` (RFC 3986 6.2.2.3) and
:mod:`iri.relativize` use it too; ``iri.ladder.resolve.remove_dot_segments`` stays importable.
"""

from __future__ import annotations

import re

from iri.syntax.argument import as_str

__all__ = ["remove_decoded_dot_segments", "remove_dot_segments", "write_path_without_authority"]

_DOTS = frozenset((".", ".."))
_ENCODED_DOT = re.compile("%2e", re.IGNORECASE)


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
    if type(path) is not str:  # a subclass: its text as a plain str
        path = as_str(path, "remove_dot_segments() argument 'path' must be str, not {type}")
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


def remove_decoded_dot_segments(path: str) -> str:
    """:func:`remove_dot_segments`, also treating ``%2E`` / ``%2e`` as a dot.

    The WHATWG URL Standard's "single-dot URL path segment" (``.`` or ``%2e``, ASCII
    case-insensitive) and "double-dot URL path segment" (``..``, ``.%2e``, ``%2e.``,
    ``%2e%2e``); RFC 3986 2.3 and 6.2.2.2 make ``%2E`` equivalent to ``.``. Other segments
    are left exactly as written.
    """
    if "%" in path:
        segments = path.split("/")
        for i, segment in enumerate(segments):
            if 3 <= len(segment) <= 6 and segment[0] in ".%":
                dots = _ENCODED_DOT.sub(".", segment)
                if dots in _DOTS:
                    segments[i] = dots
        path = "/".join(segments)
    return remove_dot_segments(path)
