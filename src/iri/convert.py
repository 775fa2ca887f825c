"""IRI to URI (RFC 3987 3.1, 3987bis 3.3-3.6) and URI to IRI (3987bis 4.2).

Both directions work component by component on the RFC 3986 Appendix B split and put the
components back "using the original punctuation that delimited the IRI components"
(3987bis 3.6). Inputs are validated first: :func:`to_uri` and :func:`to_iri` accept valid
IRI references only (every URI reference is one) and raise :class:`iri.InvalidIRI`
otherwise. Liberal inputs (LEIRI, HREF) are a separate, explicit step.

Every reading of the specification made here is in docs/notes/convert.md.
"""

from __future__ import annotations

import codecs
import re
from enum import StrEnum
from typing import Final

from iri import idna, schemes
from iri._check import check, is_valid
from iri._grammar import SUB_DELIMS, UNRESERVED, Rule
from iri._split import Components, split, split_authority
from iri.errors import IDNAError, InvalidIRI, IRIError
from iri.percent import decode, decode_utf8, encode_non_ascii, encode_octets

__all__ = ["HostMapping", "KeepQuery", "Unencodable", "to_iri", "to_uri"]


class HostMapping(StrEnum):
    """How a host (``ireg-name``) is mapped between IRI and URI (3987bis 3.4)."""

    #: ``IDNA`` for schemes whose host is a DNS name (:data:`iri.schemes.DNS_HOST_SCHEMES`),
    #: ``PERCENT`` for every other scheme and for references without a scheme.
    AUTO = "auto"
    #: 3987bis 3.4.2: percent-decode UTF-8, then UTS #46 ToASCII (A-labels).
    IDNA = "idna"
    #: 3987bis 3.4.1: percent-encoded UTF-8, like every other component.
    PERCENT = "percent"


class Unencodable(StrEnum):
    """What to do with a query character the document charset cannot represent (3.5)."""

    #: As browsers do: an HTML numeric character reference ``&#NNNN;`` (decimal code
    #: point), whose octets are then percent-encoded (``%26%23NNNN%3B``).
    NCR = "ncr"
    #: Raise :class:`iri.IRIError`.
    STRICT = "strict"


class KeepQuery(StrEnum):
    """3987bis 4.2 step 5: "Optionally, re-percent-encode octets in the query component
    if the scheme is one of those mentioned in Section 3.5" (http and https)."""

    #: Decode the query like every other component.
    NEVER = "never"
    #: Leave the query of ``http``/``https`` references exactly as it is.
    HTTP = "http"


#: 3987bis 3.5: "the schemes "http" and "https"".
_QUERY_CHARSET_SCHEMES: Final = frozenset({"http", "https"})
#: Codec names (``codecs.lookup(...).name``) of the UCS-based encodings, for which 3.5
#: does not apply ("whose charset is not based on UCS (e.g., not UTF-8 or UTF-16)").
_UCS_CODECS: Final = frozenset(
    {
        "utf-8", "utf-8-sig", "utf-7",
        "utf-16", "utf-16-le", "utf-16-be",
        "utf-32", "utf-32-le", "utf-32-be",
    }
)  # fmt: skip
#: reg-name = *( unreserved / pct-encoded / sub-delims )   (RFC 3986 3.2.2)
_REG_NAME_CHARS: Final = frozenset(UNRESERVED + SUB_DELIMS)
_NON_ASCII: Final = re.compile(r"[^\x00-\x7f]+")
_PCT_RUN: Final = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_ACE: Final = "xn--"
_OCTETS: Final = tuple(
    chr(b) if chr(b) in UNRESERVED else encode_octets(bytes((b,))) for b in range(256)
)


def _invalid(text: str) -> InvalidIRI:
    return InvalidIRI(text, check(text, rule=Rule.IRI_REFERENCE), str(Rule.IRI_REFERENCE))


def _join(parts: Components, authority: str | None) -> str:
    """RFC 3986 5.3 Component Recomposition, with the original punctuation."""
    out: list[str] = []
    if parts.scheme is not None:
        out += (parts.scheme, ":")
    if authority is not None:
        out += ("//", authority)
    out.append(parts.path)
    if parts.query is not None:
        out += ("?", parts.query)
    if parts.fragment is not None:
        out += ("#", parts.fragment)
    return "".join(out)


def _use_idna(mode: HostMapping, scheme: str | None) -> bool:
    if mode is HostMapping.AUTO:
        return schemes.uses_dns(scheme)
    return mode is HostMapping.IDNA


# ---------------------------------------------------------------------------------------
# IRI -> URI
# ---------------------------------------------------------------------------------------


def _host_to_uri(host: str, mode: HostMapping, use_idna: bool) -> str:
    """Map one ``ireg-name`` (3987bis 3.4). IP literals never reach here."""
    if not use_idna:
        return encode_non_ascii(host)  # 3.4.1
    if host.isascii() and (mode is HostMapping.AUTO or "%" not in host):
        # Already a URI host. AUTO keeps the mapping "an identity transformation for
        # URIs" (RFC 3987 3.1); see docs/notes/convert.md.
        return host
    # 3.4.2: "If there is any percent-encoding, and the corresponding octets all
    # represent valid UTF-8 octet sequences, then convert these back to Unicode character
    # sequences. (If any percent-encodings are not valid UTF-8 octet sequences, then
    # leave the entire field as is without any change, since punycode encoding would
    # not succeed.)"
    name = host
    if "%" in host:
        decoded = _decode_host(host)
        if decoded is None:
            if host.isascii():
                return host  # "leave the entire field as is": a valid URI host already
            raise IDNAError(host, host, host.index("%"), "percent-encoded octets are not UTF-8")
        if decoded.isascii():
            return host  # nothing for IDNA to do; keep the URI host as written
        name = decoded
    result = idna.to_ascii(name)
    for pos, char in enumerate(result):
        if char not in _REG_NAME_CHARS:
            raise IDNAError(
                host, result, pos, f"maps to {char!r}, which is not allowed in a host name"
            )
    return result


def _decode_host(host: str) -> str | None:
    """Decode every ``%HH`` run of ``host`` as strict UTF-8, or ``None`` if one is not."""
    parts: list[str] = []
    last = 0
    for m in _PCT_RUN.finditer(host):
        text = decode_utf8(bytes.fromhex(m.group().replace("%", "")))
        if text is None:
            return None
        parts += (host[last : m.start()], text)
        last = m.end()
    parts.append(host[last:])
    return "".join(parts)


def _query_codec(charset: str | None, scheme: str | None) -> str | None:
    """The codec for the query per 3987bis 3.5, or ``None`` for UTF-8."""
    if charset is None:
        return None
    try:
        name = codecs.lookup(charset).name
    except LookupError:
        raise IRIError(f"unknown charset {charset!r}") from None
    if name in _UCS_CODECS or scheme is None or scheme.lower() not in _QUERY_CHARSET_SCHEMES:
        return None
    return name


def _encode_query(query: str, codec: str, errors: Unencodable) -> str:
    """3987bis 3.5: the query's characters not allowed in URIs, in the document charset."""

    def repl(m: re.Match[str]) -> str:
        run = m.group()
        try:
            octets = run.encode(codec)
        except UnicodeEncodeError as err:
            if errors is Unencodable.STRICT:
                bad = run[err.start]
                position = m.start() + err.start
                raise IRIError(
                    f"query character {bad!r} (U+{ord(bad):04X}) at position {position} of "
                    f"the query cannot be encoded in charset {codec!r}"
                ) from None
            # Browsers: "&#" + decimal code point + ";", then percent-encoded.
            octets = run.encode(codec, "xmlcharrefreplace")
        # Every octet is percent-encoded (3.3) except those of ASCII unreserved characters
        # (equivalent either way, RFC 3986 6.2.2.2; left literal as browsers do, e.g. the
        # digits of "&#383;" or the Shift_JIS trail byte 0x41). Octets such as the
        # Shift_JIS trail byte 0x5C ("\\") are encoded, so the result stays a URI.
        return "".join([_OCTETS[b] for b in octets])

    return _NON_ASCII.sub(repl, query)


def to_uri(
    text: str,
    *,
    host: HostMapping | str = HostMapping.AUTO,
    charset: str | None = None,
    errors: Unencodable | str = Unencodable.NCR,
) -> str:
    """Map the IRI reference ``text`` to a URI reference (RFC 3987 3.1, 3987bis 3.3-3.6).

    Every character not allowed in a URI is percent-encoded as UTF-8 with uppercase hex,
    component by component; existing percent-encodings and every URI character are left
    alone, so the mapping is idempotent and the identity on URIs (with ``host="auto"``
    or ``"percent"``). ``host`` selects the ``ireg-name`` mapping (:class:`HostMapping`);
    IP literals are never changed. ``charset`` is the document charset of 3987bis 3.5
    (a Python codec name): it applies to the query of ``http``/``https`` references only,
    and only when it is not UCS-based; ``errors`` says what to do with characters the
    charset cannot represent (:class:`Unencodable`).

    Raises :class:`iri.InvalidIRI` if ``text`` is not a valid IRI reference,
    :class:`iri.IDNAError` if a host cannot be mapped through IDNA, and
    :class:`iri.IRIError` for an unknown charset or (``errors="strict"``) a query
    character the charset cannot represent.

    >>> to_uri("http://résumé.example.org/ros%09é#red")
    'http://xn--rsum-bpad.example.org/ros%09%C3%A9#red'
    >>> to_uri("http://résumé.example.org", host="percent")
    'http://r%C3%A9sum%C3%A9.example.org'
    >>> to_uri("http://example.org/?q=é", charset="iso-8859-1")
    'http://example.org/?q=%E9'
    """
    mode = HostMapping(host)
    policy = Unencodable(errors)
    if not is_valid(text):
        raise _invalid(text)
    if text.isascii() and (mode is not HostMapping.IDNA or "%" not in text):
        # A valid IRI reference made of ASCII is a URI reference: nothing to map.
        # (Charset and IDNA only ever touch non-ASCII characters here.)
        if charset is not None:
            _query_codec(charset, None)  # still report an unknown charset
        return text
    parts = split(text)
    codec = _query_codec(charset, parts.scheme)
    authority = parts.authority
    if authority is not None and (not authority.isascii() or mode is HostMapping.IDNA):
        auth = split_authority(authority)
        hostname = auth.host
        if not hostname.startswith("["):  # IP literals stay as they are (ASCII anyway)
            hostname = _host_to_uri(hostname, mode, _use_idna(mode, parts.scheme))
        authority = "".join(
            (
                "" if auth.userinfo is None else encode_non_ascii(auth.userinfo) + "@",
                hostname,
                "" if auth.port is None else ":" + auth.port,
            )
        )
    query = parts.query
    if query is not None:
        query = encode_non_ascii(query) if codec is None else _encode_query(query, codec, policy)
    return _join(
        Components(
            parts.scheme,
            None,
            encode_non_ascii(parts.path),
            query,
            None if parts.fragment is None else encode_non_ascii(parts.fragment),
        ),
        authority,
    )


# ---------------------------------------------------------------------------------------
# URI -> IRI
# ---------------------------------------------------------------------------------------


def _host_to_iri(host: str, mode: HostMapping, use_idna: bool) -> str:
    if host.startswith("["):
        return host  # IP literal: nothing to decode (a %25 zone ID stays as written)
    if use_idna:
        # Step 7 only. The percent-encodings of a DNS host are not decoded: to_uri would
        # turn the decoded characters into A-labels (3.4.2), which breaks the round trip.
        return idna.to_unicode(host)
    return decode(host)


def to_iri(
    text: str,
    *,
    host: HostMapping | str = HostMapping.AUTO,
    keep_query_encoded: KeepQuery | str = KeepQuery.NEVER,
) -> str:
    """Convert the URI reference ``text`` to an IRI reference (3987bis 4.2, seven steps).

    Steps 1-4 and 6, per component: a run of ``%HH`` is decoded only where its octets are
    strictly legal UTF-8 and the character may stand decoded there
    (:func:`iri.percent.may_decode`: never ``%``, reserved or not-allowed ASCII, bidi
    formatting and other invisible characters, ``iprivate`` outside the query); octets
    that stay encoded are re-encoded with uppercase hex. Step 5: ``keep_query_encoded``
    (:class:`KeepQuery`). Step 7: with ``host="auto"`` (DNS schemes) or ``"idna"``,
    A-labels become U-labels when they are valid and map back to the same A-labels;
    otherwise the host is decoded like any other component. Only UTF-8 is ever assumed.

    Accepts any valid IRI reference (an IRI goes through unchanged except for its
    percent-encodings); raises :class:`iri.InvalidIRI` otherwise. The result is a valid
    IRI reference and ``to_uri(to_iri(u)) == u`` up to the case of hex digits and
    percent-encoded unreserved characters (default options).

    >>> to_iri("http://xn--99zt52a.example.org/%e2%80%ae")
    'http://納豆.example.org/%E2%80%AE'
    >>> to_iri("http://www.example.org/D%C3%BCrst"), to_iri("http://www.example.org/D%FCrst")
    ('http://www.example.org/Dürst', 'http://www.example.org/D%FCrst')
    """
    mode = HostMapping(host)
    keep = KeepQuery(keep_query_encoded)
    if not is_valid(text):
        raise _invalid(text)
    if "%" not in text and (_ACE not in text or mode is HostMapping.PERCENT):
        return text
    parts = split(text)
    authority = parts.authority
    if authority is not None:
        auth = split_authority(authority)
        authority = "".join(
            (
                "" if auth.userinfo is None else decode(auth.userinfo) + "@",
                _host_to_iri(auth.host, mode, _use_idna(mode, parts.scheme)),
                "" if auth.port is None else ":" + auth.port,
            )
        )
    query = parts.query
    if query is not None and not (
        keep is KeepQuery.HTTP
        and parts.scheme is not None
        and parts.scheme.lower() in _QUERY_CHARSET_SCHEMES
    ):
        query = decode(query, in_query=True)
    return _join(
        Components(
            parts.scheme,
            None,
            decode(parts.path),
            query,
            None if parts.fragment is None else decode(parts.fragment),
        ),
        authority,
    )
