"""The encoder: every character an :class:`~iri.syntax.percent.EncodeSet` encodes becomes
the ``%HH`` of its UTF-8 octets, uppercase hex (RFC 3987 3.1 steps 2.1-2.3, 3987bis 3.3:
"Convert the character to a sequence of one or more octets using UTF-8 [RFC3629]" and
"Convert each octet of this sequence to %HH ... The hexadecimal notation SHOULD use
uppercase letters"; WHATWG URL "UTF-8 percent-encode").

Lone surrogates (docs/rationale.md, "Lone surrogates when encoding"): U+DC80-DCFF stand
for the octets 80-FF that :func:`~iri.syntax.percent.decode_escapes` could not read as
UTF-8 (``surrogateescape``) and are written back as those octets; any other lone surrogate
has no UTF-8 form and is an :class:`iri.IRIError` naming it, never ill-formed octets such
as ``%ED%A0%80`` and never a ``UnicodeEncodeError``.

The fast paths are the sets' own encoders (:attr:`EncodeSet.encoder`, in
:mod:`iri.syntax.percent.encodeset`), each checked against :func:`encode_by_character`
(the definition, one character at a time) by a property test.
"""

from __future__ import annotations

from iri.syntax.percent.decoder import BAD_PERCENT, PCT_ENCODED
from iri.syntax.percent.encodeset import EncodeSet, no_utf8

__all__ = ["encode", "encode_by_character", "encode_octets"]


def _utf8(text: str) -> bytes:
    """The UTF-8 octets of ``text``, U+DC80-DCFF as the octet each escapes."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as exc:
        raise no_utf8(text[exc.start]) from None


def encode_octets(octets: bytes, encode_set: EncodeSet | None = None) -> str:
    """Return ``%HH`` for every octet (uppercase hex), or, given ``encode_set``, for every
    octet but those of the ASCII characters the set leaves literal (WHATWG URL "percent-encode
    after encoding": the octets of a document charset).

    >>> encode_octets("é".encode())
    '%C3%A9'
    >>> from iri.syntax.percent import SPECIAL_QUERY
    >>> encode_octets(b"a b'\\xe9", SPECIAL_QUERY)
    'a%20b%27%E9'
    """
    if not octets:
        return ""
    if encode_set is None:
        return "%" + octets.hex("%").upper()
    table = encode_set.octets
    return "".join([table[b] for b in octets])


def encode(
    text: str,
    encode_set: EncodeSet,
    *,
    keep_escapes: bool = False,
    space_as_plus: bool = False,
) -> str:
    """Percent-encode (UTF-8) every character of ``text`` that ``encode_set`` encodes.

    With ``keep_escapes`` an existing ``%HH`` is left as it is (RFC 3987 3.1: "existing
    percent-encoded sequences are not encoded further") and only a ``%`` that starts none is
    encoded (if the set encodes ``%``). With ``space_as_plus`` a space is written ``+``
    (the URL Standard's ``spaceAsPlus``, application/x-www-form-urlencoded). Raises
    :class:`iri.IRIError` for a lone surrogate outside U+DC80-DCFF (module docstring).
    ``encode_set.encoder`` is this function with the set and no option, for hot loops.

    >>> from iri.syntax.percent import IPCHAR, PATH, NON_ASCII
    >>> encode("a b/é?", PATH), encode("a b/é?", IPCHAR), encode("a b/é?", NON_ASCII)
    ('a%20b/%C3%A9%3F', 'a%20b%2Fé%3F', 'a b/%C3%A9?')
    >>> encode("100%25 %zz", IPCHAR, keep_escapes=True)
    '100%25%20%25zz'
    """
    if keep_escapes and "%" in text and "%" in encode_set.ascii_encoded:
        return _keeping_escapes(text, encode_set, space_as_plus)
    return (encode_set.encoder_plus if space_as_plus else encode_set.encoder)(text)


def _keeping_escapes(text: str, s: EncodeSet, plus: bool) -> str:
    # Between two escapes, the text is encoded with "%" treated like any other character;
    # a "%" there starts no escape (BAD_PERCENT), so it is encoded.
    out: list[str] = []
    last = 0
    for m in PCT_ENCODED.finditer(text):
        out.append(encode(text[last : m.start()], s, space_as_plus=plus))
        out.append(m.group())
        last = m.end()
    out.append(encode(text[last:], s, space_as_plus=plus))
    return "".join(out)


def encode_by_character(
    text: str, encode_set: EncodeSet, keep_escapes: bool = False, space_as_plus: bool = False
) -> str:
    """:func:`encode`, written as the definition: one character at a time, each looked up
    in the set (:meth:`EncodeSet.encodes`). The readable twin of the fast paths.

    >>> from iri.syntax.percent import IQUERY
    >>> encode_by_character("q=a b&c\\ue000", IQUERY)
    'q=a%20b&c\\ue000'
    """
    out: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if keep_escapes and c == "%" and BAD_PERCENT.match(text, i) is None:
            out.append(text[i : i + 3])
            i += 3
            continue
        if not encode_set.encodes(c):
            out.append(c)
        elif space_as_plus and c == " ":
            out.append("+")
        else:
            out.append(encode_octets(_utf8(c)))
        i += 1
    return "".join(out)
