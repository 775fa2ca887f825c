"""Named percent-encode sets: which characters a component holds percent-encoded.

A set names the characters it *encodes*, as the URL Standard's percent-encode sets and
rust-url's ``percent_encoding::AsciiSet`` do: :meth:`EncodeSet.add` encodes more,
:meth:`EncodeSet.remove` leaves more literal. Two families:

* the URL Standard's sets (WHATWG URL, "Percent-encoded bytes"): ASCII characters plus
  every code point above U+007E, so every non-ASCII character is encoded (as UTF-8);
* the sets named after an RFC 3987 2.2 rule (``IPCHAR`` encodes what ``ipchar`` does not
  allow). They leave ``ucschar`` literal (and ``iprivate`` for ``iquery``), but for the
  bidirectional formatting characters (RFC 3987 4.1: "IRIs MUST NOT contain" them). ``%``
  is encoded: the data they encode holds no ``pct-encoded`` yet (``encode`` can keep
  existing escapes, :func:`iri.syntax.percent.encode`). ``.uri`` is the URI form of such a
  set (RFC 3986: every non-ASCII character encoded, RFC 3987 3.1 step 2).

Each set cites its specification (the RFC 3987 ABNF quoted);
``tests/unit/test_percent_sets.py`` checks every one against the URL Standard's tests (WPT)
and the RFC 3987 ABNF.
"""

from __future__ import annotations

from typing import Final

from iri.syntax.grammar import BIDI_FORMATTING, IPRIVATE, SUB_DELIMS, UCSCHAR, UNRESERVED
from iri.syntax.percent.appropriate import inappropriate_code_points
from iri.syntax.percent.encodeset import ALL_NON_ASCII, EncodeSet, Ranges
from iri.syntax.percent.encodeset import name_sets as _name_sets

# Every name without a leading underscore is a named set (re-exported by the package).

_ASCII: Final = "".join(map(chr, range(0x80)))


def _chars(first: str, last: str) -> str:
    """The ASCII characters ``first`` to ``last``, inclusive (the Standard's "to")."""
    return "".join(map(chr, range(ord(first), ord(last) + 1)))


# ---------------------------------------------------------------------------------------
# The URL Standard (WHATWG URL, "Percent-encoded bytes"), its definitions restated: each set
# is the one it names plus the code points listed; every code point above U+007E is encoded.
# ---------------------------------------------------------------------------------------

#: C0 control percent-encode set: the C0 controls U+0000-001F and every code point above
#: U+007E (so U+007F too).
C0_CONTROL: Final = EncodeSet("C0 control", _chars("\x00", "\x1f") + "\x7f")
#: fragment percent-encode set: C0 control, plus space, '"', "<", ">" and "`".
FRAGMENT: Final = C0_CONTROL.add(' "<>`', "fragment")
#: query percent-encode set: C0 control, plus space, '"', "#", "<" and ">" (not "`").
QUERY: Final = C0_CONTROL.add(' "#<>', "query")
#: special-query percent-encode set (the query of http, https, ws, wss, ftp, file): query,
#: plus "'".
SPECIAL_QUERY: Final = QUERY.add("'", "special-query")
#: path percent-encode set: query, plus "?", "^", "`", "{" and "}".
PATH: Final = QUERY.add("?^`{}", "path")
#: userinfo percent-encode set: path, plus "/", ":", ";", "=", "@", "[" through "^" and "|".
USERINFO: Final = PATH.add("/:;=@" + _chars("[", "^") + "|", "userinfo")
#: component percent-encode set: userinfo, plus "$" through "&", "+" and ",".
COMPONENT: Final = USERINFO.add(_chars("$", "&") + "+,", "component")
#: application/x-www-form-urlencoded percent-encode set: component, plus "!", "'" through
#: ")" and "~".
FORM_URLENCODED: Final = COMPONENT.add("!" + _chars("'", ")") + "~", "form-urlencoded")

# ---------------------------------------------------------------------------------------
# RFC 3987 2.2 (and RFC 3986 Appendix A for the URI forms): each set encodes every
# character its rule does not allow, "%" included (pct-encoded is what the set writes).
# ---------------------------------------------------------------------------------------

_IRI: Final = (UCSCHAR,)
_IRI_QUERY: Final = (UCSCHAR, IPRIVATE)


def _rfc3987(name: str, allowed: str, literal: tuple[Ranges, ...] = _IRI) -> EncodeSet:
    encoded = "".join(c for c in _ASCII if c not in allowed)
    return EncodeSet(name, encoded, literal, BIDI_FORMATTING, uri_name=name.removeprefix("i"))


#: iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
IUNRESERVED: Final = _rfc3987("iunreserved", UNRESERVED)
#: ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
IPCHAR: Final = _rfc3987("ipchar", UNRESERVED + SUB_DELIMS + ":@")
#: ipath-abempty = *( "/" isegment ), isegment = *ipchar: the characters of a path
IPATH: Final = _rfc3987("ipath", UNRESERVED + SUB_DELIMS + ":@/")
#: iquery = *( ipchar / iprivate / "/" / "?" )
IQUERY: Final = _rfc3987("iquery", UNRESERVED + SUB_DELIMS + ":@/?", _IRI_QUERY)
#: ifragment = *( ipchar / "/" / "?" )
IFRAGMENT: Final = _rfc3987("ifragment", UNRESERVED + SUB_DELIMS + ":@/?")
#: iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
IUSERINFO: Final = _rfc3987("iuserinfo", UNRESERVED + SUB_DELIMS + ":")
#: ireg-name = *( iunreserved / pct-encoded / sub-delims )
IREG_NAME: Final = _rfc3987("ireg-name", UNRESERVED + SUB_DELIMS)

#: The characters of an IRI reference outside the query: iunreserved / reserved / "%"
#: (reserved = gen-delims / sub-delims; "%" left literal: it starts a pct-encoded).
#: 3987bis 7.1 (LEIRI): "each character allowed in leiri-ucschar but not in ucschar must be
#: percent-encoded"; 7.2 step 3 likewise for href-ucschar. What no IRI component allows.
IRI_CHARACTERS: Final = EncodeSet(
    "IRI characters",
    "".join(c for c in _ASCII if c not in UNRESERVED + ":/?#[]@" + SUB_DELIMS + "%"),
    _IRI,
    BIDI_FORMATTING,
)
#: :data:`IRI_CHARACTERS` in the query, which also allows iprivate (RFC 3987 2.2 iquery).
IRI_QUERY_CHARACTERS: Final = EncodeSet(
    "IRI query characters", IRI_CHARACTERS.ascii_encoded, _IRI_QUERY, BIDI_FORMATTING
)
#: RFC 3987 3.1 step 2 on a valid IRI reference: "For each character in 'ucschar' or
#: 'iprivate'" (there, every non-ASCII character): percent-encode its UTF-8 octets. ASCII
#: stays as it is (existing pct-encoded included: "not encoded further").
NON_ASCII: Final = EncodeSet("non-ASCII", "")
#: Every character (UTS #58 Link Formatting escapes a character whatever it is).
ALL_CHARACTERS: Final = EncodeSet("all characters", _ASCII)
#: Every ASCII character but ``unreserved`` (RFC 3986 2.3), and nothing else (every other
#: code point stays as it is, a lone surrogate too: the text is a valid IRI's): in a run of
#: text between delimiters, an ASCII character would read as a delimiter or an escape
#: (character normalization, RFC 3987 5.3.2.2, can produce one: NFKC maps U+FF03 to "#").
ASCII_BUT_UNRESERVED: Final = EncodeSet(
    "ASCII but unreserved", "".join(c for c in _ASCII if c not in UNRESERVED), (ALL_NON_ASCII,)
)
#: What URI-to-IRI conversion never decodes (3987bis 4.2 step 4:
#: :func:`iri.syntax.percent.inappropriate_code_points`), and nothing else: no ASCII, no other
#: non-ASCII character. Percent-encoding normalization writes these encoded (RFC 3987
#: 5.3.2.3: "differences in percent-encoding (except for the percent-encoding of reserved
#: characters) MUST always result in the same resource"), so that each character has one
#: spelling in a normalized IRI: the one ``to_iri(to_uri(x))`` gives it.
INAPPROPRIATE_CHARACTERS: Final = EncodeSet(
    "inappropriate characters", "", (ALL_NON_ASCII,), inappropriate_code_points
)

# ---------------------------------------------------------------------------------------
# Scheme-specific sets (the typed values of iri.schemes write them).
# ---------------------------------------------------------------------------------------

#: RFC 6068 2: qchar = unreserved / pct-encoded / some-delims; some-delims = "!" / "$" /
#: "'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@" (IRI form: ucschar literal too).
QCHAR: Final = _rfc3987("qchar", UNRESERVED + "!$'()*+,;:@")
#: An addr-spec: qchar without "," (the address separator) and ";" (RFC 6068 2 item 1:
#: "at least the following also have to be percent-encoded: "&", ";", and "="").
MAILTO_ADDRESS: Final = QCHAR.add(",;", "mailto address")
#: hfname / hfvalue: qchar without ";" (item 1).
MAILTO_HFIELD: Final = QCHAR.add(";", "mailto hfield")
#: RFC 2397 3: "parameter := attribute "=" value" inside "mediatype := [ type "/" subtype ]
#: *( ";" parameter )": ipath characters without ";" and "," (the media type's separators).
DATA_PARAMETER: Final = IPATH.add(";,", "data parameter")

# The native names (the table of the compiled core is generated from this module's names).
_name_sets(globals())
