"""iri: Internationalized Resource Identifiers (RFC 3987 / 3987bis), exactly as specified.

>>> import iri
>>> iri.is_valid("http://résumé.example.org/東京?q=ü")
True
>>> [v.code.value for v in iri.check("http://example.org/\\u202eevil")]
['bidi-formatting-character']
"""

from iri._check import check, is_valid
from iri._grammar import Rule, ZoneID
from iri._split import Components, split
from iri.convert import HostMapping, KeepQuery, Unencodable, to_iri, to_uri
from iri.errors import CharsetError, HrefError, IDNAError, InvalidIRI, IRIError, ResolutionError
from iri.normalize import CharacterNormalization, Level, equivalent, key, normalize
from iri.reference import IRIReference, parse
from iri.resolve import relativize, remove_dot_segments, resolve
from iri.violations import Code, Severity, Violation

__version__ = "0.1.0"

__all__ = [
    "CharacterNormalization",
    "CharsetError",
    "Code",
    "Components",
    "HostMapping",
    "HrefError",
    "IDNAError",
    "IRIError",
    "IRIReference",
    "InvalidIRI",
    "KeepQuery",
    "Level",
    "ResolutionError",
    "Rule",
    "Severity",
    "Unencodable",
    "Violation",
    "ZoneID",
    "__version__",
    "candidate_readings",
    "check",
    "equivalent",
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
    "to_document",
    "to_iri",
    "to_uri",
]

# Liberal input (docs/liberal.md): loaded on first attribute access (PEP 562), so that
# `import iri` stays cheap.
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
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'iri' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
