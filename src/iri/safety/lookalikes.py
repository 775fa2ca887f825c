"""Look-alike domains, as Chromium's navigation checks decide them (3987bis 8.5, RFC 3987 7.5).

Before Chromium lets a person navigate, ``components/lookalikes`` compares the host with
its top domains and the sites the person uses (``lookalike_url_util.cc``,
``GetMatchingDomain``). Restated here, with the shipped top domains and ``protected=`` as
the two lists (:mod:`iri.safety.lookalike_targets`); the first check that matches decides:

1. **Skeleton match** of the registrable domain: a non-ASCII host through the display
   policy's top-domain stage (``confusable-with-top-domain``), any host against
   ``protected=`` (``confusable-with-protected``); here also an ASCII host against the top
   domains (``paypa1.com``), where Chromium's edit distance on skeletons (distance 0) flags it.
2. **Edit distance one** between the keys of the registrable domain and of a target whose
   e2LD has 5 characters or more, unless the two differ only in the registry
   (``google.com.tw``), in a numeric suffix of the e2LD (``site45``), in the first
   character (``hank``/``tank``), or by one ``-`` (``IsLikelyEditDistanceFalsePositive``).
3. **Target embedding**: the host, cut into tokens at ``.`` and ``-``, holds a target (by
   key, or its key without separators: ``googlecom``) whose e2LD is longer than 4 characters
   (``kMinE2LDLengthForTargetEmbedding``, compared with ``>``), unless the target's e2LD is a
   common word (``jobs``, ``weather``; office.com, medium.com and orange.fr excepted), the
   host's own registrable domain is what is embedded (``google.com.google.com``, and any
   subdomain), the two share their e2LD (``google.com.mx``), or the host ends in
   ``-office.com`` and the like (``SearchForEmbeddings``, ``IsAllowedToBeEmbedded``).

Besides Chromium, RFC 3987 7.5's own examples: a ``0`` or ``1`` between letters of a label
(``br0ken``) reads as a letter (``digit-as-letter``, a warning that names no target).
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Final

from iri.safety.findings import AuditCode, Finding, Level, finding
from iri.safety.lookalike_targets import Target, Targets, keys
from iri.safety.registrable import (
    e2ld,
    max_labels,
    registrable_domain,
    suffix_labels,
    unicode_labels,
)
from iri.syntax.host_cache import CACHED_LENGTH

__all__ = ["edit_distance_at_most_one", "lookalike_findings", "matching_target"]

_C: Final = "host"
#: lookalike_url_util.cc, kMinE2LDLengthForTargetEmbedding (an e2LD must be longer).
_EMBEDDED_E2LD: Final = 4
#: kDomainsPermittedInEndEmbeddings: common words, yet targets, except as "-DOMAIN" ends.
_END_EMBEDDINGS: Final = frozenset({"office.com", "medium.com", "orange.fr"})
_TOKENS: Final = re.compile(r"[^.-]+")
#: RFC 3987 7.5: "the lower-case ell ("l") is easily confused with the digit one ("1"), and
#: the upper-case oh ("O") is easily confused with the digit zero ("0")".
_DIGIT_AS_LETTER: Final = re.compile(r"(?<=[a-z])[01]{1,2}(?=[a-z])", re.IGNORECASE)
_DIGITS: Final = "0123456789"


def edit_distance_at_most_one(a: str, b: str) -> bool:
    """True when one insertion, deletion or substitution (or none) turns ``a`` into ``b``.

    >>> edit_distance_at_most_one("google.com", "gooogle.com")
    True
    >>> edit_distance_at_most_one("google.com", "goooglé.com")
    False
    """
    if abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :]
    return a[i + 1 :] == b[i:] if len(a) > len(b) else a[i:] == b[i + 1 :]


def _first_difference(longer: str, shorter: str) -> str:
    for x, y in zip(longer, shorter, strict=False):
        if x != y:
            return x
    return ""


def _edit_false_positive(reg: str, reg_e2ld: str, target: Target) -> bool:
    """``IsLikelyEditDistanceFalsePositive``: the usual near misses that are no spoof."""
    if reg_e2ld == target.e2ld or reg_e2ld.rstrip(_DIGITS) == target.e2ld.rstrip(_DIGITS):
        return True  # only the registry differs, or only a numeric suffix
    other = target.registrable
    if len(reg) == len(other):
        return reg[1:] == other[1:]  # hank / tank
    longer, shorter = (reg, other) if len(reg) > len(other) else (other, reg)
    return longer[1:] == shorter or _first_difference(longer, shorter) == "-"


def _allowed(reg: str, reg_e2ld: str, span: list[str], embedding: str) -> bool:
    """``IsAllowedToBeEmbedded``: a common word, the host's own domain, a cross-TLD match,
    or a permitted ``-DOMAIN`` ending."""
    from iri.safety._tables.common_words import COMMON_WORDS

    if reg not in _END_EMBEDDINGS and reg_e2ld in COMMON_WORDS:
        return True
    m = embedding.count(".") + 1  # the host's own domain, or a subdomain of it
    if len(span) >= m and ".".join(span[-m:]) == embedding:
        return True
    if reg_e2ld == e2ld(embedding):
        return True
    return reg in _END_EMBEDDINGS and embedding.endswith("-" + reg)


def _embedding(tokens: list[str], embedding: str, targets: Targets) -> str | None:
    """``GetTargetEmbeddingType``: sweep from the end; an embedding before the end wins
    over one at the very end (``www-google.com``, Chromium's "safety tip")."""
    index = targets.index
    at_end: str | None = None
    n = len(tokens)
    plain = _ascii_token_keys(tokens)
    if plain is not None:
        # the common case, decided at once: no token is a target without its separators,
        # and no two tokens in a row begin a target
        if not any(k in index.flat for k in plain) and index.pairs.isdisjoint(pairwise(plain)):
            return None
        token_keys = [frozenset({k}) for k in plain]
    else:
        token_keys = [keys(token) for token in tokens]
    # Where a target can start (in ASCII, the key of a label is that label's part of the
    # key of the domain): ``before[i]`` counts such tokens before token i.
    before = [0] * (n + 1)
    pairs = index.pairs
    for i in range(n - 1):
        hit = not (tokens[i].isascii() and tokens[i + 1].isascii()) or any(
            (a, b) in pairs for a in token_keys[i] for b in token_keys[i + 1]
        )
        before[i + 1] = before[i] + hit
    before[n] = before[n - 1] if n else 0
    window = max(max_labels(), index.max_tokens)
    # _allowed reads only the last labels of a span (as many as the host's own registrable
    # domain has): slices that long keep the sweep linear.
    m = embedding.count(".") + 1
    for end in range(n, 0, -1):
        for key in token_keys[end - 1]:  # a target without its separators: googlecom
            target = index.flat.get(key)
            if target is not None and len(target.e2ld) > _EMBEDDED_E2LD:
                span = tokens[max(0, end - 1 - m) : end - 1] + _TOKENS.findall(target.registrable)
                if not _allowed(target.registrable, target.e2ld, span, embedding):
                    return target.name
        if before[end - 1] == before[max(0, end - 1 - window)]:
            continue  # no target starts in reach of this end
        head = tokens[max(0, end - max(window, m) - 1) : end]
        k = suffix_labels(head)
        if len(head) <= k or len(head[-k - 1]) <= _EMBEDDED_E2LD:
            continue
        for start in range(max(0, end - index.max_tokens), end - 1):  # protected hosts
            target = index.hosts.get(".".join(tokens[start:end]))
            if target is not None and not _allowed(
                target.registrable, target.e2ld, tokens[start:end], embedding
            ):
                if end != n:
                    return target.name
                at_end = at_end or target.name
        reg = ".".join(head[-k - 1 :])
        found = next((t for key in sorted(keys(reg)) if (t := index.embedded.get(key))), None)
        if found is not None and not _allowed(reg, head[-k - 1], head, embedding):
            if end != n:
                return found.name
            at_end = at_end or found.name
    return at_end


def _ascii_token_keys(tokens: list[str]) -> list[str] | None:
    """The key of each token of an ASCII host, from one translation of the whole host (no
    ASCII character's skeleton holds a "." or a "-", so the tokens of the key are the keys
    of the tokens); None for a host that is not ASCII."""
    joined = ".".join(tokens)
    if not joined.isascii():
        return None
    (key,) = keys(joined) if len(joined) <= 64 else keys.__wrapped__(joined)
    split = _TOKENS.findall(key)
    return split if len(split) == len(tokens) else None


def matching_target(
    host: str, targets: Targets, matched: bool
) -> tuple[AuditCode, str, str] | None:
    """The first look-alike check ``host`` fails: its code, the target it imitates and a
    message; ``matched`` says a skeleton match was already reported (Chromium stops there)."""
    labels = unicode_labels(host)
    reg = registrable_domain(host)
    if reg is None or matched or not all(labels):
        return None
    reg_e2ld = reg.split(".", 1)[0]
    reg_keys = sorted(keys(reg))
    index = targets.index
    if host.isascii() and "xn--" not in host.lower():
        for key in reg_keys:
            target = index.top.get(key)
            if target is not None and target.registrable != reg:
                return _found(AuditCode.CONFUSABLE_WITH_TOP_DOMAIN, target.name)
    if len(reg_e2ld) >= 5:
        for key in reg_keys:
            for other, target in targets.near(key):
                if edit_distance_at_most_one(key, other) and not _edit_false_positive(
                    reg, reg_e2ld, target
                ):
                    return _found(AuditCode.LOOKALIKE_EDIT_DISTANCE, target.name, key == other)
    embedded = _embedding(_TOKENS.findall(".".join(labels)), reg, targets)
    if embedded is not None:
        return _found(AuditCode.LOOKALIKE_TARGET_EMBEDDING, embedded)
    return None


def _found(code: AuditCode, name: str, same: bool = False) -> tuple[AuditCode, str, str]:
    """``same``: an edit distance of zero, the skeletons equal (a non-ASCII host whose label
    the display policy keeps in ASCII for another reason, so that its top-domain stage does
    not report it; Chromium's own skeleton match)."""
    if same:
        return code, name, f"the host's skeleton is that of {name!r}"
    return code, name, _MESSAGES[code].format(name)


_MESSAGES: Final = {
    AuditCode.CONFUSABLE_WITH_TOP_DOMAIN: "the host looks like the top domain {!r}",
    AuditCode.LOOKALIKE_EDIT_DISTANCE: "the host is one edit away from {!r}",
    AuditCode.LOOKALIKE_TARGET_EMBEDDING: "the host embeds {!r} in a domain that is not its",
}


#: The most hosts a Targets keeps its decision for (then it starts afresh); a host over
#: CACHED_LENGTH is decided each time and never kept (the robustness rule: memory linear).
_SEEN: Final = 4096


def lookalike_findings(
    host: str, start: int, targets: Targets, matched: bool = False
) -> list[Finding]:
    """The look-alike findings of a reg-name ``host`` at ``start``, against ``targets``: at
    most one that names a target (none when ``matched``: a skeleton match was already
    reported), and one ``digit-as-letter`` per digit run that reads as letters."""
    seen = targets.seen
    found = None if matched else seen.get(host)
    if found is None:
        found = _decide(host, targets, matched)
        if not matched and len(host) <= CACHED_LENGTH:
            if len(seen) >= _SEEN:
                seen.clear()
            seen[host] = found
    if not found:
        return []
    out: list[Finding] = []
    end = start + len(host)
    for code, target, i, j, message in found:
        if target is not None:
            out.append(
                finding(Level.DANGER, AuditCode(code), start, end, message, _C, target=target)
            )
        else:
            out.append(finding(Level.WARNING, AuditCode(code), start + i, start + j, message, _C))
    return out


def _decide(
    host: str, targets: Targets, matched: bool
) -> tuple[tuple[str, str | None, int, int, str], ...]:
    """What :func:`lookalike_findings` reports, relative to the host."""
    if host.rstrip(".").rsplit(".", 1)[-1][:1].isdigit():
        return ()  # an IPv4 form, or no DNS name (RFC 1123 2.1: a TLD is alphabetic)
    out: list[tuple[str, str | None, int, int, str]] = []
    if not targets.empty:
        found = matching_target(host, targets, matched)
        if found is not None:
            code, name, msg = found
            out.append((code, name, 0, len(host), msg))
    if host.isascii():
        for m in _DIGIT_AS_LETTER.finditer(host):
            if "xn--" in host[: m.start()].rsplit(".", 1)[-1].lower():
                continue  # inside an A-label: Punycode, not letters a person reads
            read = m.group().replace("0", "o").replace("1", "l")
            msg = f"{m.group()!r} between letters reads as {read!r}"
            out.append((AuditCode.DIGIT_AS_LETTER, None, m.start(), m.end(), msg))
    return tuple(out)
