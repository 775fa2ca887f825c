"""iri: Internationalized Resource Identifiers (RFC 3987 / 3987bis), exactly as specified.

>>> import iri
>>> iri.is_valid("http://résumé.example.org/東京?q=ü")
True
>>> [v.code.value for v in iri.check("http://example.org/\\u202eevil")]
['bidi-formatting-character']
"""

import sys as _sys

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (start-up time)
if TYPE_CHECKING:
    from types import ModuleType as _ModuleType
else:
    _ModuleType = type(_sys)

if TYPE_CHECKING:  # every public name is loaded on first use (below), for type checkers
    from iri.convert.uri import HostMapping, KeepQuery, Unencodable, to_iri, to_uri
    from iri.ladder.normalize import CharacterNormalization, Level, equivalent, key, normalize
    from iri.ladder.relativize import relativize
    from iri.ladder.resolve import remove_dot_segments, resolve
    from iri.liberal.charsets import from_bytes
    from iri.liberal.documents import candidate_readings, from_local_name, to_document
    from iri.liberal.href import from_href, href_steps
    from iri.liberal.leiri import from_leiri
    from iri.liberal.lenient import lenient
    from iri.liberal.preprocess import preprocess, split_references
    from iri.safety.audit import audit
    from iri.safety.display import Password, Wrap, to_display
    from iri.safety.findings import AuditCode, Finding
    from iri.safety.findings import Level as AuditLevel
    from iri.safety.skeleton import RestrictionLevel
    from iri.safety.visual import visual_order
    from iri.syntax.check import check, is_valid
    from iri.syntax.errors import (
        CharsetError,
        ComponentError,
        HrefError,
        IDNAError,
        InvalidIRI,
        IRIError,
        ResolutionError,
    )
    from iri.syntax.grammar import Rule, ZoneID
    from iri.syntax.split import Components, split
    from iri.syntax.violations import Code, Severity, Violation
    from iri.text.extract import extract
    from iri.text.linkformat import format_link
    from iri.value.origin import OpaqueOrigin, Origin
    from iri.value.query import QueryParams, QueryStyle, query_params
    from iri.value.reference import IRIReference, parse

    NATIVE: bool

__version__ = "0.1.0"

#: The public functions the compiled core (``iri._native``, issue 21) stands in for, and
#: their drop-in functions there. Each drop-in answers exactly what the Python function
#: answers, or calls it (``native/README.md`` has the contract and the deferral rules).
_NATIVE_NAMES = {
    "check": "api_check",
    "is_valid": "api_is_valid",
    "split": "api_split",
    "parse": "api_parse",
    "resolve": "api_resolve",
    "normalize": "api_normalize",
    "to_uri": "api_to_uri",
    "to_iri": "api_to_iri",
}

#: The Python objects the drop-ins hand over to or build, loaded on their first need (so a
#: native ``check`` imports no module of the other functions: the start-up target).
_TWINS = {
    "is_valid": "iri.syntax.check:is_valid",
    "check": "iri.syntax.check:check",
    "split": "iri.syntax.split:split",
    "components": "iri.syntax.split:Components",
    "parse": "iri.value.reference:parse",
    "reference": "iri.value.reference:IRIReference",
    "resolve": "iri.ladder.resolve:resolve",
    "to_uri": "iri.convert.uri:to_uri",
    "to_iri": "iri.convert.uri:to_iri",
    "host_to_ascii": "iri.syntax.hosts:host_to_ascii",
    "host_to_unicode": "iri.syntax.hosts:to_unicode",
    "normalize": "iri.ladder.normalize:normalize",
    "dns_host": "iri.ladder.scheme_facts:dns_host",
    "violation": "iri.syntax.violations:from_row",
    "to_ascii": "iri.syntax.hosts:to_ascii",
}

#: Every public name is loaded on first use (PEP 562), so that ``import iri`` imports
#: nothing but this module: ``iri check URL`` then loads only what checking needs (the
#: start-up target of issue 12), the safety functions their large generated Unicode tables
#: and liberal input the WHATWG engine only when called.
_LAZY = {
    "check": "iri.syntax.check",
    "is_valid": "iri.syntax.check",
    "Rule": "iri.syntax.grammar",
    "ZoneID": "iri.syntax.grammar",
    "Components": "iri.syntax.split",
    "split": "iri.syntax.split",
    "HostMapping": "iri.convert.uri",
    "KeepQuery": "iri.convert.uri",
    "Unencodable": "iri.convert.uri",
    "to_iri": "iri.convert.uri",
    "to_uri": "iri.convert.uri",
    "CharsetError": "iri.errors",
    "ComponentError": "iri.errors",
    "HrefError": "iri.errors",
    "IDNAError": "iri.errors",
    "InvalidIRI": "iri.errors",
    "IRIError": "iri.errors",
    "ResolutionError": "iri.errors",
    "extract": "iri.text.extract",
    "format_link": "iri.text.linkformat",
    "CharacterNormalization": "iri.ladder.normalize",
    "Level": "iri.ladder.normalize",
    "equivalent": "iri.ladder.normalize",
    "key": "iri.ladder.normalize",
    "normalize": "iri.ladder.normalize",
    "OpaqueOrigin": "iri.value.origin",
    "Origin": "iri.value.origin",
    "QueryParams": "iri.value.query",
    "QueryStyle": "iri.value.query",
    "query_params": "iri.value.query",
    "IRIReference": "iri.value.reference",
    "parse": "iri.value.reference",
    "relativize": "iri.ladder.relativize",
    "remove_dot_segments": "iri.ladder.resolve",
    "resolve": "iri.ladder.resolve",
    "Code": "iri.syntax.violations",
    "Severity": "iri.syntax.violations",
    "Violation": "iri.syntax.violations",
    "preprocess": "iri.liberal.preprocess",
    "split_references": "iri.liberal.preprocess",
    "lenient": "iri.liberal.lenient",
    "from_leiri": "iri.liberal.leiri",
    "from_href": "iri.liberal.href",
    "href_steps": "iri.liberal.href",
    "from_bytes": "iri.liberal.charsets",
    "to_document": "iri.liberal.documents",
    "from_local_name": "iri.liberal.documents",
    "candidate_readings": "iri.liberal.documents",
    "AuditCode": "iri.safety.findings",
    "AuditLevel": "iri.safety.findings:Level",
    "Finding": "iri.safety.findings",
    "RestrictionLevel": "iri.safety.skeleton",
    "audit": "iri.safety.audit",
    "Password": "iri.safety.display",
    "Wrap": "iri.safety.display",
    "to_display": "iri.safety.display",
    "visual_order": "iri.safety.visual",
}


#: Module paths of the flat layout (0.1.0), kept one release as aliases of the module that
#: now holds their content: ``from iri.batch import stream`` still works and warns
#: (DeprecationWarning). Listed in CHANGELOG; removed in the release after next.
_MOVED = {
    "iri.batch": "iri.scale.batch",
    "iri.dask": "iri.scale.dask",
    "iri.dot_segments": "iri.ladder.dot_segments",
    "iri.extract": "iri.text.extract",
    "iri.idna": "iri.syntax.hosts",
    "iri.jsonschema": "iri.integrations.jsonschema",
    "iri.linkformat": "iri.text.linkformat",
    "iri.normalize": "iri.ladder.normalize",
    "iri.origin": "iri.value.origin",
    "iri.percent": "iri.syntax.percent",
    "iri.pydantic": "iri.integrations.pydantic",
    "iri.query": "iri.value.query",
    "iri.query_params": "iri.value.query_params",
    "iri.reference": "iri.value.reference",
    "iri.relativize": "iri.ladder.relativize",
    "iri.resolve": "iri.ladder.resolve",
    "iri.safety.bidi": "iri.syntax.bidi",
    "iri.safety.invisible": "iri.syntax.invisible",
    "iri.violations": "iri.syntax.violations",
}


def _alias(old: str, new: str) -> _ModuleType:
    """A module object standing for ``old`` whose attributes are read, on first use, from
    the module ``new`` (PEP 562), with a DeprecationWarning naming the new path.

    It is put in ``sys.modules`` at once, so that ``import iri.normalize`` finds it there
    and does not bind it over the function ``iri.normalize`` (the import system sets the
    parent's attribute only for a module it loads itself)."""
    stub = _ModuleType(old, f"Deprecated alias of :mod:`{new}` (moved after 0.1.0).")

    def __getattr__(name: str) -> object:  # noqa: N807 (PEP 562: the module's own hook)
        if name.startswith("__"):
            raise AttributeError(name)
        import importlib
        import warnings

        warnings.warn(
            f"{old} moved to {new}; the old path is removed in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(new), name)

    stub.__getattr__ = __getattr__  # type: ignore[method-assign]
    return stub


for _old, _new in _MOVED.items():
    _sys.modules.setdefault(_old, _alias(_old, _new))


def _twin(name: str) -> object:
    import importlib

    module, _, attr = _TWINS[name].partition(":")
    return getattr(importlib.import_module(module), attr)


def _load_native() -> _ModuleType | None:
    """The compiled core, configured, or None: not built, not importable, or forced off by
    ``IRI_NO_EXTENSIONS`` (any non-empty value, as yarl's ``YARL_NO_EXTENSIONS``)."""
    import os

    if os.environ.get("IRI_NO_EXTENSIONS"):
        return None
    try:
        from iri import _native
    except ImportError:
        return None
    try:  # noqa: SIM105 (contextlib.suppress: one import more at start-up)
        _native.configure(loader=_twin)
    except RuntimeError:  # configured already (a test that configured it by hand)
        pass
    return _native


def __getattr__(name: str) -> object:
    if name == "NATIVE" or name in _NATIVE_NAMES:
        if "NATIVE" not in globals():
            native = _load_native()
            globals()["NATIVE"] = native is not None
            if native is not None:
                for public, drop_in in _NATIVE_NAMES.items():
                    globals()[public] = getattr(native, drop_in)
        if name in globals():
            return globals()[name]
    target = _LAZY.get(name)
    if target is None:
        stub = _sys.modules.get(f"{__name__}.{name}") if f"iri.{name}" in _MOVED else None
        if stub is None:
            raise AttributeError(f"module 'iri' has no attribute {name!r}")
        return stub
    import importlib

    module, _, attr = target.partition(":")
    value = getattr(importlib.import_module(module), attr or name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "NATIVE",
    "AuditCode",
    "AuditLevel",
    "CharacterNormalization",
    "CharsetError",
    "Code",
    "ComponentError",
    "Components",
    "Finding",
    "HostMapping",
    "HrefError",
    "IDNAError",
    "IRIError",
    "IRIReference",
    "InvalidIRI",
    "KeepQuery",
    "Level",
    "OpaqueOrigin",
    "Origin",
    "Password",
    "QueryParams",
    "QueryStyle",
    "ResolutionError",
    "RestrictionLevel",
    "Rule",
    "Severity",
    "Unencodable",
    "Violation",
    "Wrap",
    "ZoneID",
    "__version__",
    "audit",
    "candidate_readings",
    "check",
    "equivalent",
    "extract",
    "format_link",
    "from_bytes",
    "from_href",
    "from_leiri",
    "from_local_name",
    "href_steps",
    "is_valid",
    "key",
    "lenient",
    "normalize",
    "parse",
    "preprocess",
    "query_params",
    "relativize",
    "remove_dot_segments",
    "resolve",
    "split",
    "split_references",
    "to_display",
    "to_document",
    "to_iri",
    "to_uri",
    "visual_order",
]
