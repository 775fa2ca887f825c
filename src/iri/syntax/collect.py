"""A bounded list of violations: at most ``limit`` per (code, component), then a summary.

A long malformed text (``"%zz" * 200_000``) has one violation per bad character; building
them all costs memory and time for no reader. :class:`Collector` keeps the first
``limit`` violations of each (code, component) group in the order they are found (which
is the order of position: each group comes from one left-to-right scan) and only
*counts* the rest; :meth:`Collector.finish` then adds one ``violations-omitted`` summary
per capped group, saying how many were left out and where. ``limit=None`` keeps all.
"""

from __future__ import annotations

from iri.syntax.violations import Code, Violation

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from typing import Final

__all__ = ["DEFAULT_LIMIT", "Collector", "check_limit"]

#: Violations kept per (code, component) by default (docs/rationale.md explains the value).
DEFAULT_LIMIT: Final = 10


def check_limit(limit: int | None, func: str) -> None:
    """Raise ``TypeError``/``ValueError`` unless ``limit`` is ``None`` or an int >= 1."""
    if limit is None:
        return
    if type(limit) is not int:
        raise TypeError(f"{func}() expects limit as int or None, got {type(limit).__name__}")
    if limit < 1:
        raise ValueError(f"{func}() expects limit >= 1 or None, got {limit}")


class Collector:
    """Collects the violations of one text, keeping at most ``limit`` per group."""

    __slots__ = ("_omitted", "limit", "out")

    def __init__(self, limit: int | None = DEFAULT_LIMIT) -> None:
        self.limit = limit
        self.out: list[Violation] = []
        # (code, component) -> [seen, first omitted start, last omitted end]
        self._omitted: dict[tuple[Code, str | None], list[int]] = {}

    def wants(self, code: Code, component: str | None, start: int, end: int) -> bool:
        """Whether a violation of this group at ``start:end`` is still to be built.

        Counts it either way; callers that build costly messages ask first.
        """
        if self.limit is None:
            return True
        key = (code, component)
        seen = self._omitted.get(key)
        if seen is None:
            self._omitted[key] = [1, -1, -1]
            return True
        seen[0] += 1
        if seen[0] <= self.limit:
            return True
        if seen[1] < 0:
            seen[1] = start
        seen[2] = end
        return False

    def skip(self, code: Code, component: str | None, count: int, end: int) -> None:
        """Count ``count`` more violations of a group that :meth:`wants` already found
        full, the last of them ending at ``end`` (a caller's fast count of the rest)."""
        seen = self._omitted[code, component]
        seen[0] += count
        seen[2] = end

    def add(self, code: Code, component: str | None, start: int, end: int, msg: str) -> None:
        """Record one violation (or only count it when its group is full)."""
        if self.wants(code, component, start, end):
            self.out.append(Violation.of(code, component, start, end, msg))

    def extend(self, violations: list[Violation]) -> None:
        """Record violations built elsewhere (scheme-specific, bidi), within the caps."""
        for v in violations:
            if self.wants(v.code, v.component, v.span[0], v.span[1]):
                self.out.append(v)

    def finish(self) -> list[Violation]:
        """The kept violations plus one summary per capped group, ordered by position."""
        out = self.out
        limit = self.limit
        if limit is not None:
            for (code, component), (seen, start, end) in self._omitted.items():
                if seen > limit:
                    where = f"the {component}" if component else "the text"
                    out.append(
                        Violation.of(
                            Code.VIOLATIONS_OMITTED,
                            component,
                            start,
                            end,
                            f"{seen - limit} more {code} in {where} left out (from {start} "
                            f"to {end}; {seen} in all); check(text, limit=None) lists all",
                        )
                    )
        out.sort(key=lambda v: (v.span[0], v.code))
        return out
