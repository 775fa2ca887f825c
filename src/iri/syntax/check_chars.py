"""The checker's state and its one character check, shared by every component's checks.

:class:`Checker` is a :class:`iri.syntax.collect.Collector` (bounded violations) that also knows
the text, the rule (IRI or URI character classes) and the zone-id option. The
per-component checks live in :mod:`iri.syntax.check_authority` and :mod:`iri.syntax.check_path`.
"""

from __future__ import annotations

import re
from functools import cache

from iri import syntax as floor
from iri.syntax.collect import DEFAULT_LIMIT, Collector
from iri.syntax.grammar import (
    BIDI_FORMATTING,
    HEXDIG,
    IRI_CLASSES,
    URI_CLASSES,
    Classes,
    Rule,
    ZoneID,
    is_iprivate,
    is_ucschar,
)
from iri.syntax.violations import Code, Violation, describe_char

__all__ = ["Checker"]


@cache
def _invalid(classes: Classes, ascii_chars: str, private: bool) -> re.Pattern[str]:
    """A pattern finding the characters *not* in a component's set (bounded cache)."""
    return re.compile(classes.cls(ascii_chars, private=private, negate=True))


class Checker(Collector):
    """Collects the violations of one text; the component checks take it as argument."""

    def __init__(
        self, text: str, rule: Rule, zone_id: ZoneID, limit: int | None = DEFAULT_LIMIT
    ) -> None:
        super().__init__(limit)
        self.text = text
        self.rule = rule
        self.zone_id = zone_id
        self.c = IRI_CLASSES if rule.is_iri else URI_CLASSES

    def chars(
        self, component: str, start: int, end: int, ascii_chars: str, *, private: bool = False
    ) -> None:
        """Report every character of ``text[start:end]`` outside the component's set."""
        text = self.text
        for m in _invalid(self.c, ascii_chars, private).finditer(text, start, end):
            p = m.start()
            ch = text[p]
            cp = ord(ch)
            if cp in BIDI_FORMATTING:
                code = Code.BIDI_FORMATTING_CHARACTER
            elif not self.rule.is_iri and (is_ucschar(cp) or is_iprivate(cp)):
                code = Code.NON_ASCII_CHARACTER
            elif is_iprivate(cp):
                code = Code.IPRIVATE_OUTSIDE_QUERY
            else:
                code = Code.INVALID_CHARACTER
            if not self.wants(code, component, p, p + 1):
                continue  # counted only: the message is never built
            what = describe_char(ch)
            if code is Code.BIDI_FORMATTING_CHARACTER:
                msg = f"{what} is a bidirectional formatting character, which IRIs MUST NOT contain"
            elif code is Code.NON_ASCII_CHARACTER:
                msg = f"{what} is not allowed in a URI ({self.rule}); it is allowed in an IRI"
            elif code is Code.IPRIVATE_OUTSIDE_QUERY:
                msg = (
                    f"{what} is a private-use character (iprivate), allowed only "
                    "in the query, not in the " + component
                )
            else:
                msg = f"{what} is not allowed in the {component}"
            self.out.append(Violation.of(code, component, p, p + 1, msg))
        if "%" in text[start:end]:
            code = Code.INVALID_PERCENT_ENCODING
            # iri.syntax.percent loads with the first "%" (the package face: start-up time)
            bad_percent = floor.percent.BAD_PERCENT
            for m in bad_percent.finditer(text, start, end):
                p = m.start()
                q = _percent_end(text, p, end)
                if not self.wants(code, component, p, q):
                    # The group is full: count the rest at C speed (still linear) and
                    # note where the last one ends, for the summary.
                    rest = len(bad_percent.findall(text, m.end(), end))
                    if rest:
                        last = text.rfind("%", m.end(), end)
                        while bad_percent.match(text, last, end) is None:
                            last = text.rfind("%", m.end(), last)
                        self.skip(code, component, rest, _percent_end(text, last, end))
                    break
                self.out.append(
                    Violation.of(
                        code,
                        component,
                        p,
                        q,
                        f'"%" at {p} is not followed by two hexadecimal digits',
                    )
                )


def _percent_end(text: str, p: int, end: int) -> int:
    """End of the span of a bad ``%`` at ``p``: the ``%`` and the hex digit after it, if any."""
    q = p + 1
    while q < min(p + 3, end) and text[q] in HEXDIG:
        q += 1
    return q
