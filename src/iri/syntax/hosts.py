"""Host names to A-labels and back, through the `idna` package (IDNA2008 + UTS #46).

3987bis 3.4.2: "Replace the ireg-name part of the IRI by the part converted using the
Domain Name Lookup procedure (Subsections 5.3 to 5.5) of [RFC5891] on each dot-separated
label". RFC 3987 3.1 asks for ``UseSTD3ASCIIRules`` off ("set to FALSE", as corrected by
3987bis 3.4). We run UTS #46 processing with these flags:

* ``Transitional_Processing=false`` (deprecated since Unicode 15.1; ``ß`` stays ``ß``),
* ``CheckHyphens=true``, ``CheckBidi=true``, ``CheckJoiners=true``,
* ``UseSTD3ASCIIRules=false``, ``VerifyDnsLength=false``, ``IgnoreInvalidPunycode=false``,

and, for non-ASCII labels, the IDNA2008 code point classes of the `idna` package (PVALID,
CONTEXTJ, CONTEXTO), which is stricter than UTS #46's "valid" status (see
docs/rationale.md). This module's name shadows nothing: ``import idna`` below is the
PyPI package (absolute imports). The built-in ``idna`` codec (IDNA2003) is never used.

Results are cached per host (a bounded LRU cache), failures included.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

import idna as _idna
from idna.core import (
    IDNABidiError,
    check_bidi,
    check_hyphen_ok,
    check_label,
    uts46_remap,
)

from iri.syntax.errors import IDNAError
from iri.syntax.grammar import ACE_PREFIX, MAX_LABEL, SUB_DELIMS, UNRESERVED, char_class
from iri.syntax.host_cache import by_cache
from iri.syntax.percent import decode_label_characters, decode_utf8_escapes

__all__ = ["ACE_PREFIX", "host_to_ascii", "map_host", "to_ascii", "to_unicode"]

# UTS #46 4 step 1 maps U+3002, U+FF0E and U+FF61 to U+002E; splitting the original text
# on all four gives the same labels and lets errors point into the original host.
_DOTS: Final = re.compile("[.\u3002\uff0e\uff61]")
_RTL: Final = frozenset({"R", "AL", "AN"})
_MESSAGE_POSITION: Final = re.compile(r"at position ([0-9]{1,9}) ")
#: DNS length limits (RFC 1034 3.1; RFC 5890 2.3.2.1, :data:`iri.syntax.grammar.MAX_LABEL`;
#: UTS #46 4.1 step 4, VerifyDnsLength: "The length of the domain name, excluding the root
#: label and its dot, is from 1 to 253").
MAX_NAME: Final = 253
#: reg-name = *( unreserved / pct-encoded / sub-delims ) (RFC 3986 3.2.2), without
#: pct-encoded: what a label produced by IDNA must match to stand in a URI.
_NOT_REG_NAME: Final = re.compile(char_class(UNRESERVED + SUB_DELIMS, negate=True))


class _FailureError(Exception):
    def __init__(self, label: str, position: int, reason: str) -> None:
        super().__init__(reason)
        self.label = label
        self.position = position
        self.reason = reason


#: The rule behind each ``code`` of an ``idna`` error (idna >= 3.19 names them), so that an
#: IDNAError says which rule of IDNA2008 or UTS #46 rejected the label.
_RULES: Final = {
    "disallowed_codepoint": "IDNA2008 code points, RFC 5892 2 (DISALLOWED)",
    "unknown_codepoint": "IDNA2008 code points, RFC 5892 2 (UNASSIGNED)",
    "contextj": "CONTEXTJ, RFC 5892 Appendix A.1-A.2",
    "contexto": "CONTEXTO, RFC 5892 Appendix A.3-A.9",
    "hyphen_3_4": "hyphens, RFC 5891 4.2.3.1 (CheckHyphens)",
    "hyphen_start_end": "hyphens, RFC 5891 4.2.3.1 (CheckHyphens)",
    "leading_combiner": "leading combining mark, RFC 5891 4.2.3.2",
    "not_nfc": "NFC, RFC 5891 5.2",
    "invalid_alabel": "A-label, RFC 5891 5.4",
    "non_canonical_alabel": "A-label, RFC 5891 5.4",
    "uts46_disallowed": "UTS #46 mapping table (disallowed)",
    "uts46_std3": "UTS #46 UseSTD3ASCIIRules",
}


def _reason(err: Exception) -> str:
    reason = str(err) or type(err).__name__
    code = getattr(err, "code", None)
    if isinstance(code, str) and code.startswith("bidi_rule_"):
        return f"{reason} [Bidi rule {code[10:]}, RFC 5893 2]"
    rule = _RULES.get(code) if isinstance(code, str) else None
    if rule is None and isinstance(err, IDNABidiError):
        rule = "Bidi rule, RFC 5893 2"
    return reason if rule is None else f"{reason} [{rule}]"


def _error_position(err: Exception, start: int) -> int:
    pos = getattr(err, "position", None)  # idna >= 3.19: the 1-based index in the label
    if pos is None and not isinstance(err, IDNABidiError):
        # Older idna: only the message says it ("... at position N ...", 1-based there;
        # the Bidi messages count from 0 and are not used).
        m = _MESSAGE_POSITION.search(str(err))
        pos = int(m[1]) if m is not None else None
    return start + pos - 1 if isinstance(pos, int) and pos > 0 else start


def _punycode(label: str) -> str:
    return ACE_PREFIX + label.encode("punycode").decode("ascii")


def _to_ascii(host: str) -> str:
    # UTS #46 4 (Processing) step 1 (map) and step 2 (normalize, NFC, done by uts46_remap),
    # label by label so that positions refer to the original host.
    mapped: list[tuple[int, str, str]] = []  # (start in host, original label, mapped)
    start = 0
    for original in _DOTS.split(host):
        try:
            remapped = uts46_remap(original, std3_rules=False, transitional=False)
        except (UnicodeError, ValueError) as err:
            raise _FailureError(original, _error_position(err, start), _reason(err)) from err
        # A mapping can produce U+002E (e.g. U+2024 ONE DOT LEADER): step 3 breaks there.
        mapped.extend((start, original, part) for part in remapped.split("."))
        start += len(original) + 1

    # Step 4 (convert/validate) and ToASCII step 2 (A-labels), per label.
    ascii_labels: list[str] = []
    unicode_labels: list[str] = []
    for start, original, label in mapped:
        try:
            if not label:
                # Empty labels (a trailing dot, or "a..b") pass: VerifyDnsLength=false.
                ascii_labels.append(label)
                unicode_labels.append(label)
            elif label.startswith(ACE_PREFIX):
                # 4 step 4.1: an A-label must be ASCII, decode, be non-ASCII, validate.
                if not label.isascii():
                    raise _FailureError(original, start, "A-label contains non-ASCII characters")
                ulabel = _idna.ulabel(label)
                if ulabel.isascii():
                    raise _FailureError(original, start, "A-label decodes to an ASCII label")
                ascii_labels.append(label)
                unicode_labels.append(ulabel)
            elif label.isascii():
                # Validity criteria 2 and 3 (CheckHyphens); STD3 rules are off, so any
                # other ASCII character is allowed (the caller checks the host syntax).
                check_hyphen_ok(label)
                ascii_labels.append(label)
                unicode_labels.append(label)
            else:
                # Validity criteria 1, 2, 3, 6, 7, 8 (CheckJoiners) and 9 (CheckBidi, for
                # this label): IDNA2008 check_label; then Punycode (ToASCII step 2).
                check_label(label)
                ascii_labels.append(_punycode(label))
                unicode_labels.append(label)
        except _FailureError:
            raise
        except (UnicodeError, ValueError) as err:
            raise _FailureError(original, _error_position(err, start), _reason(err)) from err

    # Validity criterion 9 across labels: "If CheckBidi, and if the domain name is a Bidi
    # domain name, then the label must satisfy all six of the numbered conditions in
    # RFC 5893, Section 2" -- every label, LTR ones included.
    if any(unicodedata.bidirectional(c) in _RTL for lab in unicode_labels for c in lab):
        for (start, original, _), label in zip(mapped, unicode_labels, strict=True):
            if label:
                try:
                    check_bidi(label, check_ltr=True)
                except (UnicodeError, ValueError) as err:
                    raise _FailureError(original, start, _reason(err)) from err
    return ".".join(ascii_labels)


@lru_cache(maxsize=4096)
def _to_ascii_cached(host: str) -> str | tuple[str, int, str]:
    try:
        return _to_ascii(host)
    except _FailureError as failure:
        return (failure.label, failure.position, failure.reason)


def to_ascii(host: str) -> str:
    """Return the UTS #46 ToASCII form of ``host`` or raise :class:`iri.IDNAError`.

    Every label is processed (ASCII labels are lowercased and checked for hyphens, as
    UTS #46 does); which hosts to pass here is the caller's decision (see
    :func:`iri.convert.uri.to_uri`).

    >>> to_ascii("résumé.example.org")
    'xn--rsum-bpad.example.org'
    >>> to_ascii("Faß.de")
    'xn--fa-hia.de'
    """
    result = by_cache(_to_ascii_cached, host)
    if isinstance(result, tuple):
        label, position, reason = result
        raise IDNAError(host, label, position, reason)
    return result


def to_unicode(host: str) -> str:
    """Return ``host`` with each A-label turned into its U-label, when that is safe.

    3987bis 4.2 step 7 ("SHOULD convert punycode-encoded domain name labels to the
    corresponding characters using the ToUnicode procedure"). A label is converted only
    when it is a valid A-label (UTS #46 ToUnicode with the flags above, IDNA2008 code
    points); the whole result is kept only when :func:`to_ascii` maps it back to exactly
    ``host``. Otherwise ``host`` is returned unchanged. Never raises.

    >>> to_unicode("xn--99zt52a.example.org")
    '納豆.example.org'
    >>> to_unicode("XN--99ZT52A.example.org"), to_unicode("xn--abc.example")
    ('XN--99ZT52A.example.org', 'xn--abc.example')
    """
    if ACE_PREFIX not in host:
        return host  # before the cache, so that plain hosts never evict A-label hosts
    return by_cache(_to_unicode_cached, host)


@lru_cache(maxsize=4096)
def _to_unicode_cached(host: str) -> str:
    labels = host.split(".")
    for i, label in enumerate(labels):
        if label.startswith(ACE_PREFIX):
            try:
                ulabel = _idna.ulabel(label)
            except (UnicodeError, ValueError):
                continue
            if not ulabel.isascii():
                labels[i] = ulabel
    result = ".".join(labels)
    if result == host:
        return host
    # The round trip: to_uri maps the new host with host_to_ascii; keep it only if that
    # gives back exactly ``host`` (labels converted per label, ASCII labels as written).
    back = by_cache(_host_to_ascii_cached, result, False)
    return result if back == host else host


def map_host(host: str) -> str:
    """The UTS #46 mapping of a DNS host that is to be written percent-encoded.

    draft-duerst-idn-uri 3: the host of a DNS scheme may be written as percent-encoded
    UTF-8 only after the processing IDNA applies (nameprep then, UTS #46 mapping now: case
    folding, NFC, the compatibility mappings), so ``RÉSUMÉ.example`` is written
    ``r%C3%A9sum%C3%A9.example``. Its escaped UTF-8 is decoded first; what does not map
    (an IDNA failure) is returned as it is, for the caller's own IDNA check to refuse.

    >>> map_host("RÉSUMÉ.Example"), map_host("ＡＢＣ。日本")
    ('résumé.example', 'abc.日本')
    """
    return by_cache(_map_host_cached, host)


@lru_cache(maxsize=4096)
def _map_host_cached(host: str) -> str:
    decoded = decode_utf8_escapes(decode_label_characters(host)) if "%" in host else host
    if decoded is None:
        return host
    try:
        return str(uts46_remap(decoded, std3_rules=False, transitional=False))
    except (UnicodeError, ValueError):
        return host


def host_to_ascii(host: str, *, decode_ascii: bool = False) -> str:
    """Map the ``ireg-name`` ``host`` to a URI host, label by label (3987bis 3.4.2).

    3987bis 3.4.2: "Replace the ireg-name part of the IRI by the part converted using the
    Domain Name Lookup procedure ... on each dot-separated label". An escaped letter, digit
    or hyphen is decoded first, in every label (draft-duerst-idn-uri 3: ``www.w%33.org`` is
    ``www.w3.org``). Each label holding a non-ASCII character has its percent-encodings
    decoded (they must be UTF-8) and becomes its A-label; an ASCII label is kept as written
    (it already is a URI label), unless ``decode_ascii`` is set and its percent-encodings
    decode to non-ASCII UTF-8.
    The whole name is validated by :func:`to_ascii` (Bidi and joiners look across labels)
    and, when a label was converted, checked against the DNS length limits (63 octets per
    label, 253 per name). Raises :class:`iri.IDNAError`. Results are cached.

    >>> host_to_ascii("résumé.EXAMPLE.org")
    'xn--rsum-bpad.EXAMPLE.org'
    >>> host_to_ascii("ß.%c3%a9x"), host_to_ascii("ß.%c3%a9x", decode_ascii=True)
    ('xn--zca.%c3%a9x', 'xn--zca.xn--x-9fa')
    >>> host_to_ascii("www.w%33.org"), host_to_ascii("w%33.ß")
    ('www.w3.org', 'w3.xn--zca')
    """
    result = by_cache(_host_to_ascii_cached, host, decode_ascii)
    if isinstance(result, tuple):
        label, position, reason = result
        raise IDNAError(host, label, position, reason)
    return result


@lru_cache(maxsize=4096)
def _host_to_ascii_cached(host: str, decode_ascii: bool) -> str | tuple[str, int, str]:
    try:
        return _host_to_ascii(host, decode_ascii)
    except _FailureError as failure:
        return (failure.label, failure.position, failure.reason)
    except IDNAError as err:
        return (err.label, err.position, err.reason)


def _host_to_ascii(host: str, decode_ascii: bool) -> str:
    written = _DOTS.split(host)
    # draft-duerst-idn-uri 3, 3987bis 3.4.2: an escaped letter, digit or hyphen is that
    # character of a legal label ("www.w%33.org" is "www.w3.org"), decoded before IDNA in
    # every mode that runs it; other escapes are decided below.
    labels = [decode_label_characters(label) for label in written]
    names: list[str] = []  # each label as IDNA sees it (percent-decoded where asked)
    starts: list[int] = []
    start = 0
    for label, as_written in zip(labels, written, strict=True):
        name = label
        if "%" in label and (decode_ascii or not label.isascii()):
            decoded = decode_utf8_escapes(label)
            if decoded is not None:
                name = decoded
            elif not label.isascii():
                # "If any percent-encodings are not valid UTF-8 octet sequences, then leave
                # the entire field as is without any change, since punycode encoding would
                # not succeed": a label with other non-ASCII characters cannot stay as is.
                position = start + label.index("%")
                raise _FailureError(label, position, "percent-encoded octets are not UTF-8")
            # else: an ASCII label that is not UTF-8 stays as written (a URI label already)
        names.append(name)
        starts.append(start)
        start += len(as_written) + 1
    converted = [not name.isascii() for name in names]
    if not any(converted) and host.isascii():
        return host if labels == written else ".".join(labels)
    # UTS #46 processing and validity over the whole name (CheckBidi, CheckJoiners look
    # at every label), then each converted label's own A-label.
    to_ascii(".".join(names))
    out: list[str] = []
    for label, name, at, conv in zip(labels, names, starts, converted, strict=True):
        if not conv:
            out.append(label)  # ASCII label: kept exactly as written
            continue
        part = to_ascii(name)
        if not part or "." in part:
            # 3987bis 3.4.2 converts "each dot-separated label": a label stays one label.
            # A mapping to nothing (U+00AD) or to a dot (U+2024, a decoded U+3002) would
            # make an empty label or a new one (draft-duerst-idn-uri 3: not a legal name).
            raise _FailureError(
                label, at, f"{name!r} maps to {part!r}, which is not one non-empty label"
            )
        bad = _NOT_REG_NAME.search(part)
        if bad is not None:
            raise _FailureError(
                label, at, f"{name!r} maps to {part!r}, whose {bad[0]!r} is not allowed in a host"
            )
        out.append(part)
    result = ".".join(out)
    # Length limits (VerifyDnsLength; see MAX_LABEL), in octets of the ASCII result.
    for label, part, at in zip(labels, out, starts, strict=True):
        if len(part) > MAX_LABEL:
            raise _FailureError(
                label,
                at,
                f"the label becomes {len(part)} octets long ({part[:20]}...); "
                f"DNS allows at most {MAX_LABEL} per label",
            )
    length = len(result) - result.endswith(".")
    if length > MAX_NAME:
        raise _FailureError(
            host, 0, f"the name becomes {length} octets long; DNS allows at most {MAX_NAME}"
        )
    return result
