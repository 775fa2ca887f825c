"""IRIs in documents and file systems with legacy charsets (3987bis 6.3, 6.4, 8.4, 8.7).

- 6.3: writing an IRI into a document whose native encoding is not UTF-8
  (:func:`to_document`);
- 8.4: generating an IRI from a local name held in a legacy encoding (:func:`from_local_name`);
- 8.7: the candidate readings of a percent-encoded name on the server side (:func:`readings`).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from iri.convert.charsets import lookup, output_encoding
from iri.liberal.charsets import from_bytes
from iri.liberal.lenient import Form
from iri.liberal.repair import require_str, require_text
from iri.syntax.check import is_valid
from iri.syntax.errors import InvalidIRI
from iri.syntax.option_member import option
from iri.syntax.options import Option
from iri.syntax.percent import IPCHAR, NON_ASCII, PCT_ENCODED_RUN, encode, run_octets

__all__ = ["Markup", "Reading", "candidate_readings", "from_local_name", "to_document"]


class Markup(Option):
    """How a document escapes characters its encoding cannot hold (3987bis 6.3)."""

    #: numeric character references, ``&#xE9;`` ("in HTML or XML, numeric character
    #: references SHOULD be used"); ``&`` itself is written ``&amp;``
    HTML = "html"
    XML = "xml"
    #: no escaping convention: percent-encoding as UTF-8 ("they MAY be percent-encoded
    #: according to Section 3.6")
    NONE = "none"


def to_document(text: str, charset: str, *, markup: Markup | str = Markup.HTML) -> str:
    """Write the IRI reference ``text`` for a document in ``charset`` (3987bis 6.3).

    ``charset`` is an Encoding Standard label, as browsers read it in HTML and XML alike
    (``us-ascii`` and ``iso-8859-1`` are windows-1252); the document is written in its
    output encoding (UTF-16 and ``replacement``: UTF-8). Characters the charset can hold
    stay as they are (the document's encoder writes them in its encoding: "IRIs MUST also
    be encoded in this character encoding"); the others become numeric character references
    (``markup="html"``/``"xml"``) or UTF-8 percent-encodings (``markup="none"``). Raises
    :class:`iri.InvalidIRI` for text that is not an IRI reference and
    :class:`iri.CharsetError` for an unknown charset.

    >>> to_document("http://www.example.org/résumé.html", "koi8-r", markup="xml")
    'http://www.example.org/r&#xE9;sum&#xE9;.html'
    >>> to_document("http://www.example.org/résumé/日本?a=1&b=2", "windows-1252")
    'http://www.example.org/résumé/&#x65E5;&#x672C;?a=1&amp;b=2'
    >>> to_document("http://www.example.org/résumé/日本", "latin1", markup="none")
    'http://www.example.org/résumé/%E6%97%A5%E6%9C%AC'
    """
    text = require_text(text)
    mode = option(Markup, markup, "markup")
    if not is_valid(text):
        from iri.syntax.check import check

        raise InvalidIRI(text, check(text))
    require_str(charset, "charset")
    encoding = output_encoding(charset)
    escaping = mode is not Markup.NONE
    body = text.replace("&", "&amp;") if escaping else text

    def repl(m: re.Match[str]) -> str:
        out: list[str] = []
        for char in m.group():
            if encoding.can_encode(char):
                out.append(char)
            elif escaping:
                out.append(f"&#x{ord(char):X};")
            else:
                out.append(encode(char, NON_ASCII))
        return "".join(out)

    return body if encoding.can_encode(body) else NON_ASCII.pattern.sub(repl, body)


def from_local_name(name: bytes, charset: str, *, form: Form | str = Form.IRI) -> str:
    """An IRI path segment for a local resource name held in a legacy encoding (3987bis
    8.4): decoded and normalized to NFC (3.1), then every character a segment does not
    allow percent-encoded as UTF-8 (``/`` included, so the result is one segment).

    >>> from_local_name(b"r\\xe9sum\\xe9.html", "iso-8859-1")
    'résumé.html'
    >>> from_local_name(b"r\\xe9sum\\xe9.html", "iso-8859-1", form="uri")
    'r%C3%A9sum%C3%A9.html'
    >>> from_local_name(b"\\x93\\xfa\\x96{ 1/2.txt", "shift_jis")
    '日本%201%2F2.txt'
    """
    # isegment = *ipchar, "%" included: the name holds no pct-encoded yet.
    segment = IPCHAR.uri if option(Form, form, "form") is Form.URI else IPCHAR
    return encode(from_bytes(name, charset).text, segment)


class Reading(NamedTuple):
    """One candidate reading of a percent-encoded name: the charset and the decoded text."""

    charset: str
    text: str


def candidate_readings(text: str, charsets: tuple[str, ...] = ()) -> list[Reading]:
    """The candidate readings of the percent-encoded octets in ``text`` (3987bis 8.7):
    UTF-8 first, then each of ``charsets`` (e.g. ``("shift_jis", "euc-jp")``) in which
    every run of octets decodes. Characters that are not percent-encoded are kept; the
    results are local names, not IRIs.

    >>> candidate_readings("/r%E9sum%E9.html", ("iso-8859-1",))
    [Reading(charset='windows-1252', text='/résumé.html')]
    >>> candidate_readings("/%E6%97%A5%E6%9C%AC", ("shift_jis", "euc-jp"))
    [Reading(charset='UTF-8', text='/日本'), Reading(charset='Shift_JIS', text='/譌･譛ｬ')]
    """
    text = require_text(text)
    runs = list(PCT_ENCODED_RUN.finditer(text))
    octets = [run_octets(m.group()) for m in runs]
    found: list[Reading] = []
    seen: set[str] = set()
    for label in ("utf-8", *charsets):
        encoding = lookup(label)  # CharsetError for an unknown label
        if encoding.name in seen:
            continue
        seen.add(encoding.name)
        try:
            decoded = [encoding.decode(o) for o in octets]
        except UnicodeDecodeError:
            continue
        out: list[str] = []
        last = 0
        for m, piece in zip(runs, decoded, strict=True):
            out += (text[last : m.start()], piece)
            last = m.end()
        out.append(text[last:])
        found.append(Reading(encoding.name, "".join(out)))
    return found
