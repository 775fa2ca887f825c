"""Split text into the five generic components, RFC 3986 Appendix B.

This step is total: it never raises and validates nothing. It returns every component
with its span so that checks can point into the original text. ``None`` means the
component is absent, ``""`` that it is present and empty.

RFC 3986 Appendix B::

    ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?
     12            3  4          5       6  7        8 9
"""

from __future__ import annotations

import re

from iri.syntax.argument import as_text

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final, NamedTuple

__all__ = ["Components", "split", "split_authority"]

# Appendix B, with possessive quantifiers (no backtracking: linear time) and \Z instead of $.
_APPENDIX_B = re.compile(
    r"(?:(?P<scheme>[^:/?#]++):)?"
    r"(?://(?P<authority>[^/?#]*+))?"
    r"(?P<path>[^?#]*+)"
    r"(?:\?(?P<query>[^#]*+))?"
    r"(?:\#(?P<fragment>.*+))?\Z",
    re.DOTALL,
)


# Three named tuples. typing.NamedTuple for type checkers; at run time the same classes
# from collections.namedtuple, so that ``import iri`` and ``iri check`` need not import
# typing (start-up time, issue 12). Their fields are the same in both branches.
_DOCS: Final = {
    "Components": 'The five components of RFC 3986 section 3 (``None`` = absent, ``""`` = empty).',
    "Spans": "Start offsets of each component in the text (``-1`` when absent).",
    "Authority": "Sub-components of an authority (RFC 3986 3.2) and their start offsets.",
}

if TYPE_CHECKING:

    class Components(NamedTuple):
        scheme: str | None
        authority: str | None
        path: str
        query: str | None
        fragment: str | None

    class Spans(NamedTuple):
        scheme: int
        authority: int
        path: int
        query: int
        fragment: int

    class Authority(NamedTuple):
        userinfo: str | None
        host: str
        port: str | None
        userinfo_start: int
        host_start: int
        port_start: int

else:
    from collections import namedtuple

    _FIVE = ("scheme", "authority", "path", "query", "fragment")
    Components = namedtuple("Components", _FIVE, module=__name__)
    Spans = namedtuple("Spans", _FIVE, module=__name__)
    Authority = namedtuple(
        "Authority",
        ("userinfo", "host", "port", "userinfo_start", "host_start", "port_start"),
        module=__name__,
    )
    for _cls in (Components, Spans, Authority):
        _cls.__doc__ = _DOCS[_cls.__name__]


def split(text: str) -> Components:
    """Split ``text`` into components by RFC 3986 Appendix B. Never fails.

    >>> split("http://example.org/a?q#f")
    Components(scheme='http', authority='example.org', path='/a', query='q', fragment='f')
    >>> split("a?#")
    Components(scheme=None, authority=None, path='a', query='', fragment='')
    """
    if type(text) is not str and not isinstance(text, str):
        text = as_text(text, "iri.split() expects str, got {type}")
    m = _APPENDIX_B.match(text)
    assert m is not None  # every string matches Appendix B
    return Components(m["scheme"], m["authority"], m["path"], m["query"], m["fragment"])


def split_with_spans(text: str, start: int = 0, end: int | None = None) -> tuple[Components, Spans]:
    """Like :func:`split` of ``text[start:end]``, plus the start offset of every component
    (offsets into ``text``)."""
    m = _APPENDIX_B.match(text, start, len(text) if end is None else end)
    assert m is not None
    return (
        Components(m["scheme"], m["authority"], m["path"], m["query"], m["fragment"]),
        Spans(
            m.start("scheme"),
            m.start("authority"),
            m.start("path"),
            m.start("query"),
            m.start("fragment"),
        ),
    )


def split_authority(authority: str) -> Authority:
    """Split ``authority = [ userinfo "@" ] host [ ":" port ]``. Never fails.

    The userinfo ends at the *last* ``@`` (a ``@`` cannot occur in a valid host or port,
    and the last one is where every user agent puts the host). The host is an IP literal
    when it starts with ``[`` and runs to the first ``]``; otherwise it ends at the first
    ``:``. Offsets are relative to the start of the authority.

    >>> a = split_authority("user@[::1]:80")
    >>> a.userinfo, a.host, a.port, a.host_start, a.port_start
    ('user', '[::1]', '80', 5, 11)
    """
    at = authority.rfind("@")
    if at >= 0:
        userinfo: str | None = authority[:at]
        host_start = at + 1
    else:
        userinfo = None
        host_start = 0
    rest = authority[host_start:]
    if rest.startswith("["):
        close = rest.find("]")
        colon = rest.find(":", close) if close >= 0 else -1
        # Without a closing bracket, the whole rest is the (broken) host.
        if close < 0:
            colon = -1
    else:
        colon = rest.find(":")
    if colon >= 0:
        return Authority(
            userinfo, rest[:colon], rest[colon + 1 :], 0, host_start, host_start + colon + 1
        )
    return Authority(userinfo, rest, None, 0, host_start, -1)
