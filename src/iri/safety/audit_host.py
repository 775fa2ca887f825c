"""The audit of a host (3987bis 10, UTS #39 sections 4-5, RFC 3986 7.4).

Per label: A-label decoding, the restriction level (5.2), restricted characters (3.1), mixed
numbers (5.3), whole-script confusables (4); per host: slash and dot lookalikes, unusual
numeric IPv4 forms, the skeleton, and the protected domains it is confusable with.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Final

from iri.safety.findings import AuditCode, Finding, Level, finding
from iri.safety.skeleton import (
    ALL,
    LEVEL_RANK,
    RestrictionLevel,
    identifier_status,
    identifier_type,
    mixed_numbers,
    resolved_scripts,
    restriction_level,
    skeleton,
)

__all__ = ["audit_host", "host_key"]

_C: Final = "host"
#: Characters that look like "/" (confusables.txt prototype "/", Chromium's removals).
_SLASH_LIKE: Final = frozenset("\u2044\u2215\u0338\u29f8\u30ce\uff0f\u2cc6\u3033\u4e3f")
#: RFC 3490 3.1: "U+3002 (ideographic full stop), U+FF0E (fullwidth full stop), U+FF61
#: (halfwidth ideographic full stop)" act as label separators.
_DOT_LIKE: Final = frozenset("\u3002\uff0e\uff61")
#: WHATWG-style IPv4 number parts (RFC 3986 7.4 "Rare IP Address Formats"): decimal,
#: 0x-hex, 0-octal; the last part may stand for several octets.
_IPV4_PART: Final = re.compile(r"(?:0[xX][0-9A-Fa-f]*|[0-9]+)\Z")
_DOTTED_QUAD: Final = re.compile(
    r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}"
    r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\Z"
)
#: RFC 1034 3.1: a label has at most 63 octets.
_MAX_LABEL: Final = 63
_ASCII_NAME: Final = re.compile(r"[a-z0-9-]+\Z")


def _ulabel(label: str) -> tuple[str, bool]:
    """The U-label of an A-label (``valid`` False when IDNA rejects it); else the label."""
    if label[:4].lower() != "xn--":
        return label, True
    if len(label) > _MAX_LABEL:
        return label, False  # not a DNS label; punycode decoding is quadratic: don't
    import idna

    try:
        return idna.ulabel(label.lower()), True
    except (UnicodeError, ValueError):
        pass
    try:  # show what a lenient decoder would display
        return label[4:].encode("ascii").decode("punycode"), False
    except (UnicodeError, ValueError):
        return label, False


def host_key(host: str) -> str:
    """The skeleton of ``host`` with A-labels decoded and case folded (for comparisons)."""
    return ".".join(skeleton(_ulabel(lab)[0].casefold()) for lab in host.split("."))


def _numeric(host: str, start: int) -> list[Finding]:
    parts = host.split(".")
    if parts and parts[-1] == "":
        parts.pop()
    if not parts or not all(_IPV4_PART.match(p) for p in parts) or _DOTTED_QUAD.match(host):
        return []
    return [
        finding(
            Level.DANGER,
            AuditCode.NUMERIC_HOST,
            start,
            start + len(host),
            f"{host!r} is an IPv4 address in an unusual form (hex, octal, or fewer parts)",
            _C,
        )
    ]


def _label(
    label: str, start: int, tld_scripts: frozenset[str], minimum: RestrictionLevel
) -> list[Finding]:
    out: list[Finding] = []
    end = start + len(label)
    ulabel, valid = _ulabel(label)
    ace = label[:4].lower() == "xn--"
    if ace:
        if not valid:
            out.append(
                finding(
                    Level.WARNING,
                    AuditCode.INVALID_A_LABEL,
                    start,
                    end,
                    f"{label!r} is not a valid A-label (displays as {ulabel!r})",
                    _C,
                )
            )
        elif ulabel != label:
            out.append(
                finding(
                    Level.INFO,
                    AuditCode.A_LABEL,
                    start,
                    end,
                    f"A-label {label!r} is the U-label {ulabel!r}",
                    _C,
                )
            )
    if ulabel.isascii():
        return out
    text = unicodedata.normalize("NFKC", ulabel).casefold()  # UTS #46-like mapping first
    kind = "A-label whose U-label" if ace else "label"
    # UTS #39 3.1: characters outside the identifier profile.
    restricted = [
        c for c in dict.fromkeys(text) if c != "-" and identifier_status(ord(c)) != "Allowed"
    ]
    for c in restricted:
        if not ace and c in label:
            at = start + label.index(c)
            span = (at, at + 1)
        else:
            span = (start, end)
        out.append(
            finding(
                Level.WARNING,
                AuditCode.RESTRICTED_CHARACTER,
                *span,
                f"U+{ord(c):04X} in a host is Restricted ({identifier_type(ord(c))})",
                _C,
            )
        )
    # UTS #39 5.2 on the allowed characters.
    allowed = "".join(c for c in text if c not in restricted)
    level = restriction_level(allowed) if allowed else RestrictionLevel.ASCII_ONLY
    if LEVEL_RANK[level] > LEVEL_RANK[minimum]:
        out.append(
            finding(
                Level.DANGER,
                AuditCode.MIXED_SCRIPT_LABEL,
                start,
                end,
                f"{kind} mixes scripts: {level} (required: {minimum})",
                _C,
            )
        )
    # UTS #39 5.3.
    if mixed_numbers(text):
        out.append(
            finding(
                Level.WARNING,
                AuditCode.MIXED_NUMBERS,
                start,
                end,
                "digits from more than one numbering system",
                _C,
            )
        )
    # UTS #39 4, whole-script confusables with Latin: a single non-Latin script whose
    # skeleton is plain ASCII letters, unless the TLD is written in that script.
    scripts = resolved_scripts(allowed)
    skel = skeleton(text)
    if (
        scripts
        and scripts is not ALL
        and "Latn" not in scripts
        and not scripts & tld_scripts
        and _ASCII_NAME.match(skel)
        and any(c.isalpha() for c in skel)
    ):
        out.append(
            finding(
                Level.DANGER,
                AuditCode.WHOLE_SCRIPT_CONFUSABLE,
                start,
                end,
                f"{kind} {ulabel!r} ({'/'.join(sorted(scripts))}) looks like {skel!r}",
                _C,
            )
        )
    return out


def audit_host(
    host: str,
    start: int,
    *,
    minimum: RestrictionLevel,
    protected: Sequence[tuple[str, str]] = (),
) -> list[Finding]:
    """Findings for a reg-name ``host`` found at ``start`` (IP literals are skipped).

    ``protected`` holds ``(domain, host_key(domain))`` pairs.
    """
    if not host or host.startswith("["):
        return []
    out: list[Finding] = []
    if host.isascii():
        # ASCII: no lookalike and no script to check; only numeric forms and A-labels.
        if host[0].isdigit():
            out += _numeric(host, start)
        if "xn--" not in host.lower() and not protected:
            return out
    for i, c in enumerate(host if not host.isascii() else ""):
        if c in _SLASH_LIKE:
            out.append(
                finding(
                    Level.DANGER,
                    AuditCode.SLASH_LOOKALIKE,
                    start + i,
                    start + i + 1,
                    f"U+{ord(c):04X} looks like '/' inside the host",
                    _C,
                )
            )
        elif c in _DOT_LIKE:
            out.append(
                finding(
                    Level.WARNING,
                    AuditCode.DOT_LOOKALIKE,
                    start + i,
                    start + i + 1,
                    f"U+{ord(c):04X} is a label separator: IDNA maps it to '.'",
                    _C,
                )
            )
    # The labels, split at "." and at its IDNA equivalents (RFC 3490 3.1).
    labels = re.split(r"([.\u3002\uff0e\uff61])", host)[::2]
    tld = _ulabel(labels[-1] or (labels[-2] if len(labels) > 1 else ""))[0]
    tld_scripts = resolved_scripts(tld.casefold()) if not tld.isascii() else frozenset()
    at = start
    for label in labels:
        if label:
            out += _label(label, at, tld_scripts, minimum)
        at += len(label) + 1
    if protected or not host.isascii() or "xn--" in host.lower():
        key = host_key(re.sub(r"[\u3002\uff0e\uff61]", ".", host))
        plain = ".".join(_ulabel(lab)[0].casefold() for lab in host.split("."))
        if not host.isascii() or "xn--" in host.lower():
            out.append(
                finding(
                    Level.INFO,
                    AuditCode.HOST_SKELETON,
                    start,
                    start + len(host),
                    f"skeleton {key!r}",
                    _C,
                )
            )
        for domain, dkey in protected:
            n = dkey.count(".") + 1
            tail_key = ".".join(key.split(".")[-n:])
            tail = ".".join(plain.split(".")[-n:])
            if tail_key == dkey and tail != domain.casefold():
                out.append(
                    finding(
                        Level.DANGER,
                        AuditCode.CONFUSABLE_WITH_PROTECTED,
                        start,
                        start + len(host),
                        f"the host is confusable with {domain!r}",
                        _C,
                    )
                )
    return out
