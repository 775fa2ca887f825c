"""The IDN display policy for a whole host: each label, then the top-domain stage.

The one place that decides whether a host label is shown in Unicode: :func:`decide_host`.
``iri.audit`` reports its reasons as findings and ``iri.to_display`` shows its
:meth:`HostDecision.display`, so the two never disagree. How Chromium walks a host, restated
from ``IDNToUnicodeWithAdjustmentsImpl`` and ``IDNToUnicodeOneComponent``
(``components/url_formatter/url_formatter.cc``): the TLD is what follows the last dot (ASCII
form, and its Unicode form when it is a valid A-label); each ``xn--`` label that IDNA accepts
is judged by the per-label policy (:func:`iri.safety.idn_policy.label_reasons`), the others
stay as written; then, if some label was IDN, the host with its failing labels still in ACE
is compared with the top domains (:mod:`iri.safety.idn_top_domains`). A non-ASCII label
written in an IRI is judged like the A-label it stands for (its UTS #46 mapped form).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from iri.safety.findings import AuditCode, Level
from iri.safety.idn_policy import Reason, Tld, label_reasons
from iri.safety.idn_top_domains import TopDomains
from iri.safety.skeleton import RestrictionLevel
from iri.syntax.grammar import ACE_PREFIX, MAX_LABEL
from iri.syntax.host_validity import a_label_failure

__all__ = ["LEVELS", "HostDecision", "LabelDecision", "decide_host", "decode_label"]

C = AuditCode
_DOTS: Final = re.compile("[.\u3002\uff0e\uff61]")

#: The level of each finding the policy reports (docs/security.md, the rule table).
LEVELS: Final = {
    C.INVALID_A_LABEL: Level.WARNING,
    C.INVALID_LABEL: Level.WARNING,
    C.RESTRICTED_CHARACTER: Level.WARNING,
    C.MIXED_SCRIPT_LABEL: Level.DANGER,
    C.MIXED_NUMBERS: Level.WARNING,
    C.REPEATED_MARK: Level.DANGER,
    C.HIDDEN_OVERLAY: Level.DANGER,
    C.DEVIATION_CHARACTER: Level.WARNING,
    C.TLD_SPECIFIC_CHARACTER: Level.WARNING,
    C.UNSAFE_MIDDLE_DOT: Level.WARNING,
    C.WHOLE_SCRIPT_CONFUSABLE: Level.DANGER,
    C.DIGIT_LOOKALIKE: Level.DANGER,
    C.NON_ASCII_LATIN_MIXED: Level.DANGER,
    C.DANGEROUS_PATTERN: Level.DANGER,
    C.CONFUSABLE_WITH_TOP_DOMAIN: Level.DANGER,
}


def decode_label(label: str) -> tuple[str, bool]:
    """The U-label of an A-label (``valid`` False when it is none, by the one decision of
    :func:`iri.syntax.host_validity.a_label_failure`, with what a lenient decoder would
    display); any other label unchanged and valid."""
    if label[:4].lower() != ACE_PREFIX:
        return label, True
    if len(label) > MAX_LABEL:
        return label, False  # not a DNS label; punycode decoding is quadratic: don't
    if a_label_failure(label) is None:
        import idna

        return idna.ulabel(label.lower()), True
    try:  # show what a lenient decoder would display
        return label[4:].encode("ascii").decode("punycode"), False
    except (UnicodeError, ValueError):
        return label, False


@dataclass(frozen=True, slots=True)
class LabelDecision:
    """One label: its offset in the host, the text as written, the U-label the policy
    judged, the ASCII form it falls back to, and why it stays ASCII (empty: shown)."""

    start: int
    text: str
    ulabel: str
    alabel: str
    reasons: tuple[Reason, ...]

    @property
    def shown(self) -> bool:
        """Shown in Unicode (always True for an ASCII label: nothing to decide)."""
        return not self.reasons

    @property
    def ace(self) -> bool:
        """Written as an A-label (``xn--``, any case)."""
        return self.text[:4].lower() == "xn--"


@dataclass(frozen=True, slots=True)
class HostDecision:
    """Every label's decision, and the top domain the host passes for (None if none)."""

    host: str
    labels: tuple[LabelDecision, ...]
    top_domain: str | None

    def display(self, *, decode: bool = True, dns: bool = True) -> str:
        """The host as Chromium shows it: labels that pass in Unicode (A-labels decoded,
        unless ``decode`` is off: then as written), the others in ASCII; all ASCII for a
        top-domain look-alike. The ASCII form is the label's URI form: its A-label for a
        DNS host, percent-encoding otherwise (``dns`` off, or a label IDNA rejects). The
        separators are kept as written."""
        out = self.host
        for lab in reversed(self.labels):
            if self.top_domain is not None or not lab.shown:
                shown = lab.alabel if dns else _percent(lab.text)
            else:
                shown = lab.ulabel if lab.ace and decode else lab.text
            out = out[: lab.start] + shown + out[lab.start + len(lab.text) :]
        return out


def _labels(host: str) -> list[tuple[int, str]]:
    out, start = [], 0
    for text in _DOTS.split(host):
        out.append((start, text))
        start += len(text) + 1
    return out


def _mapped(label: str) -> tuple[str, str] | None:
    """A non-ASCII label's UTS #46 mapped form and A-label (None when IDNA rejects it, by
    the one host decision: the conversion ``to_uri`` runs, which
    :func:`iri.syntax.host_validity.conversion_failure` tests)."""
    from idna.core import uts46_remap

    from iri.syntax import hosts as idna

    try:
        mapped = uts46_remap(label, std3_rules=False, transitional=False)
        alabel = idna.host_to_ascii(label)
    except ValueError:  # IDNAError, idna's InvalidCodepoint... (all ValueError)
        return None
    return (mapped, alabel) if "." not in mapped else None


def _tld(host: str, labels: list[tuple[int, str]]) -> Tld:
    """``GetTopLevelDomain``: after the last dot (none: no TLD), and its Unicode form."""
    if len(labels) < 2:
        return Tld("", "")
    text = labels[-1][1]
    if text.isascii():
        ulabel, valid = decode_label(text)
        return Tld(text.lower(), ulabel if valid else "")
    mapped = _mapped(text)
    return Tld(mapped[1].lower(), mapped[0]) if mapped else Tld("", "")


def _percent(label: str) -> str:
    """A label IDNA rejects, in its URI form (RFC 3987 3.1 step 2: UTF-8, percent-encoded);
    a lone surrogate, which has no UTF-8, as its three octets, as the display writes it."""
    from iri.syntax.percent import encode_octets

    return "".join(
        c if c.isascii() else encode_octets(c.encode("utf-8", "surrogatepass")) for c in label
    )


def _lenient(text: str, tld: Tld, minimum: RestrictionLevel) -> tuple[Reason, ...]:
    """What the policy would also say of a label IDNA rejects, read leniently (NFKC and
    case folded): the audit reports it; the label stays ASCII anyway. Positions are kept
    only when the folding changed nothing."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", text).casefold()
    if folded.isascii():
        return ()
    reasons = label_reasons(folded, tld, minimum)
    return reasons if folded == text else tuple(r._replace(at=None) for r in reasons)


def _decide(
    start: int, text: str, tld: Tld, minimum: RestrictionLevel
) -> tuple[LabelDecision, bool]:
    """One label's decision, and whether it is an IDN label (for the top-domain stage)."""
    if text.isascii() and text[:4].lower() != "xn--":
        return LabelDecision(start, text, text, text, ()), False
    if text.isascii():
        ulabel, valid = decode_label(text)
        if not valid:
            why = Reason(C.INVALID_A_LABEL, f"not a valid A-label (displays as {ulabel!r})")
            reasons = (why, *_lenient(ulabel, tld, minimum))
            return LabelDecision(start, text, ulabel, text, reasons), False
        return LabelDecision(start, text, ulabel, text, label_reasons(ulabel, tld, minimum)), True
    mapped = _mapped(text)
    if mapped is None:
        why = Reason(C.INVALID_LABEL, "IDNA rejects it: it cannot be shown or looked up")
        reasons = (why, *_lenient(text, tld, minimum))
        return LabelDecision(start, text, text, _percent(text), reasons), False
    ulabel, alabel = mapped
    if ulabel.isascii():  # e.g. full-width letters: the label IS this ASCII label
        return LabelDecision(start, text, ulabel, alabel, ()), False
    return LabelDecision(start, text, ulabel, alabel, label_reasons(ulabel, tld, minimum)), True


_NOT_CONVERTED: Final = Reason(
    C.INVALID_A_LABEL,
    "kept as written, as iri.to_iri keeps it: IDNA rejects the name as a whole (the Bidi"
    " rule of RFC 5893 across labels, DNS lengths), or the A-label is not in lower case",
)


def _whole_name(host: str, decisions: list[LabelDecision]) -> list[LabelDecision]:
    """A-labels that are valid alone but that ``iri.to_iri`` does not turn into U-labels
    (it converts a host only when the whole name maps back to it) are not shown either."""
    from dataclasses import replace

    from iri.syntax import hosts as idna

    converted = idna.to_unicode(host).split(".")
    if len(converted) != len(decisions):
        return decisions
    out = []
    for decision, label in zip(decisions, converted, strict=True):
        codes = {r.code for r in decision.reasons}
        kept = decision.ace and label == decision.text and C.INVALID_A_LABEL not in codes
        out.append(
            replace(decision, reasons=(_NOT_CONVERTED, *decision.reasons)) if kept else decision
        )
    return out


@lru_cache(maxsize=2048)
def decide_host(
    host: str,
    top_domains: TopDomains | None = None,
    minimum: RestrictionLevel = RestrictionLevel.HIGHLY_RESTRICTIVE,
) -> HostDecision:
    """The display decision for every label of the reg-name ``host``.

    >>> decide_host("xn--googl-3we.xn--3e0b707e").display()
    'xn--googl-3we.한국'
    >>> decide_host("ѕсоре.com").display(), decide_host("ѕсоре.ru").display()
    ('xn--e1argc3h.com', 'ѕсоре.ru')
    """
    labels = _labels(host)
    tld = _tld(host, labels)
    decisions: list[LabelDecision] = []
    idn = False
    for start, text in labels:
        decision, is_idn = _decide(start, text, tld, minimum)
        decisions.append(decision)
        idn = idn or is_idn
    if host.isascii() and any(d.ace for d in decisions):
        decisions = _whole_name(host, decisions)
    top = None
    if idn and top_domains is not None:
        # Chromium compares the host it would show, failing labels still in ACE (lowercase).
        shown = ".".join((d.ulabel if d.shown else d.alabel).lower() for d in decisions)
        top = top_domains.match(shown)
    return HostDecision(host, tuple(decisions), top)
