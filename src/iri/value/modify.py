"""Checking the components given to the value's modifiers, one component at a time.

A modifier replaces some components and keeps the others, which matched when the value was
parsed. The result is valid when (a) each new component matches its own rule of RFC 3987
2.2, and (b) the components fit together as RFC 3986 3 / 3.3 / 4.2 require (a path after an
authority starts with "/", ...). Checking only (a) for the changed components plus (b) is
the whole grammar, without running the full pattern over the unchanged text again; a
property test compares the result with a full parse of its text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Final

from iri.syntax.check_authority import PORT_MAX, port_out_of_range
from iri.syntax.errors import ComponentError
from iri.syntax.grammar import IRI_CLASSES, SCHEME, ZoneID, ip_literal
from iri.syntax.percent import BAD_PERCENT

__all__ = ["FIELDS", "PORT_ABOVE_MAX", "check_structure", "check_type", "syntax_ok"]

FIELDS: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")

# What ends each component when the text is read back (RFC 3986 3, Appendix B): a new
# value holding one of these cannot stay in its component. A reg-name cannot hold ":",
# "[" or "]" either; an IP-literal's own syntax is left to its rule.
_STOPS: Final = {
    "userinfo": re.compile(r"[@/?#\[\]]"),
    "host": re.compile(r"[/?#@:\[\]]"),
    "ip_literal": re.compile(r"[/?#@]"),
    "port": re.compile(r"[/?#@]"),
    "path": re.compile(r"[?#]"),
    "query": re.compile(r"#"),
}
_SCHEME_RE: Final = re.compile(SCHEME)
# Port numbers are 16-bit (RFC 6335 6); the URL Standard fails above 65535. The grammar
# (port = *DIGIT) reads any number, so check() only warns; a value made here refuses it.
PORT_ABOVE_MAX: Final = f"a port is at most {PORT_MAX}: no scheme can use a larger one (RFC 6335 6)"


def check_type(name: str, value: object) -> str | None:
    """Check the type of one new value; an ``int`` port becomes its digits."""
    if value is None or isinstance(value, str):
        return value
    if name == "port" and isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise ComponentError("port", str(value), "a port is a non-negative number")
        if value > PORT_MAX:
            raise ComponentError("port", str(value), PORT_ABOVE_MAX)
        return str(value)
    expected = "str, int or None" if name == "port" else "str or None"
    raise TypeError(f"{name} must be {expected}, got {type(value).__name__}")


def check_structure(parts: dict[str, str | None], changed: Iterable[str]) -> None:
    """Refuse values that would not read back in their own component (RFC 3986 3, 3.3)."""
    scheme = parts["scheme"]
    for name in changed:
        value = parts[name]
        if value is None:
            continue
        if name == "scheme":
            if _SCHEME_RE.fullmatch(value) is None:
                raise ComponentError(
                    "scheme", value, 'a scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )'
                )
            continue
        if name == "port" and value.isascii() and value.isdigit() and port_out_of_range(value):
            raise ComponentError("port", value, PORT_ABOVE_MAX)
        key = "ip_literal" if name == "host" and value.startswith("[") else name
        stops = _STOPS.get(key)
        m = stops.search(value) if stops is not None else None
        if m is not None:
            raise ComponentError(name, value, f"{m.group()!r} would end the {name}")
    host = parts["host"]
    if host is None:
        for name in ("userinfo", "port"):
            if parts[name] is not None:
                raise ComponentError(name, str(parts[name]), f"a {name} needs a host")
    path = parts["path"] or ""
    if host is not None and path and not path.startswith("/"):
        raise ComponentError(
            "path", path, 'after an authority the path is empty or starts with "/" (RFC 3986 3.3)'
        )
    if host is None and path.startswith("//"):
        raise ComponentError(
            "path", path, 'without an authority the path cannot start with "//" (RFC 3986 3.3)'
        )
    if scheme is None and host is None and ":" in path.split("/", 1)[0]:
        raise ComponentError(
            "path",
            path,
            'in a relative reference the first segment cannot hold ":" (RFC 3986 4.2); '
            'write "./" before it',
        )


@cache
def _rule(name: str, zone_id: ZoneID) -> re.Pattern[str]:
    """The RFC 3987 2.2 rule of one component (compiled on first use)."""
    c = IRI_CLASSES
    body = {
        "scheme": SCHEME,
        "userinfo": f"{c.cls(c.userinfo)}*+",  # iuserinfo
        "host": f"{ip_literal(zone_id)}|{c.cls(c.reg_name)}*+",  # IP-literal / ireg-name
        "port": "[0-9]*+",  # port = *DIGIT
        "path": f"{c.cls(c.pchar + '/')}*+",  # the characters of every ipath-* rule
        "query": f"{c.cls(c.query, private=True)}*+",  # iquery
        "fragment": f"{c.cls(c.fragment)}*+",  # ifragment
    }[name]
    return re.compile(f"(?:{body})")


def syntax_ok(parts: dict[str, str | None], changed: Iterable[str], zone_id: ZoneID) -> bool:
    """Whether every changed component matches its rule (no bad ``%`` either, RFC 3986 2.1)."""
    for name in changed:
        value = parts[name]
        if value is None:
            continue
        if _rule(name, zone_id).fullmatch(value) is None:
            return False
        if "%" in value and BAD_PERCENT.search(value) is not None:
            return False
    return True
