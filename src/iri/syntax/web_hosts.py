"""Hosts as browsers map them: the URL Standard's host parser for a domain (UTS #46).

WHATWG URL Standard, "host parsing" steps 4-8 for a special URL's domain: percent-decode
the input, UTF-8 decode it (without BOM), then "domain to ASCII" with ``beStrict`` false,
which runs UTS #46 ToASCII with these flags (URL Standard 3.3 "IDNA"):

* ``CheckHyphens=false``, ``CheckBidi=true``, ``CheckJoiners=true``,
* ``UseSTD3ASCIIRules=false``, ``Transitional_Processing=false``,
* ``VerifyDnsLength=false``, ``IgnoreInvalidPunycode=false``,

and fails for an empty result or one holding a forbidden domain code point. Unlike
:mod:`iri.syntax.hosts` (IDNA2008 code point classes, for 3987bis 3.4.2), validity is
UTS #46's own (its mapping table's "valid" status), so ``🍕.ws`` maps to ``xn--vi8h.ws``
as in every browser. The IPv4 parser that follows in the URL Standard is not run: a host
that ends in a number stays as written (docs/rationale.md, "UTS #46 hosts").

Results are cached per host, failures included.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

from idna.core import check_bidi, uts46_remap, valid_contextj

from iri.syntax.errors import IDNAError
from iri.syntax.grammar import ACE_PREFIX, SUB_DELIMS, UNRESERVED, char_class
from iri.syntax.host_cache import by_cache
from iri.syntax.percent import decode_utf8_escapes

__all__ = ["url_domain_to_ascii"]

#: The label separators of UTS #46 4 step 1 (U+3002, U+FF0E, U+FF61 map to U+002E).
_DOTS: Final = re.compile("[.\u3002\uff0e\uff61]")
_RTL: Final = frozenset({"R", "AL", "AN"})
_JOINERS: Final = ("\u200c", "\u200d")
#: reg-name without pct-encoded (RFC 3986 3.2.2): what the result must be to stand in a URI.
#: The URL Standard's forbidden domain code points leave '"', "{", "}" and "`" allowed; a
#: URI cannot hold them in a host, so they fail here.
_NOT_REG_NAME: Final = re.compile(char_class(UNRESERVED + SUB_DELIMS + ".", negate=True))


class _FailureError(Exception):
    def __init__(self, label: str, reason: str) -> None:
        super().__init__(reason)
        self.label = label
        self.reason = reason


def _valid_label(label: str) -> None:
    """UTS #46 4.1 validity criteria for one label, with the URL Standard's flags."""
    if unicodedata.normalize("NFC", label) != label:
        raise _FailureError(label, "not in NFC [UTS #46 4.1 criterion 1]")
    if label.startswith(ACE_PREFIX):
        # criterion 4 (CheckHyphens=false): a decoded label must not begin with "xn--"
        raise _FailureError(label, 'a decoded label begins with "xn--" [UTS #46 4.1 criterion 4]')
    if unicodedata.category(label[0]).startswith("M"):
        raise _FailureError(label, "begins with a combining mark [UTS #46 4.1 criterion 6]")
    try:
        valid = uts46_remap(label, std3_rules=False, transitional=False) == label
    except (UnicodeError, ValueError):
        valid = False
    if not valid:
        raise _FailureError(label, "holds a character that is not valid [UTS #46 4.1 criterion 7]")
    for i, c in enumerate(label):
        if c in _JOINERS:
            try:
                ok = valid_contextj(label, i)
            except ValueError:  # a character Python's unicodedata does not know yet
                ok = False
            if not ok:
                raise _FailureError(
                    label, f"U+{ord(c):04X} out of context [UTS #46 4.1 criterion 8, CheckJoiners]"
                )


def _to_ascii(domain: str) -> str:
    # UTS #46 4 Processing, step 1 (map) and 2 (normalize): uts46_remap does both.
    try:
        mapped = uts46_remap(domain, std3_rules=False, transitional=False)
    except (UnicodeError, ValueError) as err:
        raise _FailureError(domain, f"{err} [UTS #46 4 step 1, disallowed]") from err
    labels = mapped.split(".")  # step 3
    unicode_labels: list[str] = []
    for label in labels:  # step 4: convert and validate
        if label.startswith(ACE_PREFIX):
            try:
                if not label.isascii():
                    raise ValueError("non-ASCII characters in an A-label")
                decoded = label[4:].encode("ascii").decode("punycode")
            except (UnicodeError, ValueError) as err:
                raise _FailureError(
                    label, f"invalid Punycode ({err}) [UTS #46 4 step 4.1]"
                ) from err
            if not decoded or decoded.isascii():
                raise _FailureError(label, "the A-label decodes to ASCII [UTS #46 4 step 4.1]")
            _valid_label(decoded)
            unicode_labels.append(decoded)
        else:
            if label:
                _valid_label(label)
            unicode_labels.append(label)
    # criterion 9 (CheckBidi): every label of a Bidi domain name satisfies RFC 5893 2.
    if any(unicodedata.bidirectional(c) in _RTL for lab in unicode_labels for c in lab):
        for label in unicode_labels:
            if label:
                try:
                    check_bidi(label, check_ltr=True)
                except (UnicodeError, ValueError) as err:
                    raise _FailureError(
                        label, f"{err} [UTS #46 4.1 criterion 9, CheckBidi]"
                    ) from err
    # ToASCII step 2: non-ASCII labels become A-labels.
    out = [
        lab if lab.isascii() else ACE_PREFIX + lab.encode("punycode").decode("ascii")
        for lab in unicode_labels
    ]
    return ".".join(out)


@lru_cache(maxsize=4096)
def _cached(host: str) -> str | tuple[str, str]:
    decoded = decode_utf8_escapes(host) if "%" in host else host
    if decoded is None:
        return (host, "percent-encoded octets are not UTF-8 [URL Standard host parser step 5]")
    try:
        result = _to_ascii(decoded)
    except _FailureError as failure:
        return (failure.label, failure.reason)
    if not result:
        return (host, "the host is empty [URL Standard, domain to ASCII step 3]")
    bad = _NOT_REG_NAME.search(result)
    if bad is not None:
        return (host, f"it maps to {result!r}, whose {bad[0]!r} a host cannot hold")
    # One label stays one label (what to_uri promises for every mapping): a browser turns
    # "%E3%80%82x" into ".x" and U+00AD into "", this mapping refuses to.
    originals = _DOTS.split(host)
    parts = result.split(".")
    if len(parts) != len(originals):
        return (host, f"it maps to {result!r}: {len(parts)} labels from {len(originals)}")
    for original, part in zip(originals, parts, strict=True):
        if original and not part:
            return (original, f"the label {original!r} maps to an empty label")
    return result


def url_domain_to_ascii(host: str) -> str:
    """The host as the URL Standard's host parser writes a domain, or :class:`iri.IDNAError`.

    ``host`` is an ``ireg-name`` (percent-encodings allowed). ASCII labels are lowercased
    (UTS #46 maps them) and a final dot is kept, as in a browser's ``href``.

    >>> url_domain_to_ascii("🍕.ws"), url_domain_to_ascii("EXAMPLE.%C3%A9x.org")
    ('xn--vi8h.ws', 'example.xn--x-9fa.org')
    """
    result = by_cache(_cached, host)
    if isinstance(result, tuple):
        label, reason = result
        at = host.find(label)
        raise IDNAError(host, label, max(at, 0), reason)
    return result
