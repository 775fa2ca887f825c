"""The audit of a host (3987bis 10, UTS #39 sections 4-5, RFC 3986 7.4).

Per label: A-label decoding, and the IDN display policy (:mod:`iri.safety.idn_hosts`: the
UTS #39 restriction level, allowed set and mixed numbers as Chromium applies them, then
Chromium's own rules), one finding per reason a label stays an A-label; per host: slash and
dot lookalikes (the "/" ones from the one table of :mod:`iri.safety.delimiters`; the kana
no U+30CE and the ideograph U+4E3F, letters, are judged in context by the display policy),
unusual numeric IPv4 forms, the skeleton, the top domains (Chromium's stage) and the
protected domains it is confusable with.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from iri.safety.delimiters import reading_holds
from iri.safety.findings import AuditCode, Finding, Level, finding
from iri.safety.idn_hosts import LEVELS, LabelDecision, decide_host
from iri.safety.idn_hosts import decode_label as _ulabel
from iri.safety.idn_top_domains import TopDomains
from iri.safety.lookalike_targets import Targets
from iri.safety.lookalikes import lookalike_findings
from iri.safety.skeleton import RestrictionLevel, skeleton

__all__ = ["audit_host", "host_key"]

_C: Final = "host"
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
_SKELETON_MATCHES: Final = frozenset(
    {AuditCode.CONFUSABLE_WITH_TOP_DOMAIN, AuditCode.CONFUSABLE_WITH_PROTECTED}
)


def host_key(host: str) -> str:
    """The skeleton of ``host`` with A-labels decoded, case folded before and after (a host
    is case-insensitive: ``0``, whose prototype is ``O``, reads as ``o``)."""
    return ".".join(skeleton(_ulabel(lab)[0].casefold()).casefold() for lab in host.split("."))


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


def _label(lab: LabelDecision, start: int) -> list[Finding]:
    """A valid A-label's U-label (info), then one finding per reason the display policy
    keeps the label in ASCII."""
    out: list[Finding] = []
    end = start + len(lab.text)
    codes = {r.code for r in lab.reasons}
    if lab.ace and AuditCode.INVALID_A_LABEL not in codes and lab.ulabel != lab.text:
        msg = f"A-label {lab.text!r} is the U-label {lab.ulabel!r}"
        out.append(finding(Level.INFO, AuditCode.A_LABEL, start, end, msg, _C))
    for reason in lab.reasons:
        span = (start, end)
        if reason.at is not None and not lab.ace and lab.ulabel == lab.text:
            span = (start + reason.at, start + reason.at + 1)
        kind = "A-label" if lab.ace else "label"
        msg = f"{kind} {lab.ulabel!r}: {reason.message}"
        out.append(finding(LEVELS[reason.code], reason.code, *span, msg, _C))
    return out


def audit_host(
    host: str,
    start: int,
    *,
    minimum: RestrictionLevel,
    protected: Sequence[tuple[str, str]] = (),
    top_domains: TopDomains | None = None,
    lookalikes: Targets | None = None,
) -> list[Finding]:
    """Findings for a reg-name ``host`` found at ``start`` (IP literals are skipped).

    ``protected`` holds ``(domain, host_key(domain))`` pairs; ``top_domains`` is the
    prepared list of the policy's top-domain stage (None: no stage); ``lookalikes`` the
    prepared targets of Chromium's navigation checks (None: no such checks).
    """
    if not host or host.startswith("["):
        return []
    out: list[Finding] = []
    if host.isascii():
        # ASCII: no lookalike and no script to check; only numeric forms and A-labels.
        if host[0].isdigit():
            out += _numeric(host, start)
        if "xn--" not in host.lower() and not protected:
            if out or lookalikes is None:
                return out
            return lookalike_findings(host, start, lookalikes)
    for i, c in enumerate(host if not host.isascii() else ""):
        if reading_holds(c, "/"):
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
    # The labels, split at "." and at its IDNA equivalents (RFC 3490 3.1): the display
    # policy's decision, the one that iri.to_display shows.
    decision = decide_host(host, top_domains, minimum)
    for lab in decision.labels:
        out += _label(lab, start + lab.start)
    if decision.top_domain is not None:
        out.append(
            finding(
                LEVELS[AuditCode.CONFUSABLE_WITH_TOP_DOMAIN],
                AuditCode.CONFUSABLE_WITH_TOP_DOMAIN,
                start,
                start + len(host),
                f"the host looks like the top domain {decision.top_domain!r}: all its labels"
                " stay A-labels",
                _C,
                target=decision.top_domain,
            )
        )
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
                        target=domain,
                    )
                )
    if lookalikes is not None and not any(f.code is AuditCode.NUMERIC_HOST for f in out):
        matched = any(f.code in _SKELETON_MATCHES for f in out)
        out += lookalike_findings(host, start, lookalikes, matched)
    return out
