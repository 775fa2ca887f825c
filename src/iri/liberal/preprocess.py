"""Pre-processing arbitrary Unicode strings (IRI guidelines draft, section 4).

draft-weber-iri-guidelines-01 section 4 prepares "an arbitrary Unicode reference-string
for later parsing into IRI sub-components". Step 3 (transcoding octets to Unicode) is
:func:`iri.from_bytes`; this module takes ``str`` and does steps 1, 2 and 4.
"""

from __future__ import annotations

import re
from typing import Final

from iri.liberal.repair import Repair, Repaired, reject_surrogates, require_text
from iri.syntax.option_member import option
from iri.syntax.options import Option
from iri.syntax.violations import Code

__all__ = ["CharacterReferences", "Spaces", "preprocess", "preprocess_repairs", "split_references"]


class Spaces(Option):
    """Step 2 when only one reference is allowed: what to do with a SPACE inside it."""

    #: "replace each U+0020 SPACE with a single percent-encoded U+0020 SPACE, written as %20"
    ENCODE = "encode"
    #: "remove blocks of contiguous whitespace" (read as: runs of U+0020, docs/rationale.md)
    REMOVE = "remove"


class CharacterReferences(Option):
    """Step 4, the draft's open question: decode numeric character references?

    The default is ``keep`` (see docs/rationale.md: markup parsers decode references
    before the reference-string exists, so decoding again would double-decode).
    """

    #: leave ``&#NNNN;`` / ``&#xHHHH;`` alone
    KEEP = "keep"
    #: replace every numeric character reference by its character (the draft's example)
    DECODE = "decode"
    #: replace only those whose character is ``iunreserved`` (the draft's alternative)
    IUNRESERVED = "iunreserved"


# Step 1: "U+0020 SPACE, U+000D CARRIAGE RETURN (CR), U+000A LINE FEED (LF), and U+0009
# CHARACTER TABULATION" (and no other whitespace).
_TRIM: Final = " \r\n\t"
# Step 2 (runs of U+0020) and step 4 (numeric character references), one scan. The digit
# counts are bounded (every code point fits), so int() never sees a long string.
_STEP_2_4: Final = re.compile(r"( +)|&#(?:[xX]([0-9A-Fa-f]{1,8})|([0-9]{1,8}));")
_SPACES: Final = re.compile(r"( +)")
_REFERENCE: Final = re.compile(r"&#(?:[xX]([0-9A-Fa-f]{1,8})|([0-9]{1,8}));")
_PIECE: Final = re.compile(r"[^ ]+")


def _is_iunreserved(char: str) -> bool:
    from iri.syntax.grammar import BIDI_FORMATTING, UNRESERVED, is_ucschar

    cp = ord(char)
    return char in UNRESERVED or (is_ucschar(cp) and cp not in BIDI_FORMATTING)


def _decoded(m: re.Match[str], hex_group: int, policy: CharacterReferences) -> str | None:
    """The character of a numeric character reference, or ``None`` to keep it."""
    if policy is CharacterReferences.KEEP:
        return None
    digits = m.group(hex_group) or m.group(hex_group + 1)
    cp = int(digits, 16 if m.group(hex_group) else 10)
    # Only real characters: no NUL, no surrogate, nothing beyond U+10FFFF.
    if cp == 0 or cp > 0x10FFFF or 0xD800 <= cp <= 0xDFFF:
        return None
    char = chr(cp)
    if policy is CharacterReferences.IUNRESERVED and not _is_iunreserved(char):
        return None
    return char


def _trim(text: str, repairs: list[Repair]) -> tuple[int, int]:
    """Step 1: the (start, end) of ``text`` without the leading/trailing SP/CR/LF/TAB."""
    start = len(text) - len(text.lstrip(_TRIM))
    end = len(text.rstrip(_TRIM)) if start < len(text) else start
    if start:
        repairs.append(
            Repair.of(Code.WHITESPACE_TRIMMED, 0, text[:start], "", "leading whitespace removed")
        )
    if end < len(text):
        repairs.append(
            Repair.of(Code.WHITESPACE_TRIMMED, end, text[end:], "", "trailing whitespace removed")
        )
    return start, end


def preprocess_repairs(
    text: str,
    *,
    spaces: Spaces | str = Spaces.ENCODE,
    references: CharacterReferences | str = CharacterReferences.KEEP,
) -> Repaired:
    """Guidelines section 4 steps 1, 2 and 4 for one reference, with every repair.

    >>> r = preprocess_repairs("  http://example.org/a b\\n")
    >>> r.text
    'http://example.org/a%20b'
    >>> [(x.code.value, x.span) for x in r.repairs]
    [('whitespace-trimmed', (0, 2)), ('whitespace-trimmed', (24, 25)), ('space-encoded', (22, 23))]
    """
    text = require_text(text)
    # the options before the text: a bad one raises whatever the text
    space_mode = option(Spaces, spaces, "spaces")
    policy = option(CharacterReferences, references, "references")
    # A lone surrogate is no character: nothing can encode it, so the result would not be
    # IRI text (3987bis 7.3; as lenient, from_leiri and href_steps: InvalidIRI).
    reject_surrogates(text)
    repairs: list[Repair] = []
    start, end = _trim(text, repairs)
    body = text[start:end]
    if " " not in body and (policy is CharacterReferences.KEEP or "&#" not in body):
        return Repaired(body, tuple(repairs))

    def step(m: re.Match[str]) -> str:
        at = start + m.start()
        if m.group(1) is not None:
            run = m.group(1)
            if space_mode is Spaces.REMOVE:
                # Step 2: "remove blocks of contiguous whitespace"
                repairs.append(Repair.of(Code.SPACE_REMOVED, at, run, "", "spaces removed"))
                return ""
            # Step 2: "replace each U+0020 SPACE with ... %20"
            repl = "%20" * len(run)
            repairs.append(Repair.of(Code.SPACE_ENCODED, at, run, repl, 'space written as "%20"'))
            return repl
        char = _decoded(m, 2, policy)
        if char is None:
            return m.group()
        # Step 4 (the draft's open question; decided in docs/rationale.md)
        repairs.append(
            Repair.of(
                Code.CHARACTER_REFERENCE_DECODED,
                at,
                m.group(),
                char,
                f"character reference {m.group()} decoded to U+{ord(char):04X}",
            )
        )
        return char

    # Without step 4 the scan looks for spaces only (a literal-prefix search: faster).
    pattern = _SPACES if policy is CharacterReferences.KEEP else _STEP_2_4
    return Repaired(pattern.sub(step, body), tuple(repairs))


def preprocess(
    text: str,
    *,
    spaces: Spaces | str = Spaces.ENCODE,
    references: CharacterReferences | str = CharacterReferences.KEEP,
) -> str:
    """Pre-process one reference-string (IRI guidelines section 4, steps 1, 2 and 4).

    Step 1 trims SPACE, CR, LF and TAB (only those) at both ends; step 2 writes each
    inner SPACE as ``%20`` (``spaces="encode"``) or removes runs of them (``"remove"``);
    step 4 decodes numeric character references only when asked (``references``).
    :func:`preprocess_repairs` also returns what was changed. Raises
    :class:`iri.InvalidIRI` for a lone surrogate, which no IRI holds and no step repairs
    (3987bis 7.3).

    >>> preprocess(" http://example.org/my file.html\\r\\n")
    'http://example.org/my%20file.html'
    >>> preprocess("http://example.org/my file", spaces="remove")
    'http://example.org/myfile'
    >>> preprocess("http://www.example.com/foobar;foo&#x003f;bar", references="decode")
    'http://www.example.com/foobar;foo?bar'
    """
    return preprocess_repairs(text, spaces=spaces, references=references).text


def split_references(
    text: str, *, references: CharacterReferences | str = CharacterReferences.KEEP
) -> list[Repaired]:
    """Step 2 where "more than one reference is allowed": split on runs of SPACE.

    Each piece is pre-processed on its own (step 4); spans stay in the original text.
    The trimming repairs of step 1 go with the first and the last piece. Raises
    :class:`iri.InvalidIRI` for a lone surrogate, as :func:`preprocess`.

    >>> [r.text for r in split_references(" a.html  b.html\\t")]
    ['a.html', 'b.html']
    """
    text = require_text(text)
    policy = option(CharacterReferences, references, "references")
    reject_surrogates(text)  # as preprocess_repairs (3987bis 7.3)
    trims: list[Repair] = []
    start, end = _trim(text, trims)
    pieces: list[Repaired] = []
    for m in _PIECE.finditer(text, start, end):
        repairs: list[Repair] = []
        at = m.start()

        def step(r: re.Match[str], at: int = at, repairs: list[Repair] = repairs) -> str:
            char = _decoded(r, 1, policy)
            if char is None:
                return r.group()
            repairs.append(
                Repair.of(
                    Code.CHARACTER_REFERENCE_DECODED,
                    at + r.start(),
                    r.group(),
                    char,
                    f"character reference {r.group()} decoded to U+{ord(char):04X}",
                )
            )
            return char

        piece = m.group()
        out = piece if policy is CharacterReferences.KEEP else _REFERENCE.sub(step, piece)
        pieces.append(Repaired(out, tuple(repairs)))
    if pieces and trims:
        lead = [t for t in trims if t.span[0] == 0 and start > 0]
        tail = [t for t in trims if t not in lead]
        first = pieces[0]
        pieces[0] = Repaired(first.text, (*lead, *first.repairs))
        last = pieces[-1]
        pieces[-1] = Repaired(last.text, (*last.repairs, *tail))
    return pieces
