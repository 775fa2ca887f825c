"""Checks of the scheme and the path (RFC 3987 2.2, RFC 3986 3.1 and 3.3).

Each function takes the :class:`iri.syntax.check_chars.Checker` collecting the violations.
"""

from __future__ import annotations

from iri.syntax.check_chars import Checker
from iri.syntax.violations import Code, Violation, describe_char

__all__ = ["path", "scheme"]


def scheme(ch: Checker, scheme: str, start: int = 0) -> None:
    """scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )  (``scheme`` at ``start``)"""
    if not scheme[0].isascii() or not scheme[0].isalpha():
        ch.add(
            Code.INVALID_SCHEME,
            "scheme",
            start,
            start + 1,
            f"the scheme must start with a letter, not {describe_char(scheme[0])}",
        )
    for i, c in enumerate(scheme[1:], start + 1):
        if not (c.isascii() and (c.isalnum() or c in "+-.")) and ch.wants(
            Code.INVALID_SCHEME, "scheme", i, i + 1
        ):
            ch.out.append(
                Violation.of(
                    Code.INVALID_SCHEME,
                    "scheme",
                    i,
                    i + 1,
                    f"{describe_char(c)} is not allowed in a scheme",
                )
            )
    if any("A" <= c <= "Z" for c in scheme):
        shown = scheme if len(scheme) <= 40 else scheme[:40] + "..."
        ch.add(
            Code.UPPERCASE_SCHEME,
            "scheme",
            start,
            start + len(scheme),
            f"scheme {shown!r} should be written in lowercase",
        )


def path(ch: Checker, path: str, start: int, *, relative: bool, colon_reported: bool) -> None:
    """ipath-abempty / ipath-absolute / ipath-noscheme / ipath-rootless / ipath-empty"""
    ch.chars("path", start, start + len(path), ch.c.pchar + "/")
    if relative and not colon_reported:
        # ipath-noscheme = isegment-nz-nc *( "/" isegment ): no ":" in the first segment
        first = path.split("/", 1)[0]
        colon = first.find(":")
        if colon >= 0:
            ch.add(
                Code.COLON_IN_FIRST_SEGMENT,
                "path",
                start + colon,
                start + colon + 1,
                'the first segment of a relative-path reference cannot contain ":" '
                '(it would read as a scheme); write "./" before it',
            )
    if path.startswith("/") or (not relative and path):
        offset = start
        for segment in path.split("/"):
            if segment in (".", ".."):
                ch.add(
                    Code.DOT_SEGMENT,
                    "path",
                    offset,
                    offset + len(segment),
                    f'"{segment}" segment in an absolute path',
                )
            offset += len(segment) + 1
