"""Component recomposition (RFC 3986 5.3): components to reference text.

Below the value (``iri.value.reference``) and the ladder (``iri.normalize``), which both write
components back as text: keeping it here keeps the import graph free of cycles.
"""

from __future__ import annotations

from iri.syntax.errors import IRIError

__all__ = ["recompose"]


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
    """Recompose components into text (RFC 3986 5.3); absent parts get no delimiter.

    >>> recompose(scheme="http", host="a", port="8080", path="/b", query="")
    'http://a:8080/b?'
    """
    if host is None and (userinfo is not None or port is not None):
        raise IRIError("a userinfo or port needs a host")
    # RFC 3986 5.3: "result = ''; if defined(scheme) then append scheme to result;
    # append ':' to result; ..."
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
