"""iri: Internationalized Resource Identifiers (RFC 3987 / 3987bis), exactly as specified.

>>> import iri
>>> iri.is_valid("http://résumé.example.org/東京?q=ü")
True
>>> [v.code.value for v in iri.check("http://example.org/\\u202eevil")]
['bidi-formatting-character']
"""

from typing import TYPE_CHECKING

from iri._check import check, is_valid
from iri._grammar import Rule, ZoneID
from iri._split import Components, split
from iri.convert import HostMapping, KeepQuery, Unencodable, to_iri, to_uri
from iri.errors import (
    CharsetError,
    ComponentError,
    HrefError,
    IDNAError,
    InvalidIRI,
    IRIError,
    ResolutionError,
)
from iri.extract import extract
from iri.linkformat import format_link
from iri.normalize import CharacterNormalization, Level, equivalent, key, normalize
from iri.origin import OpaqueOrigin, Origin
from iri.query import QueryParams, QueryStyle
from iri.reference import IRIReference, parse
from iri.relativize import relativize
from iri.resolve import remove_dot_segments, resolve
from iri.violations import Code, Severity, Violation

if TYPE_CHECKING:  # the lazy names below, for type checkers
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

__version__ = "0.1.0"

#: Names loaded on first use (PEP 562), so that ``import iri`` stays cheap: the safety
#: functions import large generated Unicode tables, liberal input the WHATWG engine.
_LAZY = {
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


def __getattr__(name: str) -> object:
    target = _LAZY.get(name)
    if target is None:
        raise AttributeError(f"module 'iri' has no attribute {name!r}")
    import importlib

    module, _, attr = target.partition(":")
    value = getattr(importlib.import_module(module), attr or name)
    globals()[name] = value
    return value


__all__ = [
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
