"""IRI to URI (RFC 3987 3.1, 3987bis 3.3-3.6) and URI to IRI (3987bis 4.2).

Both directions work component by component on the RFC 3986 Appendix B split and put the
components back "using the original punctuation that delimited the IRI components"
(3987bis 3.6). Inputs are validated first: :func:`to_uri` and :func:`to_iri` accept valid
IRI references only (every URI reference is one) and raise :class:`iri.InvalidIRI`
otherwise. Liberal inputs (LEIRI, HREF) are a separate, explicit step.

Every reading of the specification made here is in docs/rationale.md.
"""

from __future__ import annotations

import re
from typing import Final

from iri.convert.charsets import Encoding, lookup, output_encoding
from iri.syntax import hosts as idna
from iri.syntax import schemes
from iri.syntax.argument import as_text
from iri.syntax.check import invalid, iri_reference_match
from iri.syntax.errors import CharsetError, IDNAError
from iri.syntax.option_member import member
from iri.syntax.options import Option
from iri.syntax.percent import IPRIVATE_LEAD, IUNRESERVED, NON_ASCII, decode, encode_octets
from iri.syntax.split import split_authority

__all__ = ["HostMapping", "KeepQuery", "Unencodable", "to_iri", "to_uri"]


class HostMapping(Option):
    """How a host (``ireg-name``) is mapped between IRI and URI (3987bis 3.4)."""

    #: ``IDNA`` for schemes whose host is a DNS name (:data:`iri.syntax.schemes.DNS_HOST_SCHEMES`),
    #: ``PERCENT`` for every other scheme and for references without a scheme.
    AUTO = "auto"
    #: 3987bis 3.4.2: percent-decode UTF-8, then UTS #46 ToASCII (A-labels).
    IDNA = "idna"
    #: 3987bis 3.4.1: percent-encoded UTF-8, like every other component.
    PERCENT = "percent"
    #: The URL Standard's host parser, as browsers map a domain (and ``from_href`` does):
    #: percent-decode, then UTS #46 ToASCII with its flags (CheckHyphens, VerifyDnsLength
    #: and UseSTD3ASCIIRules off, UTS #46 validity instead of IDNA2008's): ``🍕.ws`` gives
    #: ``xn--vi8h.ws``, ASCII labels are lowercased (:mod:`iri.syntax.web_hosts`).
    UTS46 = "uts46"


class Unencodable(Option):
    """What to do with a query character the document charset cannot represent (3.5)."""

    #: As browsers do: an HTML numeric character reference ``&#NNNN;`` (decimal code
    #: point), whose octets are then percent-encoded (``%26%23NNNN%3B``).
    NCR = "ncr"
    #: Raise :class:`iri.CharsetError` (an :class:`iri.IRIError`).
    STRICT = "strict"


class KeepQuery(Option):
    """3987bis 4.2 step 5: "Optionally, re-percent-encode octets in the query component
    if the scheme is one of those mentioned in Section 3.5" (http and https)."""

    #: Decode the query like every other component.
    NEVER = "never"
    #: Leave the query of ``http``/``https`` references exactly as it is.
    HTTP = "http"


#: 3987bis 3.5: "the schemes "http" and "https"".
_QUERY_CHARSET_SCHEMES: Final = frozenset({"http", "https"})
#: RFC 3987 3.1 step 2 (3987bis 3.3): every ``ucschar`` and ``iprivate`` character of a
#: valid IRI reference, that is every non-ASCII one, percent-encoded as UTF-8; the one
#: mapping of every component (the encoder of the NON_ASCII set, bound once: hot path).
_to_uri_encode: Final = NON_ASCII.encoder
#: 3987bis 3.5: the query's octets in the document charset are percent-encoded but those
#: of ASCII unreserved characters (RFC 3986 2.3 "unreserved"; docs/rationale.md).
_QUERY_OCTETS: Final = IUNRESERVED.uri


_HOST_MODES: Final = {m.value: m for m in HostMapping}
_UNENCODABLE: Final = {m.value: m for m in Unencodable}
_KEEP_QUERY: Final = {m.value: m for m in KeepQuery}


def _prefix_end(m: re.Match[str]) -> int:
    """Where the path starts: after ``scheme ":"`` and ``"//" authority`` (if present)."""
    if m["authority"] is not None:
        return m.end("authority")
    return 0 if m["scheme"] is None else m.end("scheme") + 1


def _use_idna(mode: HostMapping, scheme: str | None) -> bool:
    if mode is HostMapping.AUTO:
        return schemes.uses_dns(scheme)
    return mode is HostMapping.IDNA or mode is HostMapping.UTS46


# ---------------------------------------------------------------------------------------
# IRI -> URI
# ---------------------------------------------------------------------------------------


def _host_to_uri(host: str, mode: HostMapping, use_idna: bool) -> str:
    """Map one ``ireg-name`` (3987bis 3.4). IP literals never reach here."""
    if not use_idna:
        # 3.4.1; a DNS host (the only one ``"percent"`` maps here) is first mapped as IDNA
        # would map it, case folded (draft-duerst-idn-uri 3: nameprep before escaping)
        return _to_uri_encode(idna.map_host(host) if not host.isascii() else host)
    if mode is HostMapping.UTS46:
        from iri.syntax.web_hosts import url_domain_to_ascii

        return url_domain_to_ascii(host)  # URL Standard, host parser (browsers)
    if host.isascii() and (mode is HostMapping.AUTO or "%" not in host):
        # Already a URI host. AUTO keeps the mapping "an identity transformation for
        # URIs" (RFC 3987 3.1); see docs/rationale.md.
        return host
    # 3.4.2, label by label: non-ASCII labels (percent-decoded) become A-labels, ASCII
    # labels stay as written (``host="idna"`` also decodes their UTF-8 escapes). The
    # same conversion decides validity in check (iri.syntax.host_validity).
    try:
        return idna.host_to_ascii(host, decode_ascii=mode is HostMapping.IDNA)
    except IDNAError as err:
        raise _with_uts46_hint(err) from None


def _require_idn_to_escape(host: str, scheme: str | None) -> None:
    """draft-duerst-idn-uri 3 (and 3987bis 3.4.2): the host of a DNS scheme may be written
    percent-encoded only when its name is a valid IDN, so ``host="percent"`` refuses, with
    an IDNA error, a host whose escaped form the one host decision refuses
    (``percent-encoded-host-not-idn``: such a form would be no URI)."""
    if host.isascii() or not schemes.uses_dns(scheme):
        return  # 3987bis 3.4.1: any other host is escaped UTF-8, as every component
    from iri.syntax.host_validity import conversion_failure, host_faults

    faults = [f for f in host_faults(_to_uri_encode(host), dns=True) if f.error]
    if faults:
        failure = conversion_failure(host)
        reason = faults[0].message if failure is None else failure.reason
        raise IDNAError(
            host,
            host if failure is None else failure.label,
            0 if failure is None else failure.position,
            reason + "; the host of a DNS scheme is percent-encoded only when it is a "
            "valid IDN (draft-duerst-idn-uri 3)",
        )


def _with_uts46_hint(err: IDNAError) -> IDNAError:
    """``err`` saying, when browsers accept the host, how to map it as they do."""
    from iri.syntax.web_hosts import url_domain_to_ascii

    try:
        url_domain_to_ascii(err.host)
        hint = "; browsers accept it: to_uri(..., host='uts46') maps it with UTS #46 as they do"
    except IDNAError:
        hint = "; UTS #46 as browsers map hosts (to_uri(..., host='uts46')) rejects it too"
    return IDNAError(err.host, err.label, err.position, err.reason + hint)


def _query_encoding(charset: str | None, scheme: str | None) -> Encoding | None:
    """The document charset's encoding for the query per 3987bis 3.5, or ``None`` for UTF-8.

    The label is read by the one resolver (:func:`iri.convert.charsets.lookup`, Encoding
    Standard labels; :class:`iri.CharsetError` for an unknown one), and the query is written
    in its output encoding (UTF-16 and ``replacement`` write UTF-8), as browsers do."""
    if charset is None:
        return None
    encoding = output_encoding(charset)
    if encoding.ucs or scheme is None or scheme.lower() not in _QUERY_CHARSET_SCHEMES:
        return None
    return encoding


def _encode_query(query: str, charset: str, encoding: Encoding, errors: Unencodable) -> str:
    """3987bis 3.5: the query's characters not allowed in URIs, in the document charset."""

    def repl(m: re.Match[str]) -> str:
        run = m.group()
        try:
            octets = encoding.encode(run)
        except UnicodeEncodeError as err:
            if errors is Unencodable.STRICT:
                bad = run[err.start]
                position = m.start() + err.start
                raise CharsetError(
                    f"query character {bad!r} (U+{ord(bad):04X}) at position {position} of "
                    f"the query cannot be encoded in {encoding.name} (charset {charset!r})",
                    charset,
                    bad,
                    position,
                    encoding=encoding.name,
                ) from None
            # Browsers: "&#" + decimal code point + ";", then percent-encoded.
            octets = encoding.encode(run, "html")
        # Every octet is percent-encoded (3.3) except those of ASCII unreserved characters
        # (equivalent either way, RFC 3986 6.2.2.2; left literal as browsers do, e.g. the
        # digits of "&#383;" or the Shift_JIS trail byte 0x41). Octets such as the
        # Shift_JIS trail byte 0x5C ("\\") are encoded, so the result stays a URI.
        return encode_octets(octets, _QUERY_OCTETS)

    return NON_ASCII.pattern.sub(repl, query)


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
    (an Encoding Standard label, as HTML reads it: ``"latin1"`` is windows-1252): it
    applies to the query of ``http``/``https`` references only, and only when it is not
    UCS-based; ``errors`` says what to do with characters the charset cannot represent
    (:class:`Unencodable`).

    Raises :class:`iri.InvalidIRI` if ``text`` is not a valid IRI reference,
    :class:`iri.IDNAError` if a host cannot be mapped through IDNA, and
    :class:`iri.CharsetError` for an unknown charset or (``errors="strict"``) a query
    character the charset cannot represent.

    >>> to_uri("http://résumé.example.org/ros%09é#red")
    'http://xn--rsum-bpad.example.org/ros%09%C3%A9#red'
    >>> to_uri("http://résumé.example.org", host="percent")
    'http://r%C3%A9sum%C3%A9.example.org'
    >>> to_uri("http://example.org/?q=é€", charset="iso-8859-1")
    'http://example.org/?q=%E9%80'
    """
    if type(text) is not str:
        text = as_text(text, "to_uri() expects a str (an IRI reference), not {type}")
    mode = member(_HOST_MODES, HostMapping, host)
    policy = member(_UNENCODABLE, Unencodable, errors)
    if charset is not None:
        lookup(charset)  # the options before the text: an unknown charset whatever the text
    m = iri_reference_match(text)
    if m is None:
        raise invalid(text)
    if text.isascii() and (
        mode is HostMapping.AUTO
        or mode is HostMapping.PERCENT
        or (mode is HostMapping.IDNA and "%" not in text)
    ):
        # A valid IRI reference made of ASCII is a URI reference: nothing to map.
        # (Charset and IDNA only ever touch non-ASCII characters here.)
        return text
    scheme, authority = m["scheme"], m["authority"]
    if charset is None and (
        authority is None or (authority.isascii() and mode is HostMapping.AUTO)
    ):
        # No host to map and no query charset: RFC 3987 3.1 step 2 over the whole text at
        # once (every component is mapped the same way, 3.3; the delimiters are ASCII).
        return _to_uri_encode(text)
    encoding = None if charset is None else _query_encoding(charset, scheme)
    if mode is HostMapping.PERCENT and authority is not None and not authority.isascii():
        _require_idn_to_escape(split_authority(authority).host, scheme)
    use_idna = _use_idna(mode, scheme)
    host_mapped = authority is not None and (
        mode is HostMapping.IDNA
        or mode is HostMapping.UTS46
        or (not authority.isascii() and (use_idna or schemes.uses_dns(scheme)))
    )
    if not host_mapped and encoding is None:
        # RFC 3987 3.1 step 2 over the whole text at once: every component is mapped the
        # same way (3.3), and the delimiters are ASCII.
        return _to_uri_encode(text)
    start = _prefix_end(m)
    head = text[:start]
    if host_mapped:
        assert authority is not None
        head = text[: m.start("authority")] + _authority_to_uri(authority, mode, use_idna)
    else:
        head = _to_uri_encode(head)
    rest = text[start:]
    if encoding is None:
        return head + _to_uri_encode(rest)
    assert charset is not None
    path, query, fragment = _split_rest(rest)
    return "".join(
        (
            head,
            _to_uri_encode(path),
            "" if query is None else "?" + _encode_query(query, charset, encoding, policy),
            "" if fragment is None else "#" + _to_uri_encode(fragment),
        )
    )


def _split_rest(rest: str) -> tuple[str, str | None, str | None]:
    """Split ``path [ "?" query ] [ "#" fragment ]`` (RFC 3986 Appendix B)."""
    hash_at = rest.find("#")
    fragment = None if hash_at < 0 else rest[hash_at + 1 :]
    if hash_at >= 0:
        rest = rest[:hash_at]
    question = rest.find("?")
    if question < 0:
        return rest, None, fragment
    return rest[:question], rest[question + 1 :], fragment


def _authority_to_uri(authority: str, mode: HostMapping, use_idna: bool) -> str:
    auth = split_authority(authority)
    hostname = auth.host
    if not hostname.startswith("["):  # IP literals stay as they are (ASCII anyway)
        hostname = _host_to_uri(hostname, mode, use_idna)
    return "".join(
        (
            "" if auth.userinfo is None else _to_uri_encode(auth.userinfo) + "@",
            hostname,
            "" if auth.port is None else ":" + auth.port,
        )
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
    (:func:`iri.syntax.percent.may_decode`: never ``%``, reserved or not-allowed ASCII, bidi
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
    if type(text) is not str:
        text = as_text(text, "to_iri() expects a str (a URI reference), not {type}")
    mode = member(_HOST_MODES, HostMapping, host)
    keep = member(_KEEP_QUERY, KeepQuery, keep_query_encoded)
    m = iri_reference_match(text)
    if m is None:
        raise invalid(text)
    if "%" not in text and (idna.ACE_PREFIX not in text or mode is HostMapping.PERCENT):
        return text
    scheme, authority = m["scheme"], m["authority"]
    start = _prefix_end(m)
    head = text[:start]
    if authority is not None and (
        "%" in authority or (idna.ACE_PREFIX in authority and mode is not HostMapping.PERCENT)
    ):
        head = text[: m.start("authority")] + _authority_to_iri(
            authority, mode, _use_idna(mode, scheme)
        )
    rest = text[start:]
    keep_query = (
        keep is KeepQuery.HTTP
        and scheme is not None
        and scheme.lower() in _QUERY_CHARSET_SCHEMES
        and "?" in rest
    )
    question = rest.find("?")
    if not keep_query and (question < 0 or IPRIVATE_LEAD.search(rest, question) is None):
        # Common case, one pass: path, query and fragment follow the same rule (the
        # query's only difference, iprivate, cannot occur: no octet could start one).
        return head + decode(rest)
    path, query, fragment = _split_rest(rest)
    if query is not None and not keep_query:
        query = decode(query, in_query=True)
    return "".join(
        (
            head,
            decode(path),
            "" if query is None else "?" + query,
            "" if fragment is None else "#" + decode(fragment),
        )
    )


def _authority_to_iri(authority: str, mode: HostMapping, use_idna: bool) -> str:
    auth = split_authority(authority)
    return "".join(
        (
            "" if auth.userinfo is None else decode(auth.userinfo) + "@",
            _host_to_iri(auth.host, mode, use_idna),
            "" if auth.port is None else ":" + auth.port,
        )
    )
