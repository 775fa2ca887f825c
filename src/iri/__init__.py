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
from iri.errors import CharsetError, IDNAError, InvalidIRI, IRIError, ResolutionError
from iri.normalize import CharacterNormalization, Level, equivalent, key, normalize
from iri.reference import IRIReference, parse
from iri.relativize import relativize
from iri.resolve import remove_dot_segments, resolve
from iri.violations import Code, Severity, Violation

__version__ = "0.1.0"

__all__ = [
    "CharacterNormalization",
    "CharsetError",
    "Code",
    "Components",
    "HostMapping",
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
    "check",
    "equivalent",
    "is_valid",
    "key",
    "normalize",
    "parse",
    "relativize",
    "remove_dot_segments",
    "resolve",
    "split",
    "to_iri",
    "to_uri",
]
