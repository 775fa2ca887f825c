"""Floor 1, syntax: what the text is, checked exactly; it imports nothing above it.

The ABNF character classes (:mod:`~iri.syntax.grammar`), the split of RFC 3986 Appendix B
(:mod:`~iri.syntax.split`), the per-rule checks (:mod:`~iri.syntax.check` and its parts,
RFC 3987 4.2 bidi structure included), the violation registry, percent-encoding with
named encode sets (:mod:`~iri.syntax.percent`), host validity (the one decision,
:mod:`~iri.syntax.host_validity`; IDNA in :mod:`~iri.syntax.hosts` and, as browsers map
hosts, :mod:`~iri.syntax.web_hosts`),
and the scheme facts the checker needs (:mod:`~iri.syntax.schemes`). See docs/design.md.
"""

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from iri.syntax import bidi as bidi
    from iri.syntax import host_validity as host_validity
    from iri.syntax import percent as percent
    from iri.syntax import should as should

#: Submodules loaded on first attribute access (PEP 562), for the checker's warning passes
#: and its percent-encoding checks: they bring iri.syntax.percent and the idna package,
#: about 12 ms that ``iri check URL`` on a plain ASCII address does not pay
#: (docs/performance.md, start-up).
_ON_FIRST_USE = frozenset({"bidi", "host_validity", "percent", "should"})


def __getattr__(name: str) -> object:
    if name not in _ON_FIRST_USE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return importlib.import_module(f"{__name__}.{name}")
