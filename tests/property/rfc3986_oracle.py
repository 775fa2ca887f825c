"""A literal transcription of RFC 3986 sections 5.2.2-5.2.4 and 5.3, used as a test oracle.

Nothing here is optimized or clever: each function follows the RFC pseudo-code line by
line, with the RFC text quoted above the code. It is never imported by the library; the
property tests compare ``iri.resolve`` with it. The only helper it borrows is the
Appendix B splitter (``iri.syntax.split.split``), the "parse(R)" of 5.2.2.

Unlike ``iri.resolve`` this oracle recomposes exactly as 5.3 says, without the "/." guard,
so ``resolve_components`` is the comparison point for the corner case.
"""

from __future__ import annotations

from typing import NamedTuple

from iri.syntax.split import split


class Parts(NamedTuple):
    """The five components; ``None`` = undefined (RFC 3986 5.2.1)."""

    scheme: str | None
    authority: str | None
    path: str
    query: str | None
    fragment: str | None


def parse(text: str) -> Parts:
    """RFC 3986 5.2.2: "(R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R)"."""
    return Parts(*split(text))


def remove_dot_segments(path: str, trace: list[tuple[str, str, str]] | None = None) -> str:
    """RFC 3986 5.2.4, the two-buffer method, as written.

    When ``trace`` is a list, each step appends ``(step, output buffer, input buffer)``
    like the tables printed in 5.2.4 ("1", then "2A" ... "2E").
    """
    # "1.  The input buffer is initialized with the now-appended path components and the
    #      output buffer is initialized to the empty string."
    input_buffer = path
    output_buffer = ""
    if trace is not None:
        trace.append(("1", output_buffer, input_buffer))
    # "2.  While the input buffer is not empty, loop as follows:"
    while input_buffer:
        # "A.  If the input buffer begins with a prefix of "../" or "./", then remove that
        #      prefix from the input buffer; otherwise,"
        if input_buffer.startswith("../"):
            step = "2A"
            input_buffer = input_buffer[3:]
        elif input_buffer.startswith("./"):
            step = "2A"
            input_buffer = input_buffer[2:]
        # "B.  if the input buffer begins with a prefix of "/./" or "/.", where "." is a
        #      complete path segment, then replace that prefix with "/" in the input
        #      buffer; otherwise,"
        elif input_buffer.startswith("/./"):
            step = "2B"
            input_buffer = "/" + input_buffer[3:]
        elif input_buffer == "/.":
            step = "2B"
            input_buffer = "/"
        # "C.  if the input buffer begins with a prefix of "/../" or "/..", where ".." is
        #      a complete path segment, then replace that prefix with "/" in the input
        #      buffer and remove the last segment and its preceding "/" (if any) from the
        #      output buffer; otherwise,"
        elif input_buffer.startswith("/../") or input_buffer == "/..":
            step = "2C"
            input_buffer = "/" + input_buffer[4:]
            # The last segment starts after the last "/" of the output buffer; that "/"
            # (if any) goes with it.
            output_buffer = output_buffer[: max(output_buffer.rfind("/"), 0)]
        # "D.  if the input buffer consists only of "." or "..", then remove that from the
        #      input buffer; otherwise,"
        elif input_buffer in (".", ".."):
            step = "2D"
            input_buffer = ""
        # "E.  move the first path segment in the input buffer to the end of the output
        #      buffer, including the initial "/" character (if any) and any subsequent
        #      characters up to, but not including, the next "/" character or the end of
        #      the input buffer."
        else:
            step = "2E"
            start = 1 if input_buffer.startswith("/") else 0
            slash = input_buffer.find("/", start)
            if slash < 0:
                slash = len(input_buffer)
            output_buffer += input_buffer[:slash]
            input_buffer = input_buffer[slash:]
        if trace is not None:
            trace.append((step, output_buffer, input_buffer))
    # "3.  Finally, the output buffer is returned as the result of remove_dot_segments."
    return output_buffer


def merge(base: Parts, reference_path: str) -> str:
    """RFC 3986 5.2.3 Merge Paths."""
    # "o  If the base URI has a defined authority component and an empty path, then
    #     return a string consisting of "/" concatenated with the reference's path;
    #     otherwise,"
    if base.authority is not None and base.path == "":
        return "/" + reference_path
    # "o  return a string consisting of the reference's path component appended to all
    #     but the last segment of the base URI's path (i.e., excluding any characters
    #     after the right-most "/" in the base URI path, or excluding the entire base URI
    #     path if it does not contain any "/" characters)."
    slash = base.path.rfind("/")
    if slash < 0:
        return reference_path
    return base.path[: slash + 1] + reference_path


def resolve_components(base_text: str, reference_text: str, *, strict: bool = True) -> Parts:
    """RFC 3986 5.2.2 Transform References: the components of T."""
    base = parse(base_text)
    # "-- The URI reference is parsed into the five URI components"
    r = parse(reference_text)
    r_scheme = r.scheme
    # "-- A non-strict parser may ignore a scheme in the reference
    #  -- if it is identical to the base URI's scheme."
    if (not strict) and r_scheme == base.scheme:
        r_scheme = None
    t_scheme: str | None
    if r_scheme is not None:
        t_scheme = r_scheme
        t_authority = r.authority
        t_path = remove_dot_segments(r.path)
        t_query = r.query
    else:
        if r.authority is not None:
            t_authority = r.authority
            t_path = remove_dot_segments(r.path)
            t_query = r.query
        else:
            if r.path == "":
                t_path = base.path
                if r.query is not None:  # noqa: SIM108 (the RFC's if/else, kept literal)
                    t_query = r.query
                else:
                    t_query = base.query
            else:
                if r.path.startswith("/"):
                    t_path = remove_dot_segments(r.path)
                else:
                    t_path = merge(base, r.path)
                    t_path = remove_dot_segments(t_path)
                t_query = r.query
            t_authority = base.authority
        t_scheme = base.scheme
    t_fragment = r.fragment
    return Parts(t_scheme, t_authority, t_path, t_query, t_fragment)


def recompose(t: Parts) -> str:
    """RFC 3986 5.3 Component Recomposition, as written (no guard)."""
    result = ""
    # "if defined(scheme) then append scheme to result; append ":" to result;"
    if t.scheme is not None:
        result += t.scheme + ":"
    # "if defined(authority) then append "//" to result; append authority to result;"
    if t.authority is not None:
        result += "//" + t.authority
    # "append path to result;"
    result += t.path
    # "if defined(query) then append "?" to result; append query to result;"
    if t.query is not None:
        result += "?" + t.query
    # "if defined(fragment) then append "#" to result; append fragment to result;"
    if t.fragment is not None:
        result += "#" + t.fragment
    return result


def resolve(base_text: str, reference_text: str, *, strict: bool = True) -> str:
    """RFC 3986 5.2 then 5.3, literally (may write a path as an authority, see 5.3)."""
    return recompose(resolve_components(base_text, reference_text, strict=strict))
