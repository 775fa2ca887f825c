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
from idna.core import check_bidi, check_hyphen_ok, check_label, uts46_remap

from iri.errors import IDNAError

__all__ = ["ACE_PREFIX", "to_ascii", "to_unicode"]

# UTS #46 4 step 1 maps U+3002, U+FF0E and U+FF61 to U+002E; splitting the original text
# on all four gives the same labels and lets errors point into the original host.
_DOTS: Final = re.compile("[.\u3002\uff0e\uff61]")
_RTL: Final = frozenset({"R", "AL", "AN"})
#: The ACE prefix of A-labels (RFC 5890 2.3.2.5).
ACE_PREFIX: Final = "xn--"


class _FailureError(Exception):
    def __init__(self, label: str, position: int, reason: str) -> None:
        super().__init__(reason)
        self.label = label
        self.position = position
        self.reason = reason


def _reason(err: Exception) -> str:
    return str(err) or type(err).__name__


def _error_position(err: Exception, start: int) -> int:
    pos = getattr(err, "position", None)
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
    :func:`iri.convert.to_uri`).

    >>> to_ascii("résumé.example.org")
    'xn--rsum-bpad.example.org'
    >>> to_ascii("Faß.de")
    'xn--fa-hia.de'
    """
    result = _to_ascii_cached(host)
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
    return _to_unicode_cached(host)


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
    back = _to_ascii_cached(result)
    return result if back == host else host
