"""What would make a shown IRI split differently from the IRI: delimiter look-alikes and
line breaks. One decision, which :func:`iri.to_display` applies (it percent-encodes them)
and :func:`iri.audit` reports (a warning or a danger per character).

* **Delimiter and space look-alikes** (RFC 3987 6.1 b, 3987bis 10: "many look-alikes of
  "space", "delims"" ... "should be avoided"): the characters of the one table
  ``iri.safety._tables.delimiters``, computed from Unicode data by
  ``tools/gen_delimiter_table.py`` (97 with Python 3.11: every character whose NFKC form or
  UTS #46 mapping holds one of ``: / ? # [ ] @ .`` or is spaces only, and the punctuation,
  symbols and spaces whose UTS #39 confusable prototype is one of them). A person reads
  U+FF0F FULLWIDTH SOLIDUS and U+2215 DIVISION SLASH as "/", U+3000 IDEOGRAPHIC SPACE as a
  space that ends the IRI. One rule for every component: such a character is escaped
  where a reader would take it for a delimiter of the component it stands in
  (:data:`RELEVANT`): anywhere in the authority (a host holding one is shown
  percent-encoded, whole), "/", "?", "#" and a space after it (path, query, fragment);
  ":" too in the first segment of a reference with neither scheme nor authority
  (``http：／／bank.example`` is a relative path).
* **Line breaks**: every character :meth:`str.splitlines` splits on (:data:`LINE_BREAKS`,
  NEL U+0085 and U+2028, U+2029 included): shown raw, one IRI would print as two lines.

Decisions are made on the IRI as written; nothing is mapped before it is decided.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Final

from iri.safety.findings import AuditCode, Finding, Level, finding
from iri.syntax.percent import encode_octets

__all__ = [
    "LINE_BREAKS",
    "RELEVANT",
    "concerns",
    "escape",
    "findings",
    "host_needs_encoding",
    "is_space",
    "lookalikes",
    "pieces",
    "reading",
    "reading_holds",
]

#: Every character ``str.splitlines`` ends a line at (the Python documentation's table):
#: LF, VT, FF, CR, FS, GS, RS, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. A test checks it
#: against ``str.splitlines`` over every code point.
LINE_BREAKS: Final = "\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029"
_LINE_BREAK: Final = re.compile(f"[{re.escape(LINE_BREAKS)}]")

#: The delimiters a reader could take a look-alike for, per component (RFC 3986 Appendix B
#: and 3.2: what would change where a component starts or ends; a space, where the IRI
#: ends, RFC 3986 Appendix C). After the authority "/", "?" and "#" read as the path,
#: query and fragment structure a reader relies on, in each of the three alike.
#: "first-segment" is the first segment of the path of a reference with neither scheme
#: nor authority, where ":" would read as a scheme and "//" as an authority.
RELEVANT: Final = {
    "scheme": ":/?#[]@. ",
    "userinfo": ":/?#[]@. ",
    "host": ":/?#[]@. ",
    "port": ":/?#[]@. ",
    "first-segment": ":/?# ",
    "path": "/?# ",
    "query": "/?# ",
    "fragment": "/?# ",
}
_AUTHORITY: Final = frozenset({"scheme", "userinfo", "host", "port"})


@cache
def lookalikes() -> dict[str, str]:
    """Delimiter look-alike -> what a person reads (the generated table, loaded on use)."""
    from iri.safety._tables.delimiters import LOOKALIKES

    return {chr(cp): text for cp, text in LOOKALIKES.items()}


@cache
def _pattern(component: str) -> re.Pattern[str] | None:
    relevant = set(RELEVANT[component])
    chars = "".join(c for c, text in lookalikes().items() if relevant.intersection(text))
    return re.compile(f"[{re.escape(chars)}]") if chars else None


def _search(text: str, component: str) -> re.Match[str] | None:
    pattern = None if text.isascii() else _pattern(component)
    return None if pattern is None else pattern.search(text)


def is_space(reading: str) -> bool:
    """Whether a look-alike reads as spaces only (a space look-alike, not a delimiter)."""
    return reading.strip(" ") == ""


def reading_holds(char: str, delimiter: str) -> bool:
    """Whether ``char`` is a look-alike that reads as holding ``delimiter`` (the table)."""
    return delimiter in lookalikes().get(char, "")


def host_needs_encoding(host: str) -> bool:
    """Whether ``host`` holds a delimiter look-alike: then it is shown percent-encoded,
    whole, as written (its A-label form would hold the delimiter IDNA maps it to)."""
    return _search(host, "host") is not None


def _percent(m: re.Match[str]) -> str:
    return encode_octets(m.group().encode("utf-8", "surrogatepass"))


def escape(text: str, component: str) -> str:
    """``text`` (one component, or a piece from :func:`pieces`) with every look-alike of a
    delimiter relevant there percent-encoded (UTF-8)."""
    pattern = None if text.isascii() else _pattern(component)
    return text if pattern is None else pattern.sub(_percent, text)


def pieces(path: str, start: int, first_segment: bool) -> list[tuple[str, int, str]]:
    """The path as ``(text, start, component)`` pieces: its first segment apart when the
    reference has neither scheme nor authority (``first_segment``)."""
    if not first_segment:
        return [(path, start, "path")]
    end = path.find("/")
    if end < 0:
        return [(path, start, "first-segment")]
    return [(path[:end], start, "first-segment"), (path[end:], start + end, "path")]


def reading(text: str) -> str:
    """``text`` as a person reads it: each delimiter look-alike replaced by its reading."""
    return text if text.isascii() else text.translate(_reading_table())


@cache
def _reading_table() -> dict[int, str]:
    return {ord(c): r for c, r in lookalikes().items()}


@cache
def _any() -> re.Pattern[str]:
    return re.compile(f"[{re.escape(''.join(lookalikes()) + LINE_BREAKS)}]")


def concerns(text: str) -> bool:
    """Whether ``text`` holds a look-alike or a line break (one scan, in C)."""
    if text.isascii():  # all line breaks are controls: one isprintable() pass, then memchr
        return not text.isprintable() and (
            "\n" in text
            or "\r" in text
            or "\v" in text
            or "\f" in text
            or "\x1c" in text
            or "\x1d" in text
            or "\x1e" in text
        )
    return _any().search(text) is not None


def findings(text: str, parts: list[tuple[str, int, str]]) -> list[Finding]:
    """One finding per delimiter or space look-alike that :func:`escape` encodes (a
    warning: ``delimiter-lookalike``, or ``space-lookalike`` when it reads as a space) and per
    line break (danger in the scheme and the authority, else warning), for the ``parts``
    of ``text`` (``(part, start, component)``, the path in :func:`pieces`)."""
    out: list[Finding] = []
    breaks = _LINE_BREAK.search(text) is not None
    for part, start, comp in parts:
        where = "path" if comp == "first-segment" else comp
        if breaks:
            level = Level.DANGER if comp in _AUTHORITY else Level.WARNING
            for m in _LINE_BREAK.finditer(part):
                at = start + m.start()
                msg = _message(m.group(), "")
                out.append(finding(level, AuditCode.LINE_BREAK, at, at + 1, msg, where))
        pattern = None if part.isascii() else _pattern(comp)
        for m in pattern.finditer(part) if pattern is not None else ():
            at = start + m.start()
            char = m.group()
            code = AuditCode.DELIMITER_LOOKALIKE
            if is_space(lookalikes()[char]):
                code = AuditCode.SPACE_LOOKALIKE
            out.append(finding(Level.WARNING, code, at, at + 1, _message(char, where), where))
    return out


@lru_cache(maxsize=1024)
def _message(char: str, component: str) -> str:
    """The message of a line break (``component`` empty) or of a look-alike there."""
    name = f"U+{ord(char):04X} {unicodedata.name(char, '')}".rstrip()
    if not component:
        return f"{name} breaks the line: to_display escapes it"
    text = lookalikes()[char]
    if is_space(text):
        return f"{name} reads as a space, where the IRI would end: to_display percent-encodes it"
    return (
        f"{name} reads as {text!r}, a delimiter the {component} does not have"
        " here: to_display percent-encodes it"
    )
