"""Percent-encoding: the one module (named encode sets, one encoder, one decoder).

RFC 3986 2.1: ``pct-encoded = "%" HEXDIG HEXDIG``. Every other module that writes or reads
``%HH`` comes here, and names the set it encodes with:

* :mod:`.encodeset`: :class:`EncodeSet`, a set as a value, and its fast encoder;
* :mod:`.sets`: the named sets: the URL Standard's percent-encode
  sets (``C0_CONTROL``, ``FRAGMENT``, ``QUERY``, ``SPECIAL_QUERY``, ``PATH``, ``USERINFO``,
  ``COMPONENT``, ``FORM_URLENCODED``), one per RFC 3987 2.2 rule (``IUNRESERVED``,
  ``IPCHAR``, ``IPATH``, ``IQUERY``, ``IFRAGMENT``, ``IUSERINFO``, ``IREG_NAME``; ``.uri``
  for the RFC 3986 form), and what the callers need besides (``NON_ASCII`` for RFC 3987
  3.1, ``IRI_CHARACTERS`` for LEIRI and web addresses, the scheme-specific ones);
* :mod:`.encoder`: :func:`encode` (text) and :func:`encode_octets` (octets);
* :mod:`.decoder`: the ``%HH`` patterns and the decoding of runs of them
  (:func:`decode_octets`, :func:`decode_escapes`, :func:`decode_utf8_escapes`);
* :mod:`.appropriate`: URI-to-IRI decoding (3987bis 4.2), :func:`decode`.

>>> encode("a b/é", PATH), encode("a b/é", IPCHAR), decode_escapes("a%20b%2F%C3%A9")
('a%20b/%C3%A9', 'a%20b%2Fé', 'a b/é')
"""

from __future__ import annotations

from iri.syntax.percent.appropriate import (
    INAPPROPRIATE,
    IPRIVATE_LEAD,
    decode,
    inappropriate_code_points,
    may_decode,
)
from iri.syntax.percent.decoder import (
    BAD_PERCENT,
    ESCAPED_ASCII,
    ESCAPED_LABEL_CHARACTER,
    LOWERCASE_PCT_ENCODED,
    PCT_ENCODED,
    PCT_ENCODED_RUN,
    decode_escapes,
    decode_label_characters,
    decode_octets,
    decode_utf8,
    decode_utf8_escapes,
    run_octets,
    uppercase_hex,
    utf8_errors,
)
from iri.syntax.percent.encoder import encode, encode_by_character, encode_octets
from iri.syntax.percent.encodeset import EncodeSet
from iri.syntax.percent.sets import (
    ALL_CHARACTERS,
    ASCII_BUT_UNRESERVED,
    C0_CONTROL,
    COMPONENT,
    DATA_PARAMETER,
    FORM_URLENCODED,
    FRAGMENT,
    IFRAGMENT,
    INAPPROPRIATE_CHARACTERS,
    IPATH,
    IPCHAR,
    IQUERY,
    IREG_NAME,
    IRI_CHARACTERS,
    IRI_QUERY_CHARACTERS,
    IUNRESERVED,
    IUSERINFO,
    MAILTO_ADDRESS,
    MAILTO_HFIELD,
    NON_ASCII,
    PATH,
    QCHAR,
    QUERY,
    SPECIAL_QUERY,
    USERINFO,
)

__all__ = [
    "ALL_CHARACTERS",
    "ASCII_BUT_UNRESERVED",
    "BAD_PERCENT",
    "C0_CONTROL",
    "COMPONENT",
    "DATA_PARAMETER",
    "ESCAPED_ASCII",
    "ESCAPED_LABEL_CHARACTER",
    "FORM_URLENCODED",
    "FRAGMENT",
    "IFRAGMENT",
    "INAPPROPRIATE",
    "INAPPROPRIATE_CHARACTERS",
    "IPATH",
    "IPCHAR",
    "IPRIVATE_LEAD",
    "IQUERY",
    "IREG_NAME",
    "IRI_CHARACTERS",
    "IRI_QUERY_CHARACTERS",
    "IUNRESERVED",
    "IUSERINFO",
    "LOWERCASE_PCT_ENCODED",
    "MAILTO_ADDRESS",
    "MAILTO_HFIELD",
    "NON_ASCII",
    "PATH",
    "PCT_ENCODED",
    "PCT_ENCODED_RUN",
    "QCHAR",
    "QUERY",
    "SPECIAL_QUERY",
    "USERINFO",
    "EncodeSet",
    "decode",
    "decode_escapes",
    "decode_label_characters",
    "decode_octets",
    "decode_utf8",
    "decode_utf8_escapes",
    "encode",
    "encode_by_character",
    "encode_octets",
    "inappropriate_code_points",
    "may_decode",
    "run_octets",
    "uppercase_hex",
    "utf8_errors",
]
