"""RFC 8089 2 checks of a ``file`` IRI, reported by :func:`iri.check` as warnings.

RFC 8089 section 2: ``file-URI = file-scheme ":" file-hier-part``, ``file-hier-part =
( "//" auth-path ) / local-path``, ``local-path = path-absolute``; Appendix E.2 adds DOS
drive letters. :mod:`iri.schemes.file` (paths to and from IRIs) stands above.
"""

from __future__ import annotations

import re
from typing import Final

from iri.syntax.split import Components, Spans
from iri.syntax.violations import Code, Violation

__all__ = ["DRIVE", "violations"]

# RFC 8089 E.2: a drive letter, then ":" or "|" (E.2.2; "%7C" in an IRI, where "|" itself
# is not allowed), then "/" or the end.
DRIVE: Final = re.compile(r"/?([A-Za-z])(?::|\||%7[Cc])(?=/|\Z)")


def violations(text: str, comps: Components, spans: Spans) -> list[Violation]:
    """RFC 8089 2 checks of a ``file`` IRI (warnings; spans into ``text``)."""
    path = comps.path
    if comps.authority is None and path and not path.startswith("/") and not DRIVE.match(path):
        return [
            Violation.of(
                Code.FILE_PATH_NOT_ABSOLUTE,
                "path",
                spans.path,
                spans.path + len(path),
                f"file path {path!r} is not absolute (local-path = path-absolute)",
            )
        ]
    return []
