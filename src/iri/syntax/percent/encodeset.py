"""The percent-encode set as a value: :class:`EncodeSet`, and the fast encoder of each set.

The named sets are in :mod:`iri.syntax.percent.sets`; :func:`iri.syntax.percent.encode` is
the public function. A set keeps the tables its encoder needs, each built on first use (the
``ucschar`` classes are large, and ``import iri`` stays cheap): the octet table, the
``str.translate`` table, the pattern of a run of characters to encode, and the encoder
itself, a closure over them (one attribute lookup and one call on the hot paths).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import cached_property
from typing import Final

from iri.syntax.errors import IRIError
from iri.syntax.grammar import char_class
from iri.syntax.percent.appropriate import inappropriate_code_points

__all__ = ["ALL_NON_ASCII", "EncodeSet", "Ranges", "no_utf8"]

Ranges = tuple[tuple[int, int], ...]
_ASCII: Final = "".join(map(chr, range(0x80)))


#: Every non-ASCII code point, as the :attr:`EncodeSet.literal` of a set that encodes ASCII only.
ALL_NON_ASCII: Final[Ranges] = ((0x80, 0x10FFFF),)


def _in(cp: int, ranges: tuple[Ranges, ...]) -> bool:
    return any(lo <= cp <= hi for group in ranges for lo, hi in group)


class EncodeSet:
    """A named percent-encode set: the ASCII characters it encodes, and the non-ASCII
    code points it leaves literal (none for a URL Standard set: every code point above
    U+007E is encoded; ``ucschar`` without the bidi formatting characters for an RFC 3987
    set). Treat it as immutable (its tables are built once, on first use); it compares by
    identity. Derive new sets with :meth:`add`, :meth:`remove` and :meth:`appropriate`, and
    name them where they are defined."""

    def __init__(
        self,
        name: str,
        ascii_encoded: str,
        literal: tuple[Ranges, ...] = (),
        exclude: frozenset[int] | Callable[[], frozenset[int]] = frozenset(),
        *,
        uri_name: str | None = None,
    ) -> None:
        assert ascii_encoded.isascii()
        #: The name, after the specification's own (``"path"``, ``"ipchar"``).
        self.name = name
        #: The ASCII characters this set encodes, sorted.
        self.ascii_encoded = "".join(sorted(set(ascii_encoded)))
        #: Non-ASCII code point ranges left literal, before :attr:`excluded` is cut out.
        self.literal = literal
        self._exclude = exclude
        self._uri_name = uri_name
        #: The name of this set in the table of the compiled core (``iri._native``): its
        #: name in :mod:`iri.syntax.percent.sets` (:func:`name_sets`), ``NAME.uri`` for the
        #: URI form of a named set; ``None`` for every other set.
        self.native_name: str | None = None

    def __repr__(self) -> str:
        return f"<EncodeSet {self.name}>"

    # -- derived sets ------------------------------------------------------------------

    def add(self, chars: str, name: str | None = None) -> EncodeSet:
        """This set, also encoding the ASCII ``chars``."""
        return EncodeSet(
            name or f"{self.name} + {chars!r}",
            self.ascii_encoded + chars,
            self.literal,
            self._exclude,
            uri_name=None if self._uri_name is None else f"{self._uri_name} + {chars!r}",
        )

    def remove(self, chars: str, name: str | None = None) -> EncodeSet:
        """This set, leaving the ASCII ``chars`` literal."""
        return EncodeSet(
            name or f"{self.name} - {chars!r}",
            "".join(c for c in self.ascii_encoded if c not in chars),
            self.literal,
            self._exclude,
            uri_name=None if self._uri_name is None else f"{self._uri_name} - {chars!r}",
        )

    @cached_property
    def uri(self) -> EncodeSet:
        """The URI form (RFC 3986): the same ASCII characters, every non-ASCII one encoded
        (RFC 3987 3.1 step 2). A URL Standard set is its own URI form."""
        if not self.literal:
            return self
        uri = EncodeSet(self._uri_name or f"{self.name} (URI)", self.ascii_encoded)
        if self.native_name is not None:
            uri.native_name = f"{self.native_name}.uri"
        return uri

    def appropriate(self) -> EncodeSet:
        """This set, also encoding what URI-to-IRI conversion never decodes (3987bis 4.2
        step 4, :func:`iri.syntax.percent.inappropriate_code_points`): bidi formatting,
        other format characters, space separators, invisible characters. What such a set
        writes, :func:`iri.to_iri` leaves as it is (docs/rationale.md V3)."""
        return EncodeSet(
            f"{self.name} (appropriate)",
            self.ascii_encoded,
            self.literal,
            inappropriate_code_points,
            uri_name=self._uri_name,
        )

    # -- the definition, readable ------------------------------------------------------

    @cached_property
    def excluded(self) -> frozenset[int]:
        """Code points cut out of :attr:`literal` (encoded although in its ranges)."""
        return self._exclude if isinstance(self._exclude, frozenset) else self._exclude()

    def encodes(self, char: str) -> bool:
        """Whether this set encodes ``char`` (one character): the definition, per character.

        >>> from iri.syntax.percent import IPCHAR, PATH
        >>> PATH.encodes(" "), PATH.encodes("/"), PATH.encodes("é"), IPCHAR.encodes("é")
        (True, False, True, False)
        """
        cp = ord(char)
        if cp < 0x80:
            return char in self.ascii_encoded
        return not _in(cp, self.literal) or cp in self.excluded

    # -- the tables of the encoder, built on first use ----------------------------------

    @cached_property
    def ascii_literal(self) -> str:
        """The ASCII characters this set leaves literal."""
        return "".join(c for c in _ASCII if c not in self.ascii_encoded)

    @cached_property
    def octets(self) -> tuple[str, ...]:
        """For each octet 0-255, its form: the ASCII character left literal, or ``%HH``
        (octets 80-FF are always encoded: they are not characters)."""
        return tuple(
            chr(b) if b < 0x80 and chr(b) not in self.ascii_encoded else f"%{b:02X}"
            for b in range(256)
        )

    @cached_property
    def ascii_table(self) -> dict[int, str]:
        """``str.translate`` table: each encoded ASCII character to its ``%HH``."""
        return {ord(c): f"%{ord(c):02X}" for c in self.ascii_encoded}

    @cached_property
    def ascii_table_plus(self) -> dict[int, str]:
        """:attr:`ascii_table` with U+0020 written ``+`` (``spaceAsPlus``)."""
        table = dict(self.ascii_table)
        if 0x20 in table:
            table[0x20] = "+"
        return table

    def encoded_class(self) -> str:
        """A regex class matching one character this set encodes."""
        if not self.ascii_literal and not self.literal:
            return r"[\x00-\U0010ffff]"  # every character (an empty negated class is no class)
        return char_class(self.ascii_literal, *self.literal, negate=True, exclude=self.excluded)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """One run of characters this set encodes (possessive: linear time)."""
        return re.compile(self.encoded_class() + "++")

    @cached_property
    def split_pattern(self) -> re.Pattern[str]:
        """:attr:`pattern` with a capturing group: ``split`` gives literal, run, literal ..."""
        return re.compile(f"({self.encoded_class()}++)")

    @cached_property
    def non_ascii_encoded(self) -> re.Pattern[str] | None:
        """A non-ASCII character this set encodes, for a set that leaves some literal
        (``None`` for a set that encodes every non-ASCII character)."""
        if not self.literal:
            return None
        return re.compile(char_class(_ASCII, *self.literal, negate=True, exclude=self.excluded))

    @cached_property
    def separator(self) -> str | None:
        """An ASCII character this set leaves literal (so never inside a run), whose
        ``%HH`` the batch encoder splits on; ``None`` when the set encodes all of ASCII."""
        for c in "\naA0" + self.ascii_literal.replace(" ", ""):  # not " " (spaceAsPlus)
            if c in self.ascii_literal:
                return c
        return None

    @cached_property
    def separator_hex(self) -> str:
        """The ``%HH`` of :attr:`separator`."""
        return "" if self.separator is None else f"%{ord(self.separator):02X}"

    @cached_property
    def encoder(self) -> Callable[[str], str]:
        """``str -> str``: :func:`iri.syntax.percent.encode` with this set (the compiled
        core's encoder for a named set, when it is in use: :func:`_native_encoder`)."""
        return _native_encoder(self, _build_encoder(self, plus=False), plus=False)

    @cached_property
    def encoder_plus(self) -> Callable[[str], str]:
        """:attr:`encoder`, a space written ``+`` (``spaceAsPlus``)."""
        return _native_encoder(self, _build_encoder(self, plus=True), plus=True)


def no_utf8(char: str) -> IRIError:
    """The error for a lone surrogate that is not an escaped octet (docs/rationale.md)."""
    return IRIError(
        f"cannot encode U+{ord(char):04X}: a lone surrogate that is not an escaped octet "
        "(U+DC80-DCFF) has no UTF-8 form"
    )


def _hex(run: str, plus: bool) -> str:
    """``%HH`` for each UTF-8 octet of ``run`` (U+DC80-DCFF: the octet it escapes)."""
    try:
        octets = run.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as exc:
        raise no_utf8(run[exc.start]) from None
    out = "%" + octets.hex("%").upper()
    return out.replace("%20", "+") if plus else out


def _build_encoder(s: EncodeSet, *, plus: bool) -> Callable[[str], str]:
    """The encoding function of one set, its tables and patterns bound in a closure.

    ASCII text is one ``str.translate``; text whose non-ASCII characters all stay literal
    is one search and one ``str.translate``; otherwise one ``split`` finds every run, and
    all runs are encoded and hex-dumped at once. A property test checks it against
    :func:`iri.syntax.percent.encode_by_character` for every named set.
    """
    table = s.ascii_table_plus if plus else s.ascii_table
    if s.literal == (ALL_NON_ASCII,) and not s.excluded:
        # ASCII only is encoded (translate maps its ASCII keys and leaves every other
        # character alone); no class of all non-ASCII to compile (slow in CPython's ``re``).
        def ascii_only(text: str) -> str:
            return text.translate(table)

        return ascii_only
    bad = None if s.non_ascii_encoded is None else s.non_ascii_encoded.search
    split = s.split_pattern.split
    sep, sep_hex = s.separator, s.separator_hex

    def encoder(text: str) -> str:
        if text.isascii() or (bad is not None and bad(text) is None):
            # Only ASCII characters to encode: translate maps its ASCII keys and leaves
            # every other character alone.
            return text.translate(table) if table else text
        # Here the text holds a non-ASCII character the set encodes: at least one run.
        pieces = split(text)  # literal, run, literal, run, ..., literal
        runs = pieces[1::2]
        if len(runs) > 1 and sep is None:
            pieces[1::2] = [_hex(run, plus) for run in runs]
            return "".join(pieces)
        # All runs at once: joined by a character the set leaves literal (so in no run;
        # its %HH can only stand at an octet boundary), encoded, hex-dumped, split again.
        joined = runs[0] if len(runs) == 1 else sep.join(runs)  # type: ignore[union-attr]
        try:
            octets = joined.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError as exc:
            raise no_utf8(joined[exc.start]) from None
        hexed = "%" + octets.hex("%").upper()
        if plus:
            hexed = hexed.replace("%20", "+")
        if len(runs) == 1:
            pieces[1] = hexed
        else:
            pieces[1::2] = hexed.split(sep_hex)
        return "".join(pieces)

    return encoder


def name_sets(namespace: dict[str, object]) -> None:
    """Give each named set of ``namespace`` (a module's globals: every public name bound
    to an :class:`EncodeSet`) its :attr:`~EncodeSet.native_name`, the name itself (the
    names of the generated table of ``iri._native``, tools/gen_native_tables.py)."""
    for name, value in namespace.items():
        if not name.startswith("_") and isinstance(value, EncodeSet):
            value.native_name = name


def _native_encoder(
    s: EncodeSet, python: Callable[[str], str], *, plus: bool
) -> Callable[[str], str]:
    """The encoder of ``s``: the compiled core's (``iri._native.encoder``, issue 21; it
    calls ``python``, this module's encoder, for what it defers: lone surrogates, ``str``
    subclasses, non-``str``) for a named set when the core is in use (``IRI_NO_EXTENSIONS``
    unset or empty and ``iri._native`` imports, as ``iri.NATIVE``), else ``python``.

    Both answer the same (tests/native/test_native_percent.py); the native one is chosen
    where it was measured faster (docs/performance.md, "Percent-encoding"): every named
    set on ASCII and non-ASCII lines, but for the sets that encode no ASCII character
    (``NON_ASCII``, ``INAPPROPRIATE_CHARACTERS``), where ``python`` answers an ASCII text
    with one ``isascii()`` and the native encoder is asked only about the others.
    """
    if s.native_name is None or os.environ.get("IRI_NO_EXTENSIONS"):
        return python
    try:
        from iri._native import encoder  # optional, loaded on first use
    except ImportError:
        return python
    native = encoder(s.native_name, plus, python)
    if native is None:
        return python
    if s.ascii_encoded:
        return native

    def non_ascii_only(text: str) -> str:
        return text if text.isascii() else native(text)

    return non_ascii_only
