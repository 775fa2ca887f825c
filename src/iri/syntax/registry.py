"""The data of the violation registry: every code's severity, spec section, summary and example.

Kept apart from :mod:`iri.syntax.violations` (which defines the types and exposes the
registry as :data:`iri.syntax.violations.REGISTRY`) because it is data, not code: plain
strings keyed by the :class:`~iri.syntax.violations.Code` member's name, so that this module
imports nothing.
"""

from __future__ import annotations

__all__ = ["ENTRIES"]

#: ``Code`` member name -> (severity, section, summary, example[, example's rule]).
ENTRIES: dict[str, tuple[str, ...]] = {
    "INVALID_CHARACTER": (
        "error",
        "RFC 3987 2.2",
        "A character that the component's ABNF rule does not allow.",
        "http://example.org/a b",
    ),
    "NON_ASCII_CHARACTER": (
        "error",
        "RFC 3986 2",
        "A non-ASCII character in a URI rule; an IRI would allow it (see to_uri).",
        "http://example.org/é",
        "URI",
    ),
    "IPRIVATE_OUTSIDE_QUERY": (
        "error",
        "RFC 3987 2.2",
        "A private-use or tag character (iprivate) outside the query.",
        "http://example.org/\ue000",
    ),
    "BIDI_FORMATTING_CHARACTER": (
        "error",
        "RFC 3987 4.1",
        "IRIs MUST NOT contain bidirectional formatting characters.",
        "http://example.org/\u202eabc",
    ),
    "INVALID_PERCENT_ENCODING": (
        "error",
        "RFC 3986 2.1",
        'A "%" that is not followed by two hexadecimal digits.',
        "http://example.org/100%",
    ),
    "MISSING_SCHEME": (
        "error",
        "RFC 3987 2.2",
        "The rule requires a scheme and the text has none.",
        "//example.org/path",
        "IRI",
    ),
    "INVALID_SCHEME": (
        "error",
        "RFC 3986 3.1",
        'The scheme is not ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).',
        "1http://example.org/",
        "IRI",
    ),
    "SCHEME_NOT_ALLOWED": (
        "error",
        "RFC 3987 2.2",
        "A relative reference cannot start with a scheme.",
        "http://example.org/",
        "irelative_ref",
    ),
    "INVALID_PORT": (
        "error",
        "RFC 3986 3.2.3",
        "The port is not a sequence of decimal digits.",
        "http://example.org:8o/",
    ),
    "INVALID_IP_LITERAL": (
        "error",
        "RFC 3986 3.2.2",
        "The text in brackets is neither an IPv6 address nor an IPvFuture.",
        "http://[1:2:3:4:5:6:7:8:9]/",
    ),
    "ZONE_ID_NOT_ALLOWED": (
        "error",
        "RFC 3986 3.2.2",
        "An IPv6 zone identifier (RFC 6874) without the option that allows it.",
        "http://[fe80::1%25eth0]/",
    ),
    "COLON_IN_FIRST_SEGMENT": (
        "error",
        "RFC 3986 4.2",
        "The first segment of a relative-path reference contains a colon.",
        "1a:b/c",
    ),
    "FRAGMENT_NOT_ALLOWED": (
        "error",
        "RFC 3987 2.2",
        "The rule (absolute-IRI / absolute-URI) does not allow a fragment.",
        "http://example.org/#top",
        "absolute_IRI",
    ),
    "NOT_NFC": (
        "warning",
        "RFC 3987 5.3.2.2",
        "IRIs SHOULD be created by using NFC; this component is not in NFC.",
        "http://example.org/re\u0301sume\u0301",
    ),
    "LOWERCASE_PERCENT_ENCODING": (
        "warning",
        "RFC 3986 2.1",
        "Producers should use uppercase hexadecimal digits in percent-encodings.",
        "http://example.org/%c3%a9",
    ),
    "PERCENT_ENCODED_UNRESERVED": (
        "warning",
        "RFC 3986 2.3",
        "Percent-encoded unreserved characters should be written as themselves.",
        "http://example.org/%7Euser",
    ),
    "PERCENT_ENCODED_INVALID_UTF8": (
        "warning",
        "RFC 3987 3.2",
        "Percent-encoded octets that are not valid UTF-8.",
        "http://example.org/r%E9sum%E9",
    ),
    "PERCENT_ENCODED_OVERLONG_UTF8": (
        "warning",
        "RFC 3629 3",
        "An overlong UTF-8 form (e.g. %C0%AF for '/'): invalid and a known attack vector.",
        "http://example.org/a%C0%AFb",
    ),
    "DOT_SEGMENT": (
        "warning",
        "RFC 3986 3.3",
        'A "." or ".." segment in an absolute path; they are meant for relative references.',
        "http://example.org/a/../b",
    ),
    "EMPTY_PORT": (
        "warning",
        "RFC 3986 3.2.3",
        'Producers should omit an empty port and its ":" delimiter.',
        "http://example.org:/",
    ),
    "DEFAULT_PORT": (
        "warning",
        "RFC 3986 3.2.3",
        "Producers should omit a port equal to the scheme's default.",
        "http://example.org:80/",
    ),
    "PORT_OUT_OF_RANGE": (
        "warning",
        "RFC 6335 6",
        "A port above 65535: port numbers are 16-bit, so no scheme can use it "
        "(RFC 3986 3.2.3 leaves port = *DIGIT unbounded; the URL Standard fails).",
        "http://example.org:99999/",
    ),
    "UPPERCASE_SCHEME": (
        "warning",
        "RFC 3986 3.1",
        "Producers should only produce lowercase scheme names.",
        "HTTP://example.org/",
    ),
    "UPPERCASE_HOST": (
        "warning",
        "RFC 3986 3.2.2",
        "Producers should use lowercase for registered names and hexadecimal addresses.",
        "http://Example.ORG/",
    ),
    "REG_NAME_NOT_DNS": (
        "warning",
        "RFC 3986 3.2.2",
        "URI producers should use names that conform to the DNS syntax.",
        "http://my_host.example/",
    ),
    "REG_NAME_TOO_LONG": (
        "warning",
        "RFC 3986 3.2.2",
        "Registered names should have no more than 255 characters.",
        "http://" + "a." * 128 + "example/",
    ),
    "PASSWORD_IN_USERINFO": (
        "warning",
        "RFC 3986 3.2.1",
        'Use of "user:password" in the userinfo is deprecated.',
        "ftp://user:secret@example.org/",
    ),
    "JOINER_OUT_OF_CONTEXT": (
        "warning",
        "3987bis 5.1",
        "ZWJ/ZWNJ outside the contexts of RFC 5892 Appendix A: strongly discouraged.",
        "http://example.org/a\u200db",
    ),
    "PRIVATE_USE_CHARACTER": (
        "warning",
        "3987bis 7.3",
        "Private-use and tag characters are not interoperable on the Internet.",
        "http://example.org/?q=\ue000",
    ),
    "MAILTO_INVALID_ADDRESS": (
        "warning",
        "RFC 6068 2",
        'A mailto address that is not an addr-spec (local-part "@" domain).',
        "mailto:joe",
    ),
    "MAILTO_INVALID_DOMAIN": (
        "warning",
        "RFC 6068 2",
        "A mailto domain that is neither a dot-atom nor a domain literal, or not a valid IDN.",
        "mailto:joe@exa%20mple.org",
    ),
    "MAILTO_INVALID_HEADER": (
        "warning",
        "RFC 6068 2",
        'A mailto header field without "=" (hfield = hfname "=" hfvalue).',
        "mailto:joe@example.org?subject",
    ),
    "DATA_MISSING_COMMA": (
        "warning",
        "RFC 2397 3",
        'A data URL without the "," that separates the media type from the data.',
        "data:text/plain;base64",
    ),
    "DATA_INVALID_MEDIA_TYPE": (
        "warning",
        "RFC 2397 3",
        "A data URL media type or parameter that is not type/subtype; attribute=value.",
        "data:text;charset=utf-8,hello",
    ),
    "DATA_INVALID_BASE64": (
        "warning",
        "RFC 2397 3",
        'A data URL marked ";base64" whose data is not valid base64.',
        "data:;base64,aGVsbG8*",
    ),
    "FILE_PATH_NOT_ABSOLUTE": (
        "warning",
        "RFC 8089 2",
        "A file IRI whose path is not absolute (and not a DOS drive letter, RFC 8089 E.2).",
        "file:notes/todo.txt",
    ),
    "URN_INVALID_NID": (
        "warning",
        "RFC 8141 2",
        "A URN namespace identifier that is not 2-32 letters, digits and inner hyphens.",
        "urn:x:foo",
    ),
    "URN_INVALID_NSS": (
        "warning",
        "RFC 8141 2",
        'A URN namespace-specific string that is missing or starts with "/".',
        "urn:example:",
    ),
    "URN_INVALID_RQ_COMPONENTS": (
        "warning",
        "RFC 8141 2",
        'A URN query that is not "?+" r-component and/or "?=" q-component.',
        "urn:example:a?b",
    ),
    "BIDI_MIXED_DIRECTION": (
        "warning",
        "RFC 3987 4.2",
        "A component should not use both right-to-left and left-to-right characters.",
        "http://example.org/\u05d0\u05d1c\u05d2",
    ),
    "BIDI_COMPONENT_EDGE": (
        "warning",
        "RFC 3987 4.2",
        "A component using right-to-left characters should start and end with one.",
        "http://example.org/\u05d0\u05d11/2\u05d2",
    ),
    "BIDI_RULE": (
        "warning",
        "RFC 5893 2",
        "A host label of a domain with right-to-left labels breaks the Bidi Rule.",
        "http://\u05d0\u05d1.1\u05d2.example/",
    ),
    # -- repairs (iri.liberal): the example_rule names the liberal step (iri.Liberal) --
    "WHITESPACE_TRIMMED": (
        "info",
        "IRI guidelines 4",
        "Leading or trailing SPACE, CR, LF or TAB removed (step 1).",
        " http://example.org/\n",
        "preprocess",
    ),
    "SPACE_ENCODED": (
        "warning",
        "IRI guidelines 4",
        'A SPACE inside the reference written as "%20" (step 2).',
        "http://example.org/a b",
        "preprocess",
    ),
    "SPACE_REMOVED": (
        "warning",
        "IRI guidelines 4",
        "A run of SPACE characters inside the reference removed (step 2).",
        "http://example.org/a b",
        "preprocess-remove-spaces",
    ),
    "CHARACTER_REFERENCE_DECODED": (
        "warning",
        "IRI guidelines 4",
        "A numeric character reference (&#NNNN; / &#xHHHH;) replaced by its character.",
        "http://example.org/foobar;foo&#x003f;bar",
        "preprocess-decode-references",
    ),
    "SCHEME_NOT_RECOGNIZED": (
        "warning",
        "IRI guidelines 5.1",
        'The text before the first ":" is not a scheme: the reference is taken as relative.',
        "1a:b",
        "lenient",
    ),
    "CHARACTER_ENCODED": (
        "warning",
        "IRI guidelines 5.3",
        "Characters not allowed in their component percent-encoded as UTF-8.",
        "http://example.org/a b",
        "lenient",
    ),
    "PERCENT_SIGN_ENCODED": (
        "warning",
        "3987bis 7.2",
        'A "%" not followed by two hexadecimal digits written as "%25" (step 4).',
        "http://example.org/100%",
        "lenient",
    ),
    "HOST_MAPPED": (
        "info",
        "IRI guidelines 5.2.2",
        "The host mapped through UTS #46 (on request).",
        "http://EXAMPLE.org/",
        "lenient-uts46",
    ),
    "LEIRI_CHARACTER_ENCODED": (
        "info",
        "3987bis 7.1",
        "A character allowed by leiri-ucschar but not by ucschar percent-encoded as UTF-8.",
        "http://example.org/a b",
        "leiri",
    ),
    "HREF_CHARACTER_STRIPPED": (
        "warning",
        "3987bis 7.2",
        "A TAB, LF or CR inside a web address removed (href-strip, as browsers do).",
        "http://exa\nmple.org/",
        "href",
    ),
    "HREF_CHARACTER_ENCODED": (
        "warning",
        "3987bis 7.2",
        "A character allowed by href-ucschar but not by ucschar percent-encoded (step 3).",
        "http://example.org/a b",
        "href",
    ),
    "HREF_BACKSLASH_CONVERTED": (
        "warning",
        "3987bis 7.2",
        'A backslash used as a path separator converted to "/" (step 5).',
        "http://example.org\\a\\b",
        "href",
    ),
    "HREF_SERIALIZED": (
        "info",
        "3987bis 7.2",
        "The web address as a browser serializes it differs from the text (WHATWG URL).",
        "HTTP://example.org/a/../b",
        "from-href",
    ),
    "QUERY_CHARACTER_REFERENCE": (
        "warning",
        "3987bis 7.2",
        'A query character the document charset cannot encode, sent as "&#N;" (WHATWG URL).',
        "http://example.org/?q=\u20ac",
        "from-href-iso-8859-2",
    ),
    "CHARSET_DECODED": (
        "info",
        "3987bis 3.1",
        "Octets in a legacy charset decoded to UCS and normalized to NFC.",
        "http://example.org/r\xe9sum\xe9",
        "bytes-windows-1252",
    ),
    "BYTE_ORDER_MARK": (
        "error",
        "RFC 3629 6",
        "The text starts with U+FEFF, the byte order mark of the file it came from.",
        "\ufeffhttp://example.org/",
    ),
    "LEADING_WHITESPACE": (
        "error",
        "RFC 3986 C",
        "The text starts with white space, which no IRI contains (strip it).",
        " http://example.org/",
    ),
    "TRAILING_WHITESPACE": (
        "error",
        "RFC 3986 C",
        "The text ends with white space, which no IRI contains (strip it).",
        "http://example.org/\t",
    ),
    "PERCENT_ENCODED_ASCII_IN_HOST": (
        "error",
        "RFC 3986 3.2.2",
        "A host must not percent-encode a US-ASCII character that is not a letter, digit or "
        "hyphen: it cannot form a label (draft-duerst-idn-uri 3).",
        "http://%2A.example.org/",
    ),
    "PERCENT_ENCODED_HOST_NOT_IDN": (
        "error",
        "draft-duerst-idn-uri 3",
        "A host with percent-encoded UTF-8 that does not decode to a valid IDN.",
        "http://%E2%80%AE.example/",
    ),
    "PERCENT_ENCODED_LABEL_CHARACTER_IN_HOST": (
        "warning",
        "RFC 3986 3.2.2",
        "An escaped US-ASCII letter, digit or hyphen in a host: legal (draft-duerst-idn-uri 3, "
        "'http://www.w%33.org'), but producers must not write it; normalize decodes it.",
        "http://www.w%33.org/",
    ),
    "HOST_NOT_IDN": (
        "warning",
        "3987bis 3.4.2",
        "A non-ASCII host of a DNS scheme that will not convert through IDNA (to_uri raises "
        "IDNAError); the message says which rule, and whether host='uts46' maps it.",
        "http://\U0001f355.ws/",
    ),
    "INVALID_A_LABEL": (
        "warning",
        "RFC 5891 5.4",
        "A label of a DNS host that begins with 'xn--' but is no valid A-label (RFC 5890 "
        "2.3.2.1: its Punycode does not decode to a valid U-label); the message says why.",
        "http://xn--a.com/",
    ),
    "VIOLATIONS_OMITTED": (
        "warning",
        "iri check(limit)",
        "More violations of one code in one component than the limit: the rest are "
        "counted, not listed (check(text, limit=None) lists all).",
        "http://example.org/" + "%7E" * 11,
    ),
}
